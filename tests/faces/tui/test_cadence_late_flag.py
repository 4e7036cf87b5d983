"""Issue 30.4 (000 annex): every round ending after 23:00 is flagged in the Cadence pane,
those ending after midnight too, and the flag is read whole at 80 columns."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from textual.widgets import DataTable

from arbitre_tui.faces.tui import clock
from arbitre_tui.faces.tui.app import ArbitreApp
from arbitre_tui.operations import EventService

from ...helpers.cli import run_here
from ...helpers.screen import screen_text

FLAG = "après 23:00 !"


async def _evening_board(path: Path, monkeypatch: pytest.MonkeyPatch, start: str) -> list[str]:
    """The Cadence pane at 80×24, the clock at the event's first day 20:00, round 1
    noted at ``start`` (hh:mm): the table's lines as the screen shows them."""
    service = EventService(path)
    first = service.store.event()["start_date"]
    assert first is not None
    day = dt.date.fromisoformat(first)
    service.close()
    monkeypatch.setattr(clock, "now", lambda: dt.datetime.combine(day, dt.time(20, 0)))
    app = ArbitreApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("d", *start, "enter")
        await pilot.pause()
        rows = app.query_one("#cadence-table", DataTable).row_count
        lines = screen_text(app).splitlines()
    heading = next(i for i, line in enumerate(lines) if line.lstrip().startswith("Ronde  Étape"))
    return lines[heading + 1 : heading + 1 + rows]


async def test_the_knockouts_rounds_past_midnight_are_flagged_whole(
    ko_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Open K.O. begun at 20:00: the quarter-final ends ~23:24, the semi-final and the
    final after midnight — all three flagged, in full, within the 80 columns."""
    lines = await _evening_board(ko_file, monkeypatch, "2000")
    assert [FLAG in line for line in lines] == [False] * 4 + [True] * 3, "\n".join(lines)
    assert "00:" in lines[5] and "00:" in lines[6]  # past midnight, still flagged
    assert all(len(line.rstrip()) <= 80 for line in lines)


async def test_an_own_events_rounds_past_midnight_are_flagged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An event made from nothing: three rounds of 90+30 begun at 19:00: the first ends
    ~22:24, the others after midnight (the third ~05:32) — both flagged."""
    path = tmp_path / "soir.sqlite"
    steps = [
        ("new", str(path), "--nom", "Nocturne", "--du", "2027-05-01", "--au", "2027-05-01"),
        ("section", "add", str(path), "n", "--nom", "Nocturne", "--systeme", "suisse",
         "--rondes", "3", "--cadence", "90+30"),
    ]  # fmt: skip
    for n in range(8):
        steps.append(("register", str(path), f"Joueur{n}", "--elo", str(1500 + n), "--pointe"))
    steps.append(("pair", str(path)))
    for step in steps:
        run_here(*step)
    lines = await _evening_board(path, monkeypatch, "1900")
    assert [FLAG in line for line in lines] == [False, True, True], "\n".join(lines)
