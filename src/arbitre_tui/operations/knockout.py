"""Knockout operations (regulation 000): registration close, bracket rounds, absences,
deciders, lucky losers, ranking. Rules come from rules/knockout.py."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..rules import knockout as ko
from ..rules.errors import RuleError
from ..rules.models import Result, StoredPlayer, StoredTournament, System, TimeControl
from ..rules.settings import section_settings
from ..store.records import KoRegistration, LuckyLoser, tc_json, time_controls_json
from .errors import OperationError
from .journal_args import KnockoutArgs, RoundArgs
from .registry import Operation

if TYPE_CHECKING:
    from .context import EventContext


def _ko(service: EventContext, key: str | None) -> StoredTournament:
    t = service.tournament(key)
    if t.system is not System.KNOCKOUT:
        raise OperationError(f"{t.name} n'est pas un tournoi à élimination directe.")
    return t


def entrants(service: EventContext, t: StoredTournament) -> list[StoredPlayer]:
    """Entries in registration order (the order that decides byes and the waiting list)."""
    players = service.store.players(t.id)
    return sorted(players, key=lambda p: (p.registered_at or dt.datetime.max, p.id))


def _format(service: EventContext, t: StoredTournament) -> ko.KoFormat:
    """The format the entries decide while registration is open; once closed, the one
    recorded then (000 art. 2.1: the bracket, byes and waiting list are fixed — a player
    withdrawn in round 2 does not move a waiting player into the bracket)."""
    closed = service.store.ko_registration(t.id)
    if closed is not None and not closed["cancelled"]:
        return _recorded(service, t, closed)
    people = [p for p in entrants(service, t) if not p.withdrawn or closed is not None]
    listed = [ko.Entrant(p.id, p.name, p.rating, p.phone, p.paid, p.payment_method) for p in people]
    if section_settings(t).regulation != "000":  # a club's own knockout: everyone plays
        return ko.plain_format(listed)
    return ko.ko_format(listed, section_settings(t).fee)


def _recorded(service: EventContext, t: StoredTournament, closed: KoRegistration) -> ko.KoFormat:
    """The format as closed: its lists from the record, the waiting list's refunds."""
    people = {p.id: p for p in service.store.players(t.id)}
    s = section_settings(t)
    fee = s.fee if s.regulation == "000" else 0.0
    waiting = [int(i) for i in closed["waiting"]]
    refunds = [
        ko.Refund(i, people[i].name, fee, ko.refund_means(people[i].payment_method))
        for i in waiting
        if i in people and people[i].paid
    ]
    return ko.KoFormat(
        closed["case"],
        closed["rounds"],
        closed["bracket"],
        [int(i) for i in closed["validated"]],
        waiting,
        [int(i) for i in closed["byes"]],
        refunds,
        entries=len(closed["validated"]) + len(waiting),
    )


def status(service: EventContext, key: str | None) -> dict[str, Any]:
    """What the registration decides, live, and where the bracket stands."""
    t = _ko(service, key)
    fmt = _format(service, t)
    names = {p.id: p.name for p in service.store.players(t.id)}
    closed = service.store.ko_registration(t.id) is not None
    rounds = service.store.rounds(t.id)
    out: dict[str, Any] = {
        "tournament": t.key,
        "entries": fmt.entries,
        "registration_closed": closed,
        "case": fmt.case,
        "cancelled": fmt.cancelled,
        "rounds": fmt.rounds,
        "bracket": fmt.bracket,
        "byes": len(fmt.byes),
        "bye_players": [names[i] for i in fmt.byes],
        "waiting_list": [names[i] for i in fmt.waiting],
        "refunds": [{"name": r.name, "amount": r.amount, "means": r.means} for r in fmt.refunds],
        "current_round": rounds[-1].number if rounds else 0,
        "stage": t.stages.get(rounds[-1].number) if rounds else None,
    }
    if section_settings(t).fide_rated:
        out["warning"] = (
            "Tournoi homologué FIDE : ce règlement s'écarte des Règles du jeu "
            "(3 coups illégaux perdent ici, 2 selon la FIDE)."
        )
    return out


def _schedule(
    t: StoredTournament, fmt: ko.KoFormat
) -> tuple[dict[int, str], dict[int, TimeControl]]:
    """Stages and time controls of the rounds the entries decide (000 art. 5 by stage)."""
    stages, controls = ko.ko_stages(fmt.rounds) if fmt.rounds else ({}, {})
    if section_settings(t).regulation != "000" and t.time_controls:
        # the organiser's cadence, not 000's round by round: the last one typed goes on
        last = t.time_controls[max(t.time_controls)]
        controls = {n: t.time_controls.get(n, last) for n in range(1, fmt.rounds + 1)}
    return stages, controls


