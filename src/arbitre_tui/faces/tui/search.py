"""Find a player (or a team) by name in any table: ctrl+f, then the letters (issue 29).

Written once, plugged into Joueurs, Incidents, Classement and a cup match's line-up:
the selection moves to the first row whose name matches as the letters are typed
(type-ahead), ctrl+f again to the next match, Entrée keeps it, Échap goes back to where
it was. A name matches from the start of any of its words — a hyphen, an apostrophe or a
particle begins one —, accents, case and punctuation folded (rules/names.py): « oneill »
and « neill » find O'NEILL, « merignac » DE LA FONTAINE-MÉRIGNAC, « lukasz » ŁUKASZ,
« martin » every MARTIN in turn. The one rule of ctrl+f and of Joueurs' `/` (issue 49.6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.widgets import DataTable
from textual.widgets.data_table import RowDoesNotExist

from ...rules.names import search_key
from .fit import NAME_COLUMNS
from .prompts import Prompt

if TYPE_CHECKING:
    from ...operations import EventService
    from ...rules.models import StoredTournament
    from ...views.players import PlayerLine

SEARCH_KEY = "ctrl+f"
SEARCH_BINDING = Binding(
    SEARCH_KEY, "search_name", "Chercher", key_display="ctrl+f", id="search-name"
)


def folded(text: str) -> str:
    """Capitals without accents, each hyphen or apostrophe a break between words:
    « O'Neill Seán » → « O NEILL SEAN », « FONTAINE-MÉRIGNAC » → « FONTAINE MERIGNAC »
    (« neill » and « merignac » are words of the name; « oneill » still matches, typed
    across the break: name_matches)."""
    return "".join(c if c.isalnum() else " " for c in search_key(text))


def needle_of(typed: str) -> str:
    """What was typed, as name_matches reads it: folded, spaces and punctuation dropped
    (« o'neill », « O NEILL » and « oneill » alike)."""
    return "".join(folded(typed).split())


def name_matches(name: str, needle: str) -> bool:
    """Whether ``name`` matches what was typed (already folded, spaces dropped), from the
    start of one of its words: « jeanpi » matches « DUPONT Jean Pierre »."""
    if not needle:
        return False
    words = folded(name).split()
    return any("".join(words[i:]).startswith(needle) for i in range(len(words)))


class Elsewhere(NamedTuple):
    """A player of another section: its key and name, the row's key there, the name."""

    section: str
    section_name: str
    key: str
    name: str


def other_sections(
    service: EventService, current: StoredTournament | None
) -> list[tuple[StoredTournament, PlayerLine]]:
    """Every player of the event's other sections, section by section (a search by name
    reaches them all, issue 49.6)."""
    from ...views.players import build
    from ...views.reader import Reader

    reader = Reader(service)
    return [
        (t, line)
        for t in reader.tournaments()
        if current is None or t.key != current.key
        for line in build(reader, t).players
    ]


def matching_rows(table: DataTable[Any], typed: str) -> list[tuple[int, str]]:
    """The rows (in order) whose name columns match ``typed``, each with the name."""
    needle = needle_of(typed)
    columns = [i for i, c in enumerate(table.columns.values()) if str(c.label) in NAME_COLUMNS]
    if not needle or not columns:
        return []
    found = []
    for row in range(table.row_count):
        cells = table.get_row_at(row)
        names = [str(cells[i]) for i in columns if i < len(cells)]
        hit = next((name for name in names if name_matches(name, needle)), None)
        if hit is not None:
            found.append((row, hit))
    return found


class NameSearch(Prompt[int]):
    """« Chercher un nom : mart_ → MARTIN Paul (1/3) »; the table's cursor follows. A
    player of another section comes after, with it: « → MÉRIGNAC Lou — Jeunes (3/3) »;
    Entrée there shows that section, the player selected."""

    HINT = "lettres du nom · ctrl+f suivant · Entrée garde · Échap revient"

    def __init__(self, table: DataTable[Any], elsewhere: list[Elsewhere] | None = None) -> None:
        self.table = table
        self.start = table.cursor_row
        self.elsewhere = elsewhere or []
        self.found: list[tuple[int, str]] = []  # row -1: self.elsewhere's, by index below
        self.others: list[Elsewhere] = []
        self.index = 0
        super().__init__("Chercher un nom :", lambda _row: None, on_cancel=self._back)

    def _line(self) -> Text:
        line = Text(f"{self.question} {self.buffer}_")
        if self.buffer:
            if self.found:
                row, name = self.found[self.index]
                where = f" — {self.others[-row - 1].section_name}" if row < 0 else ""
                line.append(f" → {name}{where} ({self.index + 1}/{len(self.found)})")
            else:
                line.append(" → personne")
        if self.problem:
            line.append(f"  ✗ {self.problem}", style="bold")
        return line

    def take_key(self, event: events.Key) -> None:
        if not self.closed and event.key == SEARCH_KEY:
            if self.found:
                self.index = (self.index + 1) % len(self.found)
                self._move()
            else:
                self.app.bell()
            self.show()
            return
        if not self.closed and event.key == "enter" and self.found:
            row = self.found[self.index][0]
            if row < 0:  # another section's player: that section, the player selected
                self.close()
                self._go(self.others[-row - 1])
                return
        super().take_key(event)

    def changed(self) -> None:
        self.found = matching_rows(self.table, self.buffer)
        needle = needle_of(self.buffer)
        self.others = [e for e in self.elsewhere if needle and name_matches(e.name, needle)]
        self.found += [(-i - 1, e.name) for i, e in enumerate(self.others)]
        # the first match from the row where the search began (type-ahead)
        later = [i for i, (row, _name) in enumerate(self.found) if row >= self.start]
        self.index = later[0] if later else 0
        self._move()
        self.show()

    def _move(self) -> None:
        if self.found and self.found[self.index][0] >= 0:
            self.table.move_cursor(row=self.found[self.index][0], scroll=True)

    def _go(self, where: Elsewhere) -> None:
        """Show ``where``'s section (as Tab does), then select the player's row."""
        app: Any = self.app
        keys = [t.key for t in app.reader.tournaments()]
        current = app.tournament
        if where.section not in keys or current is None:
            return
        app.action_next_tournament(keys.index(where.section) - keys.index(current.key))
        table = self.table
        try:
            table.move_cursor(row=table.get_row_index(where.key), scroll=True)
        except RowDoesNotExist:  # a view without that player (a prize list)
            return
        app.set_status(f"{where.name} — {where.section_name}")

    def accepts(self, character: str) -> bool:
        return character.isprintable()

    def answer(self) -> int | None:
        return self.table.cursor_row if self.found else None

    def why_not(self) -> str:
        return "aucun nom ne commence ainsi" if self.buffer else "les lettres du nom"

    def _back(self) -> None:
        if self.table.row_count:
            self.table.move_cursor(row=min(self.start, self.table.row_count - 1), scroll=True)


class NameSearchMixin:
    """The action behind ``SEARCH_BINDING`` for a pane (its ``table``) or a screen that
    names its table in ``search_table``."""

    SEARCH_NOTE: ClassVar[str] = "ctrl+f : chercher un nom"

    def search_table(self) -> DataTable[Any]:
        table: DataTable[Any] = getattr(self, "table")  # noqa: B009 - the pane's property
        return table

    def search_elsewhere(self) -> list[Elsewhere]:
        """The players of the other sections the search may reach (rows keyed by the
        player's id there); none by default (a cup's line-up, the incidents' boards)."""
        return []

    def action_search_name(self) -> None:
        table = self.search_table()
        if not table.row_count:
            return
        app: Any = getattr(self, "app")  # noqa: B009 - a pane's or a screen's app
        app.push_screen(NameSearch(table, self.search_elsewhere()))


SEARCH_BINDINGS: list[BindingType] = [SEARCH_BINDING]
