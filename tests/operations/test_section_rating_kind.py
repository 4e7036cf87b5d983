"""A rating kind per section (issue 50.1): the cadence's by FIDE's definitions (Laws of
Chess A.1: rapid more than 10 and less than 60 minutes, increments × 60 moves counted;
B.1: blitz 10 minutes or less), unless the setting rating_kind says otherwise."""

from __future__ import annotations

import pytest

from arbitre_tui.operations.rating_lists import kind_of
from arbitre_tui.rules.models import System, TimeControl, Tournament


def section(minutes: int, increment: int, **settings: object) -> Tournament:
    tc = TimeControl(base_minutes=minutes, increment_seconds=increment)
    return Tournament(key="s", name="S", system=System.SWISS, rounds_planned=7,
                      time_controls={1: tc}, settings=dict(settings))  # fmt: skip


@pytest.mark.parametrize(
    ("minutes", "increment", "kind"),
    [(90, 30, "standard"), (50, 10, "standard"), (45, 10, "rapid"), (12, 3, "rapid"),
     (10, 1, "rapid"), (10, 0, "blitz"), (5, 3, "blitz"), (3, 2, "blitz")],
)  # fmt: skip
def test_the_cadence_says_the_rating(minutes: int, increment: int, kind: str) -> None:
    assert kind_of(section(minutes, increment)) == kind


def test_the_setting_wins_over_the_cadence() -> None:
    assert kind_of(section(90, 30, rating_kind="rapid")) == "rapid"
    assert kind_of(section(12, 3, rating_kind="standard")) == "standard"
