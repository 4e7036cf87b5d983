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
from dataclasses import dataclass, replace

from ..rules.errors import RuleError
from ..rules.models import Result, StoredGame, StoredTournament, parse_result
from ..rules.reporting import (
    PROPOSABLE,
    PROPOSALS_PER_PLAYER,
    SAME_PHONE,
    SIDE_WORDS,
    SIDES,
    BoardProposals,
    Seat,
    checkin_code,
    same_code,
    seat_code,
)
from . import registration, results
from .context import EventContext, OperationError
from .registry import Operation

REFUSED = "ce code ne vaut pas pour cet échiquier ou cette ronde."


def set_enabled(service: EventContext, enabled: bool) -> None:
    """Turn reporting from phones on or off; the secret is made the first time."""
    from .journal_args import ReportingArgs

    with service.write(Operation.PHONE_REPORTING, ReportingArgs(enabled=enabled)) as tx:
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
class SeatCode:
    """One player's code for one round (the arbiter's copy: `arbitre phones codes`)."""

    board: int
    side: str
    player_id: int
    code: str


def _seats(t: StoredTournament, round_number: int, game: StoredGame) -> list[Seat]:
    """The two seats of a game (none for a bye)."""
    if game.black_id is None:
        return []
    return [
        Seat(t.id, round_number, game.board, game.id, game.white_id, game.black_id, side)
        for side in SIDES
    ]


def codes(service: EventContext, key: str, round_number: int | None = None) -> list[SeatCode]:
    """Each player's code for the round (the arbiter's copy, never a player's page)."""
    secret = _secret(service, for_phones=False)
    t = service.tournament(key)
    rnd = service.round_of(t, round_number)
    if rnd is None:
        raise OperationError(f"Aucune ronde appariée en {t.name}.")
    return [
        SeatCode(s.board, s.side, s.player_id, seat_code(secret, s))
        for g in service.store.games(rnd.id)
        for s in _seats(t, rnd.number, g)
    ]


def player_code(service: EventContext, player_id: int) -> str:
    """A player's own code (the registration list, on paper): his check-in, and the key
    to his board's page each round (issue 51)."""
    secret = _secret(service, for_phones=False)
    player = service.player(player_id)
    return checkin_code(secret, player.tournament_id, player_id)


def _open_seat(
    service: EventContext, secret: str, key: str, round_number: int, board: int, code: str
) -> Seat | None:
    """The seat whose code this is, on a board of the open round that still takes
    proposals: two players, none withdrawn, no forfeit entered. Both codes are compared
    (constant time each), whichever matches."""
    from .context import OperationError as Refused

    try:
        t = service.tournament(key)
        _t, rnd, game = service.game(key, round_number, board)
    except Refused:
        return None
    current = service.current_round(t)
    if rnd.closed or current is None or current.number != rnd.number:
        return None
    if game.black_id is None or game.result in (
        Result.WHITE_FORFEIT_WIN,
        Result.BLACK_FORFEIT_WIN,
        Result.DOUBLE_FORFEIT,
    ):
        return None
    found = None
    for seat in _seats(t, rnd.number, game):
        if same_code(code, seat_code(secret, seat)):
            found = seat
    if found is None:
        return None
    if any(service.player(pid).withdrawn for pid in (game.white_id, game.black_id)):
        return None
    return found


def seat_of(
    service: EventContext, key: str, round_number: int, board: int, code: str
) -> Seat | None:
    """Whose code this is on this board (read alone, before any write lock), or None."""
    state = service.store.phone_reporting()
    if state is None or not state["enabled"]:
        return None
    return _open_seat(service, str(state["secret"]), key, round_number, board, code)


def seat_for_player(
    service: EventContext, key: str, round_number: int, board: int, player_id: int, code: str
) -> str | None:
    """A player's own code (on paper) opens his seat on this board: its round code, or
    None (a wrong code, another board, the round closed). Read alone."""
    state = service.store.phone_reporting()
    player = service.store.player(player_id)
    if state is None or not state["enabled"] or player is None:
        return None
    secret = str(state["secret"])
    if not same_code(code, checkin_code(secret, player.tournament_id, player_id)):
        return None
    try:
        t = service.tournament(key)
        _t, rnd, game = service.game(key, round_number, board)
    except OperationError:
        return None
    for seat in _seats(t, rnd.number, game):
        if seat.player_id == player_id:
            code = seat_code(secret, seat)
            return code if _open_seat(service, secret, key, round_number, board, code) else None
    return None


