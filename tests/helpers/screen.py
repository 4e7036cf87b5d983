"""What the arbiter reads at the bottom of the screen: the open prompt, or the status line."""

from __future__ import annotations

from textual.app import App
from textual.widgets import Static

from arbitre_tui.faces.tui.prompts import Prompt


def bottom_line(app: App[object]) -> str:
    """The question of the prompt on top if one is open, else the status line."""
    if isinstance(app.screen, Prompt):
        return app.screen.text
    return str(app.screen_stack[0].query_one("#status", Static).content)
