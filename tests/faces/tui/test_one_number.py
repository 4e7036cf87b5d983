"""Issue 49 in the app: one number per player (49.5) — Joueurs shows the N° the
grille, the TRF and `arbitre players list` show, `/` takes it; the status lines name the
player first, « NOM Prénom (N° 12) : … »; a grille of nine rounds fits 80 columns without
scrolling sideways (the colours dropped, never a round). On events from nothing."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from arbitre_tui.faces.tui.app import ArbitreApp
from arbitre_tui.operations import EventService
from arbitre_tui.views.reader import Reader
from tests.helpers.cli import run_here
from tests.helpers.long_names import long_names_event, nine_rounds_event
from tests.helpers.screen import bottom_line


def _numbers(path: Path, key: str) -> dict[str, int]:
    """Each player's N° by name, as the views compute it (Reader.numbers)."""
    service = EventService(path)
    try:
        reader = Reader(service)
        t = reader.tournament(key)
        numbers = reader.numbers(t)
        return {p.name: numbers[p.id] for p in reader.players(t)}
    finally:
        service.close()


async def test_joueurs_shows_the_n_of_the_cli_and_slash_takes_it(tmp_path: Path) -> None:
    """In « jeunes » (registered after the Open) the registration is 15 to 18, the N°
    1 to 4: the pane, `players list` and `/` say and take the N°."""
    path = long_names_event(tmp_path / "ln.sqlite", played=False)
    numbers = _numbers(path, "jeunes")
    assert numbers == {
        "MÉRIGNAC Lou": 1, "DE SAINT-ÉVREMOND Léon": 2, "O'BRIEN Éloïse": 3, "LÉVÊQUE Noé": 4
    }  # fmt: skip
    listed = run_here("players", "list", str(path), "-t", "jeunes").splitlines()
    assert listed[0].startswith("N° provisoires")  # before round 1: said
    by_cli = {line[8:40].strip(): int(line[:5]) for line in listed[1:-1]}
    assert by_cli == numbers
    app = ArbitreApp(path, tournament="jeunes")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("j")
        await pilot.pause()
        table = app.screen_stack[0].query_one("#joueurs-table", DataTable)
        shown = {str(table.get_row_at(i)[1]): int(str(table.get_row_at(i)[0])) for i in range(4)}
        assert shown == numbers
        await pilot.press("slash", "3", "enter")  # O'BRIEN's N°, typed as shown
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("up", "up", "space")  # `/` left the cursor on N° 3; now N° 1
        await pilot.pause()
        assert "MÉRIGNAC Lou (N° 1) : pointé" in bottom_line(app), bottom_line(app)
    service = EventService(path)
    try:
        players = service.store.players(service.tournament("jeunes").id)
        checked = {p.name for p in players if p.checked_in}
    finally:
        service.close()
    assert checked == {"O'BRIEN Éloïse", "MÉRIGNAC Lou"}


async def test_the_player_form_is_titled_with_the_n(tmp_path: Path) -> None:
    """`F` on O'BRIEN (registration 17, N° 3): the form says « (N° 3) », never the
    registration; a walk-in registered through the form is said with his N° (49.5)."""
    from arbitre_tui.faces.tui.form import Form

    path = long_names_event(tmp_path / "ln.sqlite", played=False)
    app = ArbitreApp(path, tournament="jeunes")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("j")
        await pilot.pause()
        table = app.screen_stack[0].query_one("#joueurs-table", DataTable)
        table.move_cursor(row=2)
        await pilot.press("F")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, Form)
        assert form.title_text == "Fiche de O'BRIEN Éloïse (N° 3) — Jeunes", form.title_text
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("a", "enter")  # the lists' search left empty: the whole form
        await pilot.pause()
        assert isinstance(app.screen, Form)
        await pilot.press(*"D'ORMESSON", "tab", *"Anne", "tab", *"2300", "enter")
        await pilot.pause()
        assert "Inscrit : D'ORMESSON Anne (N° 1) en Jeunes" in bottom_line(app), bottom_line(app)


async def test_a_grille_of_nine_rounds_fits_80_columns(tmp_path: Path) -> None:
    path = nine_rounds_event(tmp_path / "neuf.sqlite")
    app = ArbitreApp(path, tournament="open")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s", "g")
        await pilot.pause()
        table = app.screen_stack[0].query_one("#classement-table", DataTable)
        labels = [str(c.label) for c in table.columns.values()]
        assert labels == ["Pl.", "Nom", "Elo", *[f"R{n}" for n in range(1, 10)], "Pts"]
        assert table.max_scroll_x == 0  # nothing to scroll sideways
        assert table.virtual_size.width <= table.size.width
        row = [str(c) for c in table.get_row_at(0)]
        assert not any(c.endswith(("B", "N")) for c in row[3:12]), row
    app = ArbitreApp(path, tournament="open")
    async with app.run_test(size=(160, 24)) as pilot:  # room enough: the colours stay
        await pilot.press("s", "g")
        await pilot.pause()
        table = app.screen_stack[0].query_one("#classement-table", DataTable)
        row = [str(c) for c in table.get_row_at(0)]
        assert all(c.endswith(("B", "N")) for c in row[3:12]), row
