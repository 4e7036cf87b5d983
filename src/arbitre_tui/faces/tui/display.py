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
        if self.service.store.data_version() != self._version:
            self.refresh_view()

    def action_turn(self, step: int) -> None:
        self.view = (self.view + step) % len(VIEWS)
        self.refresh_view()

    def refresh_view(self) -> None:
        self._version = self.service.store.data_version()
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
        from ...publish.labels import public_name

        rnd = self.service.current_round(t)
        if rnd is None or rnd.id is None:
            title.update(Text(f"{t.name} — pas encore d'appariements"))
            return
        title.update(Text(f"{t.name} — ronde {rnd.number}"))
        players = {p.id: p for p in self.service.store.players(t.id or 0)}
        table.add_columns("Éch.", "Blancs", "Résultat", "Noirs")
        for g in self.service.store.games(rnd.id):
            result = g.result.label if g.result else (g.bye.label if g.bye else "")
            black = public_name(players.get(g.black_id)) if g.black_id else ""
            table.add_row(
                Text(str(g.board)),
                Text(public_name(players.get(g.white_id))),
                Text(result),
                Text(black),
            )

    def _standings(self, t: Tournament, table: DataTable[Text], title: Static) -> None:
        from ...operations.event import OperationError
        from ...operations.standings import _fmt, standings
        from ...publish.labels import public_name

        try:
            codes, rows, done = standings(self.service, t)
        except OperationError:
            codes, rows, done = ["PTS"], [], 0
        title.update(Text(f"{t.name} — classement après la ronde {done}"))
        players = {p.id: p for p in self.service.store.players(t.id or 0)}
        table.add_columns("Pl.", "Nom", *[("Pts" if c == "PTS" else c) for c in codes])
        for r in rows:
            table.add_row(
                Text(str(r.place)),
                Text(public_name(players.get(r.start))),
                *[Text(_fmt(c, r.values.get(c))) for c in codes],
            )
