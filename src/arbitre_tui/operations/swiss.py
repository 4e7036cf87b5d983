"""Swiss events (regulations 002 and 003): pairing with the Dutch engine, absences,
manual changes, publication, a second opinion, youth formats. Byes on request are in
byes.py, youth play-offs and qualifiers in playoffs.py, the TRF export in trf_export.py.

Rules live in rules/ (swiss/, open_rules.py, youth.py, roundrobin.py); this module reads
the store, asks them, and writes each action as one journaled transaction.
"""

from __future__ import annotations

import datetime as dt
import json
import secrets
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..rules.draws import run_draw
from ..rules.models import Bye, Result, StoredGame, StoredPlayer, StoredTournament, System
from ..rules.settings import section_settings
from ..rules.swiss.dutch import PairingImpossible
from ..rules.swiss.model import Colour, Entrant, Game, RoundPairing, SwissState
from ..rules.swiss.order import ranking_key
from ..store.journal import Tx as _Tx
from ..store.records import tc_json
from . import results
from .engines import DutchEngine, ExternalEngine, Opinion, second_opinion
from .errors import OperationError
from .journal_args import AbsentArgs, OptOutArgs, PairsArgs, PlayerArgs, RoundArgs
from .plans import Pairing
from .registry import Operation
from .youth_format import too_few_checked_in

if TYPE_CHECKING:
    from .context import EventContext

_CODES = {
    Result.WHITE_WINS: ("1", "0"),
    Result.DRAW: ("=", "="),
    Result.BLACK_WINS: ("0", "1"),
    Result.WHITE_FORFEIT_WIN: ("+", "-"),
    Result.BLACK_FORFEIT_WIN: ("-", "+"),
    Result.DOUBLE_FORFEIT: ("-", "-"),
}


def _swiss(service: EventContext, key: str | None) -> StoredTournament:
    t = service.tournament(key)
    if t.system is not System.SWISS and not section_settings(t).youth_format:
        raise OperationError(f"{t.name} n'est pas un tournoi au système suisse.")
    return t


# -- who plays, in which order ----------------------------------------------------------
def participants(
    service: EventContext,
    t: StoredTournament,
    games: dict[int, list[StoredGame]] | None = None,
    *,
    registered: bool = False,
) -> list[StoredPlayer]:
    """Players in the pairing list, in pairing-number order.

    Everyone who already has a round, plus those checked in (late entries included):
    a player never checked in is not paired (regulation 002: check-in is required).
    ``registered``: everyone registered and not withdrawn instead (a TRF of the entries).
    """
    if games is None:
        games = service.store.all_games(t.id)
    seen = {pid for gs in games.values() for g in gs for pid in (g.white_id, g.black_id) if pid}
    return pairing_list(service.store.players(t.id), seen, registered=registered)


def pairing_list(
    players: Iterable[StoredPlayer], seen: set[int], *, registered: bool = False
) -> list[StoredPlayer]:
    """``participants`` on players in hand (``seen``: the ids with a round), for an event
    still being written (a Papi import)."""
    people = [
        p
        for p in players
        if p.id in seen or ((p.checked_in or registered) and not p.withdrawn and not p.excluded)
    ]
    return sorted(people, key=ranking_key)


