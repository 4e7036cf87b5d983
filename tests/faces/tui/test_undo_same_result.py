"""Issue 29.4, first half, in the app: `1` typed twice on a board says « inchangé » the
second time, and `u` then takes that no-op (said so) before the real result."""

from __future__ import annotations

from pathlib import Path

from arbitre_tui.operations import EventService
from arbitre_tui.rules.models import Result

from ...helpers.screen import app_on, bottom_line


def _board(path: Path, board: int) -> Result | None:
    service = EventService(path)
    try:
        rnd = service.current_round(service.tournament("open-ko"))
        assert rnd is not None and rnd.id is not None
        return service.store.games(rnd.id)[board - 1].result
    finally:
        service.close()


async def test_undo_in_the_app_takes_the_same_result_typed_again(ko_file: Path) -> None:
    async with app_on(ko_file, "r") as (app, pilot):
        await pilot.press("1")
        await pilot.pause()
        assert "enregistré" in bottom_line(app), bottom_line(app)
        await pilot.press("up", "1")  # back to board 1 (the cursor moved on), 1-0 again
        await pilot.pause()
        line = bottom_line(app)
        assert "Échiquier 1 : 1-0 — inchangé" in line, line
        await pilot.press("u")
        await pilot.pause()
        line = bottom_line(app)
        assert "Annulé :" in line and "inchangé" in line, line
        assert _board(ko_file, 1) is Result.WHITE_WINS
        await pilot.press("u")
        await pilot.pause()
        line = bottom_line(app)
        assert "Annulé :" in line and "inchangé" not in line, line
        assert _board(ko_file, 1) is None
