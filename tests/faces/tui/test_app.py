"""The real app through App.run_test() at 80×24."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from textual.binding import Binding
from textual.geometry import Region
from textual.widgets import ContentSwitcher, DataTable, Static

from arbitre_tui.faces.tui.app import PANE_KEYS, ArbitreApp
from arbitre_tui.faces.tui.help import HelpScreen
from arbitre_tui.faces.tui.panes import PANES
from arbitre_tui.faces.tui.prompts import Prompt
from arbitre_tui.operations import EventService

from ...helpers.cli import arbitre
from ...helpers.screen import app_on, pause_until, screen_text


@pytest.mark.slow
async def test_every_pane_key_shows_its_pane(demo_file: Path) -> None:
    """Each pane in a section that uses it; a pane the section does not use (Coupe in a
    round robin, Tableau outside a knockout) is refused on the status line, the pane
    shown stays (issue 29.5)."""
    shown: set[str] = set()
    for section, unused in (("u8", {"repechage", "coupe", "tableau"}), ("open-ko", {"coupe"}),
                            ("coupe", {"repechage", "tableau"})):  # fmt: skip
        app = ArbitreApp(demo_file, tournament=section)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.size == (80, 24)
            for pane_id, key, cls in PANES:
                before = app.query_one(ContentSwitcher).current
                await pilot.press(key)
                await pilot.pause()
                if pane_id in unused:
                    assert app.query_one(ContentSwitcher).current == before, (section, key)
                    assert "Pas de volet" in str(app.query_one("#status", Static).content)
                    continue
                assert app.query_one(ContentSwitcher).current == pane_id
                title = str(app.query_one(f"#{pane_id}-title", Static).content)
                assert title.startswith(cls.TITLE.split(" ")[0]), title
                shown.add(pane_id)
    assert shown == {pane_id for pane_id, _key, _cls in PANES}


async def test_footer_shows_pane_keys(demo_file: Path) -> None:
    app = ArbitreApp(demo_file, tournament="u8")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        keys = {k for k, b in app.active_bindings.items() if b.binding.show}
        assert {"r", "c", "i", "p", "k", "s", "j", "q", "ctrl+q"} <= keys


async def test_the_key_for_all_keys_is_never_cut_at_80_columns(demo_file: Path) -> None:
    """The Ronde pane's keys fill an 80-column footer; « ? Touches » stays on screen."""
    app = ArbitreApp(demo_file, tournament="open-a")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        label = app.screen.query_one("#all-keys", Static)
        region = label.region
        assert region.y == 23 and region.right <= 80 and region.width >= len("? Touches")
        assert "? Touches" in str(label.render())
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)  # the list of every key, which scrolls


async def test_every_key_of_every_pane_is_described_in_french(demo_file: Path) -> None:
    """The list of every key (`?`) shows Textual's own keys too: none in English."""
    from textual.app import App
    from textual.screen import Screen
    from textual.scroll_view import ScrollView

    english = {
        b.description
        for cls in (DataTable, ScrollView, Screen, App)
        for b in cls.BINDINGS
        if isinstance(b, Binding) and b.description
    }
    assert {"Cursor up", "Focus Next", "Page Right"} <= english
    app = ArbitreApp(demo_file, tournament="open-a")
    async with app.run_test(size=(80, 24)) as pilot:
        for _pane_id, key, _label in PANE_KEYS:
            await pilot.press(key)
            await pilot.pause()
            shown = {b.description for _n, b, _e, _t in app.screen.active_bindings.values()}
            assert not shown & english, (key, shown & english)


async def test_round_board_shows_the_stored_games(demo_file: Path) -> None:
    service = EventService(demo_file)
    t = service.tournament("u8")
    rnd = service.current_round(t)
    assert rnd is not None and rnd.id is not None
    games = service.store.games(rnd.id)
    names = {p.id: p.name for p in service.store.players(t.id)}
    app = ArbitreApp(demo_file, tournament="u8")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.query_one("#ronde-table", DataTable)
        assert table.row_count == len(games)
        assert str(table.get_row_at(0)[1]) == names[games[0].white_id]


def _u8_board2(con: sqlite3.Connection) -> str | None:
    row = con.execute(
        "SELECT g.result FROM games g JOIN rounds r ON r.id = g.round_id "
        "JOIN tournaments t ON t.id = r.tournament_id WHERE t.key = 'u8' AND r.number = 3 AND g.board = 2"
    ).fetchone()
    result: str | None = row[0]
    return result