def swiss_state(
    service: EventContext, t: StoredTournament, number: int, *, registered: bool = False
) -> tuple[SwissState, list[int]]:
    """The engine's view before pairing round ``number``; also pairing number -> player id."""
    games = service.store.all_games(t.id)
    people = participants(service, t, games, registered=registered)
    ids = [p.id for p in people]
    pno = {pid: k + 1 for k, pid in enumerate(ids)}
    history: dict[int, list[Game]] = {pid: [] for pid in ids}
    for r in range(1, number):
        done: set[int] = set()
        for g in games.get(r, []):
            if g.black_id is None:
                if g.white_id in history:
                    history[g.white_id].append(Game(result=(g.bye or Bye.ZERO_POINT).value))
                    done.add(g.white_id)
                continue
            codes = _CODES.get(g.result, ("-", "-")) if g.result else ("-", "-")
            sides: tuple[tuple[int, int, Colour, str], ...] = (
                (g.white_id, g.black_id, "w", codes[0]),
                (g.black_id, g.white_id, "b", codes[1]),
            )
            for me, opp, side, code in sides:
                if me in history:
                    history[me].append(Game(opponent=pno[opp], colour=side, result=code))
                    done.add(me)
        for pid in ids:
            if pid not in done:
                history[pid].append(Game(result="Z"))  # late entry or absent: no points
    requests = set(service.store.bye_requests(t.id).get(number, []))
    for p in people:
        if p.id in requests:
            history[p.id].append(Game(result="H"))
        elif p.withdrawn or p.excluded:
            history[p.id].append(Game(result="Z"))
    prohibited = [
        (first, last, [pno[i] for i in group if i in pno])
        for first, last, group in service.store.prohibitions(t.id)
    ]
    colour = service.store.initial_colour_drawn(t.id) or section_settings(t).initial_colour
    state = SwissState(
        entrants=[Entrant(number=pno[p.id], rating=p.rating, games=history[p.id]) for p in people],
        total_rounds=t.rounds_planned,
        initial_colour="b" if colour == "b" else "w",
        prohibited=[x for x in prohibited if len(x[2]) >= 2],
        baku=section_settings(t).acceleration == "baku",
        acceleration=section_settings(t).acceleration,
        acceleration_groups=section_settings(t).acceleration_groups,
    )
    return state, ids


# -- pairing ---------------------------------------------------------------------------
def pairing_inputs(
    service: EventContext, t: StoredTournament, number: int, seed: int | None
) -> tuple[SwissState, list[int], int | None]:
    """The engine's input, with the initial colour drawn (its seed, to record) if not yet."""
    state, ids = swiss_state(service, t, number)
    if number == 1 and len(state.entrants) < 2:
        raise too_few_checked_in(service, t, len(state.entrants))
    colour_seed = None
    if (
        section_settings(t).initial_colour == "draw"
        and service.store.initial_colour_drawn(t.id) is None
    ):
        # C.04.3 E.5: the initial colour is drawn by lot before round 1; the draw is
        # recorded with the round (same seed, same outcome)
        colour_seed = secrets.randbits(63) if seed is None else seed
        state.initial_colour = run_draw("coin", colour_seed, ["w", "b"])
    return state, ids, colour_seed


def plan_pairing(
    service: EventContext, t: StoredTournament, number: int, seed: int | None
) -> Callable[[], Pairing]:
    """The engines' input read on the snapshot the caller holds; their work returned to
    be run once the snapshot is let go (no read transaction held for seconds)."""
    state, ids, colour_seed = pairing_inputs(service, t, number, seed)
    return lambda: compute_pairing(t, number, state, ids, colour_seed)


def compute_pairing(
    t: StoredTournament, number: int, state: SwissState, ids: list[int], colour_seed: int | None
) -> Pairing:
    """The engines' work: no store, no lock (seconds at 1000 players, or an external program)."""
    try:
        ours = DutchEngine().pair(state, number)
    except PairingImpossible as exc:
        raise OperationError(
            f"{exc.message} Vérifiez les interdictions d'appariement et les absents."
        ) from None
    chosen = ours
    opinion: Opinion | None = None
    command = section_settings(t).external_engine
    if command:
        opinion = second_opinion(ExternalEngine(str(command)), state, ours)
        theirs = opinion.pairing(number)
        if section_settings(t).pairing_engine == "external" and theirs is not None:
            chosen = theirs
    return Pairing(number, state, ids, ours, chosen, opinion, colour_seed)


def pair(
    service: EventContext,
    t: StoredTournament,
    number: int,
    seed: int | None,
    computed: Pairing | None = None,
) -> RoundPairing:
    """Store Swiss round ``number``: ``computed`` outside the lock, or computed here."""
    with service.write(Operation.PAIR_ROUND, RoundArgs(tournament=t.key, round=number)) as tx:
        if computed is None:
            state, ids, colour_seed = pairing_inputs(service, t, number, seed)
            computed = compute_pairing(t, number, state, ids, colour_seed)
        assert computed.number == number
        _write_pairing(tx, t, computed)
    return computed.chosen


