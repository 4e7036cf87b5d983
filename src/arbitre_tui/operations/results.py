"""Results and what happens at the board: a result typed, cleared, replaced (asked first),
an absence and its forfeit, an incident and what it costs.

Why here: every face types a result the same way; the replacement question, the
forfeit's one path (issue 35) and the illegal-move count read inside the transaction
are written once.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from typing import Any

from ..rules.errors import RuleError
from ..rules.models import (
    IncidentKind,
    Result,
    StoredGame,
    StoredRound,
    absentees,
    parse_result,
)
from ..rules.settings import section_settings
from ..rules.text import text_fault
from ..store.writers import write_result
from .context import EventContext
from .errors import NeedsConfirmation, OperationError
from .formats import format_of
from .registry import Operation

FORFEIT_SIDES = {
    Result.BLACK_FORFEIT_WIN: "white",
    Result.WHITE_FORFEIT_WIN: "black",
    Result.DOUBLE_FORFEIT: "both",
}  # a forfeit result: who was absent (`absent`'s words)


def forfeit_side(text: str) -> str | None:
    """Who was absent, if ``text`` is a forfeit result (else None, a refusal included:
    `record_result` says it)."""
    try:
        return FORFEIT_SIDES.get(parse_result(text))
    except RuleError:
        return None


@dataclass(frozen=True)
class Forfeit:
    """A forfeit recorded: the game, and who is excluded from later rounds by it."""

    game: StoredGame
    excluded: list[int]


def record_result(
    ctx: EventContext,
    key: str,
    board: int,
    result: str | Result,
    round_number: int | None = None,
    *,
    confirm: bool | str = False,
) -> StoredGame:
    """A result, checked and written in one transaction.

    Writing over a different result already there (typed here or on the other station)
    asks first: NeedsConfirmation names it, who wrote it and when; ``confirm`` is its
    token (what the question showed) or True (replace whatever is there).
    """
    from .journal_args import ResultArgs

    try:
        value = result if isinstance(result, Result) else parse_result(result)
    except RuleError as exc:
        raise OperationError(exc.message) from None
    if side := FORFEIT_SIDES.get(value):
        # one path for a forfeit, however typed (issue 35): the lateness check, the
        # incident noted, and the exclusion the format's rules apply (002)
        return forfeit(ctx, key, board, side, round_number=round_number, confirm=confirm).game
    with ctx.write(Operation.RECORD_RESULT, ResultArgs(board=board)) as tx:
        t, rnd, game = ctx.game(key, round_number, board)
        tx.args = replace(tx.args, tournament=t.key, round=rnd.number, result=value.value)
        _open_round(rnd)
        if game.is_bye:
            raise OperationError(
                f"Échiquier {board} : c'est un exempt, il n'y a pas de résultat à saisir."
            )
        _replacing(ctx, game, board, value, confirm)
        keep = value is Result.DRAW and game.result is Result.DRAW
        decider = game.decider.value if keep and game.decider else None
        if game.result is value and (game.decider and game.decider.value) == decider:
            tx.args = replace(
                tx.args, unchanged=True
            )  # its own operation: undo takes it (issue 29.4)
            tx.touch("games", game.id)
        else:
            write_result(tx, game.id, value, game.decider if keep else None)
    return replace(game, result=value)


def _replacing(
    ctx: EventContext, game: StoredGame, board: int, value: Result, confirm: bool | str
) -> None:
    """Ask before a different result already there is replaced (unless answered yes
    to a question about that very result)."""
    if game.result is None or game.result is value:
        return
    token = f"{game.id}:{game.result.value}"
    if confirm is True or confirm == token:
        return
    raise NeedsConfirmation(
        f"Échiquier {board} : déjà {game.result.label} ({written_by(ctx, 'games', game.id)})"
        f" — remplacer par {value.label} ?",
        token,
    )


def _open_round(rnd: StoredRound) -> None:
    if rnd.closed:
        raise OperationError(
            f"La ronde {rnd.number} est close : son résultat ne peut plus changer "
            "(annulez la clôture d'abord)."
        )


def written_by(ctx: EventContext, table: str, row_id: int) -> str:
    """« poste pts/3, arbitre@pi, 14:22:05 » or « ce poste, … »: who last wrote this
    row, the other station by its name (issue 29.7)."""
    last = ctx.store.last_writer(table, row_id)
    if last is None:
        return "origine inconnue"
    terminal, at = last
    return f"{station_of(ctx, terminal)}, {at[11:19]}"


def station_of(ctx: EventContext, terminal: str) -> str:
    """« ce poste », or the other station by its name (never « autre poste »)."""
    from ..store.stations import other_station

    return "ce poste" if terminal == ctx.journal.terminal else other_station(terminal)


def clear_result(
    ctx: EventContext,
    key: str,
    board: int,
    round_number: int | None = None,
    *,
    confirm: bool | str = False,
) -> None:
    """Clear a result; one written by the other station asks first."""
    from .journal_args import BoardArgs

    with ctx.write(Operation.CLEAR_RESULT, BoardArgs(board=board)) as tx:
        t, rnd, game = ctx.game(key, round_number, board)
        tx.args = replace(tx.args, tournament=t.key, round=rnd.number)
        if rnd.closed:
            raise OperationError(f"La ronde {rnd.number} est close.")
        if game.result is not None:
            token = f"{game.id}:{game.result.value}"
            by = written_by(ctx, "games", game.id)
            if (
                by != "origine inconnue"
                and not by.startswith("ce poste")
                and (confirm is not True and confirm != token)
            ):
                raise NeedsConfirmation(
                    f"Échiquier {board} : {game.result.label} saisi par le {by} — effacer ?",
                    token,
                )
        write_result(tx, game.id, None)


def absent(
    ctx: EventContext,
    key: str,
    board: int,
    side: str,
    round_number: int | None = None,
    now: dt.datetime | None = None,
    exclude: bool = False,
    *,
    confirm: bool | str = False,
) -> StoredGame:
    """A player not seated in time loses by forfeit; both absent: double forfeit.

    ``exclude``: the absentees are also excluded from later rounds (regulation 002),
    in the same transaction. Over a result already there: asks first.
    """
    from .journal_args import AbsentArgs

    result = {
        "white": Result.BLACK_FORFEIT_WIN,
        "blancs": Result.BLACK_FORFEIT_WIN,
        "black": Result.WHITE_FORFEIT_WIN,
        "noirs": Result.WHITE_FORFEIT_WIN,
        "both": Result.DOUBLE_FORFEIT,
        "les-deux": Result.DOUBLE_FORFEIT,
    }.get(side)
    if result is None:
        raise OperationError("Absent : white/blancs, black/noirs ou both/les-deux.")
    with ctx.write(Operation.ABSENT, AbsentArgs(board=board, side=side)) as tx:
        t, rnd, game = ctx.game(key, round_number, board)
        tx.args = replace(tx.args, tournament=t.key, round=rnd.number)
        if game.black_id is None:
            raise OperationError(f"Échiquier {board} : exempt, personne n'est attendu.")
        if rnd.closed:
            raise OperationError(f"La ronde {rnd.number} est close.")
        minutes = section_settings(t).lateness_minutes
        if rnd.start_time is not None and minutes:
            deadline = rnd.start_time + dt.timedelta(minutes=minutes)
            if (now or dt.datetime.now()) < deadline:
                raise OperationError(
                    f"Trop tôt : le forfait n'est acquis qu'à {deadline:%H:%M} "
                    f"({minutes} min après le début de la ronde)."
                )
        _replacing(ctx, game, board, result, confirm)
        write_result(tx, game.id, result, None)
        from ..store.seats import void_proposals

        void_proposals(tx, rnd.id, board)  # a forfeit: what the phones said dies (issue 51)
        for pid in absentees(result, game):
            if exclude:
                tx.update("players", pid, {"excluded": 1})
            tx.insert(
                "incidents",
                {
                    "game_id": game.id,
                    "player_id": pid,
                    "kind": "lateness",
                    "at": dt.datetime.now().isoformat(timespec="seconds"),
                    "note": "absent : forfait",
                },
            )
    return replace(game, result=result)


def forfeit(
    ctx: EventContext,
    key: str,
    board: int,
    side: str,
    *,
    keep: bool = False,
    round_number: int | None = None,
    now: dt.datetime | None = None,
    confirm: bool | str = False,
) -> Forfeit:
    """An absence in any format: the forfeit, and the exclusion from later rounds
    where the format's rules say so (002), unless the arbiter keeps the player."""
    from .journal_args import AbsentArgs

    with ctx.write(Operation.ABSENT, AbsentArgs()):
        t = ctx.tournament(key)
        exclude = format_of(t).absence_excludes(t) and not keep
        game = absent(
            ctx, key, board, side, round_number, now=now, exclude=exclude, confirm=confirm
        )
    assert game.result is not None
    return Forfeit(game, absentees(game.result, game) if exclude else [])


