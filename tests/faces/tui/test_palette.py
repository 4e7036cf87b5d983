"""The command palette lists every operation by its French name, and runs the ones that
were on the command line only (issue 14)."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from arbitre_tui.faces.tui.app import ArbitreApp
from arbitre_tui.faces.tui.commands import COMMANDS, parse_entry
from arbitre_tui.faces.tui.palette import Palette
from arbitre_tui.operations import EventService, knockout
from arbitre_tui.operations.templates import create_from_template
from tests.helpers.screen import bottom_line, pause_until, screen_text


def test_an_entry_is_read_as_surname_first_name_rating() -> None:
    assert parse_entry("DUPONT Jean Marie 1850") == ("DUPONT", "Jean Marie", 1850)
    assert parse_entry("DUPONT") == ("DUPONT", "", None)
    assert parse_entry("1850") is None


def test_every_command_line_only_operation_has_a_command() -> None:
    names = " | ".join(c.name for c in COMMANDS)
    for needle in (
        "clôturer les inscriptions",
        "inscrire un joueur en retard",
        "début de ronde",
        "maintenir après un forfait",
        "Imprimer en PDF",
        "Exporter le TRF",
        "qualifiés",
    ):
        assert needle in names, needle


async def _palette(app: ArbitreApp, pilot: object, query: str) -> list[str]:
    await pilot.press("ctrl+p")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    assert isinstance(app.screen, Palette)
    await pilot.press(*query)  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]
    return app.screen.names


async def test_palette_finds_an_operation_by_its_french_name(demo_file: Path) -> None:
    app = ArbitreApp(demo_file, tournament="open-a")
    async with app.run_test(size=(80, 24)) as pilot:
        shown = await _palette(app, pilot, "inscrire")
        assert any("inscrire un joueur en retard" in s for s in shown), shown


async def test_every_pane_is_reached_from_the_palette(demo_file: Path) -> None:
    """Keys r, c, i, p, k, s, j, q, b were the only way to a pane: the palette names each
    (Repêchage in the knockout, the section that has one)."""
    app = ArbitreApp(demo_file, tournament="open-ko")
    async with app.run_test(size=(80, 24)) as pilot:
        for query, pane in (("volet classement", "classement"), ("volet repechage", "repechage")):
            shown = await _palette(app, pilot, query)
            assert shown and shown[0].startswith("Volet "), shown
            await pilot.press("enter")
            await pilot.pause()
            assert app.query_one(f"#{pane}").display, pane
            assert not app.query_one("#ronde").display
    names = [c.name for c in COMMANDS]
    for label in ("Ronde", "Cadence", "Incidents", "Coupe", "Joueurs", "QR", "Tableau"):
        assert f"Volet {label}" in names, label


async def test_close_knockout_registration_from_the_palette(tmp_path: Path) -> None:
    path = tmp_path / "ko.sqlite"
    create_from_template(path, "open-ko").close()
    app = ArbitreApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await _palette(app, pilot, "inscriptions")
        await pilot.press("enter")
        await pilot.pause()
        assert "Clôturer les inscriptions de Open K.O." in bottom_line(app)
        await pilot.press("o")
        await pilot.pause()
        assert "Inscriptions closes" in bottom_line(app)
    service = EventService(path)
    assert knockout.status(service, "open-ko")["registration_closed"]


async def _enter_late(app: ArbitreApp, pilot: Pilot[int]) -> None:
    """« Inscription tardive » from the palette: TARDIF Paul, 1700."""
    await _palette(app, pilot, "retard")
    await pilot.press("enter")
    await pilot.pause()
    await pilot.press(*"TARDIF Paul 1700", "enter")
    await pilot.pause()


async def test_late_entry_from_the_palette_is_registered_and_checked_in(demo_file: Path) -> None:
    app = ArbitreApp(demo_file, tournament="open-b")
    async with app.run_test(size=(80, 24)) as pilot:
        await _enter_late(app, pilot)
        assert "Inscrit et pointé : TARDIF Paul" in bottom_line(app)
    service = EventService(demo_file)
    players = service.store.players(service.tournament("open-b").id or 0)
    late = [p for p in players if p.surname == "TARDIF"]
    assert len(late) == 1 and late[0].checked_in and late[0].rating_fide == 1700


async def test_late_entry_is_one_operation_undone_at_once(demo_file: Path) -> None:
    """Registered and checked in: one journal entry, so one ctrl+z takes the entry back."""
    app = ArbitreApp(demo_file, tournament="open-b")
    async with app.run_test(size=(80, 24)) as pilot:
        await _enter_late(app, pilot)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert "Annulé : inscription, TARDIF Paul" in bottom_line(app)
    service = EventService(demo_file)
    players = service.store.players(service.tournament("open-b").id or 0)
    assert not [p for p in players if p.surname == "TARDIF"]


def test_playoff_points_are_read_as_a_two_game_mini_match() -> None:
    from arbitre_tui.faces.tui.commands import parse_points

    assert parse_points("1.5 0.5") == (1.5, 0.5)
    assert parse_points("1,5 0,5") == (1.5, 0.5)
    assert parse_points("1 1") == (1.0, 1.0)
    for bad in ("2 1", "1.25 0.75", "1", "a b", "3 -1"):
        assert parse_points(bad) is None, bad
    from arbitre_tui.faces.tui.commands import points_read

    assert points_read("1.5 0,5") == "1½ – ½"  # as a French score sheet (issue 49.9)
    assert points_read("1 1") == "1 – 1"


async def test_playoff_result_from_the_palette(tmp_path: Path) -> None:
    """Youth U8: a five-way tie for the title; its first mini-match entered by keys."""
    from arbitre_tui.operations import playoffs
    from tests.operations.test_swiss_events import _five_way_u8

    service = _five_way_u8(tmp_path)
    service.close()
    app = ArbitreApp(tmp_path / "j.sqlite", tournament="u8")
    async with app.run_test(size=(80, 24)) as pilot:
        await _palette(app, pilot, "barrage")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("1")  # the title play-off
        await pilot.pause()
        await pilot.press(*"0.5 1.5", "enter")
        await pilot.pause()
        assert "Barrage" in bottom_line(app) and "enregistré" in bottom_line(app)
        assert " ½ – 1½ " in bottom_line(app), bottom_line(app)  # never « 0.5 – 1.5 »
    service = EventService(tmp_path / "j.sqlite")
    status = playoffs.playoff_status(service, "u8", "title")
    record = service.store.playoffs(service.tournament("u8").id or 0)["title"]
    seeds = record["seeds"]  # a perfect tie: drawn by lot when the play-off was chosen
    assert (seeds[3], seeds[4]) not in status.pending
    assert record["matches"][0][:2] == [seeds[3], seeds[4]]
    assert record["matches"][0][3:] == [0.5, 1.5]


async def test_the_playoff_question_waits_for_a_prompt_typed_meanwhile(tmp_path: Path) -> None:
    """The points of the first mini-match are asked once the seeds' draw is written; if the
    arbiter opened the jump prompt while the draw waited for the other station, the
    question waits for it to close instead of opening on top and taking its keys."""
    import asyncio
    import sqlite3
    import time

    from arbitre_tui.faces.tui.prompts import BoardPrompt, TextPrompt
    from tests.operations.test_swiss_events import _five_way_u8

    _five_way_u8(tmp_path).close()
    path = tmp_path / "j.sqlite"
    other = sqlite3.connect(path, isolation_level=None)
    app = ArbitreApp(path, tournament="u8")
    async with app.run_test(size=(80, 24)) as pilot:
        await _palette(app, pilot, "barrage")
        await pilot.press("enter")
        await pilot.pause()
        other.execute("BEGIN IMMEDIATE")  # the draw waits for the other station
        await pilot.press("1")  # the title play-off: its seeds drawn, then its question
        await pilot.pause()
        await pilot.press("g")  # meanwhile: « Aller à l'échiquier »
        await pilot.pause()
        assert isinstance(app.screen, BoardPrompt)
        other.execute("ROLLBACK")
        drawn = "SELECT count(*) FROM draws WHERE purpose LIKE 'barrage pour le titre%'"
        deadline = time.monotonic() + 10
        while not other.execute(drawn).fetchone()[0] and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        # the write's answer reaches the app: the play-off's question, waiting its turn
        await pause_until(pilot, lambda: bool(app._questions), 30)
        await pilot.pause()
        assert isinstance(app.screen, BoardPrompt)  # still the arbiter's prompt on top
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TextPrompt)  # then the play-off's question
        assert "points de chacun" in screen_text(app)
    other.close()


async def test_a_club_enters_a_team_from_the_palette(tmp_path: Path) -> None:
    """Issue 16: entering a team needs no shell (palette: « Coupe : engager une équipe »)."""
    path = tmp_path / "cup.sqlite"
    service = create_from_template(path, "coupe-alsace")
    before = [t.name for t in service.store.teams(service.tournament("coupe").id or 0)]
    service.close()
    app = ArbitreApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p", *"engager une", "enter")
        await pilot.pause()
        await pilot.press(*"Guebwiller", "enter")
        await pilot.pause()
        assert bottom_line(app) == "✓ Équipe engagée : Guebwiller 1"
    service = EventService(path)
    after = [t.name for t in service.store.teams(service.tournament("coupe").id or 0)]
    assert after == [*before, "Guebwiller 1"]


async def test_the_palette_speaks_french(demo_file: Path) -> None:
    """No « Search for commands… », no « No matches found »: what the palette says is
    French, and a name typed without its accents finds the operation."""
    app = ArbitreApp(demo_file, tournament="open-a")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p")
        await pause_until(pilot, lambda: "Opération : _" in screen_text(app), 30)
        opened = screen_text(app)
        await pilot.press(*"zzqz")
        await pause_until(pilot, lambda: "Aucune opération" in screen_text(app), 30)
        nothing = screen_text(app)
        await pilot.press(*["backspace"] * 4, *"cloturer la ronde")
        await pause_until(pilot, lambda: "clôturer la ronde" in screen_text(app), 30)
        found = screen_text(app)
    for shown in (opened, nothing, found):
        assert "Search" not in shown and "No matches" not in shown, shown
    assert "Aucune opération ne répond à « zzqz »" in nothing, nothing
    assert "Ronde : clôturer la ronde" in found, found


def test_the_palette_in_one_burst(demo_file: Path) -> None:
    """ctrl+p, a typo erased, « imprimer », Entrée, 3 — in one read: the classement is
    printed (the keys went to Textual's palette out of order — ⌫ after the letters — and
    Entrée ran the first command listed before the search, « Réglages »)."""
    import time

    from tests.helpers.pty_app import BACKSPACE, ENTER, PtyApp

    out = demo_file.with_name(f"{demo_file.stem}-classement-open-a.pdf")
    with PtyApp(demo_file, "open-a") as pty:
        pty.burst(["\x10", *"xyz", *[BACKSPACE] * 3, *"imprimer", ENTER, "3"])
        deadline = time.monotonic() + 30
        while not out.exists() and time.monotonic() < deadline:
            pty.settle(quiet=0.2, first=0.5)
        assert pty.quit() == 0
    assert out.exists()