def _write_pairing(tx: _Tx[RoundArgs], t: StoredTournament, computed: Pairing) -> None:
    state, ids, chosen, number = computed.state, computed.ids, computed.chosen, computed.number
    if computed.colour_seed is not None:
        colour = tx.draw("couleur initiale (ronde 1)", "coin", ["w", "b"], computed.colour_seed)
        tx.update("tournaments", t.id, {"initial_colour_drawn": colour})
    round_id = tx.insert(
        "rounds",
        {
            "tournament_id": t.id,
            "number": number,
            "stage": None,
            "time_control": tc_json(t, number),
            "closed": 0,
        },
    )
    board = 0
    for b in chosen.boards:
        board += 1
        tx.insert(
            "games",
            {
                "round_id": round_id,
                "board": board,
                "white_id": ids[b.white - 1],
                "black_id": ids[b.black - 1],
            },
        )
    byes: list[tuple[int, Bye]] = []
    if chosen.bye is not None:
        byes.append((ids[chosen.bye - 1], Bye.PAIRING_ALLOCATED))
    for e in state.entrants:
        if len(e.games) >= number:
            code = e.games[number - 1].result
            byes.append((ids[e.number - 1], Bye(code)))
    for pid, kind in byes:
        board += 1
        tx.insert(
            "games",
            {"round_id": round_id, "board": board, "white_id": pid, "bye": kind.value},
        )
    record = _with_player_ids(computed.ours.explanation.dump(), ids)
    record["engine"] = "externe" if chosen is not computed.ours else "interne"
    if computed.opinion is not None:
        record["second_opinion"] = _with_player_ids(computed.opinion.record(), ids)
    tx.insert(
        "pairing_records",
        {
            "tournament_id": t.id,
            "round": number,
            "record": json.dumps(record, ensure_ascii=False),
        },
    )


def _with_player_ids(record: dict[str, Any], ids: list[int]) -> dict[str, Any]:
    """The same record with player ids for pairing numbers.

    Pairing numbers change with late entries; a stored explanation must keep naming the
    right players.
    """

    def pid(number: int | None) -> int | None:
        return ids[number - 1] if number else number

    out = dict(record)
    for f in out.get("floaters", []):
        f["player"] = pid(f["player"])
    for c in out.get("colours", []):
        c["white"], c["black"] = pid(c["white"]), pid(c["black"])
    for v in out.get("virtual", []):  # an accelerated round's virtual points
        v["player"] = pid(v["player"])
    for k in ("pairs", "only_external", "only_internal"):
        if k in out:
            out[k] = [[pid(w), pid(b)] for w, b in out[k]]
    if "bye" in out:
        out["bye"] = pid(out["bye"])
    return out


# -- registration: fees, publication opt-out -----------------------------------------------
def fees(service: EventContext, key: str) -> list[dict[str, Any]]:
    """Each player's entry fee (rules/entry_fees.py: regulation 002's categories, else the
    section's own table or flat fee — the pointage's very figures) and whether paid.

    An unpaid registration is not final.
    """
    from ..rules.entry_fees import entry_fee

    t = service.tournament(key)
    ev = service.store.event()
    on = dt.date.fromisoformat(str(ev.get("start_date") or dt.date.today().isoformat()))
    out = []
    for p in service.store.players(t.id):
        amount, category = entry_fee(t, p, on)
        out.append(
            {
                "player": p.id,
                "name": p.name,
                "fee": amount,
                "category": category,
                "paid": p.paid,
                "final": p.paid or amount == 0,
            }
        )
    return out


