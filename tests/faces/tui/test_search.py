"""A player by name, everywhere (issue 29): ctrl+f then letters in Joueurs, Incidents,
Classement and a cup match's line-up; accents and punctuation folded; next on repeat."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable

from arbitre_tui.faces.tui.app import ArbitreApp
from arbitre_tui.faces.tui.search import name_matches
from arbitre_tui.operations import EventService
from arbitre_tui.rules.models import Player, System, TimeControl, Tournament
from tests.helpers.pty_app import ENTER, PtyApp
from tests.helpers.screen import bottom_line

CTRL_F = "\x06"
NAMES = [
    ("MARTIN", "Paul"),
    ("O'NEILL", "Seán"),
    ("KOWALSKI", "Łukasz"),
    ("BÉRANGER", "Zoé"),
    ("MARTIN", "Anne"),
    ("DUPONT", "Jean-Pierre"),
    ("LEMARTINEZ", "Luc"),
]


def _event(path: Path) -> Path:
    """An event made from nothing: one Swiss section, the players above."""
    service = EventService(path, create=True)
    service.create_event("Test", "Ville")
    tc = TimeControl(base_minutes=25)
    service.add_tournament(
        Tournament(
            key="open",
            name="Open",
            system=System.SWISS,
            rounds_planned=5,
            tiebreaks=["BH"],
            time_controls={n: tc for n in range(1, 6)},
        )
    )
    for i, (surname, first) in enumerate(NAMES):
        service.register_player(
            "open", Player(surname=surname, first_name=first, rating_fide=2000 - 10 * i)
        )
    service.close()
    return path


@pytest.mark.parametrize(
    ("name", "typed", "found"),
    [
        ("O'NEILL Seán", "oneill", True),
        ("KOWALSKI Łukasz", "lukasz", True),
        ("BÉRANGER Zoé", "beranger z", True),
        ("DUPONT Jean-Pierre", "jeanpi", True),
        ("LEMARTINEZ Luc", "martin", False),  # from the start of a word only
        ("MARTIN Paul", "", False),
    ],
)
def test_a_name_matches_from_the_start_of_a_word_folded(name: str, typed: str, found: bool) -> None:
    needle = "".join(c for c in typed.upper() if c.isalnum())
    assert name_matches(name, needle) is found


def _selected_name(app: ArbitreApp, table_id: str) -> str:
    table = app.screen_stack[0].query_one(table_id, DataTable)
    return str(table.get_row_at(table.cursor_row)[1])


@pytest.mark.slow
async def test_joueurs_and_classement_find_by_name(tmp_path: Path) -> None:
    path = _event(tmp_path / "open.sqlite")
    app = ArbitreApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("j", "ctrl+f", *"oneill")
        await pilot.pause()
        assert _selected_name(app, "#joueurs-table").startswith("O'NEILL"), bottom_line(app)
        assert "→ O'NEILL Seán (1/1)" in bottom_line(app)
        await pilot.press("enter")
        await pilot.pause()
        assert _selected_name(app, "#joueurs-table").startswith("O'NEILL")
        await pilot.press("ctrl+f", *"lukasz", "enter")
        await pilot.pause()
        assert _selected_name(app, "#joueurs-table").startswith("KOWALSKI")
        await pilot.press("ctrl+f", *"martin")  # every MARTIN in turn, not LEMARTINEZ
        await pilot.pause()
        seen = [_selected_name(app, "#joueurs-table")]
        for _ in range(2):
            await pilot.press("ctrl+f")
            await pilot.pause()
            seen.append(_selected_name(app, "#joueurs-table"))
        assert sorted(seen[:2]) == ["MARTIN Anne", "MARTIN Paul"] and seen[2] == seen[0], seen
        await pilot.press("escape")  # back to where the search began (KOWALSKI)
        await pilot.pause()
        assert _selected_name(app, "#joueurs-table").startswith("KOWALSKI")
        await pilot.press("s", "ctrl+f", *"beranger", "enter")
        await pilot.pause()
        assert _selected_name(app, "#classement-table").startswith("BÉRANGER")


def test_a_player_found_by_name_then_withdrawn_in_one_write(tmp_path: Path) -> None:
    """Through the real terminal, keys in one write: Joueurs, ctrl+f « oneill » Entrée,
    `w` `o`: O'NEILL is withdrawn, nobody else."""
    path = _event(tmp_path / "burst.sqlite")
    with PtyApp(path, "open") as app:
        app.burst(list(f"j{CTRL_F}oneill{ENTER}wo"))
        assert app.quit() == 0
    service = EventService(path)
    try:
        players = service.store.players(service.tournament("open").id or 0)
        withdrawn = [p.surname for p in players if p.withdrawn]
    finally:
        service.close()
    assert withdrawn == ["O'NEILL"]


async def test_incidents_go_to_a_board_and_find_a_name(ko_file: Path) -> None:
    """Incidents: `g` numéro Entrée (it had none), and ctrl+f by the name of either side."""
    service = EventService(ko_file)
    rnd = service.current_round(service.tournament("open-ko"))
    games = service.store.games(rnd.id or 0)  # type: ignore[union-attr]
    people = {p.id: p for p in service.store.players(service.tournament("open-ko").id or 0)}
    black_id = games[40].black_id
    assert black_id is not None
    black = people[black_id]
    service.close()
    app = ArbitreApp(ko_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("i", "g", "1", "7", "enter")
        await pilot.pause()
        table = app.query_one("#incidents-table", DataTable)
        assert table.cursor_row == 16
        await pilot.press("ctrl+f", *black.surname.lower(), "enter")
        await pilot.pause()
        row = table.get_row_at(table.cursor_row)
        assert black.surname.upper() in f"{row[1]} {row[3]}".upper()


async def test_a_cup_line_up_finds_a_player_by_name(tmp_path: Path) -> None:
    """The match sheet's line-up: ctrl+f then a name moves to that player (espace then
    adds them)."""
    from arbitre_tui.operations import cup as ops
    from arbitre_tui.operations.templates import create_from_template
    from tests.operations.test_cup import _open_match

    path = tmp_path / "cup.sqlite"
    service = create_from_template(path, "coupe-alsace")
    t = ops.cup_of(service, None)
    ops.draw(service, None, seed=10)
    m = next(x for x in ops.matches(service, t, 1) if x.away_team_id)
    roster = [p for p in service.store.players(t.id or 0) if p.team_id == m.home_team_id]
    wanted = roster[-1]
    service.close()
    app = ArbitreApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _open_match(app, pilot, m)
        await pilot.press("ctrl+f", *wanted.surname.lower(), "enter")
        await pilot.pause()
        table = screen.query_one("#match-table", DataTable)
        assert wanted.surname.upper() in str(table.get_row_at(table.cursor_row)[1]).upper()
