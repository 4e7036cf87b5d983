"""The organiser's own event in the app (issue 27, point 5): the event screen, the player's
form, a registration removed — the real `arbitre open` in a terminal of 80×24, keys sent
in bursts, on an event created from nothing; then the file read back by the CLI.

Snapshots of the event screen and of the form at 80×24 on the frozen demo
(tests/faces/tui/test_snapshots.py's fixtures).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.faces.tui.test_snapshots import SIZE, SnapCompare, _app, frozen_demo, frozen_master
from tests.helpers.cli import arbitre
from tests.helpers.procs import AppInTmux
from tests.operations.test_rating_lists import lists, lists_master

__all__ = [
    "frozen_demo",
    "frozen_master",
    "lists",
    "lists_master",
]  # other files' fixtures, used here too


def _show(path: Path) -> dict[str, Any]:
    out = arbitre("show", str(path), "--json")
    assert out.returncode == 0, out.stderr
    data: dict[str, Any] = json.loads(out.stdout)
    return data


def _players(path: Path) -> list[dict[str, Any]]:
    out = arbitre("players", "list", str(path), "-t", "open", "--json")
    assert out.returncode == 0, out.stderr
    players: list[dict[str, Any]] = json.loads(out.stdout)
    return players


@pytest.mark.slow
def test_an_event_from_nothing_in_the_app(tmp_path: Path) -> None:
    path = tmp_path / "printemps.sqlite"
    made = arbitre("new", str(path), "--nom", "Open de Printemps 2027", "--lieu", "Colmar")
    assert made.returncode == 0, made.stderr
    app = AppInTmux(path)
    try:
        # a new empty event: its screen opens by itself
        app.wait_screen(lambda s: "Événement — Open de Printemps 2027" in s, what="event screen")
        assert "Aucun tournoi" in app.screen()

        # a section: 7 rounds, 90+30, Swiss — one burst, the form filled and saved
        app.keys(
            "a", "open", "Tab", "Open principal", "Tab", "Tab", "Tab", "7", "Tab", "90+30", "Enter"
        )
        app.wait_screen(lambda s: "Tournoi ajouté : Open principal" in s, what="section added")
        screen = app.screen()
        assert "open" in screen and "90+30" in screen and "0/7" in screen

        # the same key again: the operation refuses, on the form, in French; nothing added
        app.keys("a", "open", "Tab", "Doublon", "Tab", "Tab", "Tab", "5", "Enter")
        app.wait_screen(lambda s: "Refusé" in s and "open" in s, what="duplicate key refused")
        app.keys("Escape")
        app.wait_screen(lambda s: "Annulé" in s, what="form closed")

        # a bad cadence: refused by the form as typed, in French; the section unchanged
        app.keys("Tab", "Enter", "Down", "Down", "Down", "C-u", "90+", "Enter")
        app.wait_screen(lambda s: "Cadence « 90+ » illisible" in s, what="bad cadence refused")
        app.keys("C-u", "abc", "Enter")
        app.wait_screen(lambda s: "Cadence « abc » illisible" in s, what="bad cadence refused")
        app.keys("Escape")
        app.wait_screen(lambda s: "Annulé" in s and "Tournois" in s, what="back to the event")

        # the event renamed: Tab back to its fields, Entrée on « Nom »
        app.keys("Tab", "Enter", "C-u", "Open d'Été de Colmar", "Enter")
        app.wait_screen(lambda s: "Événement : nom — enregistré" in s, what="event renamed")

        # the players: two registered from a file (the CLI, while the app is open)
        for name, rating in (("MARTIN", "1850"), ("DURAND", "1700")):
            out = arbitre("register", str(path), "-t", "open", name, "--elo", rating)
            assert out.returncode == 0, out.stderr

        # a walk-in on no rating list: `a` falls back to the form (no lists beside the
        # event), every field typed in one burst
        app.keys("Escape", "j")
        app.wait_screen(lambda s: "MARTIN" in s and "DURAND" in s, what="Joueurs")
        app.keys(
            "a",
            *("de la Tour", "Tab", "Anne-Sophie", "Tab", "1912", "Tab", "1830F", "Tab"),
            *("14/02/1998", "Tab", "F", "Tab", "C-u", "BEL", "Tab", "20612345", "Tab"),
            *("B54321", "Tab", "wfm", "Tab", "Échiquier Liégeois", "Tab", "0601020304"),
            *("Tab", "anne@example.org", "Enter"),
        )
        # her N° said (issue 49.5: 1912, the first of the list), never her registration
        app.wait_screen(lambda s: "Inscrit : DE LA TOUR Anne-Sophie (N° 1)" in s, what="walk-in")

        # a player corrected (F): the second row, N° 2, MARTIN (under DE LA TOUR's 1912:
        # the rows go by N° since issue 49.5), his Elo and club
        app.keys("Up", "Up", "Up", "Down", "F")
        app.wait_screen(lambda s: "Fiche de MARTIN" in s and "(N° 2)" in s, what="form")
        app.keys("Tab", "Tab", "C-u", "1875", "Down", "Down", "Down", "Down", "Down", "Down")
        app.keys("Down", "Down", "Colmar Échecs", "Enter")
        app.wait_screen(lambda s: "Fiche de MARTIN corrigée" in s, what="player corrected")

        # a never-paired player removed (Suppr, then o); `n` first keeps him
        players = _players(path)
        durand = next(int(str(p["number"])) for p in players if p["surname"] == "DURAND") - 1
        app.keys("Up", "Up", "Up", *["Down"] * durand, "DC")
        app.wait_screen(lambda s: "Supprimer l'inscription de DURAND" in s, what="question")
        app.keys("n")
        app.wait_screen(lambda s: "Annulé" in s, what="kept")
        app.keys("DC", "o")
        app.wait_screen(lambda s: "Inscription supprimée : DURAND" in s, what="removed")

        # round 1 paired (CLI): a paired player is not deleted, the refusal says `w`
        for p in _players(path):
            if not p["checked_in"]:  # the walk-in was checked in by the form
                assert arbitre("checkin", str(path), str(p["number"]), "-t", "open").returncode == 0
        assert arbitre("pair", str(path), "-t", "open").returncode == 0
        app.wait_screen(lambda s: "ronde 1/7" in s, what="round 1 seen by the app")
        app.keys("Up", "Up", "Up", "Down", "DC")  # MARTIN, N° 2
        app.wait_screen(lambda s: "retirez le joueur avec w" in s, what="refusal pointing to w")
        # a rating corrected after the pairing: allowed, and said
        app.keys("F", "Tab", "Tab", "C-u", "1880", "Enter")
        app.wait_screen(lambda s: "après un appariement" in " ".join(s.split()), what="said")
        assert app.alive()
    finally:
        app.close()

    # read back: the event, its section, the players as typed
    dump = _show(path)
    assert dump["event"][0]["name"] == "Open d'Été de Colmar"
    assert dump["event"][0]["city"] == "Colmar"
    (section,) = dump["tournaments"]
    assert (section["key"], section["name"], section["rounds_planned"]) == (
        "open",
        "Open principal",
        7,
    )
    assert section["system"] == "swiss" and "regulation" not in json.loads(section["settings"])
    controls = json.loads(section["time_controls"])
    assert len(controls) == 7 and all(
        c["base_minutes"] == 90 and c["increment_seconds"] == 30 and not c["periods"]
        for c in controls.values()
    )
    assert "Open principal" in arbitre("show", str(path)).stdout
    by_surname = {p["surname"]: p for p in _players(path)}
    assert set(by_surname) == {"MARTIN", "de la Tour"}  # DURAND removed; the particle kept
    martin, anne = by_surname["MARTIN"], by_surname["de la Tour"]
    assert (martin["rating_fide"], martin["club"]) == (1880, "Colmar Échecs")
    assert (anne["first_name"], anne["rating_fide"], anne["rating_ffe"]) == (
        "Anne-Sophie",
        1912,
        1830,
    )
    assert (anne["birth_date"], anne["sex"], anne["federation"]) == ("1998-02-14", "w", "BEL")
    assert (anne["fide_id"], anne["ffe_code"], anne["title"]) == (20612345, "B54321", "WFM")
    assert (anne["club"], anne["phone"], anne["email"]) == (
        "Échiquier Liégeois",
        "0601020304",
        "anne@example.org",
    )


def test_the_walk_in_has_every_field(tmp_path: Path) -> None:
    """The form's fields as the store holds them (read-only SQLite, as other tests do)."""
    import sqlite3

    path = tmp_path / "e.sqlite"
    assert arbitre("new", str(path), "--nom", "Rapide du samedi").returncode == 0
    assert (
        arbitre(
            "section", "add", str(path), "open", "--nom", "Open", "--systeme", "suisse",
            "--rondes", "5", "--cadence", "15+5",
        ).returncode
        == 0
    )  # fmt: skip
    app = AppInTmux(path)
    try:
        app.keys("j", "a")
        app.wait_screen(lambda s: "Inscrire un joueur en Open" in s, what="form")
        app.keys(
            *("Le Goff", "Tab", "Yann", "Tab", "2050", "Tab", "1990", "Tab", "1985-07-03"),
            *("Tab", "m", "Tab", "C-u", "fra", "Tab", "651234", "Tab", "K11111", "Tab", "FM"),
            *("Tab", "Brest", "Tab", "0298000000", "Tab", "yann@example.org", "Tab", "Right"),
            "Enter",
        )
        app.wait_screen(lambda s: "Inscrit : LE GOFF Yann" in s, what="registered")
    finally:
        app.close()
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        con.row_factory = sqlite3.Row
        row = dict(con.execute("SELECT * FROM players").fetchone())
    finally:
        con.close()
    assert row["surname"] == "Le Goff" and row["first_name"] == "Yann"
    assert (row["rating_fide"], row["rating_ffe"]) == (2050, 1990)
    assert row["birth_date"] == "1985-07-03" and row["sex"] == "m"
    assert (row["federation"], row["fide_id"], row["ffe_code"]) == ("FRA", 651234, "K11111")
    assert (row["title"], row["club"]) == ("FM", "Brest")
    assert (row["phone"], row["email"]) == ("0298000000", "yann@example.org")
    assert not row["checked_in"]  # « Pointé » turned to « non » with →


