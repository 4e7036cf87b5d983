"""The journal in the app (issue 28.5: a view for the journal): `J` lists every operation
in French with the station that made it, follows the other station within seconds, and
marks an undone operation — on an event the organiser made from nothing."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from arbitre_tui.faces.tui.journal_screen import JournalScreen
from arbitre_tui.operations import EventService

from ...helpers.cli import arbitre
from ...helpers.screen import app_on, pause_until, screen_text


def _event(tmp_path: Path) -> Path:
    path = tmp_path / "club.sqlite"
    for args in (
        ("new", str(path), "--nom", "Open du club"),
        ("section", "add", str(path), "open", "--nom", "Open A", "--systeme", "suisse",
         "--rondes", "5"),
        ("register", str(path), "MARTIN", "--prenom", "Paul", "-t", "open", "--elo", "1850"),
    ):  # fmt: skip
        run = arbitre(*args)
        assert run.returncode == 0, run.stdout + run.stderr
    return path


def _rows(app: object) -> list[list[str]]:
    table = app.screen.query_one(DataTable)  # type: ignore[attr-defined]
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


async def test_journal_lists_follows_and_marks_undone(tmp_path: Path) -> None:
    path = _event(tmp_path)
    async with app_on(path, "J") as (app, pilot):
        assert isinstance(app.screen, JournalScreen)
        rows = _rows(app)
        assert [r[3] for r in rows][-1].startswith("inscription, MARTIN Paul"), rows
        assert "Journal — 3 opérations" in screen_text(app)
        other = EventService(path, terminal="poste 2")
        paul = other.store.players(other.tournament("open").id or 0)[0].id or 0
        other.check_in(paul)
        await pause_until(pilot, lambda: len(_rows(app)) == 4, 30)  # the app's poll
        rows = _rows(app)
        assert rows[-1][2] == "poste 2" and rows[-1][3].startswith("pointage, MARTIN Paul"), rows
        # the whole line of the selected (last) operation under the table
        assert "— poste 2 — pointage, MARTIN Paul" in screen_text(app)
        other.undo()
        other.close()
        await pause_until(pilot, lambda: len(_rows(app)) == 5, 30)
        rows = _rows(app)
        assert rows[-2][3].endswith("(annulée)"), rows
        assert rows[-1][3].startswith("annulation"), rows
        await pilot.press("1")  # a pane's key: said to do nothing, and nothing is written
        await pilot.pause()
        assert "« 1 » : sans effet dans le journal" in screen_text(app)
        assert len(_rows(app)) == 5
        await pilot.press("up")  # the cursor moved: the selected operation again
        await pilot.pause()
        assert "sans effet" not in screen_text(app)
        await pilot.press("J")  # the key that opened it closes it
        await pilot.pause()
        assert not isinstance(app.screen, JournalScreen)
