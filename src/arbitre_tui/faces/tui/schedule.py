"""The day's timetable as the Cadence pane shows it: planned, started, re-projected.

Pure arithmetic on clock times (no Textual, no store), so it is tested on its own.
A round's end is its start plus the expected length of a game at its time control;
the next round starts a break later — or, in an event of several days with no more
rounds than days (regulation 002), on the next day at the same hour. A round still
being played pushes the later ones: they are re-projected from now.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

LATEST = dt.time(23, 0)  # later than this, an end is flagged (past midnight too)
DAYS = ("lun.", "mar.", "mer.", "jeu.", "ven.", "sam.", "dim.")


@dataclass(frozen=True)
class Slot:
    """One round of the timetable."""

    number: int
    start: dt.datetime | None
    end: dt.datetime | None
    recorded: bool  # the start was noted (not projected)
    late: bool  # ends after the latest hour, or on a later day

    def flag(self, latest: dt.time = LATEST) -> str:
        return f"après {latest:%H:%M} !" if self.late else ""


def when(moment: dt.datetime | None, base: dt.date | None = None, projected: bool = True) -> str:
    """« ~14:05 », with the day when it is not ``base`` (« ~00:35 dim. 17/01 »)."""
    if moment is None:
        return ""
    text = f"{'~' if projected else ''}{moment:%H:%M}"
    if base is not None and moment.date() != base:
        text += f" {DAYS[moment.weekday()]} {moment:%d/%m}"
    return text


def timetable(
    rounds: int,
    minutes: Callable[[int], float | None],
    starts: dict[int, dt.datetime],
    *,
    first_day: dt.date,
    day_start: dt.time | None,
    days: int = 1,
    gap: dt.timedelta = dt.timedelta(minutes=10),
    running: int | None = None,
    now: dt.datetime | None = None,
    latest: dt.time = LATEST,
) -> list[Slot]:
    """Every round's start and end.

    ``minutes(n)``: the expected length of round n (None: no time control known);
    ``starts``: the starts noted; ``running``: the round being played, whose late end
    pushes the later rounds from ``now``. Without ``running`` and ``now`` it is the
    plan the delays are measured against.
    """
    one_a_day = days > 1 and rounds <= days
    hour = day_start
    if one_a_day and starts:
        hour = starts[max(starts)].time()
    slots: list[Slot] = []
    previous_end: dt.datetime | None = None
    for n in range(1, rounds + 1):
        recorded = n in starts
        start: dt.datetime | None
        if recorded:
            start = starts[n]
        elif one_a_day:
            start = (
                dt.datetime.combine(first_day + dt.timedelta(days=n - 1), hour) if hour else None
            )
        elif previous_end is not None:
            start = previous_end + gap
        elif n == 1 and day_start is not None:
            start = dt.datetime.combine(first_day, day_start)
        else:
            start = None
        length = minutes(n)
        end = start + dt.timedelta(minutes=length) if start and length is not None else None
        if end is not None and n == running and now is not None and now > end:
            end = now  # still playing past its expected end: the next ones move
        late = (
            end is not None
            and start is not None
            and (end.date() > start.date() or end.time() > latest)
        )
        slots.append(Slot(n, start, end, recorded, late))
        previous_end = end
    return slots
