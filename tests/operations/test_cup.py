"""A whole Coupe d'Alsace through the operations layer, the refusals, the match sheet."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from arbitre_tui.operations import EventService, OperationError, cup_honours, cup_sanctions
from arbitre_tui.operations import cup as ops
from arbitre_tui.operations.templates import create_from_template
from arbitre_tui.publish.html.match_sheet import sheet_html
from arbitre_tui.rules.models import CupMatch, Player

from ..helpers.cli import arbitre, new_with_fixture_players
from ..helpers.screen import app_on


@pytest.fixture
def cup_event(tmp_path: Path) -> EventService:
    return create_from_template(tmp_path / "cup.sqlite", "coupe-alsace")


def _team(m: CupMatch, side: str) -> int:
    """The team on that side of a match that is not a bye."""
    team = m.home_team_id if side == "home" else m.away_team_id
    assert team is not None
    return team


def _roster(service: EventService, team_id: int) -> list[int]:
    t = ops.cup_of(service, None)
    return [p.id for p in service.store.players(t.id) if p.team_id == team_id]


def _numbered(service: EventService, ids: list[int]) -> list[str]:
    """Their N° in the cup (the screen's « N° » column): what `cup lineup` takes (49.5)."""
    from arbitre_tui.views.reader import Reader

    reader = Reader(service)
    numbers = reader.numbers(ops.cup_of(service, None))
    return [str(numbers[pid]) for pid in ids]


def _lineups(service: EventService, m: CupMatch) -> None:
    for team in (m.home_team_id, m.away_team_id):
        ops.hand_in_lineup(service, None, m.number, team, _roster(service, team)[:4])  # type: ignore[arg-type]


def _home_equipment_missing_twice(service: EventService, t: Any, m: CupMatch) -> CupMatch:
    """Line-ups in, the home team wins boards 1 and 2, then lacks the equipment for two
    games (boards 4 and 3): the match as it then stands."""
    _lineups(service, m)
    for board in (1, 2):
        ops.record_board(service, None, m.number, board, "1-0")
    cup_sanctions.equipment_missing(service, None, m.number, m.home_team_id, 2)
    return next(x for x in ops.matches(service, t, 1) if x.id == m.id)


def test_whole_cup_to_the_final(cup_event: EventService) -> None:
    service = cup_event
    rng = random.Random(4)
    t = ops.cup_of(service, None)
    number = ops.draw(service, None, seed=1)
    first = ops.matches(service, t, 1)
    assert len(first) == 8 and sum(1 for m in first if m.away_team_id is None) == 4
    for _round in range(20):  # a cup of 16 or 32 teams: bounded, never forever
        for m in ops.matches(service, t, number):
            if m.away_team_id is None:
                continue
            _lineups(service, m)
            final = len(ops.matches(service, t, number)) == 1
            results = (
                ["X", "X", "X", "X"]
                if final
                else [rng.choice(["1-0", "X", "0-1"]) for _ in range(4)]
            )
            if not final and m.number == 5 and number == 1:
                results = ["F-1", "F-1", "1-0", "1-0"]  # two home forfeits: lost 3-0
            decided: dict[str, object] = {}
            for board, result in enumerate(results, start=1):
                decided = ops.record_board(service, None, m.number, board, result)
            if final:
                assert decided["winner"] is None and "directeur" in str(decided["reason"])
                ops.director_decision(
                    service, None, m.number, m.home_team_id, "tirage au sort au siège"
                )
            else:
                assert decided["winner"] in (m.home_team_id, m.away_team_id)
            ops.report(service, None, m.number, dt.datetime(2027, 2, 7, 20, 0), dt.date(2027, 2, 7))
        if len(ops.matches(service, t, number)) == 1:
            break
        number = ops.draw(service, None)
    assert number == 4
    forfeit = next(m for m in ops.matches(service, t, 1) if m.number == 5)
    assert (forfeit.home_points, forfeit.away_points) == (0.0, 3.0)
    assert forfeit.winner_team_id == forfeit.away_team_id
    with pytest.raises(OperationError, match="vainqueur est connu"):
        ops.draw(service, None)
    assert all(service.replay_draw(d["id"])[0] for d in service.store.draws())


def test_lineup_refusals_change_nothing(cup_event: EventService) -> None:
    service = cup_event
    t = ops.cup_of(service, None)
    ops.draw(service, None, seed=2)
    m = next(x for x in ops.matches(service, t, 1) if x.away_team_id)
    home = m.home_team_id
    roster = _roster(service, home)
    other = _roster(service, _team(m, "away"))
    before = service.store.snapshot()
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: ops.hand_in_lineup(service, None, m.number, home, roster[:5]), "au plus"),
        (
            lambda: ops.hand_in_lineup(service, None, m.number, home, [*roster[:3], other[0]]),
            "autre club",
        ),
        (
            lambda: ops.record_board(service, None, m.number, 1, "1-0"),
            "compositions doivent être remises",
        ),
        (lambda: ops.hand_in_lineup(service, None, m.number, 999, roster[:4]), "ne joue pas"),
    ]
    for action, message in cases:
        with pytest.raises(OperationError, match=message):
            action()
    assert service.store.snapshot() == before
    ops.hand_in_lineup(service, None, m.number, home, roster[:4])
    with pytest.raises(OperationError, match="ne peut plus changer"):
        ops.hand_in_lineup(service, None, m.number, home, roster[1:5])


