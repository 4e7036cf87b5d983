"""Tab: the next section, shown from its top (issue 29, point 5)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from arbitre_tui.faces.tui.app import ArbitreApp


async def test_a_section_switch_starts_at_the_top(demo_file: Path) -> None:
    app = ArbitreApp(demo_file, tournament="open-a")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("j", *["down"] * 12)
        await pilot.pause()
        table = app.query_one("#joueurs-table", DataTable)
        assert table.cursor_row == 12
        first = app.tournament
        await pilot.press("tab")
        await pilot.pause()
        assert app.tournament != first
        assert table.cursor_row == 0 and table.scroll_y == 0
