"""Players report from their phones; the arbiter confirms (issue 36).

Why: a proposal is never a result. The phones (through the results server, when the
organiser turned reporting on) write proposals only, each journaled with its time and
address; the arbiter confirms a board both players agree on, which records the result
as any key would (the same operation, its conflict rules, journaled and undoable). A
proposal that disagrees with the other player's, or with a result already recorded, is
a conflict shown to the arbiter and never applied.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from ..rules.errors import RuleError
from ..rules.models import Result, StoredTournament, parse_result
from ..rules.reporting import (
    PROPOSABLE,
    PROPOSALS_PER_SIDE,
    SIDE_WORDS,
    SIDES,
    BoardProposals,
    board_code,
    checkin_code,
    same_code,
)
from . import registration, results
from .context import EventContext, OperationError
from .registry import Operation

REFUSED = "ce code ne vaut pas pour cet échiquier ou cette ronde."


def set_enabled(service: EventContext, enabled: bool) -> None:
    """Turn reporting from phones on or off; the secret is made the first time."""
    with service.write(Operation.PHONE_REPORTING, {"enabled": enabled}) as tx:
        current = service.store.phone_reporting()
        if current is None:
            import secrets  # here: the app's start reads reporting, never makes a secret

            tx.insert(
                "phone_reporting",
                {"id": 1, "secret": secrets.token_hex(32), "enabled": int(enabled)},
            )
        elif current["enabled"] == enabled:
            raise OperationError(
                "La saisie par les joueurs est déjà "
                + ("ouverte." if enabled else "fermée (le serveur reste en lecture seule).")
            )
        else:
            tx.update("phone_reporting", 1, {"enabled": int(enabled)})


def _secret(service: EventContext, *, for_phones: bool) -> str:
    state = service.store.phone_reporting()
    if state is None or (for_phones and not state["enabled"]):
        raise OperationError(
            "La saisie par les joueurs est fermée : les résultats se saisissent à la table "
            "d'arbitrage."
        )
    return str(state["secret"])


@dataclass(frozen=True)
class BoardCode:
    board: int
    code: str


def codes(service: EventContext, key: str, round_number: int | None = None) -> list[BoardCode]:
    """Each board's code for the table cards and the board pages (the arbiter's copy)."""
    secret = _secret(service, for_phones=False)
    t = service.tournament(key)
    rnd = service.round_of(t, round_number)
    if rnd is None:
        raise OperationError(f"Aucune ronde appariée en {t.name}.")
    return [
        BoardCode(g.board, board_code(secret, t.id, rnd.number, g.board))
        for g in service.store.games(rnd.id)
        if not g.is_bye
    ]


def player_code(service: EventContext, player_id: int) -> str:
    """A player's own check-in code (the registration list, on paper)."""
    secret = _secret(service, for_phones=False)
    player = service.player(player_id)
    return checkin_code(secret, player.tournament_id, player_id)


def propose_result(
    service: EventContext,
    key: str,
    round_number: int,
    board: int,
    code: str,
    side: str,
    result: str,
    address: str = "",
) -> BoardProposals:
    """A player's proposal for his board: checked (code, round open, board, a result a
    player may propose), written as a proposal, never as a result."""
    if side not in SIDES:
        raise OperationError("Dites si vous avez les Blancs ou les Noirs.")
    try:
        value = parse_result(result)
    except RuleError as exc:
        raise OperationError(exc.message) from None
    if value not in PROPOSABLE:
        raise OperationError(f"« {value.label} » ne se propose pas : voyez l'arbitre.")
    with service.write(Operation.PROPOSE_RESULT, {"board": board, "address": address}) as tx:
        secret = _secret(service, for_phones=True)
        t = service.tournament(key)
        tid = t.id
        if not same_code(code, board_code(secret, tid, round_number, board)):
            raise OperationError(f"Échiquier {board}, ronde {round_number} : {REFUSED}")
        _t, rnd, game = service.game(key, round_number, board)
        if rnd.closed or rnd.number != (service.current_round(t) or rnd).number:
            raise OperationError(f"La ronde {rnd.number} est close : voyez l'arbitre.")
        if game.is_bye:
            raise OperationError(f"Échiquier {board} : un exempt n'a pas de résultat.")
        earlier = [
            p
            for p in service.store.proposals(tid, rnd.number)
            if p["board"] == board and p["side"] == side
        ]
        if len(earlier) >= PROPOSALS_PER_SIDE:
            raise OperationError(
                f"Échiquier {board} : {PROPOSALS_PER_SIDE} propositions des {SIDE_WORDS[side]} "
                "déjà ; voyez l'arbitre."
            )
        tx.args.update({"tournament": t.key, "round": rnd.number, "result": value.value})
        tx.insert(
            "proposals",
            {
                "tournament_id": tid,
                "round": rnd.number,
                "board": board,
                "kind": "result",
                "side": side,
                "result": value.value,
                "at": dt.datetime.now().isoformat(timespec="seconds"),
                "address": address[:64],
            },
        )
        return board_state(service, t, rnd.number, board)


def board_state(
    service: EventContext, t: StoredTournament, round_number: int, board: int
) -> BoardProposals:
    """The latest proposal of each side still pending, beside the result recorded."""
    tid = t.id
    latest: dict[str, Result] = {}
    for p in service.store.proposals(tid, round_number):
        if p["board"] == board and p["status"] == "pending":
            latest[p["side"]] = Result(p["result"])
    _t, _rnd, game = service.game(t.key, round_number, board)
    return BoardProposals(board, latest.get("white"), latest.get("black"), game.result)