def test_midnight_penalty_makes_the_team_travel(cup_event: EventService) -> None:
    service = cup_event
    t = ops.cup_of(service, None)
    ops.draw(service, None, seed=3)
    late_team = None
    for m in ops.matches(service, t, 1):
        if m.away_team_id is None:
            continue
        _lineups(service, m)
        for board in range(1, 5):
            ops.record_board(service, None, m.number, board, "1-0")  # home wins
        when = (
            dt.datetime(2027, 2, 8, 0, 30) if late_team is None else dt.datetime(2027, 2, 7, 21, 0)
        )
        if late_team is None:
            late_team = m.home_team_id
        assert ops.report(service, None, m.number, when, dt.date(2027, 2, 7)) == (when.day == 8)
    ops.draw(service, None, seed=4)
    second = ops.matches(service, t, 2)
    match = next(m for m in second if late_team in (m.home_team_id, m.away_team_id))
    assert match.away_team_id == late_team and match.away_keeps_white == 1


def test_match_sheet_contains_every_field(cup_event: EventService) -> None:
    service = cup_event
    t = ops.cup_of(service, None)
    ops.draw(service, None, seed=5)
    m = next(x for x in ops.matches(service, t, 1) if x.away_team_id)
    _lineups(service, m)
    for board, result in enumerate(["1-0", "X", "0-1", "1-0"], start=1):
        ops.record_board(service, None, m.number, board, result)
    with pytest.raises(OperationError, match="Qui confirme"):
        ops.confirm(service, None, m.number, "spectateur")
    for who in ("capitaine-recevant", "capitaine-visiteur", "arbitre"):
        ops.confirm(service, None, m.number, who)
    html = sheet_html(service, None, m.number)
    everyone = {p.id: p for p in service.store.players(t.id)}
    for pid in _roster(service, m.home_team_id)[:4] + _roster(service, _team(m, "away"))[:4]:
        p = everyone[pid]
        assert p.surname.upper() in html and p.first_name in html
        assert str(p.rating) in html and (p.ffe_code or "") in html
    assert "Score : 2½ – 1½" in html  # written the French way (issue 31.9)
    assert "victoire" in html or "plus de points" in html
    assert html.count("confirmé dans l'application") == 3
    assert "Capitaine" in html and "Arbitre" in html


def test_cup_commands_and_pane(tmp_path: Path) -> None:
    import json
    import subprocess
    import sys

    path = tmp_path / "c.sqlite"

    def run(*a: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "arbitre_tui.faces.cli.main", *a], capture_output=True, text=True
        )

    new_with_fixture_players("coupe-alsace", path)
    assert run("cup", "draw", str(path), "--seed", "7").returncode == 0
    rows = json.loads(run("cup", "status", str(path), "--json").stdout)
    m = next(r for r in rows if r["away_team_id"])
    out = run("cup", "result", str(path), str(m["number"]), "1", "1-0")
    assert out.returncode == 2 and "compositions" in out.stderr
    service = EventService(path)
    for team in (m["home_team_id"], m["away_team_id"]):
        ids = _numbered(service, _roster(service, team)[:4])
        assert run("cup", "lineup", str(path), str(m["number"]), str(team), *ids).returncode == 0
    for board in "1234":
        assert (
            run(
                "cup", "result", str(path), str(m["number"]), board, "X" if board != "2" else "0-1"
            ).returncode
            == 0
        )
    out = run("cup", "sheet", str(path), str(m["number"]), str(tmp_path / "pv.html"))
    assert out.returncode == 0
    assert (
        "victoire" in (tmp_path / "pv.html").read_text()
        or "plus de points" in (tmp_path / "pv.html").read_text()
    )


async def test_coupe_pane_shows_the_round(cup_event: EventService) -> None:
    from textual.widgets import DataTable

    ops.draw(cup_event, None, seed=8)
    async with app_on(cup_event.path, "k") as (app, _pilot):
        table = app.query_one("#coupe-table", DataTable)
        assert table.row_count == 8
        assert any("exempt" in str(table.get_row_at(i)[2]) for i in range(8))


