"""The Cadence pane's timetable: ends after 23:00 flagged with their day, one round a
day in a multi-day open, later rounds re-projected from now (issue 14)."""

from __future__ import annotations

import datetime as dt

from arbitre_tui.faces.tui.schedule import timetable, when

DAY = dt.date(2027, 1, 16)


def _two_hours(_n: int) -> float:
    return 120.0


def test_an_evening_that_ends_past_midnight_is_flagged_with_the_date() -> None:
    slots = timetable(
        3, _two_hours, {}, first_day=DAY, day_start=dt.time(19, 0), gap=dt.timedelta(0)
    )
    assert [when(s.end, DAY) for s in slots] == ["~21:00", "~23:00", "~01:00 dim. 17/01"]
    assert [s.late for s in slots] == [False, False, True]
    assert slots[2].flag() == "après 23:00 !"


def test_an_end_after_23_00_the_same_day_is_flagged() -> None:
    slots = timetable(1, lambda _n: 250.0, {}, first_day=DAY, day_start=dt.time(19, 0))
    assert slots[0].late and when(slots[0].end, DAY) == "~23:10"


def test_one_round_a_day_in_a_multi_day_open() -> None:
    starts = {1: dt.datetime(2027, 7, 3, 14, 30)}
    slots = timetable(9, _two_hours, starts, first_day=dt.date(2027, 7, 3), day_start=None, days=9)
    assert [s.start for s in slots][:3] == [
        dt.datetime(2027, 7, 3, 14, 30),
        dt.datetime(2027, 7, 4, 14, 30),
        dt.datetime(2027, 7, 5, 14, 30),
    ]
    assert slots[0].recorded and not slots[1].recorded


def test_a_round_running_late_pushes_the_next_ones_from_now() -> None:
    starts = {1: dt.datetime(2027, 1, 16, 9, 0)}
    now = dt.datetime(2027, 1, 16, 11, 30)  # expected end 11:00, still playing
    slots = timetable(
        2, _two_hours, starts, first_day=DAY, day_start=dt.time(9, 0), running=1, now=now
    )
    assert slots[0].end == now
    assert slots[1].start == now + dt.timedelta(minutes=10)
    plan = timetable(2, _two_hours, {}, first_day=DAY, day_start=dt.time(9, 0))
    assert plan[1].start == dt.datetime(2027, 1, 16, 11, 10)
