"""Cadence: the round's clock board — start, forfeit deadline, games still playing,
delay against the plan, later rounds re-projected from now (rules/schedule.py)."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from ....rules.models import Tournament
from ....rules.schedule import RoundPlan, Slot, project
from ....rules.settings import section_settings
from .. import clock
from ..prompts import TimePrompt
from .base import TablePane

if TYPE_CHECKING:
    from ....operations import EventService
    from ....views.reader import Reader


def _hm(minutes: int) -> str:
    return f"{minutes // 60} h {minutes % 60:02d}" if minutes >= 60 else f"{minutes} min"


_DAYS = ("lun.", "mar.", "mer.", "jeu.", "ven.", "sam.", "dim.")


def _short(moment: dt.datetime | None, today: dt.date) -> str:
    """A start or an end in the table, 11 columns at most so that the 23:00 flag fits
    80 columns (000 annex): « 23:24 » today, « dim. 00:34 » within the week, else
    « 04/07 15:00 » (an open over more than a week)."""
    if moment is None:
        return ""
    if moment.date() == today:
        return f"{moment:%H:%M}"
    if 0 < (moment.date() - today).days < 7:
        return f"{_DAYS[moment.weekday()]} {moment:%H:%M}"
    return f"{moment:%d/%m %H:%M}"


class CadencePane(TablePane):
    """The clock lines on top (repainted each second, no relayout), the rounds' table,
    then the games still playing (scrolls)."""

    TITLE = "Cadence"
    COLUMNS = ("Ronde", "Étape", "Cadence", "Début", "Fin prévue", "")
    EMPTY = "Aucune cadence définie."
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "round_start", "Début de ronde", id="round-start"),
    ]
    _tournament: Tournament | None = None

    def body(self) -> ComposeResult:
        yield Static("", id="cadence-clock")
        yield from super().body()
        yield Static("", id="cadence-playing-title")
        with VerticalScroll(id="cadence-playing", can_focus=True):
            yield Static("", id="cadence-playing-list")

    def load(self, service: EventService, t: Tournament | None) -> None:
        self._service, self._tournament = service, t
        self._start: dt.datetime | None = None
        self._number = 0
        self._paired = False
        self._lateness = 0
        self._open_boards: list[int] = []
        self._slot: Slot | None = None
        if t is None or t.id is None:
            self.fill([])
            return
        from ....views.reader import Reader

        reader = Reader(service)
        rounds = {r.number: r for r in reader.rounds(t)}
        current = max(rounds.values(), key=lambda r: r.number) if rounds else None
        self._paired = current is not None
        running = current.number if current and not current.closed else None
        tc_now = current.time_control if current and current.time_control else None
        now = f"ronde {current.number} : {tc_now.label}" if current and tc_now else ""
        title = f"Cadence — {t.name}" + (f" — {now}" if now else "")
        # the time control in full on one line at 80 columns: the section is in the header
        self.set_title(self.fitting(title, f"Cadence — {now}") if now else title)
        ev = reader.event()
        first_day, last_day = self._days(ev)
        s = section_settings(t)
        if s.regulation != "002":
            last_day = first_day  # rounds day by day: regulation 002's opens only
        day = s.day_start
        latest_text = s.latest_end or ""
        self._latest = dt.time.fromisoformat(latest_text) if latest_text else dt.time(23, 0)
        plans = []
        for n in range(1, t.rounds_planned + 1):
            tc, rnd = t.time_control(n), rounds.get(n)
            plans.append(
                RoundPlan(
                    n,
                    tc.expected_game_minutes() if tc else None,
                    rnd.start_time if rnd else None,
                    bool(rnd and rnd.closed),
                )
            )
        slots = project(
            plans,
            clock.now(),
            day_start=dt.time.fromisoformat(day) if day else None,
            break_minutes=s.break_minutes,
            latest_end=self._latest,
            first_day=first_day,
            last_day=last_day,
            lateness_minutes=s.lateness_minutes,
        )
        today = clock.now().date()
        rows: list[tuple[str, list[Any]]] = []
        for slot in slots:
            tc = t.time_control(slot.number)
            rows.append(
                (
                    str(slot.number),
                    [
                        slot.number,
                        t.stages.get(slot.number, ""),
                        tc.short if tc else "—",
                        ("" if slot.noted else "~") + _short(slot.start, today)
                        if slot.start
                        else "",
                        "~" + _short(slot.end, today) if slot.end else "",
                        f"après {self._latest:%H:%M} !" if slot.late_end else "",
                    ],
                )
            )
        if running is not None and current is not None:
            self._number = running
            self._start = current.start_time
            self._lateness = s.lateness_minutes
            self._slot = slots[running - 1] if running <= len(slots) else None
            self._show_playing(reader, t, running)
        else:
            self._show_playing(reader, t, 0)
        self.fill(rows)
        self.tick()

    @staticmethod
    def _days(ev: dict[str, Any]) -> tuple[dt.date | None, dt.date | None]:
        """The event's first and last days (None when not given)."""

        def day(value: object) -> dt.date | None:
            try:
                return dt.date.fromisoformat(str(value))
            except ValueError:
                return None

        return day(ev.get("start_date")), day(ev.get("end_date"))

    def _show_playing(self, reader: Reader, t: Tournament, number: int) -> None:
        """Games with no result yet, one per line (the list scrolls)."""
        from ....views.round_sheet import build

        lines: list[str] = []
        if number:
            for b in build(reader, t, number).boards:
                if b.black and b.result is None:
                    self._open_boards.append(b.board)
                    lines.append(f"{b.board:>4}  {b.white.name} – {b.black.name}")
        title = self.query_one("#cadence-playing-title", Static)
        title.update(
            Text(f"Parties en cours : {len(lines)}" if number else "Aucune ronde en cours")
        )
        self.query_one("#cadence-playing-list", Static).update(Text("\n".join(lines)))

    def tick(self) -> None:
        """Once a second, only these lines change (layout=False: no relayout)."""
        line = self.query_one("#cadence-clock", Static)
        if not self._number:
            line.update("Pas de ronde en cours.", layout=False)
            return
        if self._start is None:
            line.update(
                f"Ronde {self._number} : heure de début non notée (d : la noter, hh:mm).",
                layout=False,
            )
            return
        now = clock.now()
        elapsed = int((now - self._start).total_seconds())
        minutes, seconds = divmod(max(elapsed, 0), 60)
        if elapsed < 0:
            first = (
                f"Ronde {self._number} : début à {self._start:%H:%M} (dans {_hm(-elapsed // 60)})"
            )
        else:
            first = (
                f"Ronde {self._number} : début {self._start:%H:%M}, "
                f"en cours depuis {minutes} min {seconds:02d} s"
            )
        slot = self._slot
        if slot is not None and slot.end is not None:
            first += f" — fin prévue ~{_short(slot.end, self._start.date())}"
        lines = [first]
        if self._lateness:
            deadline = self._start + dt.timedelta(minutes=self._lateness)
            left = int((deadline - now).total_seconds())
            if left > 0:
                lines.append(
                    f"Forfait à {deadline:%H:%M} (retard admis {self._lateness} min) — "
                    f"forfait dans {left // 60}:{left % 60:02d}"
                )
            else:
                lines.append(f"Forfait à {deadline:%H:%M} — délai passé")
        if slot is not None and slot.noted:
            delay = slot.delay_minutes
            planned = self._start - dt.timedelta(minutes=delay)
            sign = "+" if delay >= 0 else "−"
            lines.append(f"Sur le plan (début prévu {planned:%H:%M}) : {sign}{_hm(abs(delay))}")
        line.update("\n".join(lines), layout=False)

    def action_round_start(self) -> None:
        """The round's start: a clock time typed (« 14:05 »), or Entrée for now."""
        t = self._tournament
        if t is None:
            return
        if not self._paired:  # said now, not after the time is typed
            self.refuse(f"{t.name} : aucune ronde appariée, pas de début à noter.")
            return
        key = t.key

        def record(at: dt.time) -> None:
            start = dt.datetime.combine(clock.now().date(), at)
            self.run(
                lambda s: s.set_round_start(key, start),
                done=f"Début de ronde noté : {start:%H:%M} ({t.name})",
            )

        self.ask(
            TimePrompt(
                "Début de la ronde à (hh:mm) :",
                record,
                now=lambda: clock.now().time().replace(second=0),
                on_cancel=self.cancelled,
            )
        )