async def test_the_teams_fit_80_columns_again_after_the_draw_is_undone(
    cup_event: EventService,
) -> None:
    """The matches' widths stayed after ctrl+z undid the draw: the teams' last column
    (« Vainqueur / motif », where they show « engagée ») went off screen."""
    from tests.helpers.screen import screen_text

    def header(app: Any) -> str:
        return next(line for line in screen_text(app).splitlines() if "Recevant" in line)

    async with app_on(cup_event.path, "k") as (app, pilot):
        assert "Vainqueur" in header(app)
        await pilot.press("d", "ctrl+z")  # the draw, and at once its undo, as typed
        await pilot.pause()
        assert "Annuler le tirage au sort" in screen_text(app)
        await pilot.press("o")
        await pilot.pause()
        assert "tour 1 à tirer" in screen_text(app)
        assert "Vainqueur" in header(app), screen_text(app)


def test_breach_equipment_delay_and_honours(cup_event: EventService) -> None:
    service = cup_event
    t = ops.cup_of(service, None)
    ops.draw(service, None, seed=9)
    played = [m for m in ops.matches(service, t, 1) if m.away_team_id]
    m = played[0]
    _lineups(service, m)
    cup_sanctions.breach(
        service, None, m.number, m.home_team_id, "joueur licencié après le 15 janvier"
    )
    after = next(x for x in ops.matches(service, t, 1) if x.id == m.id)
    assert after.winner_team_id == m.away_team_id and "15 janvier" in after.reason
    # Equipment missing: the home team's board 4 then 3 lose by administrative forfeit,
    # counted as player forfeits under that setting (issue 16; the default: test below).
    service.update_settings(t.key, {"equipment_counts_as_player_forfeit": True})
    m2 = played[1]
    after2 = _home_equipment_missing_twice(service, t, m2)
    assert after2.results[2:] == ["F-1", "F-1"]
    assert after2.winner_team_id == m2.away_team_id  # more than one forfeit: 3-0
    # A line-up handed in 20 minutes late: clocks advanced 20 minutes.
    start = dt.datetime(2027, 2, 7, 9, 0)
    late = replace(
        after2, lineup_home_at="2027-02-07T09:05:00", lineup_away_at="2027-02-07T11:00:00"
    )
    assert cup_sanctions.lineup_delay(t, late, "home", start) == dt.timedelta(minutes=20)
    # 004 art. 3.6 (issue 30.21): the 1-hour cap only when a player is also late
    assert cup_sanctions.lineup_delay(t, late, "away", start) == dt.timedelta(hours=2, minutes=15)
    assert cup_sanctions.lineup_delay(t, late, "away", start, player_late=True) == dt.timedelta(
        hours=1
    )
    # Roll of honour: the third win keeps the trophy.
    for season, club in [("2022", "Colmar"), ("2023", "Mulhouse"), ("2024", "Colmar")]:
        roll, kept = cup_honours.honours(service, None, season, club)
    assert kept is None
    roll, kept = cup_honours.honours(service, None, "2025", "Colmar")
    assert kept == "Colmar" and len(roll) == 4
    with pytest.raises(OperationError, match="déjà au palmarès"):
        cup_honours.honours(service, None, "2025", "Mulhouse")


async def _open_match(app: Any, pilot: Any, m: CupMatch) -> Any:
    """The Coupe pane, the cursor on match ``m``, Entrée: its match screen."""
    from textual.widgets import DataTable

    from arbitre_tui.faces.tui.cup_screen import MatchScreen

    await pilot.press("k")
    await pilot.pause()
    table = app.query_one("#coupe-table", DataTable)
    table.move_cursor(row=table.get_row_index(f"m{m.id}"))
    await pilot.press("enter")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, MatchScreen)
    return screen