async def test_result_by_key_is_committed_before_saved_is_shown(demo_file: Path) -> None:
    con = sqlite3.connect(demo_file)
    before = _u8_board2(con)
    key, expected = ("1", "1-0") if before != "1-0" else ("0", "0-1")
    app = ArbitreApp(demo_file, tournament="u8")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r", "down", key)
        await pilot.pause()
        if before is not None:  # replacing a result asks first (issue 13)
            assert "remplacer" in str(app.query_one("#status", Static).content)
            assert _u8_board2(con) == before
            await pilot.press("o")
            await pilot.pause()
        status = str(app.query_one("#status", Static).content)
        assert "Échiquier 2" in status and "enregistré" in status
        assert _u8_board2(con) == expected  # another connection sees it: it is on disk
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert _u8_board2(con) == before


async def test_refusal_is_shown_and_changes_nothing(demo_file: Path) -> None:
    service = EventService(demo_file)
    service.close_round("u8")
    before = service.store.snapshot()
    app = ArbitreApp(demo_file, tournament="u8")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r", "1")
        await pilot.pause()
        status = app.query_one("#status", Static)
        assert "Refusé" in str(status.content) and "close" in str(status.content)
        assert status.has_class("error")
    assert EventService(demo_file).store.snapshot() == before


async def test_a_long_refusal_shows_whole_at_80_columns(demo_file: Path) -> None:
    """The reason of a refusal is never cut: the status line grows, then shrinks back."""
    app = ArbitreApp(demo_file, tournament="open-a")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r", "a")  # round 3 of the Open is not closed
        await app.workers.wait_for_complete()
        await pilot.pause()
        status = app.query_one("#status", Static)
        text = str(status.content)
        assert "n'est pas close" in text and len(text) > 78
        assert status.region.height >= 2
        strips = status.render_lines(Region(0, 0, status.size.width, status.size.height))
        shown = " ".join(strip.text.strip() for strip in strips)
        assert shown.endswith("clôturez-la."), shown
        await pilot.press("g", "escape")  # an ordinary message: one line again
        await pilot.pause()
        assert not status.has_class("error") and status.region.height == 1


@pytest.mark.slow
async def test_a_long_message_of_success_shows_whole_at_80_columns(demo_file: Path) -> None:
    """« … — enregistrée (ctrl+z annule) » is never cut: a message longer than the line
    takes two (found by the campaign: the QR address said « … — enregistrée (ctrl+z »)."""
    from arbitre_tui.publish.address import base_url

    service = EventService(demo_file)
    current = base_url(service)  # the prompt opens with it, selected: typed over (29.5)
    service.close()
    app = ArbitreApp(demo_file, tournament="open-a")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q", "a", *f"{current}/resultats-strasbourg-2027", "enter")
        await pilot.pause()
        status = app.query_one("#status", Static)
        assert str(status.content).endswith("— enregistrée (ctrl+z annule)")
        assert status.region.height >= 2
        strips = status.render_lines(Region(0, 0, status.size.width, status.size.height))
        shown = " ".join(strip.text.strip() for strip in strips)
        assert shown.endswith("— enregistrée (ctrl+z annule)"), shown
        await pilot.press("escape")  # nothing open: a short message after it, one line
        await pilot.press("r", "g", "escape")
        await pilot.pause()
        assert status.region.height == 1


async def test_second_terminal_change_appears_within_a_second(demo_file: Path) -> None:
    async with app_on(demo_file, "j", "u8") as (app, pilot):
        table = app.query_one("#joueurs-table", DataTable)
        assert str(table.get_row_at(0)[4]) == "oui"
        deputy = EventService(demo_file)  # the deputy's terminal, another connection
        pid = _first_row(deputy, "u8").id  # N° 1, the first row (issue 49.5)
        assert pid is not None
        deputy.check_in(pid, False)
        start = time.monotonic()
        while str(table.get_row_at(0)[4]) != "—" and time.monotonic() - start < 1.0:
            await pilot.pause(0.05)
        assert str(table.get_row_at(0)[4]) == "—", "the change did not show within a second"


def _first_row(service: EventService, key: str) -> Any:
    from arbitre_tui.views.reader import Reader

    reader = Reader(service)
    t = reader.tournament(key)
    numbers = reader.numbers(t)
    return min(reader.players(t), key=lambda p: numbers[p.id])


async def test_check_in_by_key(demo_file: Path) -> None:
    service = EventService(demo_file)
    before = _first_row(service, "u10")  # N° 1, the first row (issue 49.5)
    app = ArbitreApp(demo_file, tournament="u10")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("j", "space")
        await pilot.pause()
        first = service.store.player(before.id)
        assert first is not None and first.checked_in is not before.checked_in


