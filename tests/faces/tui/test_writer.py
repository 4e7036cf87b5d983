"""A write the other station holds up: queued in order on the writer thread, « en
attente de l'autre poste… » meanwhile, « ✓ » only once committed (issue 14 / 13)."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path

from arbitre_tui.faces.tui.app import ArbitreApp
from arbitre_tui.operations import EventService
from tests.helpers.screen import bottom_line


def _results(path: Path) -> dict[int, str | None]:
    service = EventService(path)
    try:
        rnd = service.current_round(service.tournament("open-ko"))
        assert rnd is not None
        return {
            g.board: (g.result.value if g.result else None)
            for g in service.store.games(rnd.id or 0)
        }
    finally:
        service.close()


async def test_results_wait_for_the_other_station_and_keep_their_order(
    ko_master: Path, tmp_path: Path
) -> None:
    import shutil

    path = tmp_path / "ko.sqlite"
    shutil.copy(ko_master, path)
    other = sqlite3.connect(path, isolation_level=None)  # the other station, writing
    app = ArbitreApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        other.execute("BEGIN IMMEDIATE")
        await pilot.press("1", "down", "0")
        await pilot.pause()
        assert "en attente de l'autre poste" in bottom_line(app)
        assert "✓" not in bottom_line(app)
        other.execute("ROLLBACK")
        deadline = time.monotonic() + 10
        while _results(path)[2] is None and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        await pilot.pause(0.3)
        assert "✓ Échiquier 2 : 0-1 — enregistré" in bottom_line(app)
    other.close()
    results = _results(path)
    assert (results[1], results[2]) == ("1-0", "0-1")
    service = EventService(path)
    ops = [
        row[0]
        for row in service.store.conn.execute(
            "SELECT args FROM journal WHERE op = 'record_result' ORDER BY id"
        )
    ]
    service.close()
    assert ['"board": 1' in ops[0], '"board": 2' in ops[1]] == [True, True]