def round_states(
    service: EventContext, key: str, round_number: int | None = None
) -> list[BoardProposals]:
    """Every board of the round that the phones spoke of, by board."""
    t = service.tournament(key)
    rnd = service.round_of(t, round_number)
    if rnd is None:
        return []
    boards = sorted(
        {p["board"] for p in service.store.proposals(t.id, rnd.number) if p["status"] == "pending"}
    )
    return [board_state(service, t, rnd.number, b) for b in boards]


def confirm(
    service: EventContext, key: str, board: int | None = None, round_number: int | None = None
) -> list[int]:
    """Record what both players agreed on: one board, or every agreeing board (None).
    Returns the boards recorded; a board in conflict is refused, never applied."""
    with service.write(Operation.CONFIRM_PROPOSALS, {"board": board}) as tx:
        t = service.tournament(key)
        rnd = service.round_of(t, round_number)
        if rnd is None:
            raise OperationError(f"Aucune ronde appariée en {t.name}.")
        tx.args.update({"tournament": t.key, "round": rnd.number})
        states = round_states(service, t.key, rnd.number)
        if board is not None:
            states = [s for s in states if s.board == board]
            if not states:
                raise OperationError(f"Échiquier {board} : aucune proposition en attente.")
            state = states[0]
            if state.recorded is not None and not state.conflict:
                raise OperationError(f"Échiquier {board} : déjà saisi ({state.recorded.label}).")
            if state.conflict:
                raise OperationError(
                    f"Échiquier {board} : {state.label} — tranchez en saisissant le résultat."
                )
            if state.agreed is None:
                raise OperationError(
                    f"Échiquier {board} : {state.label} — il faut la même proposition des deux "
                    "joueurs."
                )
        agreed = [s for s in states if s.agreed is not None]
        if not agreed:
            raise OperationError("Aucun échiquier où les deux joueurs proposent le même résultat.")
        tid = t.id
        for s in agreed:
            assert s.agreed is not None
            if s.agreed in (Result.WHITE_FORFEIT_WIN, Result.BLACK_FORFEIT_WIN):
                absent = "black" if s.agreed is Result.WHITE_FORFEIT_WIN else "white"
                results.absent(service, t.key, s.board, absent, rnd.number)  # its own rules
            else:
                results.record_result(service, t.key, s.board, s.agreed, rnd.number)
            for p in service.store.proposals(tid, rnd.number):
                if p["board"] == s.board and p["status"] == "pending":
                    tx.update("proposals", p["id"], {"status": "confirmed"})
        return [s.board for s in agreed]


def propose_checkin(service: EventContext, player_id: int, code: str, address: str = "") -> str:
    """A player says « je suis là » with his own code, before round 1: a proposal the
    arbiter accepts in bulk in Joueurs. Returns the player's name."""
    with service.write(Operation.PROPOSE_CHECKIN, {"player": player_id, "address": address}) as tx:
        secret = _secret(service, for_phones=True)
        player = service.player(player_id)
        if not same_code(code, checkin_code(secret, player.tournament_id, player_id)):
            raise OperationError(f"Joueur n° {player_id} : ce code ne vaut pas pour lui.")
        tx.args["name"] = player.name
        if service.store.rounds(player.tournament_id):
            raise OperationError("La ronde 1 est appariée : le pointage se fait à l'arbitre.")
        if player.checked_in:
            raise OperationError(f"{player.name} est déjà pointé(e).")
        waiting = service.store.proposals(player.tournament_id, 0, "checkin")
        if any(p["player_id"] == player_id and p["status"] == "pending" for p in waiting):
            return player.name  # said twice: one proposal
        tx.insert(
            "proposals",
            {
                "tournament_id": player.tournament_id,
                "round": 0,
                "player_id": player_id,
                "kind": "checkin",
                "at": dt.datetime.now().isoformat(timespec="seconds"),
                "address": address[:64],
            },
        )
        return player.name


def pending_checkins(service: EventContext, key: str) -> list[int]:
    """The players who said they are here, not yet checked in by the arbiter."""
    t = service.tournament(key)
    return [
        int(p["player_id"])
        for p in service.store.proposals(t.id, 0, "checkin")
        if p["status"] == "pending"
    ]


def confirm_checkins(service: EventContext, key: str) -> int:
    """Check in every player who said he is here (one operation, undoable whole)."""
    with service.write(Operation.CONFIRM_PROPOSALS, {"tournament": key}) as tx:
        t = service.tournament(key)
        tx.args["tournament"] = t.key
        waiting = [
            p for p in service.store.proposals(t.id, 0, "checkin") if p["status"] == "pending"
        ]
        if not waiting:
            raise OperationError(f"Aucun pointage proposé en attente en {t.name}.")
        for p in waiting:
            registration.check_in(service, int(p["player_id"]))
            tx.update("proposals", p["id"], {"status": "confirmed"})
        return len(waiting)


def is_open(service: EventContext) -> bool:
    """Whether the organiser turned reporting on (the results server asks before any form)."""
    state = service.store.phone_reporting()
    return bool(state and state["enabled"])


def code_matches(service: EventContext, key: str, round_number: int, board: int, code: str) -> bool:
    """A board's code checked by a read alone (constant time), before the server asks for
    the write lock: a wrong code never takes it from a station."""
    state = service.store.phone_reporting()
    if state is None or not state["enabled"]:
        return False
    t = service.tournament(key)
    return same_code(code, board_code(str(state["secret"]), t.id, round_number, board))


def checkin_matches(service: EventContext, player_id: int, code: str) -> bool:
    """A player's check-in code checked by a read alone, as code_matches."""
    state = service.store.phone_reporting()
    player = service.store.player(player_id)
    if state is None or not state["enabled"] or player is None:
        return False
    return same_code(code, checkin_code(str(state["secret"]), player.tournament_id, player_id))
