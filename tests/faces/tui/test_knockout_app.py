"""The knockout panes driven by keys through App.run_test(), checked in the store."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable, Static

from arbitre_tui.faces.tui.app import ArbitreApp
from arbitre_tui.operations import EventService, knockout
from arbitre_tui.operations.templates import create_from_template
from arbitre_tui.rules.models import Result
from tests.helpers.screen import app_on, bottom_line


def _game(path: Path, board: int) -> tuple[Result | None, Result | None]:
    service = EventService(path)
    rnd = service.current_round(service.tournament("open-ko"))
    game = service.store.games(rnd.id)[board - 1]  # type: ignore[union-attr]
    return game.result, game.decider


def _status(app: ArbitreApp) -> str:
    return bottom_line(app)


async def test_result_draw_then_armageddon_decider_by_keys(ko_file: Path) -> None:
    async with app_on(ko_file, "1") as (app, pilot):
        assert _game(ko_file, 1) == (Result.WHITE_WINS, None)
        await pilot.press("equals_sign")  # board 2: selected after board 1's 1-0 (49.7)
        await pilot.pause()
        assert "départage à saisir" in _status(app)  # said, not asked (issue 29)
        assert _game(ko_file, 2) == (Result.DRAW, None)
        note = str(app.query_one("#ronde-note", Static).content)
        assert "Départage à saisir : échiquier 2 " in note, note
        cell = str(app.query_one("#ronde-table", DataTable).get_row_at(1)[3])
        assert cell == "½-½ dép.?", cell
        await pilot.press("d")
        await pilot.pause()
        assert "Départage échiquier 2" in _status(app)
        await pilot.press("equals_sign")  # Armageddon drawn: Black qualifies
        await pilot.pause()
        assert _game(ko_file, 2) == (Result.DRAW, Result.DRAW)
        assert "départage" in _status(app) and "enregistré" in _status(app)
        assert "Départage à saisir" not in str(app.query_one("#ronde-note", Static).content)
        assert str(app.query_one("#ronde-table", DataTable).get_row_at(1)[3]) == "½-½ (½-½)"


async def test_forfeit_menu_jump_and_undo(ko_file: Path) -> None:
    app = ArbitreApp(ko_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("g", "1", "2", "enter")
        await pilot.pause()
        table = app.query_one("#ronde-table", DataTable)
        assert table.cursor_row == 11
        await pilot.press("f")
        assert "Forfait échiquier 12" in _status(app)
        await pilot.press("n")
        await pilot.pause()
        assert _game(ko_file, 12)[0] is Result.WHITE_FORFEIT_WIN
        await pilot.press("u")
        await pilot.pause()
        assert _game(ko_file, 12)[0] is None
        await pilot.press("g", "1", "2", "enter")  # the forfeit moved the selection on (49.7)
        await pilot.press("f", "escape", "1")
        await pilot.pause()
        assert _game(ko_file, 12)[0] is Result.WHITE_WINS


async def test_third_illegal_move_loses_after_confirmation_by_keys(ko_file: Path) -> None:
    async with app_on(ko_file, "i") as (app, pilot):
        await pilot.press("w", "w")
        await pilot.pause()
        table = app.query_one("#incidents-table", DataTable)
        assert str(table.get_row_at(0)[2]) == "2"
        await pilot.press("w")
        await pilot.pause()
        assert "3e coup illégal" in _status(app)
        assert _game(ko_file, 1)[0] is None  # not before confirmation
        await pilot.press("o")
        await pilot.pause()
        assert _game(ko_file, 1)[0] is Result.BLACK_WINS
        assert str(table.get_row_at(0)[2]) == "3"


async def test_lucky_loser_draw_by_keys(ko_file: Path) -> None:
    service = EventService(ko_file)
    rnd = service.current_round(service.tournament("open-ko"))
    games = service.store.games(rnd.id)  # type: ignore[union-attr]
    service.absent("open-ko", 1, "both")
    for g in games[1:]:
        service.record_result("open-ko", g.board, "1-0")
    service.close_round("open-ko")
    async with app_on(ko_file, "p") as (app, pilot):
        assert "trous à combler : 1" in str(app.query_one("#repechage-title", Static).content)
        await pilot.press("l")
        await pilot.pause()
        assert "Tiré au sort" in _status(app)
        await pilot.press("x")  # not reachable: drawn again
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        assert "repêché" in _status(app)
        assert "trous à combler : 0" in str(app.query_one("#repechage-title", Static).content)
    rows = service.store.conn.execute("SELECT status FROM lucky_losers ORDER BY id").fetchall()
    assert [r[0] for r in rows] == ["unreachable", "accepted"]


async def test_cadence_and_bracket_panes(ko_file: Path) -> None:
    async with app_on(ko_file, "c") as (app, pilot):
        table = app.query_one("#cadence-table", DataTable)
        assert table.row_count == 7
        assert str(table.get_row_at(4)[1]) == "Quart de finale"
        assert str(table.get_row_at(6)[2]) == "30 min + 15 s"
        await pilot.press("d", "enter")  # the start is asked (hh:mm); Entrée alone: now
        await pilot.pause()
        assert "forfait dans" in str(app.query_one("#cadence-clock", Static).content)
        await pilot.press("b")
        await pilot.pause()
        assert app.query_one("#tableau-table", DataTable).row_count == 64


async def test_players_pane_shows_the_format_live(tmp_path: Path) -> None:
    path = tmp_path / "ko.sqlite"
    create_from_template(path, "open-ko").close()
    async with app_on(path, "j") as (app, _pilot):
        note = str(app.query_one("#joueurs-note", Static).content)
        service = EventService(path)
        waiting = knockout.status(service, "open-ko")["waiting_list"]
        players = service.store.players(service.tournament("open-ko").id)
        unpaid = [p.name for p in players if p.name in waiting and not p.paid]
        assert len(waiting) == 9
        assert "137 inscrits (129 à 199)" in note and "en direct" in note
        assert f"{9 - len(unpaid)} à rembourser" in note  # only those who paid are refunded


async def test_cadence_is_the_rounds_clock_board(
    ko_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A start typed as a time, the forfeit deadline as a clock time, the games still
    playing, the delay against the plan (issue 14)."""
    import datetime as dt

    from arbitre_tui.faces.tui import clock

    service = EventService(ko_file)
    t = service.tournament("open-ko")
    lateness = int(t.settings["lateness_minutes"])
    start = service.store.event()["start_date"]
    assert start is not None
    day = dt.date.fromisoformat(start)
    monkeypatch.setattr(clock, "now", lambda: dt.datetime.combine(day, dt.time(9, 20)))
    app = ArbitreApp(ko_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("1", "c")  # one result: one game less to play
        await pilot.pause()
        await pilot.press("d", "0", "9", "1", "2", "enter")
        await pilot.pause()
        lines = str(app.query_one("#cadence-clock", Static).content)
        deadline = (dt.datetime(2000, 1, 1, 9, 12) + dt.timedelta(minutes=lateness)).time()
        assert "Ronde 1 : début 09:12, en cours depuis 8 min 00 s" in lines, lines
        assert f"Forfait à {deadline:%H:%M}" in lines, lines
        assert "Sur le plan (début prévu 09:00) : +12 min" in lines, lines
        playing = str(app.query_one("#cadence-playing-title", Static).content)
        games = service.store.games(service.current_round(t).id or 0)  # type: ignore[union-attr]
        assert playing == f"Parties en cours : {sum(1 for g in games if g.black_id) - 1}"


async def test_publish_says_why_there_is_nothing_to_publish(ko_file: Path) -> None:
    """`P` (Publier, in the list of keys) in a knockout did nothing and said nothing."""
    async with app_on(ko_file, "P") as (app, _pilot):
        assert "système suisse seulement" in _status(app), _status(app)
