"""The pane bar: one line, always visible — the key and name of every pane the section
uses, then the section.

At 80 columns the names are shortened (the current pane's stays whole) so the line
never wraps and ⇥ (Tab) with the section's name stays visible at its right end.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from .panes import REGISTRY, PaneSpec


def bar_text(
    current: str, section: str, width: int, specs: tuple[PaneSpec, ...] = REGISTRY
) -> Text:
    """The line for ``width`` columns: full names if they fit, else shortened ones; the
    section's name takes what is left (cut with « … » only if it must be)."""
    for short in (0, 5, 3):
        panes = Text(" ")
        for spec in specs:
            name = spec.label
            if short and spec.id != current and len(name) > short:
                name = name[:short] + ("." if short > 3 else "")
            if spec.id == current:
                panes.append(f" {spec.key} {name} ", style="reverse bold")
            else:
                panes.append(f" {spec.key}", style="bold")
                panes.append(f" {name}")
        room = width - panes.cell_len - len(" │ ⇥ ")
        if len(section) <= room or (short == 3 and room > 0):
            shown = Text(section, style="italic")
            shown.truncate(max(room, 1), overflow="ellipsis")
            line = panes + Text(" │") + Text(" ⇥ ", style="bold") + shown
            line.truncate(width, overflow="ellipsis")
            return line
    return Text(f" ⇥ {section}")[:width]


class PaneBar(Static):
    """Repainted when the pane, the section or the width changes (no relayout)."""

    DEFAULT_CSS = """
    PaneBar { height: 1; background: $panel; color: $text-muted; }
    """

    def __init__(self) -> None:
        super().__init__("", id="pane-bar")
        self.current = "ronde"
        self.section = ""
        self.specs = REGISTRY
        self._drawn: tuple[str, str, int, tuple[PaneSpec, ...]] | None = None  # as last drawn

    def show_state(
        self, current: str, section: str, specs: tuple[PaneSpec, ...] = REGISTRY
    ) -> None:
        self.current, self.section, self.specs = current, section, specs
        drawn = (current, section, self.size.width or 80, specs)
        if drawn == self._drawn:  # every operation asks again: no repaint of the same line
            return
        self._drawn = drawn
        self.update(bar_text(*drawn), layout=False)

    def on_resize(self) -> None:
        self.show_state(self.current, self.section, self.specs)