def as_planned(service: EventContext, t: StoredTournament) -> StoredTournament:
    """The knockout as its entries decide it now (000 art. 2.1 and 5): before the close,
    the rounds, stages and time controls of the live count — 200 entries, 8 rounds —, the
    one computation `ko status`, `cadence` and the close share (issue 52.9). Closed, not
    a knockout, or no round decided (cancelled): ``t`` as stored."""
    if t.system is not System.KNOCKOUT or service.store.ko_registration(t.id) is not None:
        return t
    fmt = _format(service, t)
    if not fmt.rounds:
        return t
    stages, controls = _schedule(t, fmt)
    return replace(t, rounds_planned=fmt.rounds, stages=stages, time_controls=controls)


def close_registration(service: EventContext, key: str | None) -> ko.KoFormat:
    with service.write(Operation.KO_CLOSE_REGISTRATION, KnockoutArgs(tournament=key)) as tx:
        t = _ko(service, key)
        if service.store.ko_registration(t.id) is not None:
            raise OperationError("Les inscriptions sont déjà closes.")
        fmt = _format(service, t)
        tx.args = replace(tx.args, tournament=t.key, case=fmt.case)
        stages, controls = _schedule(t, fmt)
        tx.insert(
            "ko_registration",
            {
                "tournament_id": t.id,
                "format_case": fmt.case,
                "rounds": fmt.rounds,
                "bracket": fmt.bracket,
                "validated": json.dumps(fmt.validated),
                "waiting": json.dumps(fmt.waiting),
                "byes": json.dumps(fmt.byes),
                "cancelled": int(fmt.cancelled),
            },
        )
        tx.update(
            "tournaments",
            t.id,
            {
                "rounds_planned": max(fmt.rounds, 1),
                "stages": json.dumps({str(k): v for k, v in stages.items()}),
                "time_controls": time_controls_json(controls),
            },
        )
        for pid in fmt.waiting:
            tx.update("players", pid, {"withdrawn": 1})
    return fmt


def _matches(service: EventContext, t: StoredTournament, number: int) -> list[ko.Match]:
    rnd = service.store.round(t.id, number)
    assert rnd is not None
    return [
        ko.Match(
            g.slot if g.slot is not None else g.board - 1,
            g.white_id,
            g.black_id,
            g.result,
            g.decider,
            g.bye is not None,
        )
        for g in service.store.games(rnd.id)
    ]


def _context(
    service: EventContext, t: StoredTournament
) -> tuple[str, dict[int, int], set[int], dict[int, str | None]]:
    players = service.store.players(t.id)
    rule = section_settings(t).decider
    return (
        rule,
        {p.id: p.rating for p in players if p.id},
        # out of the bracket: excluded (devices, disrespect) or withdrawn (issue 16)
        {p.id for p in players if p.id and (p.excluded or p.withdrawn)},
        {p.id: p.phone for p in players if p.id},
    )


def _later_round_sides(
    service: EventContext,
    t: StoredTournament,
    number: int,
    rule: str,
    ratings: dict[int, int],
    excluded: set[int],
    exempt_holes: bool,
) -> list[tuple[int | None, int | None]]:
    """A later round's pairs by the bracket: the winners, holes filled by the lucky losers
    accepted, the third-place game last; refused while a hole is left unfilled."""
    try:
        raw = ko.next_round(_matches(service, t, number - 1), rule, ratings, excluded)
    except RuleError as exc:
        raise OperationError(f"Ronde {number - 1} : {exc.message}") from None
    accepted = {
        r["slot"]: r["player_id"]
        for r in service.store.lucky_losers(t.id, number - 1)
        if r["status"] == "accepted"
    }
    sides: list[tuple[int | None, int | None]] = []
    holes = []
    for j, (a, b) in enumerate(raw):
        a = a if a is not None else accepted.get(2 * j)
        b = b if b is not None else accepted.get(2 * j + 1)
        if (a is None) != (b is None) and not exempt_holes:
            holes.append(j + 1)
        sides.append((a, b) if a is not None else (b, None))
    if number == t.rounds_planned and section_settings(t).third_place_game:
        semis = _matches(service, t, number - 1)
        losers = []
        for m in semis:
            w = ko.winner(m.white, m.black, m.result, m.decider, rule, ratings)
            if w is not None and m.black is not None:
                losers.append(m.black if w == m.white else m.white)
        if len(losers) == 2:
            sides.append((losers[0], losers[1]))  # slot 1: the third-place game
    if holes:
        raise OperationError(
            f"Trou(s) au tableau de la ronde {number} (échiquiers {', '.join(map(str, holes))}) : "
            "tirez un repêché (arbitre lucky-loser), ou qualifiez l'adversaire (--exempt-holes)."
        )
    return sides