def propose_result(
    service: EventContext,
    key: str,
    round_number: int,
    board: int,
    code: str,
    result: str,
    address: str = "",
) -> BoardProposals:
    """A player's proposal for his board: his code says who he is (no side is asked),
    checked with the round open; written as a proposal, never as a result."""
    from .journal_args import ProposalArgs

    try:
        value = parse_result(result)
    except RuleError as exc:
        raise OperationError(exc.message) from None
    if value not in PROPOSABLE:
        raise OperationError(f"« {value.label} » ne se propose pas : voyez l'arbitre.")
    with service.write(Operation.PROPOSE_RESULT, ProposalArgs(board=board, address=address)) as tx:
        secret = _secret(service, for_phones=True)
        t = service.tournament(key)
        seat = _open_seat(service, secret, t.key, round_number, board, code)
        if seat is None:
            raise OperationError(f"Échiquier {board}, ronde {round_number} : {REFUSED}")
        earlier = [
            p
            for p in service.store.proposals(t.id, round_number)
            if p["board"] == board and p["player_id"] == seat.player_id
        ]
        if len(earlier) >= PROPOSALS_PER_PLAYER:
            raise OperationError(
                f"Échiquier {board} : {PROPOSALS_PER_PLAYER} propositions des "
                f"{SIDE_WORDS[seat.side]} déjà ; voyez l'arbitre."
            )
        tx.args = replace(
            tx.args, tournament=t.key, round=round_number, result=value.value, side=seat.side
        )
        tx.insert(
            "proposals",
            {
                "tournament_id": t.id,
                "round": round_number,
                "board": board,
                "player_id": seat.player_id,
                "kind": "result",
                "side": seat.side,
                "result": value.value,
                "at": dt.datetime.now().isoformat(timespec="seconds"),
                "address": address[:64],
            },
        )
        return board_state(service, t, round_number, board)


def same_phone(a: str, b: str, shared_address: bool = False) -> bool:
    """Two proposals' origins (« ADRESSE #APPAREIL »): one device, or one address unless
    the phones share one (a router, a proxy: the setting ``phones_shared_address``)."""
    ip_a, _, dev_a = a.partition(" #")
    ip_b, _, dev_b = b.partition(" #")
    if dev_a and dev_a == dev_b:
        return True
    return not shared_address and bool(ip_a) and ip_a == ip_b


def board_state(
    service: EventContext, t: StoredTournament, round_number: int, board: int
) -> BoardProposals:
    """The latest pending proposal of each player still on the board, beside the result
    recorded: a proposal from a player no longer on that side counts for nothing."""
    _t, _rnd, game = service.game(t.key, round_number, board)
    seated = {"white": game.white_id, "black": game.black_id}
    latest: dict[str, tuple[Result, str]] = {}
    for p in service.store.proposals(t.id, round_number):
        mine = p["player_id"] is not None and seated.get(p["side"]) == p["player_id"]
        if p["board"] == board and p["status"] == "pending" and mine:
            latest[p["side"]] = (Result(p["result"]), p["address"])
    white, black = latest.get("white"), latest.get("black")
    flagged = False
    if white is not None and black is not None:
        from ..rules.settings import event_settings

        shared = event_settings(service.store.event()).phones_shared_address
        flagged = same_phone(white[1], black[1], shared)
    return BoardProposals(
        board,
        white[0] if white else None,
        black[0] if black else None,
        game.result,
        flagged,
    )


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


