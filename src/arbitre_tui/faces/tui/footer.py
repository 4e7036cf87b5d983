"""The footer of keys, with « ? Touches » always visible at its right end."""

from __future__ import annotations

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.widgets import Footer, Static
from textual.widgets._footer import FooterKey


class KeysFooter(Footer):
    """Textual's footer, plus the key that lists every key, docked right.

    At 80 columns a pane's own keys fill the line and the app's keys after them are
    cut; the one key that shows them all must never be. The keys that would start past
    the last column are not built: at 80 columns 10 of the 23 show, and the 13 others were
    widgets styled and laid out at every start and every change of pane (≈ 8 ms of the
    first paint). A wider terminal builds them again.
    """

    def __init__(self) -> None:
        super().__init__(compact=True, show_command_palette=False)
        self._built_for = 0

    def compose(self) -> ComposeResult:
        width = self._built_for = self.app.size.width
        start = 0  # the column where the next key starts (compact: « k Name » and a space)
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                if start >= width:
                    continue
                start += cell_len(widget.key_display) + 1 + cell_len(widget.description) + 1
            yield widget
        if self._bindings_ready:
            yield Static("[b]?[/b] Touches", id="all-keys")

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._built_for and self._bindings_ready:
            self.call_after_refresh(self.recompose)
