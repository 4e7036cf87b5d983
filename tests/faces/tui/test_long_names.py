"""The desk with real names (issue 49.6): a search by any word of the name — after a
hyphen, an apostrophe, a particle —, in every section, with one rule for ctrl+f and `/`;
`/` empties its line after each Entrée, taken or not. In Pilot and in a real terminal."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable

from arbitre_tui.faces.tui.app import ArbitreApp
from arbitre_tui.faces.tui.search import name_matches, needle_of
from arbitre_tui.operations import EventService
from tests.helpers.long_names import long_names_event
from tests.helpers.procs import AppInTmux, wait_for
from tests.helpers.screen import bottom_line


@pytest.mark.parametrize(
    ("name", "typed"),
    [
        ("DE LA FONTAINE-MÉRIGNAC Jean-Baptiste", "merignac"),
        ("DE LA FONTAINE-MÉRIGNAC Jean-Baptiste", "fontaine"),
        ("DE LA FONTAINE-MÉRIGNAC Jean-Baptiste", "baptiste"),
        ("CHÂTEAUBRIAND-SAINT-ÉVREMOND Marie-Thérèse", "evremond"),
        ("CHÂTEAUBRIAND-SAINT-ÉVREMOND Marie-Thérèse", "THERESE"),
        ("O'NEILL Seán", "neill"),
        ("O'NEILL Seán", "oneill"),
        ("O'NEILL Seán", "o'neill"),
        ("D'ARTAGNAN Charles", "artagnan"),
        ("D'ARTAGNAN Charles", "d artagnan"),
    ],
)
def test_any_word_of_the_name_matches(name: str, typed: str) -> None:
    assert name_matches(name, needle_of(typed))


def test_a_piece_inside_a_word_does_not_match() -> None:
    assert not name_matches("DE LA FONTAINE-MÉRIGNAC Jean-Baptiste", needle_of("ignac"))


def _checked_in(path: Path) -> set[str]:
    service = EventService(path)
    try:
        return {
            p.surname
            for t in ("open", "jeunes")
            for p in service.store.players(service.tournament(t).id)
            if p.checked_in
        }
    finally:
        service.close()


async def test_slash_checks_in_by_any_word_in_any_section_and_empties_its_line(
    tmp_path: Path,
) -> None:
    path = long_names_event(tmp_path / "ln.sqlite", played=False)
    app = ArbitreApp(path, tournament="open")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("j", "slash", *"merignac", "enter")
        await pilot.pause()
        await pilot.press(*"zzz", "enter")  # refused: said, and the line emptied
        await pilot.pause()
        assert "« zzz » : personne" in bottom_line(app), bottom_line(app)
        await pilot.press(*"neill", "enter", *"leveque", "enter")  # LÉVÊQUE: in Jeunes
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
    assert _checked_in(path) == {"DE LA FONTAINE-MÉRIGNAC", "O'NEILL", "LÉVÊQUE"}


async def test_ctrl_f_reaches_another_section(tmp_path: Path) -> None:
    path = long_names_event(tmp_path / "ln.sqlite", played=False)
    app = ArbitreApp(path, tournament="open")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("j", "ctrl+f", *"obrien")
        await pilot.pause()
        assert "O'BRIEN Éloïse — Jeunes (1/1)" in bottom_line(app), bottom_line(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.tournament is not None and app.tournament.key == "jeunes"
        table = app.screen_stack[0].query_one("#joueurs-table", DataTable)
        assert str(table.get_row_at(table.cursor_row)[1]).startswith("O'BRIEN")


def test_check_in_by_words_in_one_burst_through_tmux(tmp_path: Path) -> None:
    """80×24, a real terminal, every key in one write: three names by a word after a
    hyphen or an apostrophe, a refused one between them (emptied, not prefixed to the
    next), then Échap: exactly those three are checked in."""
    path = long_names_event(tmp_path / "ln.sqlite", played=False)
    app = AppInTmux(path)
    try:
        app.keys(
            "j", "/", "evremond", "Enter", "xyzzy", "Enter", "neill", "Enter", "artagnan",
            "Enter", "Escape",
        )  # fmt: skip
        app.wait_screen(lambda s: "pointés 3 / 14" in s, 30, "three checked in")
        wait_for(lambda: len(_checked_in(path)) == 3, 10, "the file")
    finally:
        app.close()
    assert _checked_in(path) == {"CHÂTEAUBRIAND-SAINT-ÉVREMOND", "O'NEILL", "D'ARTAGNAN"}


# -- 49.7: one key a board ------------------------------------------------------------------


def _results(path: Path, key: str = "open") -> dict[int, str | None]:
    service = EventService(path)
    try:
        t = service.tournament(key)
        rnd = service.current_round(t)
        assert rnd is not None
        return {g.board: (str(g.result) if g.result else None) for g in service.store.games(rnd.id)}
    finally:
        service.close()


async def test_after_a_result_the_selection_moves_to_the_next_board_without_one(
    tmp_path: Path,
) -> None:
    path = long_names_event(tmp_path / "ln.sqlite")  # round 3: board 1 played, 7-8 byes
    app = ArbitreApp(path, tournament="open")
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.screen_stack[0].query_one("#ronde-table", DataTable)
        await pilot.press("g", "2", "enter", "1")
        await pilot.pause()
        assert table.cursor_row == 2, table.cursor_row  # board 3
        await pilot.press("equals_sign", "0", "1", "0")
        await pilot.pause()
        assert table.cursor_row == 5, table.cursor_row  # every board has one: stays on 6
    games = _results(path)
    assert [games[b] for b in range(2, 7)] == ["1-0", "=-=", "0-1", "1-0", "0-1"]


async def test_the_setting_off_keeps_the_selection_on_the_board(tmp_path: Path) -> None:
    path = long_names_event(tmp_path / "ln.sqlite")
    service = EventService(path)
    service.update_event_settings({"next_board_after_result": False})
    service.close()
    app = ArbitreApp(path, tournament="open")
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.screen_stack[0].query_one("#ronde-table", DataTable)
        await pilot.press("g", "2", "enter", "1")
        await pilot.pause()
        assert table.cursor_row == 1, table.cursor_row  # still board 2
    assert _results(path)[3] is None


def test_five_boards_by_five_keys_in_one_burst_through_tmux(tmp_path: Path) -> None:
    path = long_names_event(tmp_path / "ln.sqlite")
    app = AppInTmux(path)
    try:
        app.keys("g2", "Enter", "1=0=1")  # one write: the jump, then a key a board
        wait_for(lambda: _results(path)[6] is not None, 30, "board 6's result")
    finally:
        app.close()
    games = _results(path)
    assert [games[b] for b in range(2, 7)] == ["1-0", "=-=", "0-1", "=-=", "1-0"]


async def test_pairing_round_one_asks_before_leaving_players_aside(tmp_path: Path) -> None:
    """`a` with 4 of 14 not checked in: « 4 inscrits non pointés : les laisser de côté ? »;
    `n` pairs nothing, `o` pairs the ten (issue 49.7)."""
    path = long_names_event(tmp_path / "ln.sqlite", played=False)
    service = EventService(path)
    for p in service.store.players(service.tournament("open").id)[:10]:
        service.check_in(p.id)
    service.close()
    app = ArbitreApp(path, tournament="open")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a")
        await pilot.pause()
        assert "4 inscrits non pointés : les laisser de côté ?" in bottom_line(app)
        await pilot.press("n")
        await pilot.pause()
        await app.workers.wait_for_complete()
        service = EventService(path)
        assert service.current_round(service.tournament("open")) is None
        service.close()
        await pilot.press("a", "o")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
    service = EventService(path)
    rnd = service.current_round(service.tournament("open"))
    assert rnd is not None and len(service.store.games(rnd.id)) == 5
    service.close()
