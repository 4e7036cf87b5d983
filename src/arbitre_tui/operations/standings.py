"""Standings and prizes of a stored tournament (the rules live in rules/)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from ..rules import tiebreaks as tb
from ..rules.errors import RuleError
from ..rules.models import (
    Bye,
    Result,
    StoredGame,
    StoredPlayer,
    StoredRound,
    StoredTournament,
)
from ..rules.settings import section_settings
from ..rules.swiss.order import pairing_numbers
from .errors import OperationError
from .formats import format_of

if TYPE_CHECKING:
    from ..rules.prizes import PrizeList
    from .context import EventContext

_BYE_KIND = {
    Bye.PAIRING_ALLOCATED: tb.Kind.PAB,
    Bye.FULL_POINT: tb.Kind.FPB,
    Bye.HALF_POINT: tb.Kind.HPB,
    Bye.ZERO_POINT: tb.Kind.ZPB,
}


def complete_rounds(service: EventContext, t: StoredTournament) -> int:
    """The last round whose every board has a result: standings are "after round N"
    (each round's games read until the first round not complete)."""
    store = service.store
    return _last_complete(store.rounds(t.id), lambda rnd: store.games(rnd.id))


def completed(rounds: Sequence[StoredRound], games: Mapping[int, Sequence[StoredGame]]) -> int:
    """:func:`complete_rounds` from what a caller has read already: the rounds and their
    games by round number (``all_games``)."""
    return _last_complete(rounds, lambda rnd: games.get(rnd.number, ()))


def _last_complete(
    rounds: Sequence[StoredRound], games_of: Callable[[StoredRound], Sequence[StoredGame]]
) -> int:
    """The number of the last round before the first one with a board still to enter."""
    done = 0
    for rnd in rounds:
        if all(g.result is not None or g.is_bye for g in games_of(rnd)):
            done = rnd.number
        else:
            break
    return done


def crosstable(
    service: EventContext, t: StoredTournament, rounds: int | None = None
) -> tb.Crosstable:
    """The stored games as a C.07 crosstable, keyed by player id."""
    store = service.store
    players = store.players(t.id)
    games = store.all_games(t.id)
    last = completed(store.rounds(t.id), games) if rounds is None else rounds
    numbers = pairing_numbers(store.pairing_numbers(t.id) or [], players)
    return table_of(t, players, games, numbers, last)


def table_of(
    t: StoredTournament,
    players: Sequence[StoredPlayer],
    games: Mapping[int, Sequence[StoredGame]],
    numbers: Mapping[int, int],
    last: int,
) -> tb.Crosstable:
    """The crosstable after round ``last`` from what was read once (the players, their
    pairing numbers, the games by round): a view reads them for its own use too."""
    entries: dict[int, list[tb.Entry]] = {p.id: [] for p in players}
    # each result's kinds and points, once; None: not entered yet
    sides: dict[Result | None, tuple[tb.Kind, tb.Kind, float, float]] = {
        None: (tb.Kind.GAME, tb.Kind.GAME, 0.0, 0.0),
        **{r: _sides(r) for r in Result},
    }
    for number in range(1, last + 1):
        seen: set[int] = set()
        for g in games.get(number, ()):
            seen.add(g.white_id)
            if g.black_id is None:
                bye = g.bye or Bye.ZERO_POINT
                entries[g.white_id].append(tb.Entry(_BYE_KIND[bye], bye.points))
                continue
            seen.add(g.black_id)
            w_kind, b_kind, w_pts, b_pts = sides[g.result]
            entries[g.white_id].append(tb.Entry(w_kind, w_pts, g.black_id, "w"))
            entries[g.black_id].append(tb.Entry(b_kind, b_pts, g.white_id, "b"))
        for pid, lst in entries.items():
            if pid not in seen:  # not paired: absent, withdrawn, or a round robin's free round
                lst.append(tb.Entry(tb.Kind.ZPB, 0.0))
    paired = {pid for rnd in games.values() for g in rnd for pid in (g.white_id, g.black_id)}
    comps = {
        p.id: tb.Competitor(p.id, p.rating, entries[p.id], pairing_number=numbers[p.id])
        for p in players
        if not paired or p.id in paired or p.checked_in
    }  # participants: once a round is paired, who never played nor checked in is not ranked
    return tb.Crosstable(last, comps, round_robin=format_of(t).round_robin_tiebreaks)


def _sides(result: Result) -> tuple[tb.Kind, tb.Kind, float, float]:
    """A game's result as the crosstable enters it: White's kind, Black's, their points."""
    w_pts, b_pts = result.points
    if result.played:
        return tb.Kind.GAME, tb.Kind.GAME, w_pts, b_pts
    if result is Result.WHITE_FORFEIT_WIN:
        return tb.Kind.FORFEIT_WIN, tb.Kind.FORFEIT_LOSS, w_pts, b_pts
    if result is Result.BLACK_FORFEIT_WIN:
        return tb.Kind.FORFEIT_LOSS, tb.Kind.FORFEIT_WIN, w_pts, b_pts
    return tb.Kind.FORFEIT_LOSS, tb.Kind.FORFEIT_LOSS, w_pts, b_pts


def standings(
    service: EventContext, t: StoredTournament, rounds: int | None = None
) -> tuple[list[str], list[tb.StandingRow], int]:
    table = crosstable(service, t, rounds)
    codes, rows = rank(t, table)
    return codes, rows, table.rounds


def rank(t: StoredTournament, table: tb.Crosstable) -> tuple[list[str], list[tb.StandingRow]]:
    """The section's tie-break codes (PTS first) and its standings over ``table``."""
    codes = ["PTS", *[c for c in t.tiebreaks if c.upper() != "PTS"]]
    unrated = section_settings(t).unrated_rating
    try:
        rows = tb.standings(table, codes, unrated_rating=unrated)
    except RuleError as exc:
        raise OperationError(exc.message) from None
    return codes, rows


def tiebreaks_not_computed(
    service: EventContext, t: StoredTournament, rounds: int | None = None
) -> tuple[list[str], list[int]]:
    """:func:`not_computed` over the section's crosstable."""
    return not_computed(t, lambda: crosstable(service, t, rounds))


def not_computed(
    t: StoredTournament, table: Callable[[], tb.Crosstable]
) -> tuple[list[str], list[int]]:
    """(the rating tie-breaks C.07 art. 10 drops, the unrated participants who make it):
    a participant with no rating and no rating set for the unrated (setting
    ``unrated_rating``, or a code's own « /U1400 »). Said on the standings, never silent.
    ``table`` is only asked for when such a tie-break is listed."""
    if section_settings(t).unrated_rating is not None:
        return [], []
    rated = {"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"}
    dropped = [
        c
        for c in t.tiebreaks
        if tb.parse_code(c).base in rated and tb.parse_code(c).unrated is None
    ]
    if not dropped:
        return [], []
    unrated = [start for start, c in table().competitors.items() if not c.rating]
    return (dropped, unrated) if unrated else ([], [])


def _sex(p: StoredPlayer) -> str | None:
    return p.sex.value if p.sex is not None else None


def _span(first: int, last: int) -> str:
    """A shared place as the standings write it: « 5–8 »."""
    return str(first) if first == last else f"{first}–{last}"


def prizes(service: EventContext, t: StoredTournament) -> tuple[PrizeList, dict[int, StoredPlayer]]:
    """The tournament's prize list handed out by the rules (Hort, non-cumulative)."""
    # its models are pydantic: loaded here, not by the standings (a light command)
    from ..rules.prizes import Candidate, Prize, PrizeSettings, distribute, must_decrease

    s = section_settings(t)
    table = s.prizes
    if not table:
        raise OperationError(f"Aucune liste de prix définie pour {t.name}.")
    given = {k: v for k, v in s.prize_settings.items() if not k.startswith("_")}
    settings = PrizeSettings.model_validate(
        {**given, "strictly_decreasing": must_decrease(s.regulation, given)}
    )
    players = {p.id: p for p in service.store.players(t.id)}

    def candidate(pid: int, order: int, points: float, place: str) -> Candidate:
        p = players[pid]
        return Candidate(
            id=pid,
            order=order,
            points=points,
            rating=p.rating,
            sex=_sex(p),
            birth_date=p.birth_date,
            club=p.club,
            place=place,
        )

    paying: int | None = None
    fmt = format_of(t)
    groups = fmt.ranking_groups(service, t)  # places shared by groups (knockout, cup)
    order = fmt.prize_order(service, t)
    if order is not None:  # whole, all-different prizes (000): no two on one place
        candidates = [
            candidate(pid, i, -float(i), str(i))
            for i, pid in enumerate(order, start=1)
            if not players[pid].excluded
        ]  # an excluded player gets no prize: the next in line takes it
    elif groups is not None and fmt.by_teams:  # awards are by team id for a cup
        candidates = [
            Candidate(
                id=team_id,
                order=first * 10_000 + i,
                points=-float(first),
                place=_span(first, last),
            )
            for first, last, ids in groups
            for i, team_id in enumerate(ids)
        ]
    elif groups is not None:
        candidates = [
            candidate(pid, first * 10_000 + i, -float(first), _span(first, last))
            for first, last, ids in groups
            for i, pid in enumerate(ids)
            if not players[pid].excluded
        ]  # an excluded player gets no prize
    else:
        _codes, rows, _ = standings(service, t)
        candidates = [
            candidate(r.start, i, float(r.values["PTS"] or 0), r.place)
            for i, r in enumerate(rows, start=1)
        ]
        if settings.paying_threshold:
            paying = sum(1 for p in players.values() if p.paid)
    try:
        result = distribute(
            candidates, [Prize.model_validate(p) for p in table], settings, paying_entries=paying
        )
    except RuleError as exc:
        raise OperationError(exc.message) from None
    return result, players
