"""The frame of every pane: a title line, a body, and how a pane asks the app for things.

Each pane reads what the store holds; none invents data. A pane is filled by ``load``
when it is shown or when the file changed; the app decides when, so a pane that is not
visible costs nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.coordinate import Coordinate
from textual.strip import Strip
from textual.widgets import DataTable, Static
from textual.widgets.data_table import ColumnKey, RowKey

from ..fit import NAME_COLUMNS, fit_widths
from ..french import FrenchTable
from ..messages import Done, Operation, Refused, RunOperation, Say

if TYPE_CHECKING:
    from textual.geometry import Region

    from ....operations import EventService
    from ....rules.models import StoredTournament
    from ..prompts import Prompt


# a name keeps this much (« CHÂTEAUBRIA… »); a grid too wide for it scrolls sideways
NAME_FLOOR = 12


def _t(value: object) -> Text:
    """DataTable parses str as markup ("Team [A]" would lose its brackets): pass Text.
    A cell longer than its column ends in « … » (a name cut, issue 49.1)."""
    return Text(str(value) if value is not None else "", overflow="ellipsis")


class Pane(Vertical):
    """A titled pane; subclasses fill it from the store."""

    TITLE: ClassVar[str] = ""

    def compose(self) -> ComposeResult:
        yield Static(self.TITLE, classes="pane-title", id=f"{self.id}-title")
        yield from self.body()

    def body(self) -> ComposeResult:
        yield from ()

    def set_title(self, text: str) -> None:
        # One fixed line: no relayout needed (a relayout costs a frame on a 128-row table).
        title = self.query_one(".pane-title", Static)
        if str(title.content) != text:
            title.update(text, layout=False)

    def fitting(self, *titles: str) -> str:
        """The first title that holds on the title line (the terminal's width until the
        pane is laid out), else the last, the shortest: what gives way is what another
        pane or the header shows."""
        width = (self.size.width or self.app.size.width) - 2  # the title's padding
        return next((t for t in titles if len(t) <= width), titles[-1])

    def load(self, service: EventService, t: StoredTournament | None) -> None:
        raise NotImplementedError

    def tick(self) -> None:
        """Once a second while shown (a pane with a clock repaints it)."""

    # -- asking the app (messages: a pane never calls it) ----------------------

    def run(
        self,
        operation: Operation,
        done: Done,
        then: Callable[[Any], None] | None = None,
    ) -> None:
        """Hand an operation to the app, which commits, refreshes and says ``done``.

        Posted straight to the app (not bubbled), so the keys typed after this one
        wait for it (see ``ArbitreApp.on_event``).
        """
        self.app.post_message(RunOperation(operation, done, then))

    def say(self, text: str, error: bool = False) -> None:
        """A line on the app's status bar."""
        self.app.post_message(Say(text, error))

    def refuse(self, reason: str) -> None:
        self.app.post_message(Refused(reason))

    def ask(self, prompt: Prompt[Any]) -> None:
        """Open a prompt now: the next key typed goes to it, however fast it comes."""
        self.app.push_screen(prompt)

    def cancelled(self) -> None:
        self.say("Annulé")