async def test_theme_switch_and_section_switch(demo_file: Path) -> None:
    app = ArbitreApp(demo_file)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme == "arbitre"
        await pilot.press("t")
        assert app.theme == "contraste"
        first = app.tournament
        await pilot.press("tab")  # « n » is « non » in questions (issue 29)
        await pilot.pause()
        assert app.tournament != first
        assert app.tournament is not None and app.tournament.name in app.sub_title


async def test_qr_pane_encodes_the_section_url(demo_file: Path) -> None:
    async with app_on(demo_file, "q", "open-a") as (app, _pilot):
        assert str(app.query_one("#qr-url", Static).content) == "http://192.168.1.20:8080/open-a/"
        text = str(app.query_one("#qr-code", Static).content)
        assert "▀" in text and len(text.splitlines()) <= 20


async def test_one_row_repaint_shows_each_new_result(demo_file: Path) -> None:
    """Only the changed row is repainted: the screen must still show every change."""
    async with app_on(demo_file, "r", "open-a") as (app, pilot):
        table = app.query_one("#ronde-table", DataTable)
        names = [str(table.get_row_at(k)[1]) for k in range(3)]

        def line_of(name: str) -> str:
            return next(line for line in screen_text(app).splitlines() if name in line)

        assert "…" in line_of(names[0])
        await pilot.press("1")
        await pilot.pause()
        assert "1-0" in line_of(names[0]) and "…" in line_of(names[1])
        # the selection moved on to the next board after the 1-0 (issue 49.7)
        await pilot.press("equals_sign", "0")
        await pilot.pause()
        assert "½-½" in line_of(names[1]) and "0-1" in line_of(names[2])
        await pilot.press("u")
        await pilot.pause()
        assert "…" in line_of(names[2]) and "½-½" in line_of(names[1])


async def test_help_lists_the_app_keys_and_scrolls_at_80x24(demo_file: Path) -> None:
    """`?` shows Tab, t and ctrl+z too (issue 14; Tab, not n, since issue 29) and the keys
    of the panes the section has — b Tableau on a knockout, not on a Swiss, whose pane bar
    has no Tableau either —, and scrolls to the last line."""
    from textual.containers import VerticalScroll

    async with app_on(demo_file, "question_mark", "open-ko") as (app, _pilot):
        text = str(app.screen.query_one("#help-text", Static).content)
        assert "  b  Tableau" in text and "  p  Repêchage" in text, text
    async with app_on(demo_file, "question_mark", "open-a") as (app, pilot):
        text = str(app.screen.query_one("#help-text", Static).content)
        for needle in ("  Tab  Section suivante", "  t  Thème", "ctrl+z  Annuler", "  j  Joueurs"):
            assert needle in text, needle
        for gone in ("  b  Tableau", "  p  Repêchage", "  k  Coupe"):
            assert gone not in text, gone
        scroll = app.screen.query_one("#help-scroll", VerticalScroll)
        assert scroll.max_scroll_y > 0
        await pilot.press("end")
        await pilot.pause()
        assert scroll.scroll_y == scroll.max_scroll_y
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)


async def test_pane_bar_names_every_pane_and_the_section_at_80_columns(demo_file: Path) -> None:
    from arbitre_tui.faces.tui.pane_bar import PaneBar

    async with app_on(demo_file, "j", "open-a") as (app, _pilot):
        bar = app.query_one(PaneBar)
        line = bar.render_line(0).text
        assert bar.region.y == 1 and bar.region.height == 1
        for pane_id, key, _label in PANE_KEYS:  # a Swiss: no Repêchage, Coupe, Tableau
            assert (f" {key} " in line) == (pane_id not in {"repechage", "coupe", "tableau"}), key
        assert "j Joueurs" in line and "⇥ Open A" in line  # Tab (issue 29)


def test_no_pane_key_hides_a_pane_switching_key() -> None:
    """A pane's own key wins over the app's while the pane is shown: one named like a
    pane key (« i » for Incidents) would leave the arbiter stuck in that pane."""
    switching = {key for _pane, key, _label in PANE_KEYS}
    for pane_id, _key, cls in PANES:
        for binding in cls.BINDINGS:
            assert isinstance(binding, Binding)
            shadowed = set(binding.key.split(",")) & switching
            assert not shadowed, f"{pane_id}: {binding.key} hides a pane key"


