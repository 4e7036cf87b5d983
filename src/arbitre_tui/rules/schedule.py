"""The round's clock board: when each round starts and ends, from what is known now.

Pure: the Cadence pane, the wall display and the printouts ask this module, so a round's
projected end is computed once. A round whose start was noted starts then; the next one
starts a break after the previous projected end (never before now: a late round pushes
every later one); a multi-day event plays its rounds day by day from the day's first
start. An end after the latest allowed time (23:00 by default) is flagged, with its date
when it falls past midnight.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class RoundPlan:
    """What the schedule knows of one round."""

    number: int
    game_minutes: float | None  # expected length of a game at this round's time control
    start: dt.datetime | None = None  # noted by the arbiter
    closed: bool = False


@dataclass(frozen=True)
class Slot:
    """One round on the clock board."""

    number: int
    start: dt.datetime | None
    end: dt.datetime | None
    noted: bool  # the start was noted (not projected)
    playing: bool  # started, not closed
    closed: bool
    delay_minutes: int  # noted start against the start planned before the day began
    late_end: bool  # ends after the latest allowed time, or past midnight
    forfeit_at: dt.datetime | None  # when an absent player loses by forfeit

    def when(self, today: dt.date) -> str:
        """« 15:00 », or « sam. 27/06 15:00 » on another day."""
        return _stamp(self.start, today)

    def ends(self, today: dt.date) -> str:
        return _stamp(self.end, today)


_DAYS = ["lun.", "mar.", "mer.", "jeu.", "ven.", "sam.", "dim."]


def _stamp(moment: dt.datetime | None, today: dt.date) -> str:
    if moment is None:
        return ""
    if moment.date() == today:
        return f"{moment:%H:%M}"
    return f"{_DAYS[moment.weekday()]} {moment:%d/%m %H:%M}"


def short_stamp(moment: dt.datetime | None, today: dt.date) -> str:
    """A start or an end in a table, 11 columns at most so that the 23:00 flag fits 80
    columns (000 annex): « 23:24 » today, « dim. 00:34 » within the week, else
    « 04/07 15:00 » (an open over more than a week)."""
    if moment is None:
        return ""
    if moment.date() == today:
        return f"{moment:%H:%M}"
    if 0 < (moment.date() - today).days < 7:
        return f"{_DAYS[moment.weekday()]} {moment:%H:%M}"
    return f"{moment:%d/%m %H:%M}"


def rounds_per_day(rounds: int, first_day: dt.date | None, last_day: dt.date | None) -> int | None:
    """How many rounds a day a multi-day event plays (None: one day, back to back)."""
    if first_day is None or last_day is None or last_day <= first_day:
        return None
    days = (last_day - first_day).days + 1
    return max(1, math.ceil(rounds / days))


def project(
    plans: list[RoundPlan],
    now: dt.datetime,
    *,
    day_start: dt.time | None = None,
    break_minutes: int = 10,
    latest_end: dt.time = dt.time(23, 0),
    first_day: dt.date | None = None,
    last_day: dt.date | None = None,
    lateness_minutes: int = 0,
) -> list[Slot]:
    """Every round's start and end, re-projected from ``now``."""
    per_day = rounds_per_day(len(plans), first_day, last_day)
    first = first_day or now.date()
    planned = _planned_starts(plans, first, day_start, break_minutes, per_day)
    slots: list[Slot] = []
    cursor: dt.datetime | None = None  # the end of the round before
    gap = dt.timedelta(minutes=break_minutes)
    for index, plan in enumerate(plans):
        noted = plan.start is not None
        start = plan.start
        if start is None:
            start = _next_start(index, cursor, planned[index], now, gap, plan.closed, per_day)
        length = dt.timedelta(minutes=plan.game_minutes) if plan.game_minutes else None
        end = start + length if start and length else None
        playing = noted and not plan.closed
        if playing and end is not None and end < now:
            end = now  # games still going: the round ends no earlier than now
        delay = 0
        planned_start = planned[index]
        if plan.start is not None and planned_start is not None:
            delay = int((plan.start - planned_start).total_seconds() // 60)
        late = end is not None and end > _deadline(start or end, latest_end)
        forfeit = (
            start + dt.timedelta(minutes=lateness_minutes) if lateness_minutes and start else None
        )
        slots.append(
            Slot(plan.number, start, end, noted, playing, plan.closed, delay, late, forfeit)
        )
        cursor = end
    return slots


NIGHT_ENDS = dt.time(6, 0)


def _evening_of(moment: dt.datetime) -> dt.date:
    """The playing day a moment belongs to: before 06:00 it is still the night of the day
    before (000 annex: a round starting at 00:20 ends after 23:00 of its day too)."""
    if moment.time() < NIGHT_ENDS:
        return moment.date() - dt.timedelta(days=1)
    return moment.date()


def _deadline(moment: dt.datetime, latest_end: dt.time) -> dt.datetime:
    """The latest allowed end of the playing day ``moment`` belongs to; a latest end set
    in the small hours (« 01:00 ») is that of the night after the evening."""
    deadline = dt.datetime.combine(_evening_of(moment), latest_end)
    return deadline + dt.timedelta(days=1) if latest_end < NIGHT_ENDS else deadline


def _planned_starts(
    plans: list[RoundPlan],
    first_day: dt.date,
    day_start: dt.time | None,
    break_minutes: int,
    per_day: int | None,
) -> list[dt.datetime | None]:
    """The schedule as it stood before play: from the first day's start, back to back."""
    out: list[dt.datetime | None] = []
    cursor: dt.datetime | None = None
    gap = dt.timedelta(minutes=break_minutes)
    for index, plan in enumerate(plans):
        if per_day and index % per_day == 0 and day_start is not None:
            start: dt.datetime | None = dt.datetime.combine(
                first_day + dt.timedelta(days=index // per_day), day_start
            )
        elif cursor is not None:
            start = cursor + gap
        elif day_start is not None:
            start = dt.datetime.combine(first_day, day_start)
        else:
            start = None
        out.append(start)
        cursor = (
            start + dt.timedelta(minutes=plan.game_minutes) if start and plan.game_minutes else None
        )
    return out


def _next_start(
    index: int,
    cursor: dt.datetime | None,
    planned: dt.datetime | None,
    now: dt.datetime,
    gap: dt.timedelta,
    closed: bool,
    per_day: int | None,
) -> dt.datetime | None:
    """A round not started: a new day's first round keeps its day; else after the last one."""
    if per_day and index % per_day == 0 and planned is not None:
        after = cursor + gap if cursor else None
        return max(planned, after) if after else planned
    if cursor is not None:
        start = cursor + gap
        return start if closed else max(start, now)
    return planned


def parse_time(text: str, now: Callable[[], dt.time]) -> dt.time | None:
    """« 14:05 », « 14h05 », « 1405 », « 9 » ; empty: now. None when it is no time."""
    text = text.strip().lower().replace("h", ":")
    if not text:
        return now()
    if ":" in text:
        hours, _, minutes = text.partition(":")
    elif len(text) <= 2:
        hours, minutes = text, "0"
    else:
        hours, minutes = text[:-2], text[-2:]
    if not hours.isdigit() or not (minutes or "0").isdigit():
        return None
    h, m = int(hours), int(minutes or 0)
    if h > 23 or m > 59:
        return None
    return dt.time(h, m)
