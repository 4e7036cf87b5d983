"""Issue 31, points 1 and 2: a player who objected to publication is « Joueur n° N » with
N their public number (the pairing number the pages show), never the store's id, on every
public output; nothing beside that label identifies them (no rating, club, federation);
`standings --json` says who is anonymous. On an event created from nothing."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from arbitre_tui.operations import EventService
from arbitre_tui.publish.html.site import Site

from ..helpers.cli import run_here

# the one who opts out registers first (id 1) and is the lowest rated (pairing number 6)
PLAYERS = [
    ("Cachédupont", "1111", "Club Secret de Quimper", "LUX"),
    ("Alpha", "2200", "Club A", "FRA"),
    ("Bravo", "2100", "Club B", "FRA"),
    ("Charlie", "2000", "Club C", "FRA"),
    ("Delta", "1900", "Club D", "FRA"),
    ("Echo", "1800", "Club E", "FRA"),
]
HIDDEN = ("CACHÉDUPONT", "Cachédupont", "1111", "Club Secret", "LUX")


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("anon") / "open.sqlite"
    run_here("new", str(path), "--nom", "Open du club")
    run_here("section", "add", str(path), "open", "--nom", "Open", "--systeme", "suisse",
        "--rondes", "3", "--cadence", "15+5")  # fmt: skip
    for surname, elo, club, fed in PLAYERS:
        run_here("register", str(path), surname, "--elo", elo, "--club", club,
            "--federation", fed, "--pointe")  # fmt: skip
    run_here("optout", str(path), "cachedupont")  # registered first, N° 6 (issue 49.5)
    run_here("pair", str(path))
    for board in ("1", "2", "3"):
        run_here("result", str(path), board, "1-0")
    run_here("close-round", str(path))
    run_here("pair", str(path))
    return path


def _label(path: Path) -> str:
    """« Joueur n° 6 »: the hidden player's pairing number, not their id (1)."""
    service = EventService(path)
    t = service.tournament("open")
    from arbitre_tui.views.reader import Reader

    number = Reader(service).numbers(t)[1]
    assert number == 6
    return f"Joueur n° {number}"


def _clean(text: str, where: str) -> None:
    for value in HIDDEN:
        assert value not in text, (where, value)
    assert "Joueur n° 1 " not in text and "Joueur n° 1<" not in text, where


def test_every_site_page_names_the_anonymous_player_by_the_public_number(event: Path) -> None:
    site = Site(EventService(event))
    label = _label(event)
    seen = 0
    for path in site.paths():
        html = site.render(path)
        _clean(html, path)
        seen += label in html
    assert seen >= 6  # rounds, by name, standings, grids, the player's pages
    grid = site.render("/open/grille/")
    # the crosstable's « N° » column is that same number, on the hidden player's row
    row = next(r for r in grid.split("<tr") if label in r)
    assert re.search(r"<td class='n'>6</td>", row), row


def test_the_static_export_and_print_round(event: Path, tmp_path: Path) -> None:
    label = _label(event)
    run_here("publish", str(event), str(tmp_path / "site"))
    pages = list((tmp_path / "site").rglob("*.html"))
    assert pages
    for page in pages:
        _clean(page.read_text("utf-8"), str(page))
    assert any(label in p.read_text("utf-8") for p in pages)
    out = tmp_path / "ronde.html"
    run_here("print-round", str(event), str(out))
    html = out.read_text("utf-8")
    _clean(html, "print-round")
    assert label in html


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils absent")
@pytest.mark.parametrize(
    "doc", ["appariements", "classement", "grille", "grille-americaine", "affiche", "chevalets"]
)
def test_public_pdfs(event: Path, tmp_path: Path, doc: str) -> None:
    label = _label(event)
    pdf = tmp_path / f"{doc}.pdf"
    run_here("print", str(event), doc, "--pdf", str(pdf), *(["--force"] if doc in FORCED else []))
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    _clean(text, doc)
    if doc != "classement" or label in text:  # classement: after the last complete round
        assert label in text, doc


FORCED: set[str] = set()


def test_standings_json_says_who_is_anonymous(event: Path) -> None:
    rows = json.loads(run_here("standings", str(event), "--json"))
    hidden = [r for r in rows if r["anonymous"]]
    assert [(h["public"], h["number"], h["player_id"]) for h in hidden] == [(_label(event), 6, 1)]
    assert sorted(r["number"] for r in rows) == [1, 2, 3, 4, 5, 6]