async def test_the_footer_names_keys_in_french(demo_file: Path) -> None:
    """Textual names keys in English in the footer (« space », « esc », « tab »,
    « enter »): here they read as on a French keyboard, as in the list of keys."""
    from arbitre_tui.faces.tui.cup_screen import MatchScreen
    from arbitre_tui.operations import cup

    service = EventService(demo_file)
    t = cup.cup_of(service, None)
    cup.draw(service, None, seed=10)
    row = next(i for i, m in enumerate(cup.matches(service, t, 1)) if m.away_team_id)
    service.close()
    english = {"space", "esc", "tab", "enter"}
    app = ArbitreApp(demo_file, tournament="coupe")
    async with app.run_test(size=(80, 24)) as pilot:
        footers = []
        for keys in (["j"], ["k", *["down"] * row], ["enter"]):
            await pilot.press(*keys)
            await pilot.pause()
            footers.append(screen_text(app).splitlines()[-1])
        assert isinstance(app.screen, MatchScreen)
    # the words shortened where the pane's keys do not hold at 80 (issue 49.1), the keys'
    # names French whatever the words
    assert footers[0].startswith("espace Poi"), footers[0]
    assert "Entrée Ouv" in footers[1], footers[1]  # the pane's own Entrée (not the table's)
    assert footers[2].startswith("Tab Équ"), footers[2]
    assert "Échap Fer" in footers[2] and "espace Ajo" in footers[2], footers[2]
    for footer in footers:
        assert not english & set(footer.split()), footer


