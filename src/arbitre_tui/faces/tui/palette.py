"""Toutes les opérations (`ctrl+p`): every command by its French name, found as typed.

The app's own palette, not Textual's: Textual's searches in the background, says
« Search for commands… » and « No matches found », and in a burst of keys its field
erased after the letters typed next and Entrée ran the first command listed before the
search was done (« imprimer ⏎ » opened Réglages). Here the list is filtered on each key,
synchronously, and the app hands every key to ``take_key`` in the order typed; Entrée
runs the command before the next key is read, so the keys typed after it go to what the
command opens (a prompt, a pane).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.fuzzy import FuzzySearch
from textual.widgets import Static

from .messages import Say
from .prompts import KeysScreen

if TYPE_CHECKING:
    from .commands import Command

HINT = "↑ ↓ choisir · Entrée lance · ⌫ efface · Échap ferme"


def fold(text: str) -> str:
    """Lower case without accents, one character for one (« Clôturer » → « cloturer »):
    the arbiter may type the name without its accents."""
    return "".join(unicodedata.normalize("NFKD", c)[0] for c in text.lower())


def matching(query: str, commands: Sequence[Command]) -> list[tuple[Command, Sequence[int]]]:
    """The commands whose name holds the letters typed, in order (best first), with the
    places of those letters; every command when nothing is typed."""
    if not query.strip():
        return [(c, ()) for c in commands]
    search = FuzzySearch()
    scored = []
    for index, command in enumerate(commands):
        score, offsets = search.match(fold(query), fold(command.name))
        if score > 0:
            scored.append((-score, index, command, offsets))
    return [(command, offsets) for _s, _i, command, offsets in sorted(scored)]


class Palette(KeysScreen):
    """The name typed on the first line; the operations that answer to it below."""

    CSS_PATH = "palette.tcss"

    def __init__(
        self, commands: Sequence[Command], run: Callable[[Command], Awaitable[None] | None]
    ) -> None:
        super().__init__()
        self.commands = list(commands)
        self.run = run  # the command, run on the app
        self.buffer = ""
        self.cursor = 0  # the highlighted line of ``shown``
        self.top = 0  # the first line on screen
        self.shown = matching("", self.commands)

    def compose(self) -> ComposeResult:
        with Vertical(id="palette-box"):
            yield Static(self._question(), id="palette-question")
            yield Static(self._list(), id="palette-list")
            yield Static(Text(HINT), id="palette-hint")

    @property
    def rows(self) -> int:
        """Lines of the list on screen: what the terminal leaves (5 for the frame)."""
        return max(3, (self.app.size.height or 24) - 5)

    @property
    def names(self) -> list[str]:
        """The names listed now, best first."""
        return [command.name for command, _offsets in self.shown]

    def _question(self) -> Text:
        return Text(f"Opération : {self.buffer}_")

    def _list(self) -> Text:
        if not self.shown:
            return Text(f"Aucune opération ne répond à « {self.buffer} »", style="italic")
        width = max(20, (self.app.size.width or 80) - 4)
        lines = Text()
        for row, (command, offsets) in enumerate(self.shown[self.top : self.top + self.rows]):
            here = self.top + row == self.cursor
            line = Text("▸ " if here else "  ", style="bold" if here else "")
            name = Text(command.name, style="bold" if here else "")
            for offset in offsets:
                name.stylize("underline", offset, offset + 1)
            line.append_text(name)
            line.append(f"  {command.help}", style="dim")
            line.truncate(width, overflow="ellipsis")
            if row:
                lines.append("\n")
            lines.append_text(line)
        return lines

    def show(self) -> None:
        self.cursor = min(self.cursor, max(len(self.shown) - 1, 0))
        self.top = min(max(self.top, self.cursor - self.rows + 1), self.cursor)
        for widget_id, content in (
            ("#palette-question", self._question()),
            ("#palette-list", self._list()),
        ):
            for widget in self.query(widget_id):
                if isinstance(widget, Static):
                    widget.update(content)

    # -- keys -----------------------------------------------------------------

    def take_key(self, event: events.Key) -> Awaitable[None] | None:
        """One key typed while the palette is on top; Entrée hands back the command's
        run, which the app awaits before it reads the next key."""
        if self.closed:
            return None
        moves = {"up": -1, "down": 1, "pageup": -self.rows, "pagedown": self.rows}
        if event.key == "escape":
            self.close()
            self.app.post_message(Say("Annulé"))
        elif event.key == "enter":
            if not self.shown:
                self.app.bell()
                return None
            self.close()
            return self.run(self.shown[self.cursor][0])
        elif event.key in moves:
            self.cursor = min(max(self.cursor + moves[event.key], 0), len(self.shown) - 1)
            self.show()
        elif event.key == "backspace":
            self._typed(self.buffer[:-1])
        elif event.character and event.character.isprintable():
            self._typed(self.buffer + event.character)
        else:
            self.app.bell()
        return None

    def _typed(self, text: str) -> None:
        self.buffer = text
        self.shown = matching(text, self.commands)
        self.cursor = self.top = 0
        self.show()