# -- at 80×24 ------------------------------------------------------------------------------


def test_event_screen_snapshot(snap_compare: SnapCompare, frozen_demo: Path) -> None:
    assert snap_compare(_app(frozen_demo), press=["E"], terminal_size=SIZE)


def test_section_form_snapshot(snap_compare: SnapCompare, frozen_demo: Path) -> None:
    keys = ["E", "tab", "enter", "down", "down", "down", "ctrl+u", "9", "0", "+"]
    assert snap_compare(_app(frozen_demo), press=keys, terminal_size=SIZE)


def test_player_form_snapshot(snap_compare: SnapCompare, frozen_demo: Path) -> None:
    assert snap_compare(_app(frozen_demo, "open-a"), press=["j", "F"], terminal_size=SIZE)


def test_walk_in_form_snapshot(snap_compare: SnapCompare, frozen_demo: Path) -> None:
    """The form of a walk-in (`a`, nothing found in the demo's lists: none beside it)."""
    keys = ["j", "a", *"Le Goff", "tab", *"Yann", "tab", *"25OO"]
    assert snap_compare(_app(frozen_demo, "open-a"), press=keys, terminal_size=SIZE)


async def test_the_help_lists_the_new_keys(frozen_demo: Path) -> None:
    from arbitre_tui.faces.tui.help import HelpScreen

    app = _app(frozen_demo, "open-a")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("j", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = app.screen.text.plain
        assert "F  Fiche" in text and "Suppr  Supprimer" in text and "E  Événement" in text


@pytest.mark.parametrize("typed", ["E", "palette"])
async def test_the_event_screen_opens_from_the_keys_and_the_palette(
    typed: str, frozen_demo: Path
) -> None:
    from arbitre_tui.faces.tui.event_screen import EventScreen

    app = _app(frozen_demo)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not isinstance(app.screen, EventScreen)  # sections: not opened by itself
        keys = ["E"] if typed == "E" else ["ctrl+p", *"evenement", "enter"]
        await pilot.press(*keys)
        await pilot.pause()
        assert isinstance(app.screen, EventScreen)


def _blitz(path: Path) -> None:
    path.parent.mkdir(exist_ok=True)
    assert arbitre("new", str(path), "--nom", "Blitz").returncode == 0
    added = arbitre(
        "section", "add", str(path), "open", "--nom", "Open", "--systeme", "suisse",
        "--rondes", "5", "--cadence", "3+2",
    )  # fmt: skip
    assert added.returncode == 0, added.stderr


async def test_a_of_joueurs_falls_back_to_the_form(tmp_path: Path, lists: Path) -> None:
    """Without a lists file: the form at once. With one: a name found nowhere, then
    Entrée, opens the form with that name in it; an empty Entrée too."""
    from arbitre_tui.faces.tui.form import Form

    alone = tmp_path / "sans-liste" / "e.sqlite"
    _blitz(alone)
    async with _app(alone).run_test(size=SIZE) as pilot:
        await pilot.press("j", "a")
        await pilot.pause()
        assert isinstance(pilot.app.screen, Form)
    beside = lists.parent / "e.sqlite"
    _blitz(beside)
    async with _app(beside).run_test(size=SIZE) as pilot:
        app = pilot.app
        await pilot.press("j", "a", *"zzzyx Paul")
        await pilot.pause()
        assert "absent des listes" in app.screen.text  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, Form)
        assert [f.value for f in form.fields[:2]] == ["zzzyx", "Paul"]
        await pilot.press("escape", "a", "enter")
        await pilot.pause()
        assert isinstance(app.screen, Form)