@dataclass(frozen=True)
class Confirmed:
    """What a confirmation recorded, and the boards « tout confirmer » left, with why."""

    boards: list[int]
    left: dict[int, str]

    def said(self) -> str:
        """« Confirmé : 2 échiquiers (1, 2) ; laissés : 3 (même téléphone) »."""
        n = len(self.boards)
        text = (
            f"Confirmé : {n} échiquier{'s' if n > 1 else ''} ({', '.join(map(str, self.boards))})"
        )
        if self.left:
            text += " ; laissé" + ("s" if len(self.left) > 1 else "") + " : "
            text += ", ".join(f"{b} ({why})" for b, why in sorted(self.left.items()))
        return text


def _why_left(state: BoardProposals) -> str:
    if state.conflict:
        return "conflit"
    if state.agreed is not None and state.same_phone:
        return SAME_PHONE
    return "un seul joueur" if state.label else "déjà saisi"


def confirm(
    service: EventContext, key: str, board: int | None = None, round_number: int | None = None
) -> Confirmed:
    """Record what both players agreed on: one board, or every agreeing board (None) but
    those proposed from one phone (issue 51: the arbiter looks, then confirms it alone).
    A board in conflict is refused, never applied."""
    from .journal_args import ConfirmArgs

    with service.write(Operation.CONFIRM_PROPOSALS, ConfirmArgs(board=board)) as tx:
        t = service.tournament(key)
        rnd = service.round_of(t, round_number)
        if rnd is None:
            raise OperationError(f"Aucune ronde appariée en {t.name}.")
        tx.args = replace(tx.args, tournament=t.key, round=rnd.number)
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
            agreed = states
        else:
            agreed = [s for s in states if s.agreed is not None and not s.same_phone]
        left = {s.board: _why_left(s) for s in states if s not in agreed and s.label}
        if not agreed:
            flagged = [b for b, why in left.items() if why == SAME_PHONE]
            raise OperationError(
                "Aucun échiquier où les deux joueurs proposent le même résultat"
                + (
                    f" depuis deux téléphones ({SAME_PHONE} : {', '.join(map(str, flagged))} — "
                    "o sur l'échiquier après vérification)."
                    if flagged
                    else "."
                )
            )
        tid = t.id
        for s in agreed:
            assert s.agreed is not None
            for p in service.store.proposals(tid, rnd.number):  # first: a forfeit voids
                if p["board"] == s.board and p["status"] == "pending":
                    tx.update("proposals", p["id"], {"status": "confirmed"})
            if s.agreed in (Result.WHITE_FORFEIT_WIN, Result.BLACK_FORFEIT_WIN):
                absent = "black" if s.agreed is Result.WHITE_FORFEIT_WIN else "white"
                results.absent(service, t.key, s.board, absent, rnd.number)  # its own rules
            else:
                results.record_result(service, t.key, s.board, s.agreed, rnd.number)
        tx.args = replace(tx.args, left=tuple(sorted(left)))
        return Confirmed([s.board for s in agreed], left)


def propose_checkin(service: EventContext, player_id: int, code: str, address: str = "") -> str:
    """A player says « je suis là » with his own code, before round 1: a proposal the
    arbiter accepts in bulk in Joueurs. Returns the player's name."""
    from .journal_args import ProposedCheckInArgs

    with service.write(
        Operation.PROPOSE_CHECKIN, ProposedCheckInArgs(player=player_id, address=address)
    ) as tx:
        secret = _secret(service, for_phones=True)
        player = service.player(player_id)
        if not same_code(code, checkin_code(secret, player.tournament_id, player_id)):
            raise OperationError(f"{player.name} : ce code ne vaut pas pour lui.")
        tx.args = replace(tx.args, name=player.name)
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
    from .journal_args import ConfirmArgs

    with service.write(Operation.CONFIRM_PROPOSALS, ConfirmArgs(tournament=key)) as tx:
        t = service.tournament(key)
        tx.args = replace(tx.args, tournament=t.key)
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


def checkin_matches(service: EventContext, player_id: int, code: str) -> bool:
    """A player's check-in code checked by a read alone, as code_matches."""
    state = service.store.phone_reporting()
    player = service.store.player(player_id)
    if state is None or not state["enabled"] or player is None:
        return False
    return same_code(code, checkin_code(str(state["secret"]), player.tournament_id, player_id))