def pair(
    service: EventContext,
    t: StoredTournament,
    number: int,
    seed: int | None,
    exempt_holes: bool = False,
) -> None:
    """Round 1 by the recorded draw; later rounds by the bracket, holes filled by lucky losers."""
    with service.write(Operation.PAIR_ROUND, RoundArgs(tournament=t.key, round=number)) as tx:
        info = service.store.ko_registration(t.id)
        if not info:
            raise OperationError(
                "Clôturez d'abord les inscriptions (arbitre ko close-registration)."
            )
        if info["cancelled"]:
            raise OperationError("Le tournoi est annulé (moins de 100 inscrits) : rien à apparier.")
        rule, ratings, excluded, _ = _context(service, t)
        if number == 1:
            fmt = ko.KoFormat(
                info["case"],
                info["rounds"],
                info["bracket"],
                info["validated"],
                info["waiting"],
                info["byes"],
            )
            others = [p for p in fmt.validated if p not in set(fmt.byes)]
            seeded = section_settings(t).round1_draw == "seeded"
            order = others if seeded else tx.draw("tirage de la ronde 1", "shuffle", others, seed)
            try:
                sides: list[tuple[int | None, int | None]] = list(
                    ko.first_round(fmt, order, ratings, seeded)
                )
            except RuleError as exc:
                raise OperationError(exc.message) from None
        else:
            sides = _later_round_sides(service, t, number, rule, ratings, excluded, exempt_holes)
        round_id = tx.insert(
            "rounds",
            {
                "tournament_id": t.id,
                "number": number,
                "stage": t.stages.get(number),
                "time_control": tc_json(t, number),
                "closed": 0,
            },
        )
        games = [(slot, a, b) for slot, (a, b) in enumerate(sides) if a is not None]
        paired = [g for g in games if g[2] is not None]
        flips = (
            tx.draw(
                f"couleurs de la ronde {number}", "coins", [slot for slot, _, _ in paired], None
            )
            if paired
            else []
        )
        flip = dict(zip([slot for slot, _, _ in paired], flips, strict=True))
        for slot, a, b in games:
            if b is None:
                tx.insert(
                    "games",
                    {
                        "round_id": round_id,
                        "board": slot + 1,
                        "slot": slot,
                        "white_id": a,
                        "black_id": None,
                        "bye": "F",
                    },
                )
                continue
            white, black = (a, b) if flip[slot] else (b, a)
            tx.insert(
                "games",
                {
                    "round_id": round_id,
                    "board": slot + 1,
                    "slot": slot,
                    "white_id": white,
                    "black_id": black,
                },
            )


def record_decider(
    service: EventContext,
    key: str | None,
    board: int,
    result: str,
    round_number: int | None = None,
) -> None:
    """A drawn board's decider. ``round_number``: the round the arbiter sees (the app's
    key names it, so that a round paired meanwhile on the other station is not written
    to); none: the latest round, as the command line says it."""
    from ..rules.models import parse_result

    with service.write(
        Operation.RECORD_DECIDER, KnockoutArgs(tournament=key, board=board, result=result)
    ) as tx:
        t = _ko(service, key)
        tx.args = replace(tx.args, tournament=t.key)
        _t, rnd, game = service.game(t.key, round_number, board)
        tx.args = replace(tx.args, round=rnd.number)
        if rnd.closed:
            raise OperationError(f"La ronde {rnd.number} est close.")
        if game.result is not Result.DRAW:
            raise OperationError(f"Échiquier {board} : pas de nulle, pas de départage à saisir.")
        try:
            value = parse_result(result)
        except RuleError as exc:
            raise OperationError(exc.message) from None
        tx.args = replace(tx.args, result=value.value)
        if not value.played:
            raise OperationError("Le départage se joue : 1, = ou 0.")
        if value is Result.DRAW and section_settings(t).decider != "armageddon":
            raise OperationError("Seul l'Armageddon peut finir nul (la nulle qualifie les Noirs).")
        tx.update("games", game.id, {"decider": value.value})


def holes(service: EventContext, t: StoredTournament) -> list[int]:
    """Slots of the round just closed whose winner is missing (double forfeit, exclusion)."""
    rounds = service.store.rounds(t.id)
    if not rounds or not rounds[-1].closed or rounds[-1].number >= t.rounds_planned:
        return []
    rule, ratings, excluded, _ = _context(service, t)
    out = []
    for m in _matches(service, t, rounds[-1].number):
        w = ko.winner(m.white, m.black, m.result, m.decider, rule, ratings)
        if w is None or w in excluded:
            out.append(m.slot)
    return out