def set_opt_out(service: EventContext, player_id: int, opt_out: bool = True) -> None:
    """A player's written objection to publication: pages then show no name for them."""
    with service.write(
        Operation.PUBLISH_OPT_OUT, OptOutArgs(player=player_id, opt_out=opt_out)
    ) as tx:
        tx.args = replace(tx.args, name=service.player(player_id).name)
        tx.update("players", player_id, {"publish_opt_out": int(opt_out)})


# -- before the round: prohibitions, publication (byes on request: byes.py) -----------
def prohibit(
    service: EventContext, key: str, player_ids: list[int], first: int = 1, last: int = 0
) -> None:
    """Players who must not meet (siblings; one club in the first rounds): rounds first..last."""
    with service.write(
        Operation.PROHIBIT,
        PairsArgs(tournament=key, players=tuple(player_ids), rounds=(first, last)),
    ) as tx:
        t = _swiss(service, key)
        tx.args = replace(tx.args, tournament=t.key)
        known = {p.id for p in service.store.players(t.id)}
        bad = [i for i in player_ids if i not in known]
        if len(set(player_ids)) < 2 or bad:
            raise OperationError(
                "Une interdiction d'appariement réunit au moins deux joueurs de ce tournoi"
                + (f" (inconnus : {', '.join(map(str, bad))})." if bad else ".")
            )
        planned = t.rounds_planned
        if not 1 <= first <= (last or first) <= planned or last > planned:
            raise OperationError(
                f"Interdiction : rondes {first}-{last or ''} impossibles : {t.name} se joue en "
                f"{planned} rondes ; écrivez N-M avec N ≤ M ≤ {planned} (ou N seul : jusqu'à "
                "la fin)."
            )
        tx.insert(
            "prohibitions",
            {
                "tournament_id": t.id,
                "first_round": first,
                "last_round": last,
                "players": json.dumps(sorted(set(player_ids))),
            },
        )


def publish(service: EventContext, key: str, now: dt.datetime | None = None) -> str | None:
    """Record the publication time; a warning when it is less than the required lead."""
    with service.write(Operation.PUBLISH, RoundArgs(tournament=key)) as tx:
        t = _swiss(service, key)
        rnd = service.current_round(t)
        if rnd is None:
            raise OperationError(f"{t.name} : aucune ronde appariée à publier.")
        tx.args = replace(tx.args, tournament=t.key, round=rnd.number)
        when = (now or dt.datetime.now()).replace(microsecond=0)
        tx.update("rounds", rnd.id, {"published_at": when.isoformat()})
    lead = section_settings(t).publish_min_before_minutes
    if rnd.start_time is not None and when > rnd.start_time - dt.timedelta(minutes=lead):
        return (
            f"Publié à {when:%H:%M}, moins de {lead} min avant la ronde ({rnd.start_time:%H:%M})."
        )
    return None


# -- during the round ------------------------------------------------------------------
def absent(
    service: EventContext,
    key: str,
    board: int,
    side: str,
    *,
    keep: bool = False,
    now: dt.datetime | None = None,
    round_number: int | None = None,
    confirm: bool | str = False,
) -> list[int]:
    """Forfeit (more than the allowed lateness); an unexcused forfeit excludes the player
    from later rounds unless the arbiter keeps them (regulation 002). Returns the excluded."""
    with service.write(Operation.ABSENT, AbsentArgs()):
        _swiss(service, key)
        return results.forfeit(
            service,
            key,
            board,
            side,
            keep=keep,
            now=now,
            round_number=round_number,
            confirm=confirm,
        ).excluded


def keep_player(service: EventContext, player_id: int) -> None:
    """The arbiter keeps a player excluded after a forfeit (a valid excuse), recorded."""
    with service.write(Operation.KEEP_PLAYER, PlayerArgs(player=player_id)) as tx:
        player = service.player(player_id)
        if not player.excluded:
            raise OperationError(f"{player.name} n'est pas exclu(e).")
        tx.args = replace(tx.args, name=player.name)
        tx.update("players", player_id, {"excluded": 0})


