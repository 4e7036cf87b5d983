"""The round's clock board, as the Cadence pane and `arbitre cadence` show it: every
round's start and projected end (rules/schedule.py), the running round's clock lines
(started since, forfeit deadline, delay against the plan) and the games still playing.

Built once from the store's data and the time ``now``; each face renders it (the pane
repaints only ``clock_lines`` each second).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..rules.schedule import RoundPlan, Slot, project, short_stamp
from ..rules.settings import section_settings

if TYPE_CHECKING:
    from ..rules.models import StoredTournament
    from ..store.records import EventRecord
    from .reader import Reader


@dataclass(frozen=True, slots=True)
class ScheduleRow:
    """One round in the table: « ~ » marks a projected (not noted) time."""

    number: int
    stage: str
    cadence: str
    start: str
    end: str
    flag: str  # « après 23:00 ! » when the round ends after the latest allowed time


@dataclass(frozen=True, slots=True)
class PlayingGame:
    board: int
    white: str
    black: str


@dataclass(frozen=True)
class ClockBoard:
    """What the clock board shows of one section at ``now``."""

    section: str
    time_control: str  # « ronde 3 : 90 min + 30 s » (the last round paired), or ""
    paired: bool  # a round is paired (a start can be noted)
    latest: dt.time
    rows: list[ScheduleRow] = field(default_factory=list)
    running: int = 0  # the round being played (0: none)
    start: dt.datetime | None = None  # its noted start
    lateness: int = 0  # minutes late before a forfeit
    slot: Slot | None = None  # its slot on the schedule
    playing: list[PlayingGame] = field(default_factory=list)

    @property
    def title(self) -> str:
        return f"Cadence — {self.section}" + (
            f" — {self.time_control}" if self.time_control else ""
        )

    @property
    def playing_title(self) -> str:
        return (
            f"Parties en cours : {len(self.playing)}" if self.running else "Aucune ronde en cours"
        )

    def clock_lines(self, now: dt.datetime) -> list[str]:
        """The running round's clock at ``now``: the only lines that change each second."""
        if not self.running:
            return ["Pas de ronde en cours."]
        if self.start is None:
            return [f"Ronde {self.running} : heure de début non notée (d : la noter, hh:mm)."]
        elapsed = int((now - self.start).total_seconds())
        minutes, seconds = divmod(max(elapsed, 0), 60)
        if elapsed < 0:
            first = (
                f"Ronde {self.running} : début à {self.start:%H:%M} (dans {_hm(-elapsed // 60)})"
            )
        else:
            first = (
                f"Ronde {self.running} : début {self.start:%H:%M}, "
                f"en cours depuis {minutes} min {seconds:02d} s"
            )
        slot = self.slot
        if slot is not None and slot.end is not None:
            first += f" — fin prévue ~{short_stamp(slot.end, self.start.date())}"
        lines = [first]
        if self.lateness:
            deadline = self.start + dt.timedelta(minutes=self.lateness)
            left = int((deadline - now).total_seconds())
            if left > 0:
                lines.append(
                    f"Forfait à {deadline:%H:%M} (retard admis {self.lateness} min) — "
                    f"forfait dans {left // 60}:{left % 60:02d}"
                )
            else:
                lines.append(f"Forfait à {deadline:%H:%M} — délai passé")
        if slot is not None and slot.noted:
            delay = slot.delay_minutes
            planned = self.start - dt.timedelta(minutes=delay)
            sign = "+" if delay >= 0 else "−"
            lines.append(f"Sur le plan (début prévu {planned:%H:%M}) : {sign}{_hm(abs(delay))}")
        return lines


def _hm(minutes: int) -> str:
    return f"{minutes // 60} h {minutes % 60:02d}" if minutes >= 60 else f"{minutes} min"


def _days(ev: EventRecord) -> tuple[dt.date | None, dt.date | None]:
    """The event's first and last days (None when not given or unreadable)."""

    def day(value: object) -> dt.date | None:
        try:
            return dt.date.fromisoformat(str(value))
        except ValueError:
            return None

    return day(ev.get("start_date")), day(ev.get("end_date"))


def build(reader: Reader, t: StoredTournament, now: dt.datetime) -> ClockBoard:
    """The clock board of section ``t`` at ``now`` (a knockout still registering: the
    rounds its entries decide now, as `ko status` says)."""
    from ..operations.knockout import as_planned
    from .round_sheet import build as round_sheet

    t = as_planned(reader.service, t)

    rounds = {r.number: r for r in reader.rounds(t)}
    current = max(rounds.values(), key=lambda r: r.number) if rounds else None
    tc_now = current.time_control if current and current.time_control else None
    label = f"ronde {current.number} : {tc_now.label}" if current and tc_now else ""
    first_day, last_day = _days(reader.event())
    s = section_settings(t)
    if s.regulation != "002":
        last_day = first_day  # rounds day by day: regulation 002's opens only
    latest = dt.time.fromisoformat(s.latest_end) if s.latest_end else dt.time(23, 0)
    plans = []
    for n in range(1, t.rounds_planned + 1):
        tc, rnd = t.time_control(n), rounds.get(n)
        minutes = tc.expected_game_minutes() if tc else None
        plans.append(
            RoundPlan(n, minutes, rnd.start_time if rnd else None, bool(rnd and rnd.closed))
        )
    slots = project(
        plans,
        now,
        day_start=dt.time.fromisoformat(s.day_start) if s.day_start else None,
        break_minutes=s.break_minutes,
        latest_end=latest,
        first_day=first_day,
        last_day=last_day,
        lateness_minutes=s.lateness_minutes,
    )
    today = now.date()
    rows = []
    for slot in slots:
        tc = t.time_control(slot.number)
        rows.append(
            ScheduleRow(
                slot.number,
                t.stages.get(slot.number, ""),
                tc.short if tc else "—",
                ("" if slot.noted else "~") + short_stamp(slot.start, today) if slot.start else "",
                "~" + short_stamp(slot.end, today) if slot.end else "",
                f"après {latest:%H:%M} !" if slot.late_end else "",
            )
        )
    board = ClockBoard(t.name, label, current is not None, latest, rows)
    if current is None or current.closed:
        return board
    running = current.number
    playing = [
        PlayingGame(b.board, b.white.name, b.black.name)
        for b in round_sheet(reader, t, running).boards
        if b.black and b.result is None
    ]
    return ClockBoard(
        t.name,
        label,
        True,
        latest,
        rows,
        running,
        current.start_time,
        s.lateness_minutes,
        slots[running - 1] if running <= len(slots) else None,
        playing,
    )
