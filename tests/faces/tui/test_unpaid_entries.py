"""002 « L'inscription n'est définitive qu'après paiement » in the app (issue 52.8): an
unpaid entry checked in by Espace or by `/`, and a round paired with it by `a`, are done
and said on the status line; a paid entry is checked in without a word. Pilot, and a real
terminal for the keys typed in one burst."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from textual.widgets import Static

from arbitre_tui.faces.tui.app import ArbitreApp
from arbitre_tui.operations import EventService
from tests.helpers.cli import run_here
from tests.helpers.procs import AppInTmux, wait_for
from tests.helpers.screen import bottom_line, pause_until


def _moved_on(app: ArbitreApp, old: str) -> bool:
    """The bottom line says something new."""
    return bottom_line(app) not in {old, ""}


PLAYERS = (
    ("CHÂTEAUBRIAND-SAINT-ÉVREMOND", "Marie-Thérèse", "1850", "oui"),
    ("DE LA FONTAINE-MÉRIGNAC", "Jean-Baptiste", "1790", "oui"),
    ("O'NEILL", "Siobhán", "1720", "non"),
    ("D'ARTAGNAN", "Charles", "1650", "oui"),
)
UNPAID = "O'NEILL Siobhán : droits non payés : inscription non définitive (règlement 002)"


def _open_b(path: Path) -> Path:
    """A 002 section made from nothing, four entries, O'NEILL's fee not paid."""
    f = str(path)
    run_here("new", f, "--nom", "Open d'Été", "--du", "2027-06-26")
    run_here("section", "add", f, "ob", "--nom", "Open B", "--systeme", "suisse",
        "--rondes", "5", "--reglement", "002")  # fmt: skip
    for surname, first, elo, paid in PLAYERS:
        run_here("register", f, surname, "--prenom", first, "--elo", elo, "--paye", paid)
    return path


def _checked_in(path: Path) -> set[str]:
    service = EventService(path)
    try:
        return {
            p.surname for p in service.store.players(service.tournament("ob").id) if p.checked_in
        }
    finally:
        service.close()


def _status(app: ArbitreApp) -> str:
    """The main screen's status line, prompt open or not."""
    return str(app.screen_stack[0].query_one("#status", Static).content)


async def test_space_and_pairing_say_an_unpaid_entry(tmp_path: Path) -> None:
    path = _open_b(tmp_path / "o.sqlite")
    app = ArbitreApp(path, tournament="ob")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("j")
        await pilot.pause()
        said = bottom_line(app)
        for _ in PLAYERS:  # every row in turn, one Espace each, in the table's order
            await pilot.press("space")
            await pause_until(pilot, partial(_moved_on, app, said), 30)
            said = bottom_line(app)
            if "O'NEILL" in said:
                assert f"pointé — attention : {UNPAID}" in said, said
            else:
                assert "pointé" in said and "attention" not in said, said
            await pilot.press("down")
        assert _checked_in(path) == {p[0] for p in PLAYERS}
        await pilot.press("r", "a")
        await pause_until(pilot, lambda: "appariée" in bottom_line(app), 60)
        said = bottom_line(app)
        assert "Ronde 1 appariée" in said, said
        assert "attention : 1 inscription(s) non définitive(s), droits non payés" in said, said
        assert "O'NEILL Siobhán" in said


async def test_slash_check_in_says_an_unpaid_entry(tmp_path: Path) -> None:
    """`/`, the desk's check-in by a word of the name (issue 49.6): the warning shows
    above the prompt, which stays open for the next name."""
    path = _open_b(tmp_path / "o.sqlite")
    app = ArbitreApp(path, tournament="ob")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("j", "slash", *"artagnan", "enter")
        await pause_until(pilot, lambda: "D'ARTAGNAN Charles pointé" in _status(app), 30)
        assert "attention" not in _status(app)
        await pilot.press(*"neill", "enter")
        await pause_until(pilot, lambda: "O'NEILL Siobhán pointé" in _status(app), 30)
        assert f"attention : {UNPAID}" in _status(app), _status(app)
        shown = app.screen.query_one("#prompt-message", Static)
        assert shown.display and "droits non payés" in str(shown.content)
        await pilot.press("escape")
        await pilot.pause()
    assert _checked_in(path) == {"D'ARTAGNAN", "O'NEILL"}


def test_unpaid_entry_said_through_tmux(tmp_path: Path) -> None:
    """80×24, a real terminal, the keys in bursts: `/` checks in two by a word after an
    apostrophe, the unpaid one said; Échap; then `r a` pairs and says it again."""
    path = _open_b(tmp_path / "o.sqlite")
    app = AppInTmux(path)
    try:
        app.keys("j", "/", "artagnan", "Enter", "neill", "Enter")
        app.wait_screen(
            lambda s: "droits non payés" in " ".join(s.split()), 30, "the warning above the prompt"
        )
        app.keys("mérignac", "Enter", "évremond", "Enter", "Escape")
        wait_for(lambda: len(_checked_in(path)) == 4, 30, "four checked in")
        app.keys("r", "a")
        whole = "attention : 1 inscription(s) non définitive(s), droits non payés"
        # the status line takes the lines the message needs (up to four): never cut
        screen = app.wait_screen(lambda s: whole in " ".join(s.split()), 60, "the warning")
        assert "Ronde 1 appariée" in screen and "O'NEILL Siobhán" in screen, screen
    finally:
        app.close()
