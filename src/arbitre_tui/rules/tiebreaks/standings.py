"""A ranking by points then tie-breaks, with direct encounter (Art. 6) inside tied groups."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .calculator import Calculator
from .codes import Code, parse_code
from .crosstable import Crosstable

if TYPE_CHECKING:
    from fractions import Fraction


@dataclass
class StandingRow:
    start: int
    rank: int
    shared_to: int
    values: dict[str, float | int | None]

    @property
    def place(self) -> str:
        return str(self.rank) if self.shared_to == self.rank else f"{self.rank}–{self.shared_to}"


def _ascending(code: str) -> bool:
    """DE (a rank inside the tied group, 1 is best) and TPN (7.8) sort ascending, and a
    code reversed by ``R`` (RTNG/R: lowest rating first); every other larger first."""
    spec = parse_code(code)
    return (spec.base in ("DE", "TPN")) != spec.reverse


def _sort_value(v: float | int | None, ascending: bool) -> float:
    """Larger is better, except a code sorting ascending (:func:`_ascending`).

    No value (a tie-break dropped, no game) sorts last, or first when ascending, as in
    FIDE's reference checker."""
    if v is None:
        return float("inf") if ascending else float("-inf")
    return -float(v) if ascending else float(v)


def standings(
    table: Crosstable, codes: Sequence[str], unrated_rating: int | None = None
) -> list[StandingRow]:
    """Rank by points then each tie-break in order; equal on all: shared place.

    DE (direct encounter, C.07 6) is computed inside each group still tied on every
    criterion before it: the rank within the group by points scored in the games among
    them, when all of them have met and it separates someone; otherwise 0 (still tied).
    """
    calc = Calculator(table, unrated_rating)
    codes = [c.upper() for c in codes]
    if not codes or codes[0] != "PTS":
        codes = ["PTS", *codes]
    comps = table.competitors
    values: dict[int, dict[str, float | int | None]] = {s: {} for s in comps}
    for i, code in enumerate(codes):
        spec = parse_code(code)
        if spec.base == "DE":
            _direct_encounter(table, values, codes[:i], spec)
            continue
        value = calc.value
        for start, comp in comps.items():
            values[start][code] = value(spec, comp)
    # each competitor's values in the codes' order, once: sorted by, then grouped by
    row = {s: tuple(values[s][c] for c in codes) for s in comps}
    ascending = [_ascending(c) for c in codes]
    order = sorted(
        comps,
        key=lambda s: (
            tuple(-_sort_value(v, a) for v, a in zip(row[s], ascending, strict=True)),
            s,
        ),
    )
    rows: list[StandingRow] = []
    i = 0
    while i < len(order):
        j = i
        key = row[order[i]]
        while j + 1 < len(order) and row[order[j + 1]] == key:
            j += 1
        for k in range(i, j + 1):
            rows.append(StandingRow(order[k], i + 1, j + 1, values[order[k]]))
        i = j + 1
    return rows


def _direct_encounter(
    table: Crosstable,
    values: dict[int, dict[str, float | int | None]],
    before: Sequence[str],
    spec: Code,
) -> None:
    """DE (C.07 6) for each group still tied on every criterion before it.

    The value is the rank inside the group (1 is best, equals share), or 0 for everyone
    when the encounters separate nobody (and for a participant alone).
    """
    groups: dict[tuple[float | int | None, ...], list[int]] = {}
    for start in table.competitors:
        groups.setdefault(tuple(values[start][c] for c in before), []).append(start)
    for members in groups.values():
        ranks = _encounter_ranks(table, sorted(members), 1, spec) if len(members) > 1 else {}
        separated = len(set(ranks.values())) > 1
        for m in members:
            values[m][spec.text] = ranks[m] if separated else 0


def _encounter_ranks(
    table: Crosstable, members: list[int], first: int, spec: Code
) -> dict[int, int]:
    """Ranks from ``first`` among tied ``members``; 6.2: each sub-tie is examined again
    among its own members, as long as the previous pass separated someone."""
    ranks = _encounter_pass(table, members, first, spec)
    if len(set(ranks.values())) == 1:
        return ranks
    for rank in sorted(set(ranks.values())):
        subgroup = [m for m in members if ranks[m] == rank]
        if len(subgroup) > 1:
            ranks.update(_encounter_ranks(table, subgroup, rank, spec))
    return ranks


def _encounter_pass(
    table: Crosstable, members: list[int], first: int, spec: Code
) -> dict[int, int]:
    """One pass of Article 6 over one tied group.

    6.1.1: in a Swiss event only games played over the board count (a round robin's
    forfeits are games, 15.2; ``P`` counts them in a Swiss too); 6.1.2: several games
    against one opponent count as their average. 6.2 when everyone has met everyone
    (always, in a round robin, unless ``S`` treats it as a Swiss; never under ``S``, as
    the reference checker has it); otherwise 6.3: from the top, a participant is ranked
    alone only if their score among the group beats what any one below could still
    reach by winning every missing game.
    """
    from fractions import Fraction  # DE only: not loaded by every standings

    group = set(members)
    scored: dict[int, Fraction] = {}
    best: dict[int, Fraction] = {}
    forfeits = spec.forfeits_as_games(table.round_robin)
    complete = not spec.as_swiss
    for m in members:
        games: dict[int, list[Fraction]] = {}
        for e in table.competitors[m].entries:
            counts = bool(e.opponent) if forfeits else e.played
            if counts and e.opponent in group:
                games.setdefault(e.opponent, []).append(Fraction(str(e.points)))
        scored[m] = sum((Fraction(sum(g), len(g)) for g in games.values()), Fraction(0))
        missing = len(members) - 1 - len(games)
        best[m] = scored[m] + missing * Fraction(str(table.win))
        complete = complete and (table.round_robin or missing == 0)
    ranks: dict[int, int] = {}
    if complete:
        order = sorted(members, key=lambda m: (-scored[m], m))
        for i, m in enumerate(order):
            same = i > 0 and scored[m] == scored[order[i - 1]]
            ranks[m] = ranks[order[i - 1]] if same else first + i
        return ranks
    order = sorted(members, key=lambda m: (-scored[m], -best[m], m))
    rank, alone = first, True
    for i, m in enumerate(order):
        if i > 0:
            alone = alone and scored[order[i - 1]] > max(best[o] for o in order[i:])
            rank = first + i if alone else rank
        ranks[m] = rank
    return ranks
