"""Textual's own keys, described in French: the list of every key (`?`) shows them too."""

from __future__ import annotations

from typing import ClassVar, Generic

from rich.text import Text, TextType
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable
from textual.widgets.data_table import CellType, ColumnKey


def _hidden(*rows: tuple[str, str, str]) -> list[BindingType]:
    """(key, action, words) as bindings kept out of the footer, as Textual's are."""
    return [Binding(key, action, words, show=False) for key, action, words in rows]


# keys as a French keyboard names them; the list of every key (`?`) and the footer
KEY_NAMES = {
    "equals_sign": "=",
    "question_mark": "?",
    "comma": ",",
    "exclamation_mark": "!",
    "slash": "/",
    "space": "espace",
    "backspace": "⌫",
    "delete": "Suppr",
    "enter": "Entrée",
    "escape": "Échap",
    "tab": "Tab",
    "up": "↑",
    "down": "↓",
    "left": "←",
    "right": "→",
    "pageup": "PgPréc",
    "pagedown": "PgSuiv",
    "ctrl+pageup": "ctrl+PgPréc",
    "ctrl+pagedown": "ctrl+PgSuiv",
    "home": "Origine",
    "end": "Fin",
    "ctrl+home": "ctrl+Origine",
    "ctrl+end": "ctrl+Fin",
}


def key_name(key: str) -> str:
    """« espace », « Entrée », « Échap »… — a key as the arbiter's keyboard says it."""
    return KEY_NAMES.get(key, key)


# same keys and actions as DataTable and its ScrollView; only the words change
TABLE_BINDINGS = _hidden(
    ("enter", "select_cursor", "Choisir"),
    ("up", "cursor_up", "Monter"),
    ("down", "cursor_down", "Descendre"),
    ("left", "cursor_left", "Gauche"),
    ("right", "cursor_right", "Droite"),
    ("pageup", "page_up", "Page haut"),
    ("pagedown", "page_down", "Page bas"),
    ("ctrl+pageup", "page_left", "Page gauche"),
    ("ctrl+pagedown", "page_right", "Page droite"),
    ("home", "scroll_home", "Début"),
    ("end", "scroll_end", "Fin"),
    ("ctrl+home", "scroll_top", "Tout en haut"),
    ("ctrl+end", "scroll_bottom", "Tout en bas"),
)

# same keys and actions as Screen
SCREEN_BINDINGS = _hidden(
    ("tab", "app.focus_next", "Suivant"),
    ("shift+tab", "app.focus_previous", "Précédent"),
    ("ctrl+c,super+c", "screen.copy_text", "Copier"),
)


class FrenchTable(DataTable[CellType], Generic[CellType]):
    """A DataTable whose moves are described in French, and whose headings are words."""

    BINDINGS: ClassVar[list[BindingType]] = TABLE_BINDINGS

    def add_column(
        self,
        label: TextType,
        *,
        width: int | None = None,
        key: str | None = None,
        default: CellType | None = None,
    ) -> ColumnKey:
        """A heading is plain text: DataTable reads a string as Rich markup, which loads
        Rich's table of emoji codes at start-up and would take « [B] » for a style."""
        heading = Text(label) if isinstance(label, str) else label
        return super().add_column(heading, width=width, key=key, default=default)


class MainScreen(Screen[None], inherit_bindings=False):
    """The app's first screen, its keys described in French; Tab is the app's (« section
    suivante »): a pane has one table, no focus to move."""

    BINDINGS: ClassVar[list[BindingType]] = [
        b for b in SCREEN_BINDINGS if isinstance(b, Binding) and "tab" not in b.key
    ]