@pytest.mark.slow
def test_an_unforeseen_error_shows_no_traceback(
    demo_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The app's last guard, as the command line's: an error nobody foresaw ends the app
    with one French sentence saying where the detail was written, never a traceback
    (found by the campaign: a lateness of 10**24 minutes, then `d` in Cadence)."""
    import json

    from tests.helpers.pty_app import ENTER, PtyApp

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    con = sqlite3.connect(demo_file)
    (text,) = con.execute("SELECT settings FROM tournaments WHERE key = 'open-a'").fetchone()
    settings = {**json.loads(text), "lateness_minutes": 10**24}  # no screen takes it now
    with con:
        con.execute(
            "UPDATE tournaments SET settings = ? WHERE key = 'open-a'", (json.dumps(settings),)
        )
    con.close()
    with PtyApp(demo_file, "open-a") as app:
        app.slowly(["c", "d", ENTER])
        code = app.proc.wait(timeout=20)
        app.settle(quiet=0.3, first=1.0)
        shown = app.output.decode("utf-8", "replace").replace("\r\n", "")  # lines folded
    assert code == 1
    assert "Traceback" not in shown and "OverflowError:" not in shown
    logs = list((tmp_path / "state" / "arbitre").glob("erreur-*.txt"))
    assert len(logs) == 1 and "OverflowError" in logs[0].read_text(encoding="utf-8")
    assert "Erreur inattendue (OverflowError)" in shown and logs[0].name in shown


async def test_a_pane_title_names_the_section_shown(demo_file: Path) -> None:
    """Classement, then Tab: the title names the new section (the Tableau kept « Open
    K.O. » over Open A's empty table); a pane the next section has no use for (Tableau
    in a Swiss) gives way to its Ronde (issue 29.5)."""
    app = ArbitreApp(demo_file, tournament="open-ko")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        title = app.query_one("#classement-title", Static)
        assert str(title.content).startswith("Classement — Open K.O."), title.content
        await pilot.press("tab")
        await pilot.pause()
        assert str(title.content).startswith("Classement — Open A (1900 et plus)"), title.content
        await pilot.press("shift+tab", "b")
        await pilot.pause()
        assert app.query_one(ContentSwitcher).current == "tableau"
        await pilot.press("tab")
        await pilot.pause()
        assert app.query_one(ContentSwitcher).current == "ronde"
        assert "Open A (1900 et plus)" in str(app.query_one("#ronde-title", Static).content)


async def test_the_header_keeps_the_round_of_a_long_section_at_80_columns(
    demo_file: Path,
) -> None:
    """« Démonstration arbitre-tui — Petites poussines (U8) filles — r… »: the round was
    cut off; the event's name gives way when the three do not fit."""
    for size, key, shown in (
        ((80, 24), "u8f", "Petites poussines (U8) filles — ronde 0/7"),
        ((80, 24), "open-a", "Démonstration arbitre-tui — Open A (1900 et plus) — ronde 3/9"),
        ((120, 30), "u8f", "Démonstration arbitre-tui — Petites poussines (U8) filles — ronde 0/7"),
    ):
        app = ArbitreApp(demo_file, tournament=key)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            assert app.format_title(app.title, app.sub_title).plain == shown
    # a window narrowed to 80 columns: the header laid out again, not left cut
    app = ArbitreApp(demo_file, tournament="u8f")
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        assert screen_text(app).splitlines()[0].split("♞")[1].strip().startswith("Démonstration")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        top = screen_text(app).splitlines()[0]
        assert "Petites poussines (U8) filles — ronde 0/7" in top, top


async def test_the_round_title_keeps_its_count_of_results_at_80_columns(
    demo_file: Path,
) -> None:
    """Open A's time control is long: the title kept it and lost « 0/60 résultats » at 80
    columns; now the time control (in full in Cadence) gives way."""
    app = ArbitreApp(demo_file, tournament="open-a")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        title = str(app.query_one("#ronde-title", Static).content)
        assert title == "Ronde 3 — Open A (1900 et plus) — 0/60 résultats", title
    app = ArbitreApp(demo_file, tournament="open-ko")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        title = str(app.query_one("#ronde-title", Static).content)
        assert title == "Ronde 2 — Open K.O. — 10 min + 5 s — 16/32 résultats", title
    app = ArbitreApp(demo_file, tournament="open-a")  # a wider terminal: all of it
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        title = str(app.query_one("#ronde-title", Static).content)
        assert "— 90 min pour 40 coups, puis 30 min, + 30 s par coup — 0/60" in title, title


async def test_players_keep_paid_on_screen_and_a_knockout_has_no_bye_key(demo_file: Path) -> None:
    """At 80×24 « Payé » stays on screen (the club gives way); « h Bye ½ » is neither
    shown nor taken in a knockout, and back in a Swiss (issue 29.5)."""
    async with app_on(demo_file, "j", "open-ko") as (app, pilot):
        lines = screen_text(app).splitlines()
        assert "Payé" in lines[3], lines[3]
        assert "h Bye" not in lines[-1], lines[-1]  # « h Bye ½ », shortened at 80 (49.1)
        await pilot.press("h")
        await pilot.pause()
        assert not isinstance(app.screen, Prompt)  # the key does nothing in a knockout
        await pilot.press("tab")
        await pilot.pause()
        assert "Open A" in screen_text(app).splitlines()[2]
        assert "h Bye" in screen_text(app).splitlines()[-1]


async def test_the_cup_header_shows_the_tour_drawn(demo_file: Path) -> None:
    """The header said « ronde 0/4 » after the cup's draw (issue 29.6): the tour drawn."""
    from arbitre_tui.operations import cup

    app = ArbitreApp(demo_file, tournament="coupe")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.sub_title.endswith("aucun tour tiré"), app.sub_title
        service = EventService(demo_file)
        try:
            cup.draw(service, "coupe", seed=3)
        finally:
            service.close()
        # the other station's commit, seen by the poll
        await pause_until(pilot, lambda: app.sub_title.endswith("tour 1/4"), 1.2)
        assert app.sub_title.endswith("tour 1/4"), app.sub_title
    shown = arbitre("show", str(demo_file)).stdout
    assert "ronde 1/4" in next(line for line in shown.splitlines() if "coupe " in line)


async def test_the_timers_leave_the_panes_alone_once_the_app_closes(
    demo_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The 0.5 s poll and the 1 s tick are the app's timers: they still fired while Textual
    took the screens down at exit, read panes already gone and ended the app on its crash
    guard (« Erreur inattendue (NoMatches) », seen once in a full run). Once the app no
    longer runs they do nothing: no reload after another station's write, no clock."""

    def other_station_writes() -> None:
        other = sqlite3.connect(demo_file, isolation_level=None)
        other.execute("UPDATE event SET name = name || '.'")
        other.close()

    async with app_on(demo_file, "c") as (app, _pilot):
        assert app.current_pane_id == "cadence"
        reloads: list[int] = []
        ticks: list[int] = []
        monkeypatch.setattr(app, "_refresh_all", lambda: reloads.append(1))
        monkeypatch.setattr(app.query_one("#cadence"), "tick", lambda: ticks.append(1))
        other_station_writes()
        app._poll()
        app._tick()
        assert (reloads, ticks) == ([1], [1])  # running: the write is seen, the clock runs
        other_station_writes()
        with monkeypatch.context() as closing:
            closing.setattr(ArbitreApp, "is_running", property(lambda self: False))
            app._poll()
            app._tick()
        assert (reloads, ticks) == ([1], [1])  # closing: neither touches a pane
