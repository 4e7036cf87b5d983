"""A cup match sheet like a round's board (issue 29, point 2): a different result asks
first; a confirmed sheet refuses a change until its confirmations are withdrawn (a named,
journaled operation) — on the command line as in the app."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from arbitre_tui.operations import EventService
from arbitre_tui.operations import cup as ops
from arbitre_tui.operations.templates import create_from_template
from arbitre_tui.rules.models import CupMatch

from ...helpers.cli import arbitre
from ...helpers.procs import read_only
from ...helpers.screen import pause_until


def _confirmed_match(path: Path) -> CupMatch:
    """Round 1 drawn, a match's line-ups in, its four boards 1-0, the arbiter and the home
    captain confirmed."""
    service = create_from_template(path, "coupe-alsace")
    t = ops.cup_of(service, None)
    ops.draw(service, None, seed=10)
    m = next(x for x in ops.matches(service, t, 1) if x.away_team_id)
    for team in (m.home_team_id, m.away_team_id):
        roster = [p.id for p in service.store.players(t.id or 0) if p.team_id == team]
        ops.hand_in_lineup(service, None, m.number, team, roster[:4])  # type: ignore[arg-type]
    for board in range(1, 5):
        ops.record_board(service, None, m.number, board, "1-0")
    ops.confirm(service, None, m.number, "arbitre")
    ops.confirm(service, None, m.number, "capitaine-recevant")
    service.close()
    return m


def _match_row(path: Path, match_id: int) -> dict[str, Any]:
    con = read_only(path)
    try:
        row = con.execute("SELECT * FROM cup_matches WHERE id = ?", (match_id,)).fetchone()
        return dict(row)
    finally:
        con.close()


def test_a_confirmed_board_changed_from_the_command_line_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "cup.sqlite"
    m = _confirmed_match(path)
    before = _match_row(path, m.id)
    number = str(m.number)
    for extra in ([], ["--confirm"]):  # confirmed: not even with --confirm
        out = arbitre("cup", "result", str(path), number, "2", "0-1", *extra)
        assert out.returncode == 2, out
        assert "procès-verbal confirmé (arbitre, capitaine recevant)" in out.stderr, out.stderr
        assert "arbitre cup unconfirm" in out.stderr
        assert _match_row(path, m.id) == before  # nothing changed: winner, confirmations
    # withdrawn by its named, journaled operation; then a change asks first
    out = arbitre("cup", "unconfirm", str(path), number)
    assert out.returncode == 0, out.stderr
    assert "confirmations retirées (arbitre, capitaine-recevant)" in out.stdout
    con = read_only(path)
    ops_written = [r[0] for r in con.execute("SELECT op FROM journal ORDER BY id")]
    con.close()
    assert ops_written[-1] == "cup_unconfirm"
    out = arbitre("cup", "result", str(path), number, "2", "0-1")
    assert out.returncode == 2 and "déjà 1-0 — remplacer par 0-1" in out.stderr, out.stderr
    assert "--confirm" in out.stderr
    assert json.loads(_match_row(path, m.id)["results"])[1] == "1-0"
    out = arbitre("cup", "result", str(path), number, "2", "0-1", "--confirm")
    assert out.returncode == 0, out.stderr
    assert json.loads(_match_row(path, m.id)["results"])[1] == "0-1"


async def test_the_match_sheet_asks_before_replacing_and_takes_equals(tmp_path: Path) -> None:
    """In the app: `=` is « X » (nulle), never ignored; a different result asks « o/n »,
    `n` keeps it; the cursor stays on the board; a confirmed board is refused."""
    from textual.widgets import DataTable

    from arbitre_tui.faces.tui.app import ArbitreApp
    from arbitre_tui.faces.tui.prompts import ConfirmPrompt
    from tests.operations.test_cup import _open_match

    path = tmp_path / "cup.sqlite"
    m = _confirmed_match(path)
    service = EventService(path)
    ops.withdraw_confirmations(service, None, m.number)
    service.close()
    app = ArbitreApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_match(app, pilot, m)
        await pilot.press("b")
        await pilot.pause()
        await pilot.press("equals_sign")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmPrompt)  # 1-0 there: asked first
        await pilot.press("n")
        await pilot.pause()
        assert json.loads(_match_row(path, m.id)["results"])[0] == "1-0"
        await pilot.press("equals_sign", "o")
        await pilot.pause()
        assert json.loads(_match_row(path, m.id)["results"])[0] == "X"
        assert screen.query_one("#match-table", DataTable).cursor_row == 0  # stays


async def test_the_open_sheet_follows_the_other_station_within_a_second(tmp_path: Path) -> None:
    """The sheet open on this station; the other station writes board 3: shown here
    within a second (it showed the old sheet until reopened)."""
    from textual.widgets import DataTable

    from arbitre_tui.faces.tui.app import ArbitreApp
    from tests.operations.test_cup import _open_match

    path = tmp_path / "cup.sqlite"
    m = _confirmed_match(path)
    other = EventService(path)
    ops.withdraw_confirmations(other, None, m.number)
    app = ArbitreApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_match(app, pilot, m)
        await pilot.press("b")
        await pilot.pause()
        table = screen.query_one("#match-table", DataTable)
        assert "1-0" in str(table.get_row_at(2)[2])
        ops.record_board(other, None, m.number, 3, "0-1", confirm=True)
        await pause_until(pilot, lambda: "0-1" in str(table.get_row_at(2)[2]), 1.2)
        assert "0-1" in str(table.get_row_at(2)[2]), table.get_row_at(2)
    other.close()


async def test_a_board_waits_for_the_other_station_s_lock_as_on_the_main_screen(
    tmp_path: Path,
) -> None:
    """The sheet ran its operations its own way: it refused (« refaites-le ») where the
    main screen waits for the other station's lock. Now the app's one runner: said on the
    sheet, written once the lock is released."""
    import sqlite3

    from textual.widgets import Static

    from arbitre_tui.faces.tui.app import ArbitreApp
    from arbitre_tui.faces.tui.prompts import ConfirmPrompt
    from tests.operations.test_cup import _open_match

    path = tmp_path / "cup.sqlite"
    m = _confirmed_match(path)
    service = EventService(path)
    ops.withdraw_confirmations(service, None, m.number)
    service.close()
    app = ArbitreApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_match(app, pilot, m)
        await pilot.press("b", "down")
        await pilot.pause()
        holder = sqlite3.connect(path, timeout=30)
        holder.execute("BEGIN IMMEDIATE")
        await pilot.press("0")  # board 2: 0-1 over 1-0, to be asked once the lock is free
        said = screen.query_one("#match-state", Static)
        await pause_until(pilot, lambda: "en attente" in str(said.content), 30)
        state = str(said.content)
        assert "en attente de l'autre poste" in state, state
        holder.rollback()
        holder.close()
        # the question comes once the writer gets the lock
        await pause_until(pilot, lambda: isinstance(app.screen, ConfirmPrompt), 60)
        assert isinstance(app.screen, ConfirmPrompt), app.screen
        await pilot.press("o")
        await pause_until(
            pilot, lambda: json.loads(_match_row(path, m.id)["results"])[1] == "0-1", 60
        )
        assert json.loads(_match_row(path, m.id)["results"])[1] == "0-1"


async def test_the_line_up_shows_the_n_that_cup_lineup_takes(tmp_path: Path) -> None:
    """Issue 49.5: the line-up's « N° » is the player's N° in the cup (`players list`),
    the rows in that order, and `cup lineup` given the first four N° shown puts those
    four players on boards 1 to 4 (a real process); never the registration."""
    from textual.widgets import DataTable

    from arbitre_tui.faces.tui.app import ArbitreApp
    from tests.operations.test_cup import _open_match

    path = tmp_path / "cup.sqlite"
    service = create_from_template(path, "coupe-alsace")
    t = ops.cup_of(service, None)
    ops.draw(service, None, seed=10)
    m = next(x for x in ops.matches(service, t, 1) if x.away_team_id)
    service.close()
    out = arbitre("players", "list", str(path), "-t", t.key, "--json")
    listed = {p["id"]: p["number"] for p in json.loads(out.stdout)}
    app = ArbitreApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_match(app, pilot, m)
        table = screen.query_one("#match-table", DataTable)
        rows = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]
        ids = [int(str(key.value)) for key in table.rows]  # each row's registration
    assert next(str(c.label) for c in table.columns.values()) == "N°"
    shown = [(int(r[0]), r[1]) for r in rows]
    assert shown == sorted(shown) and len(shown) >= 4, shown
    assert [number for number, _ in shown] == [listed[pid] for pid in ids]
    assert [number for number, _ in shown] != ids  # the registrations differ here
    typed = [str(number) for number, _ in shown[:4]]
    out = arbitre("cup", "lineup", str(path), str(m.number), str(m.home_team_id), *typed)
    assert out.returncode == 0, out.stderr
    boards = [line.split(" : ", 1)[1] for line in out.stdout.splitlines() if "échiquier" in line]
    assert boards == [f"{name} (N° {number})" for number, name in shown[:4]], out.stdout
