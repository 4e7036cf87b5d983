"""`arbitre display`: a read-only wall screen for a TV or projector.

Cycles through every section given (every section of the event by default): the
current round's pairings, the standings and a large QR code of the section's page. A
list longer than the screen is shown a page at a time (« échiquiers 42–60 »), each page
for ``seconds``; nothing is ever left below the edge. Follows the arbiters' entries within
a second (SQLite data_version). No key changes anything: ← → turn the pages, q quits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.css.query import NoMatches
from textual.events import Resize
from textual.widgets import DataTable, Static

from ...operations import EventService
from ...publish.lang import words
from ...rules.models import StoredTournament
from ...views.reader import Reader
from .fit import fit_widths
from .qr import QRCode

if TYPE_CHECKING:
    from ...views.round_sheet import Board

VIEWS = ("appariements", "classement", "qr")
_TITLE_ROWS = 3  # the title bar
_HEADER_ROWS = 1  # the table's column headings


@dataclass(frozen=True)
class Sheet:
    """One view of one section: a title, a table (or a QR code's address)."""

    key: str
    view: str
    title: str
    columns: tuple[str, ...] = ()
    rows: tuple[tuple[Text, ...], ...] = ()
    url: str = ""
    noun: str = "lignes"  # « échiquiers 1–41 / 60 »
    note: str = ""  # a second line under the title (a cup's art. 3.4 colours)


@dataclass(frozen=True)
class Page:
    """The rows of a sheet that fit the screen once."""

    sheet: Sheet
    start: int
    end: int

    @property
    def title(self) -> str:
        total = len(self.sheet.rows)
        if self.start == 0 and self.end >= total:
            return self.sheet.title
        return f"{self.sheet.title} — {self.sheet.noun} {self.start + 1}–{self.end} / {total}"


def paginate(sheets: Sequence[Sheet], per_page: int) -> list[Page]:
    """Every row of every sheet on some page; a sheet with no rows still has its page."""
    per_page = max(1, per_page)
    pages: list[Page] = []
    for sheet in sheets:
        total = len(sheet.rows)
        for start in range(0, max(total, 1), per_page):
            pages.append(Page(sheet, start, min(total, start + per_page)))
    return pages


class DisplayApp(App[int]):
    CSS = """
    Screen { layout: vertical; background: black; }
    #title { height: 3; content-align: center middle; text-style: bold; background: $primary; }
    DataTable { height: 1fr; scrollbar-size: 0 0; }
    DataTable > .datatable--header { text-style: bold; }
    #qr { width: 1fr; height: 1fr; content-align: center middle; }
    """
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right", "turn(1)", "Suivant", id="next-view"),
        Binding("left", "turn(-1)", "Précédent", id="previous-view"),
        Binding("q", "quit", "Quitter", id="quit-display"),
    ]

    def __init__(
        self,
        path: str | Path,
        sections: str | Sequence[str] | None = None,
        seconds: float = 15,
        lang: str = "fr",
    ) -> None:
        super().__init__()
        self.tr = words(lang)  # the hall's language (`arbitre display --langue`, issue 55)
        self.service = EventService(path, check=False)
        self.reader = Reader(self.service)
        self.sections = [sections] if isinstance(sections, str) else list(sections or [])
        self.seconds = seconds
        self.pages: list[Page] = []
        self.index = 0
        self._version = -1
        self._per_page = 0

    def compose(self) -> ComposeResult:
        yield Static("", id="title")
        yield DataTable(id="table", show_cursor=False, zebra_stripes=True)
        yield QRCode(id="qr")

    def on_mount(self) -> None:
        self.refresh_view()
        self.set_interval(0.5, self._poll)
        if self.seconds > 0:
            self.set_interval(self.seconds, lambda: self.action_turn(1))

    def on_resize(self, event: Resize) -> None:
        self.refresh_view()

    def _poll(self) -> None:
        if self.reader.data_version() != self._version:
            self.refresh_view()

    @property
    def page(self) -> Page | None:
        return self.pages[self.index] if self.pages else None

    def action_turn(self, step: int) -> None:
        if self.pages:
            self.index = (self.index + step) % len(self.pages)
        self._show()

    def refresh_view(self) -> None:
        """Read the file again and cut the lists into pages of the screen's height,
        staying on the page shown (same section, view and first row)."""
        self._version = self.reader.data_version()
        self._per_page = max(1, self.size.height - _TITLE_ROWS - _HEADER_ROWS)
        here = self.page
        self.pages = paginate(self._sheets(), self._per_page)
        if here is not None:
            same = [
                k
                for k, p in enumerate(self.pages)
                if (p.sheet.key, p.sheet.view) == (here.sheet.key, here.sheet.view)
                and p.start <= here.start < max(p.end, p.start + 1)
            ]
            self.index = same[0] if same else min(self.index, len(self.pages) - 1)
        self._show()

    def _tournaments(self) -> list[StoredTournament]:
        if self.sections:
            return [self.reader.tournament(key) for key in self.sections]
        return self.reader.tournaments()

    def _sheets(self) -> list[Sheet]:
        from ...operations.event import OperationError
        from ...publish.address import base_url
        from ...publish.qr import page_url

        base = base_url(self.service)
        sheets: list[Sheet] = []
        for t in self._tournaments():
            for view, build in (
                ("appariements", self._pairings),
                ("noms", self._by_name),
                ("classement", self._standings),
            ):
                try:
                    sheet = build(t)
                except OperationError as exc:  # a section this view does not apply to
                    sheet = Sheet(t.key, view, f"{t.name} — {self.tr.view(exc.message)}")
                if sheet is not None:
                    sheets.append(sheet)
            url = page_url(base, t.key)
            title = f"{t.name} — " + self.tr("résultats sur votre téléphone : {url}", url=url)
            sheets.append(Sheet(t.key, "qr", title, url=url))
        return sheets

    def _show(self) -> None:
        page, tr = self.page, self.tr
        try:
            table = self.query_one(DataTable)
        except NoMatches:  # a timer's last tick while the screen closes (the app quitting)
            return
        qr = self.query_one("#qr", QRCode)
        title = self.query_one("#title", Static)
        table.clear(columns=True)
        if page is None:
            title.update(Text(tr("Aucune section dans ce fichier")))
            return
        sheet = page.sheet
        number = f"   ({self.index + 1}/{len(self.pages)})" if len(self.pages) > 1 else ""
        title.update(Text(page.title + number + (f"\n{sheet.note}" if sheet.note else "")))
        table.display = sheet.view != "qr"
        qr.display = sheet.view == "qr"
        if sheet.view == "qr":
            qr.show_data(sheet.url)
            return
        widths = fit_widths(  # the widest of the whole list (no jump), cut to the screen
            [
                max([len(label), *(len(r[k]) for r in sheet.rows)])
                for k, label in enumerate(sheet.columns)
            ],
            self.size.width or 80,
        )
        for label, width in zip(sheet.columns, widths, strict=True):
            table.add_column(label, width=width)
        for row in sheet.rows[page.start : page.end]:
            table.add_row(*row)

    def _pairings(self, t: StoredTournament) -> Sheet:
        from ...operations.formats import format_of
        from ...views.bracket import round_matches
        from ...views.round_sheet import build

        if format_of(t).by_teams:
            return self._cup_round(t)
        sheet = build(self.reader, t)
        tr = self.tr
        if not sheet.number:
            return Sheet(t.key, "appariements", t.name + " — " + tr("pas encore d'appariements"))
        proposed = self._proposed(t, sheet.number)
        ko = round_matches(self.reader, t, sheet.number)  # « ½-½ (1-0) »: the decider too

        def result(b: Board) -> Text:
            if b.board in ko and b.done:
                return Text(tr.view(ko[b.board].short))
            if b.result_label or b.bye_label or b.board not in proposed:
                return Text(tr.view(b.result_label or b.bye_label))
            return Text(tr("résultat proposé"), style="italic")

        rows = tuple(
            (
                Text(str(b.board)),
                Text(b.white.public),
                result(b),
                Text(b.black.public if b.black else ""),
            )
            for b in sheet.boards
        ) + tuple(  # a round robin's rest (issue 29.6)
            (Text("—"), Text(p.public), Text(tr("ne joue pas"), style="italic"), Text(""))
            for p in sheet.sitting_out
        )
        columns = (tr("Éch."), tr("Blancs"), tr("Résultat"), tr("Noirs"))
        title = f"{t.name} — {tr('ronde {n}', n=sheet.number)}"
        return Sheet(t.key, "appariements", title, columns, rows, noun=tr("échiquiers"))

    def _by_name(self, t: StoredTournament) -> Sheet | None:
        """The pairings by name, as venues pin them up: a player finds their name, then
        their board (issue 31.6); no page for a cup (matches of teams, no players' boards)."""
        from ...operations.formats import format_of
        from ...views.round_sheet import build

        if format_of(t).by_teams:
            return None
        sheet, tr = build(self.reader, t), self.tr
        if not sheet.number:
            return Sheet(t.key, "noms", t.name + " — " + tr("pas encore d'appariements"))
        rows = tuple(
            (
                Text(line.player.public),
                Text(str(line.board) if line.board else "—"),
                Text(tr.view(line.colour or line.shown)),
                Text(line.opponent.public if line.opponent else ""),
            )
            for line in sheet.by_name
        )
        columns = (tr("Joueur"), tr("Éch."), tr("Couleur"), tr("Adversaire"))
        title = f"{t.name} — {tr('par nom, ronde {n}', n=sheet.number)}"
        return Sheet(t.key, "noms", title, columns, rows, noun=tr("joueurs"))

    def _proposed(self, t: StoredTournament, number: int) -> set[int]:
        """Boards a player proposed a result for from his phone, not yet confirmed: the
        hall sees « résultat proposé », never which one (the arbiter has not ruled)."""
        from ...operations.reporting import round_states

        return {
            s.board
            for s in round_states(self.service, t.key, number)
            if s.recorded is None and s.label
        }

    def _cup_round(self, t: StoredTournament) -> Sheet:
        """A cup's « appariements »: the matches of the round drawn last, with their score
        and winner once played (a cup has no individual boards to list)."""
        from ...views.cup import build

        cup, tr = build(self.reader, t), self.tr
        if not cup.last_round:
            return Sheet(t.key, "appariements", f"{t.name} — {tr('pas encore de tirage')}")
        rows = tuple(
            tuple(
                map(
                    Text,
                    (str(m.number), m.home, m.score or "…", m.away or tr("exempt"), m.winner or ""),
                )
            )
            for m in cup.matches
            if m.round == cup.last_round
        )
        columns = tuple(map(tr, ("Match", "Recevant", "Score", "Visiteur", "Vainqueur")))
        title = f"{t.name} — {tr('tour {n}', n=cup.last_round)}"
        note = tr.view(cup.colours_note())
        return Sheet(t.key, "appariements", title, columns, rows, noun=tr("matchs"), note=note)

    def _standings(self, t: StoredTournament) -> Sheet:
        from ...operations.event import OperationError
        from ...views.standings import build

        tr = self.tr
        try:
            view = build(self.reader, t)
        except OperationError:
            said = tr.view("classement après la ronde 0")
            return Sheet(t.key, "classement", f"{t.name} — {said}")
        title = f"{t.name} — {tr.view(view.title)}"
        if view.kind == "cup":
            rows = tuple(
                tuple(
                    map(
                        Text,
                        (str(m.round), m.home, m.score, m.away or tr("exempt"), m.winner or ""),
                    )
                )
                for m in view.matches
            )
            cup = tuple(map(tr, ("Tour", "Recevant", "Score", "Visiteur", "Vainqueur")))
            return Sheet(t.key, "classement", title, cup, rows, noun=tr("matchs"))
        rows = tuple((Text(r.place), Text(r.player.public), *map(Text, r.shown)) for r in view.rows)
        columns = (tr("Pl."), tr("Nom"), *(tr(c) for c in view.columns))
        note = " ".join(map(tr.view, view.notes))  # a play-off's seeds drawn by lot (003 art. 6)
        return Sheet(t.key, "classement", title, columns, rows, noun=tr("places"), note=note)
