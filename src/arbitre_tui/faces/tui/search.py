"""Find a player (or a team) by name in any table: ctrl+f, then the letters (issue 29).

Written once, plugged into Joueurs, Incidents, Classement and a cup match's line-up:
the selection moves to the first row whose name matches as the letters are typed
(type-ahead), ctrl+f again to the next match, Entrée keeps it, Échap goes back to where
it was. A name matches from the start of any of its words, accents and punctuation
folded (rules/names.py): « oneill » finds O'NEILL, « lukasz » finds ŁUKASZ, « martin »
every MARTIN in turn.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.widgets import DataTable

from ...rules.names import search_key
from .prompts import Prompt

SEARCH_KEY = "ctrl+f"
SEARCH_BINDING = Binding(
    SEARCH_KEY, "search_name", "Chercher", key_display="ctrl+f", id="search-name"
)
# the columns that hold names, in every table the search is plugged into
NAME_COLUMNS = frozenset({"Nom", "Blancs", "Noirs", "Joueur", "Recevant", "Visiteur"})


def folded(text: str) -> str:
    """Capitals without accents or punctuation, words kept apart: « O'Neill Seán » →
    « ONEILL SEAN »."""
    return "".join(c for c in search_key(text) if c.isalnum() or c.isspace())


def name_matches(name: str, needle: str) -> bool:
    """Whether ``name`` matches what was typed (already folded, spaces dropped), from the
    start of one of its words: « jeanpi » matches « DUPONT Jean Pierre »."""
    if not needle:
        return False
    words = folded(name).split()
    return any("".join(words[i:]).startswith(needle) for i in range(len(words)))


def matching_rows(table: DataTable[Any], typed: str) -> list[tuple[int, str]]:
    """The rows (in order) whose name columns match ``typed``, each with the name."""
    needle = "".join(folded(typed).split())
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
    """« Chercher un nom : mart_ → MARTIN Paul (1/3) »; the table's cursor follows."""

    HINT = "lettres du nom · ctrl+f suivant · Entrée garde · Échap revient"

    def __init__(self, table: DataTable[Any]) -> None:
        self.table = table
        self.start = table.cursor_row
        self.found: list[tuple[int, str]] = []
        self.index = 0
        super().__init__("Chercher un nom :", lambda _row: None, on_cancel=self._back)

    def _line(self) -> Text:
        line = Text(f"{self.question} {self.buffer}_")
        if self.buffer:
            if self.found:
                name = self.found[self.index][1]
                line.append(f" → {name} ({self.index + 1}/{len(self.found)})")
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
        super().take_key(event)

    def changed(self) -> None:
        self.found = matching_rows(self.table, self.buffer)
        # the first match from the row where the search began (type-ahead)
        later = [i for i, (row, _name) in enumerate(self.found) if row >= self.start]
        self.index = later[0] if later else 0
        self._move()
        self.show()

    def _move(self) -> None:
        if self.found:
            self.table.move_cursor(row=self.found[self.index][0], scroll=True)

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

    def action_search_name(self) -> None:
        table = self.search_table()
        if not table.row_count:
            return
        app: Any = getattr(self, "app")  # noqa: B009 - a pane's or a screen's app
        app.push_screen(NameSearch(table))


SEARCH_BINDINGS: list[BindingType] = [SEARCH_BINDING]