class BoardTable(FrenchTable[Text]):
    """A DataTable that renders again only the lines whose content or state changed.

    Built on Textual's public line API: ``render_line`` answers each data line from a
    store of the strips already rendered, keyed by everything the line shows (its row
    and that row's version, its index, the cursor and hover on it, the width, horizontal
    scroll, focus and theme; not its height on screen, so a scroll renders no line
    again). A result changes one row's version, and ``update_cell`` asks a repaint of
    that row's region alone (DataTable asks its whole window): one line is rendered
    where DataTable rendered every visible row (≈ 13 ms a frame on the 128-board round).
    """

    MAX_LINES = 4000  # strips kept (a few screens' worth per state); then start afresh
    _row_only: int | None = None  # inside update_cell: the row whose refresh it asks

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._lines: dict[tuple[Any, ...], Strip] = {}
        self._versions: dict[object, int] = {}
        self._epoch = 0  # rows or columns added or removed: every line anew

    def _anew(self) -> None:
        self._epoch += 1
        self._lines.clear()

    def clear(self, columns: bool = False) -> Self:
        self._anew()
        return super().clear(columns)

    def add_column(self, *args: Any, **kwargs: Any) -> ColumnKey:
        self._anew()
        return super().add_column(*args, **kwargs)

    def add_row(self, *args: Any, **kwargs: Any) -> RowKey:
        self._anew()
        return super().add_row(*args, **kwargs)

    def update_cell(
        self,
        row_key: RowKey | str,
        column_key: ColumnKey | str,
        value: Text,
        *,
        update_width: bool = False,
    ) -> None:
        rk = RowKey(row_key) if isinstance(row_key, str) else row_key
        self._versions[rk.value] = self._versions.get(rk.value, 0) + 1
        if update_width:
            self._anew()
            super().update_cell(rk, column_key, value, update_width=True)
            return
        # DataTable repaints the whole widget after a cell changes; only the row has.
        self._row_only = self._row_locations.get(rk)
        try:
            super().update_cell(rk, column_key, value)
        finally:
            self._row_only = None

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        row = self._row_only
        if row is not None and not regions and repaint and not layout and not recompose:
            return self.refresh_row(row)
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def render_line(self, y: int) -> Strip:
        header = self.header_height if self.show_header else 0
        row = y + self.scroll_offset.y - header
        if y < header or self.fixed_rows or not 0 <= row < self.row_count:
            return super().render_line(y)
        key = self.coordinate_to_cell_key(Coordinate(row, 0)).row_key.value
        state = (
            self._epoch,
            key,
            self._versions.get(key, 0),
            row,  # a row's line is the same wherever it sits: scrolling renders nothing anew
            self.scroll_offset.x,
            self.size.width,
            row == self.cursor_row,
            row == self.hover_row,
            self.get_pseudo_class_state(),
            self.app.theme,
        )
        strip = self._lines.get(state)
        if strip is None:
            if len(self._lines) > self.MAX_LINES:
                self._lines.clear()
            strip = self._lines[state] = super().render_line(y)
        return strip


