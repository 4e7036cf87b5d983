"""Youth championships (regulation 003): blitz play-offs of the ties, and the qualifiers."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ..rules import youth
from ..rules.models import StoredTournament
from ..rules.settings import section_settings
from ..store.journal import Tx as _Tx
from .errors import OperationError
from .journal_args import PlayoffArgs
from .registry import Operation

if TYPE_CHECKING:
    from .context import EventContext


def _youth(service: EventContext, key: str) -> StoredTournament:
    """A youth championship's section (003): the only one with play-offs and qualifiers."""
    t = service.tournament(key)
    if section_settings(t).regulation != "003":
        raise OperationError(
            f"{t.name} n'est pas un championnat jeunes (règlement 003) : ni barrage ni "
            "qualifiés à calculer."
        )
    return t


def playoff_groups(service: EventContext, key: str) -> dict[str, list[int]]:
    """The ties that need a blitz play-off (regulation 003, art. 6 and 7).

    ``title``: the players level on points at the top; ``qualification``: those level on
    points across the last qualifying place. Seeded by the tie-breaks.
    """
    from .standings import standings

    t = _youth(service, key)
    _, rows, _ = standings(service, t)
    pts = [(r.start, r.values["PTS"]) for r in rows]
    out: dict[str, list[int]] = {}
    if len(pts) >= 2 and pts[0][1] == pts[1][1]:
        out["title"] = [pid for pid, v in pts if v == pts[0][1]]
    places = len(youth.qualifiers([p for p, _ in pts], section_settings(t).seeded_qualifiers))
    if len(pts) > places:
        edge = pts[places - 1][1]
        group = [pid for pid, v in pts if v == edge]
        if len(group) >= 2 and pts[places][1] == edge and group != out.get("title"):
            out["qualification"] = group
    return out


def complete_ties(service: EventContext, t: StoredTournament, group: list[int]) -> list[list[int]]:
    """The runs of ``group`` (standings order) level on points and every tie-break: none
    of them is « the best at the tie-breaks » art. 6 seeds first, so lots decide."""
    from .standings import standings

    _, rows, _ = standings(service, t)
    values = {r.start: r.values for r in rows}
    runs: list[list[int]] = []
    for pid in group:
        if runs and values.get(runs[-1][-1]) == values.get(pid):
            runs[-1].append(pid)
        else:
            runs.append([pid])
    return [run for run in runs if len(run) > 1]


def _record_seeds(
    service: EventContext, tx: _Tx[PlayoffArgs], t: StoredTournament, which: str, seed: int | None
) -> tuple[list[int], int]:
    """The play-off's seeds written once (inside the caller's operation): the standings'
    order, each complete tie ordered by a drawing of lots recorded with its seed — so the
    standings and the play-off show one order, drawn once (issue 30.13)."""
    seeds = list(playoff_groups(service, t.key)[which])
    for run in complete_ties(service, t, seeds):
        drawn = list(
            tx.draw(
                f"barrage {youth.PLAYOFF_PURPOSE[which]} : ex aequo complets", "shuffle", run, seed
            )
        )
        at = seeds.index(run[0])
        seeds[at : at + len(run)] = drawn
    playoff_id = tx.insert(
        "playoffs", {"tournament_id": t.id, "which": which, "seeds": json.dumps(seeds)}
    )
    return seeds, playoff_id


def playoff_seeds(
    service: EventContext, key: str, which: str, seed: int | None = None
) -> list[int] | None:
    """Announce a play-off: its seeds fixed now when the standings cannot order them
    (a complete tie: lots drawn, recorded, replayable); None when they already were, or
    when the tie-breaks alone order them (nothing to draw, nothing written)."""
    t = _youth(service, key)
    if which in service.store.playoffs(t.id):
        return None
    group = playoff_groups(service, key).get(which)
    if group is None or not complete_ties(service, t, group):
        return None
    with service.write(Operation.PLAYOFF_SEEDS, PlayoffArgs(tournament=key, which=which)) as tx:
        t = _youth(service, key)
        if which in service.store.playoffs(t.id):  # the other station, meanwhile
            return None
        seeds, _ = _record_seeds(service, tx, t, which, seed)
        return seeds


def seeds_of(service: EventContext, key: str, which: str) -> list[int]:
    """The play-off's seeds: as recorded (lots included), else the standings' order."""
    t = service.tournament(key)
    record = service.store.playoffs(t.id).get(which)
    return list(record["seeds"]) if record else playoff_groups(service, key).get(which, [])


def playoff_status(service: EventContext, key: str, which: str) -> youth.Playoff:
    t = service.tournament(key)
    record = service.store.playoffs(t.id).get(which)
    if record is None:
        groups = playoff_groups(service, key)
        if which not in groups:
            label = youth.PLAYOFF_PURPOSE[which]
            raise OperationError(f"Pas d'égalité à départager {label} dans {t.name}.")
        seeds = groups[which]
        winners: dict[frozenset[int], int] = {}
    else:
        seeds = record["seeds"]
        winners = {frozenset(m[:2]): m[2] for m in record["matches"]}
    return youth.resolve(seeds, winners, _third_place_needed(service, t, which))


