"""The footer of keys is one line drawn as one text (issue 34.4: Textual's footer built,
styled and laid out a widget per key at every start and change of pane): it shows the
keys that start within the terminal's width, more in a wider one, « ? Touches » at its
right end, and a click on a key types it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from textual.pilot import Pilot
from textual.widget import Widget

from arbitre_tui.faces.tui.app import ArbitreApp
from arbitre_tui.faces.tui.footer import KeysFooter, KeysLine, shortened
from arbitre_tui.faces.tui.panes.joueurs import PlayersPane
from arbitre_tui.operations.templates import create_from_template

from ...helpers.cli import run_here
from ...helpers.screen import screen_text


@asynccontextmanager
async def _app_at(tmp_path: Path, width: int) -> AsyncIterator[tuple[ArbitreApp, Pilot[int]]]:
    """An event of three Swiss sections, its app at ``width`` columns, painted."""
    path = tmp_path / "e.sqlite"
    create_from_template(path, "marina-viva").close()
    app = ArbitreApp(path)
    async with app.run_test(size=(width, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        yield app, pilot


def _drawn(app: ArbitreApp) -> list[tuple[int, int, str]]:
    """The keys the footer drew: their columns and the key each types."""
    return list(app.screen.query_one(KeysLine)._spans)


async def test_the_footer_draws_the_keys_that_fit_then_more_in_a_wider_terminal(
    tmp_path: Path,
) -> None:
    async with _app_at(tmp_path, 80) as (app, pilot):
        footer = app.screen.query_one(KeysFooter)
        # one line, whatever the number of keys: no widget per key
        assert len(list(footer.query(Widget))) == 2
        narrow = _drawn(app)
        assert narrow and all(start < 80 for start, _end, _key in narrow)
        line = app.screen.query_one(KeysLine)
        assert len(narrow) < len(line.entries)
        # full up to « ? Touches »: the next key, whole, would not hold (issue 49.1: a
        # key is never cut mid-word; the words shortened as the pane bar's, shortened())
        words = shortened(line.entries, line.size.width)
        following = line.entries[len(narrow)]
        after = f"{following.shown} {words[len(narrow)]}".rstrip()
        assert narrow[-1][1] + 1 + len(after) > line.size.width
        assert line.region.right == app.screen.query_one("#all-keys").region.x
        assert app.screen.query_one("#all-keys").region.right == 80
        last = screen_text(app).splitlines()[-1]
        first = line.entries[0]
        assert last.startswith(f"{first.shown} {words[0]} "), last
        assert last.rstrip().endswith("? Touches"), last
        await pilot.resize_terminal(200, 24)
        await pilot.pause()
        await pilot.pause()
        wide = _drawn(app)
        assert len(wide) > len(narrow)  # a wider terminal draws the others
        assert [k for *_, k in wide[: len(narrow)]] == [k for *_, k in narrow]
        assert all(start < 200 for start, _end, _key in wide)
        # whole words where they hold
        assert shortened(line.entries, line.size.width)[0] == first.description


async def test_a_click_on_a_key_of_the_footer_types_it(tmp_path: Path) -> None:
    async with _app_at(tmp_path, 200) as (app, pilot):
        line = app.screen.query_one(KeysLine)
        spans = {key: (start, end) for start, end, key in _drawn(app)}
        _start, end = spans["j"]  # « j Joueurs »
        await pilot.click(KeysLine, offset=(end - 1, 0))
        await pilot.pause()
        assert app.current_pane_id == "joueurs"
        assert isinstance(app.query_one("#joueurs"), PlayersPane)
        assert line.region.y == 23


async def test_the_footer_lists_only_the_panes_of_the_section_on_screen(tmp_path: Path) -> None:
    """A Swiss has no Repêchage, Coupe nor Tableau: the pane bar omits them, and so do the
    footer's keys (the keys still answer « Pas de volet … » when typed); a knockout's
    footer lists its Tableau and Repêchage, and Tab back to the Swiss hides them again."""
    path = tmp_path / "e.sqlite"
    create_from_template(path, "marina-viva").close()
    run_here("section", "add", str(path), "ko", "--nom", "K.O.", "--systeme", "ko", "--rondes", "3")
    app = ArbitreApp(path, tournament="open-a")
    async with app.run_test(size=(400, 24)) as pilot:
        await pilot.pause()
        listed = {e.description for e in app.screen.query_one(KeysLine).entries}
        assert {"Ronde", "Joueurs", "Classement"} <= listed, listed
        assert not listed & {"Repêchage", "Coupe", "Tableau"}, listed
        for _ in range(3):  # open-b, open-c, then ko: Tab that moved nowhere fails below
            await pilot.press("tab")
            await pilot.pause()
        assert app.tournament is not None and app.tournament.key == "ko"
        listed = {e.description for e in app.screen.query_one(KeysLine).entries}
        assert {"Tableau", "Repêchage"} <= listed and "Coupe" not in listed, listed
        await pilot.press("tab")
        await pilot.pause()
        listed = {e.description for e in app.screen.query_one(KeysLine).entries}
        assert not listed & {"Repêchage", "Coupe", "Tableau"}, listed


async def test_the_footer_names_ctrl_keys_as_the_help_and_the_palette_do(tmp_path: Path) -> None:
    """« ctrl+f Chercher ctrl+q Quitter », as the list of keys and the palette write them:
    Textual wrote the second « ^q » beside the first."""
    async with _app_at(tmp_path, 200) as (app, pilot):
        await pilot.press("s")  # Classement: ctrl+f is its key
        await pilot.pause()
        shown = {e.description: e.shown for e in app.screen.query_one(KeysLine).entries}
        assert shown["Chercher"] == "ctrl+f" and shown["Quitter"] == "ctrl+q", shown
        assert not any(s.startswith("^") for s in shown.values()), shown
