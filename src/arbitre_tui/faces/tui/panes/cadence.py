"""Cadence: the round's clock board — start, forfeit deadline, games still playing,
delay against the plan, later rounds re-projected from now: views/clock_board.py builds
it (rules/schedule.py projects), this pane renders it."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from ....rules.models import StoredTournament
from .. import clock
from ..prompts import TimePrompt
from .base import TablePane

if TYPE_CHECKING:
    from ....operations import EventService
    from ....views.clock_board import ClockBoard


class CadencePane(TablePane):
    """The clock lines on top (repainted each second, no relayout), the rounds' table,
    then the games still playing (scrolls)."""

    TITLE = "Cadence"
    COLUMNS = ("Ronde", "Étape", "Cadence", "Début", "Fin prévue", "")
    EMPTY = "Aucune cadence définie."
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "round_start", "Début de ronde", id="round-start"),
    ]
    _tournament: StoredTournament | None = None
    _board: ClockBoard | None = None

    def body(self) -> ComposeResult:
        yield Static("", id="cadence-clock")
        yield from super().body()
        yield Static("", id="cadence-playing-title")
        with VerticalScroll(id="cadence-playing", can_focus=True):
            yield Static("", id="cadence-playing-list")

    def load(self, service: EventService, t: StoredTournament | None) -> None:
        self._service, self._tournament = service, t
        self._board = None
        if t is None:
            self.fill([])
            return
        from ....views.clock_board import build
        from ....views.reader import Reader

        board = self._board = build(Reader(service), t, clock.now())
        short = f"Cadence — {board.time_control}"
        # the time control in full on one line at 80 columns: the section is in the header
        self.set_title(self.fitting(board.title, short) if board.time_control else board.title)
        self.query_one("#cadence-playing-title", Static).update(Text(board.playing_title))
        lines = (f"{g.board:>4}  {g.white} – {g.black}" for g in board.playing)
        self.query_one("#cadence-playing-list", Static).update(Text("\n".join(lines)))
        self.fill(
            [
                (str(r.number), [r.number, r.stage, r.cadence, r.start, r.end, r.flag])
                for r in board.rows
            ]
        )
        self.tick()

    def tick(self) -> None:
        """Once a second, only these lines change (layout=False: no relayout)."""
        board = self._board
        text = board.clock_lines(clock.now()) if board else ["Pas de ronde en cours."]
        self.query_one("#cadence-clock", Static).update("\n".join(text), layout=False)

    def action_round_start(self) -> None:
        """The round's start: a clock time typed (« 14:05 »), or Entrée for now."""
        t = self._tournament
        if t is None:
            return
        if self._board is None or not self._board.paired:  # said now, not after the time
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
