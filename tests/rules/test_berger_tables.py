"""Berger tables against the FIDE C.05 tables."""

from __future__ import annotations

import itertools

import pytest

from arbitre_tui.rules.errors import RuleError
from arbitre_tui.rules.roundrobin import berger_round, berger_schedule, youth_format

# C.05 Annex 1, as published (rounds in order, boards in order).
C05 = {
    4: ["1-4 2-3", "4-3 1-2", "2-4 3-1"],
    6: ["1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"],
    8: [
        "1-8 2-7 3-6 4-5",
        "8-5 6-4 7-3 1-2",
        "2-8 3-1 4-7 5-6",
        "8-6 7-5 1-4 2-3",
        "3-8 4-2 5-1 6-7",
        "8-7 1-6 2-5 3-4",
        "4-8 5-3 6-2 7-1",
    ],
    10: [
        "1-10 2-9 3-8 4-7 5-6",
        "10-6 7-5 8-4 9-3 1-2",
        "2-10 3-1 4-9 5-8 6-7",
        "10-7 8-6 9-5 1-4 2-3",
        "3-10 4-2 5-1 6-9 7-8",
        "10-8 9-7 1-6 2-5 3-4",
        "4-10 5-3 6-2 7-1 8-9",
        "10-9 1-8 2-7 3-6 4-5",
        "5-10 6-4 7-3 8-2 9-1",
    ],
    12: [
        "1-12 2-11 3-10 4-9 5-8 6-7",
        "12-7 8-6 9-5 10-4 11-3 1-2",
        "2-12 3-1 4-11 5-10 6-9 7-8",
        "12-8 9-7 10-6 11-5 1-4 2-3",
        "3-12 4-2 5-1 6-11 7-10 8-9",
        "12-9 10-8 11-7 1-6 2-5 3-4",
        "4-12 5-3 6-2 7-1 8-11 9-10",
        "12-10 11-9 1-8 2-7 3-6 4-5",
        "5-12 6-4 7-3 8-2 9-1 10-11",
        "12-11 1-10 2-9 3-8 4-7 5-6",
        "6-12 7-5 8-4 9-3 10-2 11-1",
    ],
}


def _parse(text: str) -> list[tuple[int, int]]:
    return [(int(a), int(b)) for a, b in (pair.split("-") for pair in text.split())]


@pytest.mark.parametrize("n", sorted(C05))
def test_matches_c05_tables(n: int) -> None:
    assert berger_schedule(n) == [_parse(r) for r in C05[n]]
    assert berger_schedule(n - 1) == [_parse(r) for r in C05[n]]  # odd: highest number is the bye


@pytest.mark.parametrize("players", range(3, 25))
def test_every_pair_meets_once_and_colours_balance(players: int) -> None:
    schedule = berger_schedule(players)
    n = players + players % 2
    met = [tuple(sorted(p)) for rnd in schedule for p in rnd]
    assert sorted(met) == sorted(itertools.combinations(range(1, n + 1), 2))
    whites = {p: sum(1 for rnd in schedule for w, _ in rnd if w == p) for p in range(1, n + 1)}
    assert max(whites.values()) - min(whites.values()) <= 1


def test_double_round_robin_reverses_colours_and_swaps_last_two() -> None:
    single = berger_schedule(6)
    double = berger_schedule(6, cycles=2)
    assert len(double) == 10
    assert double[3] == single[4] and double[4] == single[3]
    assert double[5] == [(b, w) for w, b in double[0]]


def test_errors() -> None:
    with pytest.raises(RuleError):
        berger_schedule(25)
    with pytest.raises(RuleError):
        berger_round(6, 6)


@pytest.mark.parametrize(
    ("entries", "expected"),
    [
        (6, ("round_robin", 5)),
        (8, ("round_robin", 7)),
        (9, ("swiss", 5)),
        (14, ("swiss", 5)),
        (15, ("swiss", 7)),
        (20, ("swiss", 7)),
        (7, ("round_robin", 7)),
    ],
)
def test_youth_format(entries: int, expected: tuple[str, int]) -> None:
    assert youth_format(entries) == expected