def force_pair(service: EventContext, key: str, a: int, b: int) -> list[str]:
    """The arbiter puts ``a`` and ``b`` together; their former opponents meet each other.

    Returns the rules the change breaks (an arbiter's decision, recorded in the journal and
    written as a ``###`` comment in the TRF export).
    """
    with service.write(Operation.FORCE_PAIR, PairsArgs(tournament=key, players=(a, b))) as tx:
        t = _swiss(service, key)
        rnd = service.current_round(t)
        if rnd is None or rnd.closed:
            raise OperationError(f"{t.name} : pas de ronde ouverte à modifier.")
        tx.args = replace(tx.args, tournament=t.key, round=rnd.number)
        games = service.store.games(rnd.id)
        if any(g.result is not None for g in games if g.black_id is not None):
            raise OperationError("Des résultats sont saisis : la ronde ne peut plus être modifiée.")
        where: dict[int, StoredGame] = {}
        for g in games:
            for pid in (g.white_id, g.black_id):
                if pid is not None:
                    where[pid] = g
        if a == b or a not in where or b not in where:
            raise OperationError("Les deux joueurs doivent être appariés dans cette ronde.")
        ga, gb = where[a], where[b]
        if ga.id == gb.id:
            raise OperationError("Ces deux joueurs jouent déjà ensemble.")
        for g in (ga, gb):
            if g.bye is not None and g.bye is not Bye.PAIRING_ALLOCATED:
                raise OperationError("Un joueur au bye demandé ne peut pas être apparié.")
        x = ga.black_id if ga.white_id == a else ga.white_id  # a's former opponent (None: bye)
        y = gb.black_id if gb.white_id == b else gb.white_id
        a_white = ga.white_id == a and ga.black_id is not None
        new_ab = (a, b) if a_white or gb.black_id is None else (b, a)
        if gb.white_id == b and gb.black_id is not None and not a_white:
            new_ab = (b, a)
        broken = _broken_rules(service, t, rnd.number, new_ab, x, y)
        tx.update("games", ga.id, {"white_id": new_ab[0], "black_id": new_ab[1], "bye": None})
        if x is None and y is None:
            tx.delete("games", gb.id)
        elif x is None or y is None:
            tx.update(
                "games",
                gb.id,
                {"white_id": x or y, "black_id": None, "bye": Bye.PAIRING_ALLOCATED.value},
            )
        else:
            tx.update("games", gb.id, {"white_id": x, "black_id": y, "bye": None})
        names = {p.id: p.name for p in service.store.players(t.id)}
        note = f"ronde {rnd.number} : {names.get(a)} contre {names.get(b)} imposé par l'arbitre"
        if broken:
            note += " (" + "; ".join(broken) + ")"
        tx.insert("manual_changes", {"tournament_id": t.id, "round": rnd.number, "note": note})
    return broken


def _broken_rules(
    service: EventContext,
    t: StoredTournament,
    number: int,
    pair_ab: tuple[int, int],
    x: int | None,
    y: int | None,
) -> list[str]:
    """What the Dutch rules say about a pairing the arbiter imposes."""
    from ..rules.swiss import dutch

    state, ids = swiss_state(service, t, number)
    tour = dutch._Tournament(state)
    pno = {pid: k for k, pid in enumerate(ids)}
    out = []
    pairs = [pair_ab] + ([(x, y)] if x is not None and y is not None else [])
    for w, b in pairs:
        pw, pb = tour.player(pno[w]), tour.player(pno[b])
        assert pw is not None and pb is not None
        if pb.id in pw.forbidden:
            out.append("C.1 : ces joueurs se sont déjà rencontrés (ou sont interdits)")
        if pw.absolute and pb.absolute and pw.preference == pb.preference:
            out.append("C.3 : même préférence de couleur absolue")
    bye = x if y is None else y if x is None else None
    if bye is not None:
        pbye = tour.player(pno[bye])
        if pbye is not None and not tour.bye_eligible(pbye):
            out.append("C.2 : ce joueur a déjà eu l'exempt ou un point sans jouer")
    out.append("différent de l'appariement du système néerlandais")
    return out
