"""The Ronde pane's table answers each line from the strips it already rendered
(panes/base.BoardTable): what it shows must be what DataTable itself renders, line for
line, after results, cursor moves and scrolls (issue 34: a scroll renders no line again).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.strip import Strip
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


async def test_a_result_repaints_its_own_line_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DataTable repaints its whole window when a cell changes; the board table asks for
    the changed row only (17 lines rendered → 1 on the 128-board round)."""
    path = tmp_path / "ko.sqlite"
    service = create_knockout_event(path, 256)
    knockout.close_registration(service, "ko")
    service.pair_round("ko", seed=1)
    # the selection stays on the board (issue 49.7's setting off): moving it would repaint
    # the next board's line too, which is the cursor's repaint, not the result's
    service.update_event_settings({"next_board_after_result": False})
    service.close()
    asked: list[int] = []
    render_line = BoardTable.render_line

    def spy(self: BoardTable, y: int) -> Strip:
        asked.append(y)
        return render_line(self, y)

    monkeypatch.setattr(BoardTable, "render_line", spy)
    app = ArbitreApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(BoardTable)
        for _ in range(3):
            await pilot.press("down")
        await pilot.pause()
        asked.clear()
        await pilot.press("1")
        await pilot.pause()
        header = table.header_height if table.show_header else 0
        assert asked == [3 + header]  # board 4's line, and no other
        assert "1-0" in DataTable.render_line(table, 3 + header).text


async def test_arbitre_open_puts_its_start_out_of_the_collector(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full collection walked every object of the start (a 36 ms pause every ≈ 50 keys
    on the 128-board round): `arbitre open` freezes them after the first paint. Before it,
    nothing is collected (each collection of the start walked every object imported so
    far); after it, collection is back on."""
    import gc

    from arbitre_tui.faces.cli.main import main

    path = tmp_path / "e.sqlite"
    service = create_knockout_event(path, 8)
    service.close()
    started: list[ArbitreApp] = []

    def run(self: ArbitreApp, **_: object) -> None:
        started.append(self)  # the app `arbitre open` builds, not run in this test

    monkeypatch.setattr(ArbitreApp, "run", run)
    try:
        assert main(["open", str(path)]) == 0
        assert len(started) == 1
        assert not gc.isenabled()  # built, not yet painted: nothing collected
        app = started[0]
        app.service.close()
        gc.unfreeze()
        gc.enable()
        async with ArbitreApp(path, freeze_start=app._freeze_start).run_test() as pilot:
            await pilot.pause()
            await pilot.pause()
            assert gc.get_freeze_count() > 0
            assert gc.isenabled()  # painted: collecting again
    finally:
        gc.unfreeze()  # the test process goes on collecting what it made
        gc.enable()