class TablePane(Pane):
    """A pane whose body is one table."""

    COLUMNS: ClassVar[tuple[str, ...]] = ()
    WIDTHS: ClassVar[dict[str, int]] = {}  # fixed widths, so an update never relayouts
    GIVE_WAY: ClassVar[frozenset[str]] = frozenset()  # narrowed first (a club), fit.py
    EMPTY: ClassVar[str] = ""
    _rows: list[tuple[str, list[Any]]] | None = None  # the last rows, filled again on resize
    name_floor = NAME_FLOOR  # a name keeps this much; a grille of many rounds, less

    def body(self) -> ComposeResult:
        table: DataTable[Text] = BoardTable(
            cursor_type="row", zebra_stripes=True, id=f"{self.id}-table"
        )
        yield table
        yield Static("", classes="pane-note", id=f"{self.id}-note")

    @property
    def table(self) -> DataTable[Text]:
        return self.query_one(DataTable)

    def note(self, text: str) -> None:
        note = self.query_one(".pane-note", Static)
        if str(note.content) != text:
            note.update(text)

    def fill(self, rows: list[tuple[str, list[Any]]]) -> None:
        """Show rows; when only values changed, update just those cells (no rebuild).
        Columns wider than the pane are narrowed (fit.py): a name is cut, never a column."""
        table = self.table
        keys = [key for key, _ in rows]
        previous: dict[str, list[str]] = getattr(self, "_shown", {})
        columns = [str(c.value) for c in table.columns] or list(self.COLUMNS)
        widths = self._widths(columns, rows)
        if (
            table.columns
            and keys
            and keys == list(previous)
            and all(len(c) == len(columns) for _, c in rows)
            and self._widths_shown(widths)
        ):
            for key, cells in rows:
                for col, value, old, width in zip(
                    columns, cells, previous[key], widths, strict=True
                ):
                    if str(value) != old:
                        table.update_cell(key, col, _t(value), update_width=width is None)
        else:  # other rows: the columns anew, sized to them (a cup's teams after its matches)
            cursor = table.cursor_row
            table.clear(columns=True)
            for col, width in zip(columns, widths, strict=True):  # the pane's, or its view's
                table.add_column(col, key=col, width=width)
            for key, cells in rows:
                table.add_row(*[_t(c) for c in cells], key=key)
            if rows:
                table.move_cursor(row=min(cursor, len(rows) - 1))
        self._rows = rows
        self._shown = {key: [str(c) for c in cells] for key, cells in rows}
        self.note("" if rows else self.EMPTY)

    def _room(self) -> int:
        """The columns the table can show without scrolling sideways (its vertical
        scrollbar kept aside: the rows may outgrow the pane)."""
        table = self.table
        width = table.size.width or self.size.width or self.app.size.width or 80
        return width - table.styles.scrollbar_size_vertical

    def _natural(self, columns: Sequence[str], rows: list[tuple[str, list[Any]]]) -> list[int]:
        """Each column as wide as its heading and cells (or its fixed ``WIDTHS``)."""
        return [
            self.WIDTHS.get(col)
            or max(
                [cell_len(col), *(cell_len(str(cells[i])) for _k, cells in rows if i < len(cells))]
            )
            for i, col in enumerate(columns)
        ]

    def fits(self, columns: Sequence[str], rows: list[tuple[str, list[Any]]]) -> bool:
        """Whether these rows hold at the pane's width (2 cells of padding each) with
        each name cut no shorter than ``NAME_FLOOR``."""
        widths = self._natural(columns, rows)
        pairs = zip(columns, widths, strict=True)
        named = (min(w, NAME_FLOOR) if c in NAME_COLUMNS else w for c, w in pairs)
        return sum(named) + 2 * len(columns) <= self._room()

    def _widths(self, columns: list[str], rows: list[tuple[str, list[Any]]]) -> list[int | None]:
        """Each column's width: its fixed one (``WIDTHS``) or None (as wide as its cells)
        while every column holds; else every width, narrowed by fit_widths."""
        natural = self._natural(columns, rows)
        first = [i for i, col in enumerate(columns) if col in self.GIVE_WAY]
        floors = {i: self.name_floor for i, col in enumerate(columns) if col in NAME_COLUMNS}
        fitted = fit_widths(natural, self._room(), first, floors)
        if fitted == natural:
            return [self.WIDTHS.get(col) for col in columns]
        return list(fitted)

    def _widths_shown(self, widths: list[int | None]) -> bool:
        """Whether the table's columns already have these widths (None: sized to cells)."""
        shown = list(self.table.columns.values())
        return len(shown) == len(widths) and all(
            c.auto_width if w is None else (not c.auto_width and c.width == w)
            for c, w in zip(shown, widths, strict=True)
        )

    def on_resize(self) -> None:
        """Another width: the columns fitted to it again (the note under them kept)."""
        rows = self._rows
        if rows is None or not self.table.columns:
            return
        columns = [str(c.value) for c in self.table.columns]
        if not self._widths_shown(self._widths(columns, rows)):
            note = self.query_one(".pane-note", Static)
            kept = note.content
            self.fill(rows)
            note.update(kept)

    def reset_table(self) -> None:
        self._shown = {}

    def selected_key(self) -> str | None:
        table = self.table
        if not table.row_count:
            return None
        value = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return str(value) if value is not None else None

    def shown_row(self, key: str) -> list[str]:
        """The cells shown on a row, as text (what the arbiter reads; the panes keep their
        view rows for their messages)."""
        shown: dict[str, list[str]] = getattr(self, "_shown", {})
        return shown.get(key, [])
