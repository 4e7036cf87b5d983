"""Journal (`J` or the palette): every operation of the event, newest at the bottom, in
French, with the station that made it and whether it is still in effect — what the other
station did, and what ctrl+z would take back. Read from views/journal.py, as `arbitre
journal` prints it; it follows the other stations (the app's poll calls ``follow``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from .fit import fit_widths
from .french import FrenchTable

if TYPE_CHECKING:
    from ...views.journal import JournalEntry
    from ...views.reader import Reader

LIMIT = 500  # the last operations: a day of two stations' work


class JournalScreen(ModalScreen[None]):
    """The journal, one operation a line; the whole line of the selected one below."""

    CSS_PATH = "journal_screen.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,J", "dismiss", "Fermer", id="close-journal"),
    ]

    def __init__(self, reader: Reader) -> None:
        super().__init__()
        self.reader = reader  # the app's: the screen reads, it never writes
        self.entries: list[JournalEntry] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="journal-box"):
            yield Static("", id="journal-title")
            table: DataTable[Text] = FrenchTable(cursor_type="row", id="journal-table")
            yield table
            yield Static("", id="journal-line")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        self.fill(to_end=True)
        table.focus()

    def follow(self) -> None:
        """Another station committed: read again, the cursor kept (or at the end)."""
        self.fill(to_end=False)

    def fill(self, to_end: bool) -> None:
        from ...views.journal import build

        table = self.query_one(DataTable)
        at_end = to_end or table.cursor_row >= table.row_count - 1
        row = table.cursor_row
        self.entries = build(self.reader, LIMIT)
        self._columns(max((len(e.description + e.mark) for e in self.entries), default=9))
        table.clear()
        for e in self.entries:
            style = "dim" if e.undone else ""
            table.add_row(
                Text(str(e.id), style=style),
                Text(e.when[11:19], style=style),
                Text(e.station, style=style, overflow="ellipsis", no_wrap=True),
                Text(e.description + e.mark, style=style, overflow="ellipsis", no_wrap=True),
                key=str(e.id),
            )
        count = len(self.entries)
        self.query_one("#journal-title", Static).update(
            f"Journal — {count} opération{'s' if count > 1 else ''} (les {LIMIT} dernières) — "
            "Échap : fermer"
            if count >= LIMIT
            else f"Journal — {count} opération{'s' if count > 1 else ''} — Échap : fermer"
        )
        if count:
            table.move_cursor(row=count - 1 if at_end else min(row, count - 1))
        self._show_line()

    def _columns(self, longest: int) -> None:
        """The four columns, « Opération » cut to the screen (« … »), never scrolled
        sideways (fit.py, as every pane, issue 49.1)."""
        table = self.query_one(DataTable)
        width = (table.size.width or self.app.size.width - 4) - table.styles.scrollbar_size_vertical
        widths = fit_widths([5, 8, 14, max(longest, 9)], width)
        if [c.width for c in table.columns.values()] == widths:
            return
        table.clear(columns=True)
        for (label, key), w in zip(
            (("N°", "id"), ("Heure", "at"), ("Poste", "station"), ("Opération", "what")),
            widths,
            strict=True,
        ):
            table.add_column(label, key=key, width=w)

    def on_resize(self) -> None:
        self.fill(to_end=False)

    def on_data_table_row_highlighted(self, _event: DataTable.RowHighlighted) -> None:
        self._show_line()

    def on_key(self, event: events.Key) -> None:
        """A key of a pane (a result, a forfeit) typed here does nothing: say so, rather
        than let the arbiter believe it was taken. The next move of the cursor shows the
        selected operation again."""
        if event.is_printable and event.character not in ("q", "J"):
            event.stop()
            event.prevent_default()
            self.query_one("#journal-line", Static).update(
                Text(
                    f"« {event.character} » : sans effet dans le journal, qui ne fait que "
                    "lire — Échap ou q le ferme."
                )
            )

    def _show_line(self) -> None:
        """The selected operation whole (the table cuts it at 80 columns): its date too."""
        table = self.query_one(DataTable)
        line = self.query_one("#journal-line", Static)
        if not self.entries or table.cursor_row >= len(self.entries):
            line.update("Aucune opération." if not self.entries else "")
            return
        e = self.entries[table.cursor_row]
        line.update(Text(f"{e.when} — {e.station} — {e.description}{e.mark}"))