def record_incident(
    ctx: EventContext,
    key: str,
    board: int,
    colour: str,
    kind: str | IncidentKind,
    note: str = "",
    round_number: int | None = None,
    confirm: bool = False,
) -> int:
    """An incident; what loses or excludes (by the regulation's profile) needs ``confirm``.

    The number of illegal moves that loses is the tournament's setting (regulation 000:
    3; the FIDE Laws: 2). The count is read inside the transaction: two stations
    cannot both record "the 2nd".
    """
    from .journal_args import IncidentArgs

    try:
        kind_value = IncidentKind(kind)
    except ValueError:
        raise OperationError(
            f"Type d'incident « {kind} » inconnu ({', '.join(k.value for k in IncidentKind)})."
        ) from None
    if colour not in ("white", "black", "blancs", "noirs"):
        raise OperationError("Couleur attendue : white/blancs ou black/noirs.")
    if fault := text_fault("Note de l'incident", note, lines=True):
        raise OperationError(fault)
    is_white = colour in ("white", "blancs")
    with ctx.write(
        Operation.RECORD_INCIDENT, IncidentArgs(board=board, colour=colour, kind=kind_value.value)
    ) as tx:
        t, rnd, game = ctx.game(key, round_number, board)
        tx.args = replace(tx.args, tournament=t.key, round=rnd.number)
        player_id = game.white_id if is_white else game.black_id
        if player_id is None:
            raise OperationError(f"Échiquier {board} : pas de joueur noir (exempt).")
        loss = Result.BLACK_WINS if is_white else Result.WHITE_WINS
        changes: dict[str, Any] = {}
        excludes = False
        if kind_value is IncidentKind.ILLEGAL_MOVE:
            if game.result is not None:
                raise OperationError(
                    f"Échiquier {board} : la partie est finie ({game.result.label}), "
                    "plus de coup illégal à compter."
                )
            limit = section_settings(t).illegal_moves_to_lose
            count = ctx.store.illegal_moves(game.id, player_id) + 1
            if count >= limit:
                if not confirm:
                    raise NeedsConfirmation(  # the CLI adds « --confirm »
                        f"{count}e coup illégal : la partie est perdue. Confirmez ?"
                    )
                changes = {"result": loss.value, "decider": None}
        else:
            from ..rules.incidents import consequence  # imported when used (start-up)

            rule = consequence(section_settings(t).regulation, kind_value)
            if rule.asks and not confirm:
                raise NeedsConfirmation(rule.question(kind_value.label.capitalize()))
            if rule.loses_game and (game.result is None or game.result is Result.DRAW):
                changes = {"result": loss.value, "decider": None}
            excludes = rule.excludes
        iid = tx.insert(
            "incidents",
            {
                "game_id": game.id,
                "player_id": player_id,
                "kind": kind_value.value,
                "at": dt.datetime.now().isoformat(timespec="seconds"),
                "note": note,
            },
        )
        if changes:
            tx.update("games", game.id, changes)
        if excludes:
            tx.update("players", player_id, {"excluded": 1})
        return iid
