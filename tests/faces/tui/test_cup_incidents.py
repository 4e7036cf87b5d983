"""Issue 30.23 in the app: the Incidents pane lists a cup's boards (« match.échiquier »)
once both line-ups are in; `w` twice on a board loses it after the question (004)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from arbitre_tui.operations import EventService
from arbitre_tui.operations import cup as ops
from arbitre_tui.operations.templates import create_from_template

from ...helpers.screen import app_on, bottom_line


def _match_lined_up(path: Path) -> int:
    service = create_from_template(path, "coupe-alsace")
    t = ops.cup_of(service, None)
    ops.draw(service, None, seed=10)
    m = next(x for x in ops.matches(service, t, 1) if x.away_team_id)
    for team in (m.home_team_id, m.away_team_id):
        roster = [p.id or 0 for p in service.store.players(t.id or 0) if p.team_id == team]
        ops.hand_in_lineup(service, None, m.number, team or 0, roster[:4])
    service.close()
    return m.number


async def test_illegal_moves_on_a_cup_board_by_keys(tmp_path: Path) -> None:
    path = tmp_path / "coupe.sqlite"
    number = _match_lined_up(path)
    async with app_on(path, "i") as (app, pilot):
        table = app.query_one("#incidents-table", DataTable)
        keys = [str(table.get_row_at(i)[0]) for i in range(table.row_count)]
        assert keys == [f"{number}.{b}" for b in range(1, 5)], keys
        await pilot.press("w")
        await pilot.pause()
        assert "enregistré" in bottom_line(app), bottom_line(app)
        assert str(table.get_row_at(0)[2]) == "1"
        await pilot.press("w")
        await pilot.pause()
        assert "2e coup illégal" in bottom_line(app), bottom_line(app)
        await pilot.press("o")
        await pilot.pause()
        assert str(table.get_row_at(0)[6]) == "0-1"  # White (the home player) lost
    service = EventService(path)
    try:
        m = ops.find_match(service, ops.cup_of(service, None), number)
        assert m.results[0] == "0-1"
    finally:
        service.close()
