"""Results checked against the signed score sheets: a second entry for each board.

Why: a result typed wrong from a player's word changes the standings and the next
pairing. Once the round is played the arbiter types the results again from the signed
sheets; a board whose second entry differs from the first is an « écart » that must be
settled — the arbiter keeps one of the two — before the round closes. Each entry and
each decision is one journaled transaction, undone like any other.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal

from ..rules.errors import RuleError
from ..rules.models import Result, StoredGame, StoredRound, parse_result
from ..rules.text import text_fault
from .errors import OperationError
from .journal_args import AppealArgs, VerifyArgs
from .registry import Operation

if TYPE_CHECKING:
    from .context import EventContext

Keep = Literal["saisie", "feuille"]
KEEPS: dict[str, Keep] = {"saisie": "saisie", "feuille": "feuille", "s": "saisie", "f": "feuille"}


@dataclass(frozen=True)
class Checked:
    """A second entry recorded: the board, the two entries, whether they agree."""

    board: int
    entered: Result
    sheet: Result

    @property
    def agrees(self) -> bool:
        return self.entered is self.sheet


def _value(result: str | Result) -> Result:
    try:
        return result if isinstance(result, Result) else parse_result(result)
    except RuleError as exc:
        raise OperationError(exc.message) from None


def verify_result(
    service: EventContext,
    key: str,
    board: int,
    result: str | Result,
    round_number: int | None = None,
) -> Checked:
    """The board's result as read on its signed sheet (typed again: a second entry)."""
    value = _value(result)
    with service.write(Operation.VERIFY_RESULT, VerifyArgs(board=board)) as tx:
        t, rnd, game = service.game(key, round_number, board)
        tx.args = replace(tx.args, tournament=t.key, round=rnd.number, result=value.value)
        if rnd.closed:
            raise OperationError(
                f"La ronde {rnd.number} est close : ses feuilles ne se vérifient plus "
                "(annulez la clôture d'abord)."
            )
        if game.black_id is None:
            raise OperationError(f"Échiquier {board} : exempt, pas de feuille de partie.")
        if game.result is None:
            raise OperationError(
                f"Échiquier {board} : aucun résultat saisi — saisissez-le d'abord, "
                "puis vérifiez-le sur la feuille."
            )
        row: dict[str, Any] = {"result": value.value, "at": _now(), "settled": None}
        check = service.store.result_checks(rnd.id).get(game.id)
        if check is None:
            tx.insert("result_checks", {"game_id": game.id, **row})
        else:
            tx.update("result_checks", int(check["id"]), row)
    return Checked(board, game.result, value)


def settle_result(
    service: EventContext, key: str, board: int, keep: str, round_number: int | None = None
) -> StoredGame:
    """Settle a board whose two entries differ: keep the first entry (« saisie ») or the
    signed sheet's (« feuille »); both then agree."""
    chosen = KEEPS.get(keep.strip().lower())
    if chosen is None:
        raise OperationError(
            "Trancher : « saisie » (le résultat saisi) ou « feuille » (la feuille signée)."
        )
    with service.write(Operation.SETTLE_RESULT, VerifyArgs(board=board, keep=chosen)) as tx:
        t, rnd, game = service.game(key, round_number, board)
        tx.args = replace(tx.args, tournament=t.key, round=rnd.number)
        if rnd.closed:
            raise OperationError(f"La ronde {rnd.number} est close.")
        check = service.store.result_checks(rnd.id).get(game.id)
        if check is None or Result(check["result"]) is game.result:
            raise OperationError(
                f"Échiquier {board} : pas d'écart avec la feuille, rien à trancher."
            )
        kept = Result(check["result"]) if chosen == "feuille" else game.result
        assert kept is not None
        tx.args = replace(tx.args, result=kept.value)
        if kept is not game.result:
            tx.update("games", game.id, {"result": kept.value, "decider": None})
        tx.update("result_checks", int(check["id"]), {"result": kept.value, "settled": chosen})
    return replace(game, result=kept)


def record_appeal(
    service: EventContext, key: str, text: str, round_number: int | None = None
) -> int:
    """An appeal against a decision of the arbiter, for the tournament's procès-verbal."""
    if not text.strip():
        raise OperationError("Appel : décrivez l'appel (qui, quelle décision, la suite donnée).")
    if fault := text_fault("Texte de l'appel", text, lines=True):
        raise OperationError(fault)
    with service.write(Operation.RECORD_APPEAL, AppealArgs(tournament=key)) as tx:
        t = service.tournament(key)
        if round_number is not None and not 1 <= round_number <= t.rounds_planned:
            raise OperationError(
                f"{t.name} a {t.rounds_planned} rondes : pas de ronde {round_number}."
            )
        current = service.current_round(t)
        if round_number is not None and round_number > (current.number if current else 0):
            raise OperationError(  # an appeal is against what was decided: a round paired
                f"{t.name} : la ronde {round_number} n'est pas appariée : pas d'appel sur elle."
            )
        number = round_number or (current.number if current else None)
        tx.args = replace(tx.args, round=number)
        row = {"tournament_id": t.id, "round": number, "at": _now(), "text": text.strip()}
        return tx.insert("appeals", row)


def unsettled(
    service: EventContext, rnd: StoredRound, games: list[StoredGame]
) -> tuple[list[int], list[int]]:
    """(boards whose sheet differs from the entry, boards never checked) of a round."""
    checks = service.store.result_checks(rnd.id)
    differ, unchecked = [], []
    for g in games:
        if g.black_id is None:
            continue
        check = checks.get(g.id)
        if check is None:
            unchecked.append(g.board)
        elif g.result is None or check["result"] != g.result.value:
            differ.append(g.board)
    return differ, unchecked


def boards_text(boards: list[int]) -> str:
    """« échiquiers 2, 5, 9 » (the first twelve, then « … »), « échiquier 2 »."""
    listed = ", ".join(str(b) for b in boards[:12]) + ("…" if len(boards) > 12 else "")
    return f"échiquier{'s' if len(boards) > 1 else ''} {listed}"


def _now() -> str:
    return dt.datetime.now().isoformat(timespec="seconds")
