"""The footer of keys, with « ? Touches » always visible at its right end."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer, Static


class KeysFooter(Footer):
    """Textual's footer, plus the key that lists every key, docked right.

    At 80 columns a pane's own keys fill the line and the app's keys after them are
    cut; the one key that shows them all must never be.
    """

    def __init__(self) -> None:
        super().__init__(compact=True, show_command_palette=False)

    def compose(self) -> ComposeResult:
        yield from super().compose()
        if self._bindings_ready:
            yield Static("[b]?[/b] Touches", id="all-keys")
