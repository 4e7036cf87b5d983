"""`arbitre display`: a read-only wall screen for a TV or projector.

Cycles through the current round's pairings, the standings and the QR code of the
section's page; follows the arbiters' entries within a second (SQLite data_version).
No key changes anything: ← → turn the pages, q quits.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import DataTable, Static

from ...operations import EventService
from ...rules.models import Tournament
from ...views.reader import Reader

VIEWS = ("appariements", "classement", "qr")


class DisplayApp(App[int]):
    CSS = """
    Screen { layout: vertical; background: black; }
    #title { height: 3; content-align: center middle; text-style: bold; background: $primary; }
    DataTable { height: 1fr; }
    DataTable > .datatable--header { text-style: bold; }
    #qr { width: auto; height: 1fr; content-align: center middle; }
    """
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "turn(1)", "Suivant", id="next-view"),
        Binding("left", "turn(-1)", "Précédent", id="previous-view"),
        Binding("q", "quit", "Quitter", id="quit-display"),
    ]

    def __init__(self, path: str | Path, section: str | None = None, seconds: float = 15) -> None:
        super().__init__()
        self.service = EventService(path, check=False)
        self.reader = Reader(self.service)
        self.section = section
        self.seconds = seconds
        self.view = 0
        self._version = -1

    @property
    def tournament(self) -> Tournament:
        return self.service.tournament(self.section)

    def compose(self) -> ComposeResult:
        yield Static("", id="title")
        yield DataTable(id="table", show_cursor=False, zebra_stripes=True)
        yield Static("", id="qr")

    def on_mount(self) -> None:
        self.refresh_view()
        self.set_interval(0.5, self._poll)
        if self.seconds > 0:
            self.set_interval(self.seconds, lambda: self.action_turn(1))

    def _poll(self) -> None:
        if self.reader.data_version() != self._version:
            self.refresh_view()

    def action_turn(self, step: int) -> None:
        self.view = (self.view + step) % len(VIEWS)
        self.refresh_view()

    def refresh_view(self) -> None:
        self._version = self.reader.data_version()
        t = self.tournament
        table = self.query_one(DataTable)
        qr = self.query_one("#qr", Static)
        title = self.query_one("#title", Static)
        table.clear(columns=True)
        view = VIEWS[self.view]
        table.display = view != "qr"
        qr.display = view == "qr"
        if view == "appariements":
            self._pairings(t, table, title)
        elif view == "classement":
            self._standings(t, table, title)
        else:
            from ...publish.qr import base_url, page_url
            from .qr import qr_text

            url = page_url(base_url(self.service), t.key)
            title.update(Text(f"{t.name} — résultats sur votre téléphone : {url}"))
            qr.update(qr_text(url))

    def _pairings(self, t: Tournament, table: DataTable[Text], title: Static) -> None:
        from ...views.round_sheet import build

        sheet = build(self.reader, t)
        if not sheet.number:
            title.update(Text(f"{t.name} — pas encore d'appariements"))
            return
        title.update(Text(f"{t.name} — ronde {sheet.number}"))
        table.add_columns("Éch.", "Blancs", "Résultat", "Noirs")
        for b in sheet.boards:
            table.add_row(
                Text(str(b.board)),
                Text(b.white.public),
                Text(b.result_label or b.bye_label),
                Text(b.black.public if b.black else ""),
            )

    def _standings(self, t: Tournament, table: DataTable[Text], title: Static) -> None:
        from ...operations.event import OperationError
        from ...views.standings import build

        try:
            view = build(self.reader, t)
        except OperationError:
            title.update(Text(f"{t.name} — classement après la ronde 0"))
            table.add_columns("Pl.", "Nom", "Pts")
            return
        title.update(Text(f"{t.name} — {view.title}"))
        if view.kind == "cup":
            table.add_columns("Tour", "Recevant", "Score", "Visiteur", "Vainqueur")
            for m in view.matches:
                table.add_row(
                    *map(Text, (str(m.round), m.home, m.score, m.away or "exempt", m.winner or ""))
                )
            return
        table.add_columns("Pl.", "Nom", *view.columns)
        for r in view.rows:
            table.add_row(Text(r.place), Text(r.player.public), *map(Text, r.shown))