@pytest.mark.slow
async def test_a_section_removed_after_a_question_and_undone(tmp_path: Path) -> None:
    """Suppr on a section: « o/n » naming its registrations; ctrl+z brings it back; `?`
    lists the screen's keys; the palette's « ajouter un tournoi » opens the form."""
    from arbitre_tui.faces.tui.event_screen import EventScreen
    from arbitre_tui.faces.tui.form import Form
    from arbitre_tui.faces.tui.help import HelpScreen
    from arbitre_tui.faces.tui.prompts import ConfirmPrompt

    path = tmp_path / "e.sqlite"
    _blitz(path)
    assert arbitre("register", str(path), "-t", "open", "MARTIN").returncode == 0
    app = _app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("E", "tab", "delete")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmPrompt)
        assert "Supprimer le tournoi Open et ses 1 inscrit(s) ?" in app.screen.text
        await pilot.press("o")
        await pilot.pause()
        assert app.reader.tournaments() == []
        screen = app.screen
        assert isinstance(screen, EventScreen)
        assert "Tournoi supprimé : Open" in str(screen.query_one("#event-status").render())
        await pilot.press("ctrl+z")  # a section's return asks first too (issue 35.13)
        await pilot.pause()
        assert isinstance(app.screen, ConfirmPrompt), app.screen
        assert "Annuler la suppression du tournoi" in app.screen.text
        await pilot.press("o")
        await pilot.pause()
        assert [t.key for t in app.reader.tournaments()] == ["open"]
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "Ajouter" in app.screen.text.plain and "Suppr" in app.screen.text.plain
        await pilot.press("escape", "escape", "ctrl+p", *"ajouter un tournoi", "enter")
        await pilot.pause()
        assert isinstance(app.screen, Form) and "Ajouter un tournoi" in app.screen.text
