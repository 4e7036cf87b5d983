"""The clock board's projection (rules/schedule.py): starts, ends, delays, late ends."""

from __future__ import annotations

import datetime as dt

from arbitre_tui.rules.schedule import RoundPlan, project, rounds_per_day

DAY = dt.date(2027, 6, 26)  # a Saturday


def at(hour: int, minute: int = 0, day: dt.date = DAY) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(hour, minute))


def test_one_day_back_to_back_from_the_day_start() -> None:
    plans = [RoundPlan(n, 60) for n in (1, 2, 3)]
    slots = project(plans, at(13), day_start=dt.time(14), break_minutes=10)
    assert [s.start for s in slots] == [at(14), at(15, 10), at(16, 20)]
    assert [s.end for s in slots] == [at(15), at(16, 10), at(17, 20)]
    assert not any(s.noted or s.late_end for s in slots)


def test_a_late_round_pushes_the_later_ones_from_now() -> None:
    plans = [RoundPlan(1, 60, start=at(14, 25)), RoundPlan(2, 60), RoundPlan(3, 60)]
    slots = project(plans, at(15, 40), day_start=dt.time(14), break_minutes=10)
    first = slots[0]
    assert first.noted and first.playing and first.delay_minutes == 25
    assert first.end == at(15, 40)  # games still playing: not before now
    assert slots[1].start == at(15, 50) and slots[2].start == at(17)


def test_next_round_after_a_closed_one_is_not_in_the_past() -> None:
    plans = [RoundPlan(1, 60, start=at(14), closed=True), RoundPlan(2, 60)]
    slots = project(plans, at(16, 30), day_start=dt.time(14), break_minutes=10)
    assert slots[1].start == at(16, 30)


def test_ends_after_23_00_and_past_midnight_are_flagged_with_their_date() -> None:
    plans = [RoundPlan(1, 180), RoundPlan(2, 180)]
    slots = project(plans, at(12), day_start=dt.time(20), break_minutes=10)
    assert slots[0].end == at(23) and not slots[0].late_end  # 23:00 itself is allowed
    assert slots[1].end == at(2, 10, DAY + dt.timedelta(days=1)) and slots[1].late_end
    assert slots[1].ends(DAY) == "dim. 27/06 02:10"
    assert slots[0].ends(DAY) == "23:00"


def test_multi_day_event_one_round_a_day() -> None:
    plans = [RoundPlan(n, 240) for n in range(1, 10)]
    last = DAY + dt.timedelta(days=8)
    slots = project(plans, at(9), day_start=dt.time(15), first_day=DAY, last_day=last)
    assert [s.start for s in slots] == [at(15, day=DAY + dt.timedelta(days=k)) for k in range(9)]
    assert slots[8].when(DAY) == "dim. 04/07 15:00"


def test_multi_day_event_with_fewer_days_doubles_rounds() -> None:
    assert rounds_per_day(9, DAY, DAY + dt.timedelta(days=6)) == 2
    assert rounds_per_day(9, DAY, DAY) is None
    plans = [RoundPlan(n, 120) for n in range(1, 10)]
    slots = project(
        plans, at(9), day_start=dt.time(10), first_day=DAY, last_day=DAY + dt.timedelta(days=6)
    )
    assert slots[0].start == at(10) and slots[1].start == at(12, 10)
    assert slots[2].start == at(10, day=DAY + dt.timedelta(days=1))


def test_forfeit_deadline_is_a_clock_time() -> None:
    plans = [RoundPlan(1, 60, start=at(14, 5))]
    slot = project(plans, at(14, 10), lateness_minutes=30)[0]
    assert slot.forfeit_at == at(14, 35)


def test_no_day_start_and_nothing_noted_projects_nothing() -> None:
    slots = project([RoundPlan(1, 60), RoundPlan(2, 60)], at(10))
    assert slots[0].start is None and slots[1].start is None


def test_a_latest_end_in_the_small_hours_is_that_nights() -> None:
    """Issue 30.4: an organiser's latest end of « 01:00 » flags only what ends after 01:00
    of the night following the evening (not every round, 01:00 of the morning before)."""
    day = dt.date(2027, 6, 26)
    at = dt.datetime.combine(day, dt.time(20, 0))
    plans = [RoundPlan(1, 180), RoundPlan(2, 60)]  # 20:00–23:00, 23:10–00:10
    slots = project(plans, at, day_start=dt.time(20), latest_end=dt.time(1, 0), first_day=day)
    assert [s.late_end for s in slots] == [False, False]
    slots = project(plans, at, day_start=dt.time(22), latest_end=dt.time(1, 0), first_day=day)
    assert [s.late_end for s in slots] == [False, True]  # 22:00–01:00, 01:10–02:10
