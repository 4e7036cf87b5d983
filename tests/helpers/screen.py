"""What the arbiter reads at the bottom of the screen: the open prompt, or the status line."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.widgets import Static

from arbitre_tui.faces.tui.prompts import Prompt


def bottom_line(app: App[object]) -> str:
    """The question of the prompt on top if one is open, else the status line."""
    if isinstance(app.screen, Prompt):
        return app.screen.text
    return str(app.screen_stack[0].query_one("#status", Static).content)


async def pane_table(path: Path, tournament: str, key: str) -> tuple[list[str], list[list[str]]]:
    """The real app on ``path``: press the pane's ``key``; its table's headings and rows."""
    from textual.widgets import DataTable

    from arbitre_tui.faces.tui.app import ArbitreApp
    from arbitre_tui.faces.tui.panes import REGISTRY

    pane = next(s.id for s in REGISTRY if s.key == key)
    app = ArbitreApp(path, tournament=tournament)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(key)
        await pilot.pause()
        table = app.query_one(f"#{pane}-table", DataTable)
        labels = [str(c.label) for c in table.columns.values()]
        rows = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]
    return labels, rows