async def test_enter_a_match_by_keys(cup_event: EventService) -> None:
    from textual.widgets import Static

    from arbitre_tui.faces.tui.app import ArbitreApp

    service = cup_event
    t = ops.cup_of(service, None)
    ops.draw(service, None, seed=10)
    m = next(x for x in ops.matches(service, t, 1) if x.away_team_id)
    app = ArbitreApp(service.path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_match(app, pilot, m)
        # Home line-up: the first four of the roster, board order, live checks.
        for _ in range(4):
            await pilot.press("space", "down")
        state = str(screen.query_one("#match-state", Static).content)
        assert "4/4 — conforme" in state
        await pilot.press("v")
        await pilot.pause()
        await pilot.press("tab")
        for _ in range(5):
            await pilot.press("space", "down")
        assert "5 joueurs" in str(screen.query_one("#match-state", Static).content)  # checked live
        await pilot.press("backspace", "v")
        await pilot.pause()
        after = next(x for x in ops.matches(service, t, 1) if x.id == m.id)
        assert after.lineup_home and after.lineup_away and len(after.lineup_away) == 4
        # The boards: results by keys, the decision with its reason.
        await pilot.press("b")
        await pilot.pause()
        # the cursor stays on the board, as on the Ronde pane (issue 29): ↓ to the next
        await pilot.press("x", "down", "equals_sign", "down", "0", "down", "x")
        await pilot.pause()
        after = next(x for x in ops.matches(service, t, 1) if x.id == m.id)
        assert after.results == ["X", "X", "0-1", "X"]
        assert after.winner_team_id == m.away_team_id
        assert "Score 1½-2½" in str(screen.query_one("#match-state", Static).content)
        await pilot.press("a")
        await pilot.pause()
        after = next(x for x in ops.matches(service, t, 1) if x.id == m.id)
        assert "arbitre" in after.confirmations


def test_late_lineup_advances_clocks_and_shows_on_the_sheet(cup_event: EventService) -> None:
    service = cup_event
    t, m = _drawn_match(service, seed=12)
    handed_in = {"home": dt.datetime(2027, 2, 7, 8, 40), "away": dt.datetime(2027, 2, 7, 9, 10)}
    for side, at in handed_in.items():  # the away team's was due 8:45: 25 minutes late
        team = _team(m, side)
        ops.hand_in_lineup(service, None, m.number, team, _roster(service, team)[:4], at=at)
    for board in range(1, 5):
        ops.record_board(service, None, m.number, board, "X" if board > 1 else "1-0")
    ops.report(service, None, m.number, dt.datetime(2027, 2, 8, 0, 15), dt.date(2027, 2, 7))
    m = next(x for x in ops.matches(service, t, 1) if x.id == m.id)
    assert cup_sanctions.clock_advances(t, m) == {"away": 25}
    html = sheet_html(service, None, m.number)
    assert "pendules du visiteur avancées de 25 min" in html
    assert "après minuit" in html


def test_cup_prizes_through_the_same_prize_list(cup_event: EventService) -> None:
    from arbitre_tui.operations.standings import prizes

    service = cup_event
    t = ops.cup_of(service, None)
    number = ops.draw(service, None, seed=13)
    for _round in range(20):  # a cup of 16 or 32 teams: bounded, never forever
        for m in ops.matches(service, t, number):
            if m.away_team_id is None:
                continue
            _lineups(service, m)
            for board in range(1, 5):
                ops.record_board(service, None, m.number, board, "1-0")  # home wins
        if len(ops.matches(service, t, number)) == 1:
            break
        number = ops.draw(service, None)
    final = ops.matches(service, t, number)[0]
    service.update_settings(
        t.key,
        {
            "prizes": [
                {"label": "Coupe", "trophy": True},
                {"label": "1er", "amount": 300},
                {"label": "2e", "amount": 150},
            ]
        },
    )
    result, _ = prizes(service, ops.cup_of(service, None))
    awards = {a.label: a.player_id for a in result.awards}
    assert awards["1er"] == final.home_team_id == awards["Coupe"]
    assert awards["2e"] == final.away_team_id


def _drawn_match(service: EventService, seed: int = 10) -> tuple[Any, CupMatch]:
    """Round 1 drawn; the cup and its first match that is not a bye."""
    t = ops.cup_of(service, None)
    ops.draw(service, None, seed=seed)
    return t, next(x for x in ops.matches(service, t, 1) if x.away_team_id)


@asynccontextmanager
async def _match_open(service: EventService) -> AsyncIterator[tuple[Any, Any, Any, CupMatch]]:
    """Round 1 drawn, the real app at 80×24, the first match that is not a bye open."""
    from arbitre_tui.faces.tui.app import ArbitreApp

    t, m = _drawn_match(service)
    app = ArbitreApp(service.path)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open_match(app, pilot, m)
        yield app, pilot, t, m


async def test_match_boards_open_on_board_1_after_the_second_line_up(
    cup_event: EventService,
) -> None:
    """Issue 14: after the away line-up the boards showed with the cursor on board 4."""
    from textual.widgets import DataTable

    from arbitre_tui.faces.tui.app import ArbitreApp

    service = cup_event
    t, m = _drawn_match(service)
    app = ArbitreApp(service.path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_match(app, pilot, m)
        for side in range(2):
            for _ in range(4):
                await pilot.press("space", "down")
            await pilot.press("v")
            await pilot.pause()
            if side == 0:
                await pilot.press("tab")
        match_table = screen.query_one("#match-table", DataTable)
        assert match_table.row_count == 4 and match_table.cursor_row == 0
        await pilot.press("1")
        await pilot.pause()
        after = next(x for x in ops.matches(service, t, 1) if x.id == m.id)
        assert after.results[0] == "1-0" and after.results[3] is None


async def test_match_screen_undoes_with_ctrl_z_and_asks_before_the_report(
    cup_event: EventService,
) -> None:
    """A board typed wrong had no ctrl+z on the match screen; `t` noted the report time at
    once, a stray key deciding whether a team travels."""
    from textual.widgets import Static

    from arbitre_tui.faces.tui.app import ArbitreApp
    from arbitre_tui.faces.tui.prompts import ConfirmPrompt

    service = cup_event
    t, m = _drawn_match(service)
    for side in ("home", "away"):
        team = _team(m, side)
        ops.hand_in_lineup(service, None, m.number, team, _roster(service, team)[:4])

    def now() -> CupMatch:
        return next(x for x in ops.matches(service, t, 1) if x.id == m.id)

    app = ArbitreApp(service.path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_match(app, pilot, m)
        await pilot.press("b", "1")
        await pilot.pause()
        assert now().results[0] == "1-0"
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert now().results[0] is None
        assert "Annulé" in str(screen.query_one("#match-state", Static).content)
        assert app.screen is screen  # still on the match
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmPrompt)
        await pilot.press("x")  # another key: no
        await pilot.pause()
        assert now().reported_at is None
        await pilot.press("t", "o")
        await pilot.pause()
        assert now().reported_at is not None
        assert "transmis à" in str(screen.query_one("#match-state", Static).content)


def test_a_reason_or_a_note_is_a_paragraph_not_a_file(cup_event: EventService) -> None:
    """The procès-verbal prints them whole: 2 000 characters at most, as typed below."""
    service = cup_event
    t, m = _drawn_match(service)
    before = service.store.snapshot()
    for decide in (cup_sanctions.breach, ops.director_decision):
        with pytest.raises(
            OperationError, match="2\u202f001 caractères, 2\u202f000 caractères au plus"
        ):
            decide(service, None, m.number, m.home_team_id, "x" * 2001)
    assert service.store.snapshot() == before
    with pytest.raises(OperationError, match="Nom de l'équipe : 65 caractères"):
        service.enter_team(t.key, "Colmar", "C" * 65)
    cup_sanctions.breach(service, None, m.number, m.home_team_id, "x" * 2000)  # the most allowed


def test_a_draw_on_a_board_nobody_sat_at_is_refused(cup_event: EventService) -> None:
    service = cup_event
    _t, m = _drawn_match(service)
    home, away = (_roster(service, _team(m, side)) for side in ("home", "away"))
    ops.hand_in_lineup(service, None, m.number, m.home_team_id, home[:3])
    ops.hand_in_lineup(service, None, m.number, _team(m, "away"), away[:4])
    before = service.store.snapshot()
    with pytest.raises(OperationError, match="Échiquier 4 : le recevant n'a pas de joueur"):
        ops.record_board(service, None, m.number, 4, "X")
    assert service.store.snapshot() == before
    ops.record_board(service, None, m.number, 4, "F-1")
    ops.record_board(service, None, m.number, 3, "X")  # a board with both players: any


async def test_a_refused_board_keeps_the_cursor_and_the_report_takes_the_app_clock(
    cup_event: EventService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A result refused on board 3 moved the cursor to board 4 as if saved; `t` read the
    system's clock where every other time of the app reads the app's."""
    from textual.widgets import DataTable

    from arbitre_tui.faces.tui import clock
    from arbitre_tui.faces.tui.app import ArbitreApp
    from tests.helpers.screen import bottom_line

    service = cup_event
    _t, m = _drawn_match(service)
    home, away = (_roster(service, _team(m, side)) for side in ("home", "away"))
    ops.hand_in_lineup(service, None, m.number, m.home_team_id, home[:2])
    ops.hand_in_lineup(service, None, m.number, _team(m, "away"), away[:4])
    # the match day is the day the line-ups were handed in: today, here
    late_evening = dt.datetime.combine(dt.date.today(), dt.time(23, 58, 30))
    monkeypatch.setattr(clock, "now", lambda: late_evening)
    app = ArbitreApp(service.path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_match(app, pilot, m)
        await pilot.press("b", "down", "down", "x")
        await pilot.pause()
        table = screen.query_one("#match-table", DataTable)
        assert table.cursor_row == 2  # still board 3, refused
        await pilot.press("t")
        await pilot.pause()
        assert "Résultat transmis à 23:58 ?" in bottom_line(app), bottom_line(app)
        assert "après minuit" not in bottom_line(app)  # the day itself: nobody travels
        await pilot.press("x")  # no
        after_midnight = late_evening + dt.timedelta(minutes=17)
        monkeypatch.setattr(clock, "now", lambda: after_midnight)
        await pilot.press("t")
        await pilot.pause()
        assert "00:15, après minuit : l'équipe se déplacera au tour suivant ?" in bottom_line(app)


async def test_before_the_draw_and_the_line_ups_nothing_asks_for_results(
    cup_event: EventService,
) -> None:
    """Classement said « matchs, tour 0 » before any draw; the boards (`b`) asked for the
    4 results before the line-ups, which every result then refused."""
    from textual.widgets import Static

    from arbitre_tui.faces.tui.app import ArbitreApp
    from tests.helpers.screen import screen_text

    service = cup_event
    app = ArbitreApp(service.path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        assert "aucun tour tiré" in screen_text(app) and "tour 0" not in screen_text(app)
    _t, m = _drawn_match(service)
    app = ArbitreApp(service.path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_match(app, pilot, m)
        await pilot.press("b")
        await pilot.pause()
        state = str(screen.query_one("#match-state", Static).content)
        assert "une fois les deux compositions remises" in state, state
        assert "Saisissez" not in state


async def test_breach_by_keys_in_the_match_screen_asks_with_the_team(
    cup_event: EventService,
) -> None:
    """`i` in a match: which team, the reason, « o » : the match is lost for that team."""
    from arbitre_tui.faces.tui.app import ArbitreApp
    from tests.helpers.screen import bottom_line

    service = cup_event
    t, m = _drawn_match(service)
    home = ops.teams_of(service, t)[m.home_team_id].name
    app = ArbitreApp(service.path)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open_match(app, pilot, m)
        await pilot.press("i", "r", *"mute", "enter")
        await pilot.pause()
        assert f"Match perdu pour {home}" in bottom_line(app)
        await pilot.press("o")
        await pilot.pause()
    after = next(x for x in ops.matches(service, t, 1) if x.id == m.id)
    assert after.winner_team_id == m.away_team_id and "mute" in after.reason


async def test_match_sheet_pdf_from_the_match_screen(cup_event: EventService) -> None:
    """`p` in a match: its procès-verbal in PDF beside the event file (read back)."""
    from tests.helpers.screen import bottom_line

    service = cup_event
    async with _match_open(service) as (app, pilot, _t, m):
        await pilot.press("p")
        await pilot.pause()
        said = bottom_line(app)
    out = service.path.with_name(f"{service.path.stem}-proces-verbal-{_t.key}-match-{m.number}.pdf")
    assert out.is_file(), said
    from tests.publish.test_print import _text

    text = _text(out.read_bytes())
    teams = ops.teams_of(service, _t)
    assert teams[m.home_team_id].name in text and teams[_team(m, "away")].name in text


def test_a_player_with_no_club_is_refused_in_any_line_up(cup_event: EventService) -> None:
    """004 art. 1.4: « Une Équipe alignant un joueur non licencié … perd son match » —
    a player registered without a club is no team's (issue 16)."""
    service = cup_event
    _t, m = _drawn_match(service)
    nobody = service.register_player("coupe", Player(surname="Sanslicence", first_name="Paul"))
    roster = _roster(service, m.home_team_id)
    before = service.store.snapshot()
    with pytest.raises(OperationError, match="SANSLICENCE Paul n'est licencié à aucun club"):
        ops.hand_in_lineup(service, None, m.number, m.home_team_id, [*roster[:3], nobody])
    assert service.store.snapshot() == before


async def test_a_line_up_gets_the_time_it_was_handed_in(cup_event: EventService) -> None:
    """Issue 16: typed later than handed in, a line-up gets its own time (art. 3.3: « au
    moins 15 minutes avant »): V in the match screen, --heure on the command line."""
    from arbitre_tui.faces.tui.app import ArbitreApp

    service = cup_event
    t, m = _drawn_match(service)
    app = ArbitreApp(service.path)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open_match(app, pilot, m)
        for _ in range(4):
            await pilot.press("space", "down")
        await pilot.press("V", "8", "4", "0", "enter")
        await pilot.pause()
    after = next(x for x in ops.matches(service, t, 1) if x.id == m.id)
    assert after.lineup_home_at is not None
    assert dt.datetime.fromisoformat(after.lineup_home_at).time() == dt.time(8, 40)
    away = _team(m, "away")
    players = _numbered(service, _roster(service, away)[:4])
    out = arbitre(
        "cup", "lineup", str(service.path), str(m.number), str(away), *players,
        "--heure", "9h10",
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert "remise à 09:10" in out.stdout
    after = next(x for x in ops.matches(service, t, 1) if x.id == m.id)
    assert after.lineup_away_at is not None
    assert dt.datetime.fromisoformat(after.lineup_away_at).time() == dt.time(9, 10)
    assert cup_sanctions.clock_advances(t, after) == {"away": 25}
    bad = arbitre("cup", "lineup", str(service.path), "1", "1", "2", "--heure", "25:99")
    assert bad.returncode == 2 and "illisible" in bad.stderr


def test_the_holder_from_the_roll_of_honour_gets_a_bye(cup_event: EventService) -> None:
    """Issue 16: nothing set the holder; the roll of honour's latest winner is the holder,
    and its team 1 has the first priority bye (art. 2.2)."""
    service = cup_event
    t = ops.cup_of(service, None)
    teams = ops.teams_of(service, t)
    clubs = service.store.clubs()
    single = [tm for tm in teams.values() if tm.number == 1]
    lone = next(
        tm for tm in single
        if sum(1 for o in teams.values() if o.club_id == tm.club_id) == 1
    )  # fmt: skip  # a club with one team: a bye only as the holder
    for seed in range(5):  # whatever the draw
        path = service.path.parent / f"c{seed}.sqlite"
        assert lone.name in _byes_after(path, seed, clubs[lone.club_id])


def _byes_after(path: Path, seed: int, winner: str, finalist: str | None = None) -> set[str]:
    """A fresh cup whose roll of honour names last season's winner (and finalist), drawn
    with ``seed``: the teams with a first-round bye."""
    copy = create_from_template(path, "coupe-alsace")
    cup_honours.honours(copy, None, "2026", winner, finalist)
    ops.draw(copy, None, seed=seed)
    t = ops.cup_of(copy, None)
    names = {tm.id: tm.name for tm in ops.teams_of(copy, t).values()}
    return {names[m.home_team_id] for m in ops.matches(copy, t, 1) if not m.away_team_id}


def _empty_cup(path: Path) -> EventService:
    from arbitre_tui.rules.models import System, Tournament

    service = EventService(path, create=True)
    service.create_event("Coupe", "Colmar")
    service.add_tournament(
        Tournament(key="coupe", name="Coupe", system=System.TEAM_CUP, rounds_planned=4)
    )
    return service


CUP_HEADER = "nom,prenom,sexe,naissance,club,elo_ffe,equipe\n"


def test_clubs_enter_their_teams_with_rosters(tmp_path: Path) -> None:
    """Issue 16: the « equipe » column of an import makes the teams (as many as a club
    wants), with their rosters; `arbitre cup team` enters one more."""
    path = _empty_cup(tmp_path / "c.sqlite").path
    rows = [
        "Alpha,Un,M,1990-01-01,Colmar,1800,Colmar 1",
        "Alpha,Deux,M,1990-01-01,Colmar,1700,Colmar 2",
        "Alpha,Trois,M,1990-01-01,Colmar,1600,Colmar 2",
        "Beta,Un,F,1991-01-01,Sélestat,1750,",
    ]
    csv = tmp_path / "equipes.csv"
    csv.write_text(CUP_HEADER + "\n".join(rows) + "\n", encoding="utf-8")
    out = arbitre("players", "import", str(path), str(csv))
    assert out.returncode == 0, out.stderr
    service = EventService(path)
    t = service.tournament("coupe")
    teams = {team.name: team for team in service.store.teams(t.id or 0)}
    assert set(teams) == {"Colmar 1", "Colmar 2", "Sélestat 1"}
    roster = {
        name: sorted(p.first_name for p in service.store.players(t.id or 0) if p.team_id == team.id)
        for name, team in teams.items()
    }
    assert roster == {"Colmar 1": ["Un"], "Colmar 2": ["Deux", "Trois"], "Sélestat 1": ["Un"]}
    service.close()
    out = arbitre("cup", "team", str(path), "Colmar")
    assert out.returncode == 0 and "Colmar 3" in out.stdout, out.stderr


def test_a_club_name_too_long_is_refused(tmp_path: Path) -> None:
    """The palette's « engager une équipe » took a 305-character club (the status line and
    every pane cut it); 60 at most, as a player's name."""
    service = _empty_cup(tmp_path / "c.sqlite")
    before = service.store.snapshot()
    with pytest.raises(OperationError, match="60 caractères au plus"):
        service.enter_team("coupe", "Club " + "très long " * 30)
    assert service.store.snapshot() == before
    assert service.enter_team("coupe", "C" * 60).name == "C" * 60 + " 1"


def test_a_cup_import_row_without_a_club_is_refused_whole(tmp_path: Path) -> None:
    service = _empty_cup(tmp_path / "c.sqlite")
    path = service.path
    before = service.store.snapshot()
    service.close()
    csv = tmp_path / "sans-club.csv"
    csv.write_text(
        CUP_HEADER + "Alpha,Un,M,1990-01-01,Colmar,1800,\nGamma,Un,M,1990-01-01,,1500,\n",
        encoding="utf-8",
    )
    out = arbitre("players", "import", str(path), str(csv))
    assert out.returncode == 2 and "sans club" in out.stderr and "Traceback" not in out.stderr
    assert EventService(path).store.snapshot() == before


def test_equipment_missing_on_two_boards_is_no_3_0_by_default(cup_event: EventService) -> None:
    """Issue 16, decided: boards 4 and 3 lost for equipment are not two player forfeits —
    the match goes to the points, not 3-0; issue 52.2: each counts −1 (art. 4.1), so the
    home team's two wins are cancelled: 0–2, not 2–2 won on board 1."""
    service = cup_event
    t, m = _drawn_match(service)
    after = _home_equipment_missing_twice(service, t, m)
    assert after.results[2:] == ["A-1", "A-1"]
    assert after.winner_team_id == m.away_team_id and "plus de points" in after.reason
    assert (after.home_points, after.away_points) == (0.0, 2.0)


def test_the_last_finalist_from_the_roll_of_honour_gets_a_bye(
    cup_event: EventService, tmp_path: Path
) -> None:
    """Issue 16: the last finalist's priority bye (art. 2.2) came only from a setting; the
    roll of honour now records the beaten finalist (`cup honours --finaliste`), and the next
    draw gives that club's team 1 a bye. A club with a single team gets no bye otherwise."""
    service = cup_event
    t = ops.cup_of(service, None)
    teams = ops.teams_of(service, t)
    clubs = service.store.clubs()
    lone = [
        tm
        for tm in teams.values()
        if tm.number == 1 and sum(1 for o in teams.values() if o.club_id == tm.club_id) == 1
    ]
    winner, finalist = lone[0], lone[1]
    path = tmp_path / "f.sqlite"
    create_from_template(path, "coupe-alsace").close()
    out = arbitre(
        "cup", "honours", str(path), "--season", "2026", "--club", clubs[winner.club_id],
        "--finaliste", clubs[finalist.club_id],
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    for seed in range(4):  # whatever the draw
        byes = _byes_after(
            tmp_path / f"c{seed}.sqlite", seed, clubs[winner.club_id], clubs[finalist.club_id]
        )
        assert {winner.name, finalist.name} <= byes
    same = arbitre(
        "cup", "honours", str(path), "--season", "2027", "--club", "X", "--finaliste", "X"
    )
    assert same.returncode == 2 and "finaliste" in same.stderr


async def test_a_line_up_handed_in_empty_shows_as_handed_in(cup_event: EventService) -> None:
    """`v` with nobody picked hands in an empty line-up (a team that did not come: its
    boards are then forfeits); the match screen said « 0/4 — conforme » as if nothing was
    handed in, then refused the players picked (« déjà remise »), and Coupe said 0/2."""
    from textual.widgets import DataTable, Static

    service = cup_event
    async with _match_open(service) as (app, pilot, t, m):
        await pilot.press("v")
        await pilot.pause()
        state = str(app.screen.query_one("#match-state", Static).content)
        assert "remise (figée)" in state and "0/4" not in state, state
        await pilot.press("escape")
        await pilot.pause()
        table = app.query_one("#coupe-table", DataTable)
        row = table.get_row(f"m{m.id}")
        assert str(row[3]) == "1/2", row
    after = next(x for x in ops.matches(service, t, 1) if x.id == m.id)
    assert after.lineup_home == []


async def test_the_match_screen_lists_its_keys(cup_event: EventService) -> None:
    """« ? Touches » is in the match screen's footer: `?` lists the match's own keys (it
    did nothing: the app's keys do not reach a screen on top)."""
    from textual.widgets import Static

    from arbitre_tui.faces.tui.cup_screen import MatchScreen
    from arbitre_tui.faces.tui.help import HelpScreen

    async with _match_open(cup_event) as (app, pilot, _t, _m):
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = str(app.screen.query_one("#help-text", Static).content)
        assert "Match de Coupe" in text and "Remettre" in text and "Forf. vis." in text
        assert "Section suivante" not in text  # the app's keys do not work in a match
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MatchScreen)


async def test_undoing_the_draw_from_its_match_closes_the_match(
    cup_event: EventService,
) -> None:
    """ctrl+z on the match screen, back to the draw: « o » undid it, then the screen read
    its match again and the app stopped (« Aucun tour tiré au sort »)."""
    from arbitre_tui.faces.tui.app import ArbitreApp
    from arbitre_tui.faces.tui.cup_screen import MatchScreen
    from tests.helpers.screen import bottom_line

    service = cup_event
    t, m = _drawn_match(service)
    app = ArbitreApp(service.path)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open_match(app, pilot, m)
        await pilot.press("ctrl+z", "o")  # the draw, asked first
        await pilot.pause()
        assert not isinstance(app.screen, MatchScreen)
        assert "Annulé" in bottom_line(app) and "n'existe plus" in bottom_line(app)
    assert ops.matches(service, t, 1) == []


async def test_a_board_nobody_sat_at_takes_f_f_by_its_key(cup_event: EventService) -> None:
    """Both line-ups of three: board 4 takes only F-F (art. 3.2), which the match screen
    had no key for — the refusal named a result the arbiter could not type."""
    from arbitre_tui.faces.tui.app import ArbitreApp

    service = cup_event
    t, m = _drawn_match(service)
    for side in ("home", "away"):
        team = _team(m, side)
        ops.hand_in_lineup(service, None, m.number, team, _roster(service, team)[:3])
    app = ArbitreApp(service.path)
    async with app.run_test(size=(80, 24)) as pilot:
        await _open_match(app, pilot, m)
        # the cursor stays on the board, as on the Ronde pane (issue 29): ↓ to the next
        await pilot.press("1", "down", "x", "down", "0", "down", "F")
        await pilot.pause()
    after = next(x for x in ops.matches(service, t, 1) if x.id == m.id)
    assert after.results == ["1-0", "X", "0-1", "F-F"]


def test_an_undone_draw_names_the_cup_s_round_a_tour(cup_event: EventService) -> None:
    """« Annulé : tirage de la coupe, ronde 1 »: a cup plays tours, as everywhere else."""
    _drawn_match(cup_event)
    assert cup_event.undo(confirm=True) == "tirage de la coupe, tour 1"
