"""The Ronde pane's table answers each line from the strips it already rendered
(panes/base.BoardTable): what it shows must be what DataTable itself renders, line for
line, after results, cursor moves and scrolls (issue 34: a scroll renders no line again).
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from arbitre_tui.faces.tui.app import ArbitreApp
from arbitre_tui.faces.tui.panes.base import BoardTable
from arbitre_tui.operations import knockout
from arbitre_tui.operations.templates import create_knockout_event


def _same_as_datatable(table: BoardTable) -> None:
    for y in range(table.size.height):
        cached = [(s.text, s.style) for s in table.render_line(y)]
        fresh = [(s.text, s.style) for s in DataTable.render_line(table, y)]
        assert cached == fresh, (y, table.cursor_row, table.scroll_offset)


async def test_every_line_shown_is_the_line_datatable_renders(tmp_path: Path) -> None:
    path = tmp_path / "ko.sqlite"
    service = create_knockout_event(path, 256)
    knockout.close_registration(service, "ko")
    service.pair_round("ko", seed=1)
    service.close()
    app = ArbitreApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(BoardTable)
        steps = ["down"] * 25 + ["1", "down", "=", "down", "0"] + ["pagedown", "up", "up"]
        steps += ["1", "end", "up", "home", "pagedown", "pagedown", "down"]
        for key in steps:
            await pilot.press(key)
            await pilot.pause()
            _same_as_datatable(table)
        assert table.scroll_offset.y > 0  # the table did scroll
        assert table._lines  # and lines were answered from the store