def _third_place_needed(service: EventContext, t: StoredTournament, which: str) -> bool:
    """The group's first place (1 for the title; the first of the tied group across the
    qualifying edge otherwise) and how many places qualify decide it (art. 6)."""
    from .standings import standings

    qualifying = 4 - min(max(section_settings(t).seeded_qualifiers, 0), 2)
    if which == "title":
        return youth.third_place_needed(1, qualifying)
    _, rows, _ = standings(service, t)
    record = service.store.playoffs(t.id).get(which)
    seeds = record["seeds"] if record else playoff_groups(service, t.key).get(which, [])
    order = [r.start for r in rows]
    first = min((order.index(pid) + 1 for pid in seeds if pid in order), default=1)
    return youth.third_place_needed(first, qualifying)


def playoff_result(
    service: EventContext,
    key: str,
    which: str,
    a: int,
    b: int,
    points_a: float,
    points_b: float,
    seed: int | None = None,
) -> youth.Playoff:
    """A two-game mini-match: points of each; level, the better tie-break goes through."""
    with service.write(
        Operation.PLAYOFF_RESULT,
        PlayoffArgs(tournament=key, which=which, match=(a, b, points_a, points_b)),
    ) as tx:
        t = service.tournament(key)
        record = service.store.playoffs(t.id).get(which)
        if record is None:
            playoff_status(service, key, which)  # refused when there is no such tie
            seeds, playoff_id = _record_seeds(service, tx, t, which, seed)
        else:
            seeds, playoff_id = record["seeds"], record["id"]
        status = playoff_status(service, key, which)
        if frozenset((a, b)) not in {frozenset(p) for p in status.pending}:
            raise OperationError(
                "Ce mini-match n'est pas à jouer maintenant : "
                + (", ".join(f"{x}–{y}" for x, y in status.pending) or "le barrage est terminé")
                + "."
            )
        if not (0 <= points_a <= 2 and 0 <= points_b <= 2 and points_a + points_b == 2):
            raise OperationError("Un mini-match de deux parties totalise 2 points (ex. 1,5–0,5).")
        better, worse = (a, b) if seeds.index(a) < seeds.index(b) else (b, a)
        pb, pw = (points_a, points_b) if better == a else (points_b, points_a)
        winner = youth.mini_match_winner(better, worse, pb, pw)
        lot = None
        if pb == pw and _same_tiebreaks(service, t, better, worse):
            # level after the mini-match and on every tie-break: the lot drawn once when
            # the play-off was announced (the seeds, recorded) decides — never a new draw,
            # so every face shows the champion that lot designates (issue 52.10)
            names = {p.id: p.name for p in service.store.players(t.id)}
            lot = (
                f"Égalité complète ({names.get(better)} – {names.get(worse)}) : mini-match nul "
                f"et départages identiques ; l'ordre tiré au sort à l'annonce du barrage "
                f"(têtes de série, arbitre draws) fait passer {names.get(better)}."
            )
        tx.insert(
            "playoff_matches",
            {
                "playoff_id": playoff_id,
                "player_a": a,
                "player_b": b,
                "winner": winner,
                "points_a": points_a,
                "points_b": points_b,
            },
        )
        status = playoff_status(service, key, which)
        status.lot = lot
        return status


def _same_tiebreaks(service: EventContext, t: StoredTournament, a: int, b: int) -> bool:
    """Nothing in the standings tells ``a`` from ``b`` (points and every tie-break)."""
    from .standings import standings

    _, rows, _ = standings(service, t)
    values = {r.start: r.values for r in rows}
    return a in values and values.get(a) == values.get(b)


def final_order(service: EventContext, key: str) -> list[int]:
    """Standings order with the play-offs' places replacing the tied groups (their seeds,
    lots included, while they are still to play)."""
    from .standings import standings

    t = service.tournament(key)
    _, rows, _ = standings(service, t)
    order = [r.start for r in rows]
    records = service.store.playoffs(t.id)
    for which in ("qualification", "title"):
        if which in records:
            status = playoff_status(service, key, which)
            # played: its places; still to play: its seeds (a complete tie's lots drawn)
            placed = status.places or [p for p in records[which]["seeds"] if p in order]
            first = min(order.index(p) for p in placed)
            rest = [p for p in order if p not in placed]
            order = rest[:first] + placed + rest[first:]
    return order


def qualifiers(service: EventContext, key: str) -> dict[str, Any]:
    """Titre II: the first two (3 and 4 without seeded qualifiers), the champion.

    A qualifying round (Titre IV, setting ``qualifying_round``) qualifies everyone with
    at least ``qualifying_points`` (3).
    """
    from .standings import standings

    t = _youth(service, key)
    if section_settings(t).qualifying_round:
        _, rows, _ = standings(service, t)
        need = section_settings(t).qualifying_points
        chosen = [r.start for r in rows if float(r.values["PTS"] or 0) >= need]
        return {"champion": None, "qualified": chosen, "for": youth.qualified_for(True)}
    order = final_order(service, key)
    chosen = youth.qualifiers(order, section_settings(t).seeded_qualifiers)
    pending = [
        which
        for which in playoff_groups(service, key)
        if not playoff_status(service, key, which).places
    ]
    return {
        "champion": order[0] if order else None,
        "title": youth.title(section_settings(t).girls_only),
        "qualified": chosen,
        "pending": pending,
        "for": youth.qualified_for(False),
    }
