"""Cadence: the round's clock board — time controls, start, projected ends."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from ....rules.models import Tournament
from .. import clock
from ..prompts import TimePrompt
from .base import TablePane

if TYPE_CHECKING:
    from ....operations import EventService


class CadencePane(TablePane):
    """Cadence: time control per round, projected times, the current round's clock."""

    TITLE = "Cadence"
    COLUMNS = ("Ronde", "Étape", "Cadence", "Début", "Fin prévue", "")
    EMPTY = "Aucune cadence définie."
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "round_start", "Début de ronde", id="round-start"),
    ]

    def body(self) -> ComposeResult:
        yield Static("", id="cadence-clock")
        yield from super().body()

    def load(self, service: EventService, t: Tournament | None) -> None:
        self._service, self._tournament = service, t
        self._start: dt.datetime | None = None
        self._lateness = 0
        self._open_boards: list[int] = []
        if t is None or t.id is None:
            self.fill([])
            return
        self.set_title(f"Cadence — {t.name}")
        rounds = {r.number: r for r in service.store.rounds(t.id)}
        latest = str(t.settings.get("latest_end", ""))
        gap = dt.timedelta(minutes=int(t.settings.get("break_minutes", 10)))
        cursor: dt.datetime | None = None
        day = t.settings.get("day_start")
        rows: list[tuple[str, list[Any]]] = []
        for n in range(1, t.rounds_planned + 1):
            tc = t.time_control(n)
            rnd = rounds.get(n)
            start = rnd.start_time if rnd and rnd.start_time else None
            if start is None and cursor is not None:
                start = cursor + gap
            elif start is None and n == 1 and day:
                start = dt.datetime.combine(clock.now().date(), dt.time.fromisoformat(str(day)))
            end = start + dt.timedelta(minutes=tc.expected_game_minutes()) if start and tc else None
            cursor = end
            warn = ""
            if end is not None and latest and end.strftime("%H:%M") > latest:
                warn = f"après {latest} !"
            projected = "" if rnd and rnd.start_time else "~"
            rows.append(
                (
                    str(n),
                    [
                        n,
                        t.stages.get(n, ""),
                        tc.label if tc else "—",
                        f"{projected}{start:%H:%M}" if start else "",
                        f"~{end:%H:%M}" if end else "",
                        warn,
                    ],
                )
            )
        current = max(rounds.values(), key=lambda r: r.number) if rounds else None
        if current and not current.closed:
            self._start = current.start_time
            self._lateness = int(t.settings.get("lateness_minutes", 0))
            assert current.id is not None
            self._open_boards = [
                g.board for g in service.store.games(current.id) if g.black_id and g.result is None
            ]
        self.fill(rows)
        self.tick()

    def tick(self) -> None:
        """Once a second, only this line changes (layout=False: no relayout)."""
        line = self.query_one("#cadence-clock", Static)
        if self._start is None:
            line.update("Ronde en cours : heure de début non notée (touche d).", layout=False)
            return
        elapsed = clock.now() - self._start
        minutes, seconds = divmod(int(elapsed.total_seconds()), 60)
        text = f"Ronde en cours depuis {minutes} min {seconds:02d} s"
        if self._lateness:
            left = self._lateness * 60 - int(elapsed.total_seconds())
            if left > 0:
                text += f" — forfait dans {left // 60}:{left % 60:02d}"
            elif self._open_boards:
                boards = ", ".join(map(str, self._open_boards[:10]))
                text += f" — délai passé ; sans résultat : {boards}"
        line.update(text, layout=False)

    def action_round_start(self) -> None:
        """The round's start: a clock time typed (« 14:05 »), or Entrée for now."""
        t = self._tournament
        if t is None:
            return
        key = t.key

        def record(when: dt.time) -> None:
            start = dt.datetime.combine(clock.now().date(), when)
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
