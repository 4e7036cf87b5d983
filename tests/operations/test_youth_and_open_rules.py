"""Regulation 003 play-offs and qualifiers; regulation 002 sections, fees, half-point byes."""

from __future__ import annotations

import datetime as dt

import pytest

from arbitre_tui.rules import open_models, open_rules, youth
from arbitre_tui.rules.models import Player, Title


@pytest.mark.parametrize(
    ("n", "exempt", "pairs"),
    [
        (2, [], [(1, 2)]),
        (3, [1], [(2, 3)]),
        (4, [], [(1, 4), (2, 3)]),
        (5, [1, 2, 3], [(4, 5)]),
        (6, [1, 2], [(3, 6), (4, 5)]),  # the README reads art. 6 "3 rencontre 4" as 4–5
        (7, [1], [(2, 7), (3, 6), (4, 5)]),
        (8, [], [(1, 8), (2, 7), (3, 6), (4, 5)]),
        (9, [1, 2, 3, 4, 5, 6, 7], [(8, 9)]),
    ],
)
def test_first_stage_of_each_bracket(
    n: int, exempt: list[int], pairs: list[tuple[int, int]]
) -> None:
    assert youth.playoff_stage(list(range(1, n + 1))) == (exempt, pairs)


def _winners(*played: tuple[int, int, int]) -> dict[frozenset[int], int]:
    return {frozenset((a, b)): w for a, b, w in played}


def test_three_way_tie() -> None:
    seeds = [11, 12, 13]
    assert youth.resolve(seeds, {}).pending == [(12, 13)]
    step = youth.resolve(seeds, _winners((12, 13, 13)))
    assert step.pending == [(11, 13)]  # the exempt best tie-break meets the winner
    done = youth.resolve(seeds, _winners((12, 13, 13), (11, 13, 13)))
    assert done.places == [13, 11, 12]  # the loser of the first match is third


def test_five_way_tie_barrage_then_four() -> None:
    seeds = [1, 2, 3, 4, 5]
    assert youth.resolve(seeds, {}).pending == [(4, 5)]
    w = _winners((4, 5, 5))
    assert youth.resolve(seeds, w).pending == [(1, 5), (2, 3)]  # 5 takes 4's place: 1–5, 2–3
    w |= _winners((1, 5, 1), (2, 3, 3))
    assert youth.resolve(seeds, w).pending == [(1, 3), (2, 5)]  # final and third place
    w |= _winners((1, 3, 3), (2, 5, 2))
    assert youth.resolve(seeds, w).places == [3, 1, 2, 5, 4]


def test_four_without_third_place_game_goes_back_to_tiebreaks() -> None:
    w = _winners((1, 4, 4), (2, 3, 2), (2, 4, 2))
    assert youth.resolve([1, 2, 3, 4], w, third_place_needed=False).places == [2, 4, 1, 3]


def test_level_mini_match_goes_to_the_better_tiebreak() -> None:
    assert youth.mini_match_winner(1, 2, 1.0, 1.0) == 1
    assert youth.mini_match_winner(1, 2, 0.5, 1.5) == 2


@pytest.mark.parametrize(
    ("seeded", "expected"), [(0, [1, 2, 3, 4]), (1, [1, 2, 3]), (2, [1, 2]), (3, [1, 2])]
)
def test_qualifiers(seeded: int, expected: list[int]) -> None:
    assert youth.qualifiers([1, 2, 3, 4, 5], seeded) == expected


A = open_rules.SectionRule(name="Open A", min_rating=1900)
B = open_rules.SectionRule(name="Open B", max_rating=1999)
C = open_rules.SectionRule(name="Open C", max_age=13, age_reference_year=2027)


def _player(**kw: object) -> Player:
    return Player(surname="Test", **kw)  # type: ignore[arg-type]


def test_sections() -> None:
    assert open_rules.section_fault(A, _player(rating_fide=1950)) is None
    assert open_rules.section_fault(B, _player(rating_fide=1950)) is None  # 1900–1999 choose
    assert "1850 < 1900" in (open_rules.section_fault(A, _player(rating_ffe=1850)) or "")
    assert "2050 > 1999" in (open_rules.section_fault(B, _player(rating_fide=2050)) or "")
    assert open_rules.section_fault(C, _player(birth_date=dt.date(2014, 3, 1))) is None
    assert "14 ans" in (open_rules.section_fault(C, _player(birth_date=dt.date(2012, 3, 1))) or "")
    assert "date de naissance" in (open_rules.section_fault(C, _player()) or "")


def test_fees_lowest_that_applies() -> None:
    fees = open_models.Fees()
    on = dt.date(2027, 7, 3)
    assert open_rules.fee(_player(birth_date=dt.date(1980, 1, 1)), fees, on) == (60, "adulte")
    assert open_rules.fee(_player(club="Échecs Club Ajaccien"), fees, on)[0] == 40
    assert (
        open_rules.fee(
            _player(club="Échecs Club Ajaccien", birth_date=dt.date(2010, 1, 1)), fees, on
        )[0]
        == 30
    )
    assert open_rules.fee(_player(title=Title.WIM), fees, on) == (0, "titré (WIM)")
    assert open_rules.fee(_player(title=Title.FM), fees, on)[0] == 60


def test_half_point_byes() -> None:
    assert open_rules.half_point_bye_fault(4, 2, 0) is None  # asked during round 3
    assert "Trop tard" in (open_rules.half_point_bye_fault(4, 3, 0) or "")
    assert "2 au plus" in (open_rules.half_point_bye_fault(5, 2, 2) or "")
    assert "ronde 8" in (open_rules.half_point_bye_fault(8, 2, 0) or "")
    assert "ronde 9" in (open_rules.half_point_bye_fault(9, 2, 0) or "")