def lucky_loser(
    service: EventContext, key: str | None, confirm: bool | None = None, seed: int | None = None
) -> dict[str, Any]:
    """Draw a lucky loser for the first open hole, or confirm / reject the pending one.

    ``confirm=True``: the drawn player is reachable and takes the hole. ``False``: not
    reachable — kept as a try, and the draw is repeated without them.
    """
    op = Operation.LUCKY_LOSER_DRAW if confirm is None else Operation.LUCKY_LOSER_CONFIRM
    with service.write(op, KnockoutArgs(tournament=key)) as tx:
        t = _ko(service, key)
        tx.args = replace(tx.args, tournament=t.key)
        rounds = service.store.rounds(t.id)
        if not rounds or not rounds[-1].closed:
            raise OperationError("Le repêchage se tire après la clôture de la ronde.")
        number = rounds[-1].number
        rows = service.store.lucky_losers(t.id, number)
        pending = [r for r in rows if r["status"] == "pending"]
        names = {p.id: p.name for p in service.store.players(t.id)}
        if confirm is not None:
            if not pending:
                raise OperationError("Aucun repêché en attente de confirmation.")
            row = pending[0]
            tx.args = replace(tx.args, player=row["player_id"], reachable=confirm)
            tx.update(
                "lucky_losers", row["id"], {"status": "accepted" if confirm else "unreachable"}
            )
            if confirm:
                return {"accepted": names[row["player_id"]], "slot": row["slot"]}
            rows = [{**r, "status": "unreachable"} if r["id"] == row["id"] else r for r in rows]
            drawn = _draw_one(service, t, number, rows, tx, seed)
            return {"unreachable": names[row["player_id"]], **drawn}
        if pending:
            raise OperationError(
                f"{names[pending[0]['player_id']]} attend sa confirmation (joignable : oui ou non)."
            )
        tx.args = replace(tx.args, round=number)
        return _draw_one(service, t, number, rows, tx, seed)


def _draw_one(
    service: EventContext,
    t: StoredTournament,
    number: int,
    rows: list[LuckyLoser],
    tx: Any,
    seed: int | None,
) -> dict[str, Any]:
    filled = {r["slot"] for r in rows if r["status"] == "accepted"}
    open_holes = [s for s in holes(service, t) if s not in filled]
    if not open_holes:
        raise OperationError("Aucun trou à combler au tableau.")
    rule, ratings, excluded, phones = _context(service, t)
    tried = {r["player_id"] for r in rows}
    pool = ko.lucky_loser_pool(_matches(service, t, number), rule, ratings, phones, excluded, tried)
    if not pool:
        raise OperationError(
            "Personne à repêcher : aucun perdant de la ronde n'a laissé de téléphone joignable. "
            "Qualifiez l'adversaire du trou (arbitre pair --exempt-holes)."
        )
    player = tx.draw(
        f"repêchage ronde {number}, échiquier {open_holes[0] + 1}", "choose", pool, seed
    )
    tx.insert(
        "lucky_losers",
        {
            "tournament_id": t.id,
            "round": number,
            "slot": open_holes[0],
            "player_id": player,
            "draw_id": tx.last_draw_id,
            "status": "pending",
        },
    )
    names = {p.id: p.name for p in service.store.players(t.id)}
    return {
        "drawn": names[player],
        "player_id": player,
        "slot": open_holes[0],
        "pool": len(pool),
        "holes": len(open_holes),
    }


def ranking_groups(service: EventContext, t: StoredTournament) -> list[tuple[int, int, list[int]]]:
    rule, ratings, _, _ = _context(service, t)
    rounds = [_matches(service, t, r.number) for r in service.store.rounds(t.id)]
    return ko.ranking(rounds, rule, ratings, t.rounds_planned)


def prize_order(service: EventContext, t: StoredTournament) -> list[int]:
    """Every player in one order (whole, all-different prizes: rules.knockout.prize_order)."""
    rule, ratings, _, _ = _context(service, t)
    rounds = [_matches(service, t, r.number) for r in service.store.rounds(t.id)]
    if not ko.places_decided(rounds, rule, ratings, t.rounds_planned):
        raise OperationError(
            f"Prix de {t.name} : ils suivent l'ordre du K.O. (vainqueur, finaliste, puis les "
            "éliminés selon le parcours de leur vainqueur) ; aucune place n'est décidée avant "
            "la finale."
        )
    return ko.prize_order(rounds, rule, ratings, t.rounds_planned)


def final_ranking(service: EventContext, key: str | None) -> list[tuple[str, list[str]]]:
    t = _ko(service, key)
    names = {p.id: p.name for p in service.store.players(t.id)}
    out = []
    for first, last, players in ranking_groups(service, t):
        place = str(first) if first == last else f"{first}–{last}"
        out.append((place, [names[p] for p in players]))
    return out
