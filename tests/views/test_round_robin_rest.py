"""A round robin of five: each round one player rests, on no board (Berger's dummy). He is
shown wherever the round is (issue 29.6): `arbitre round`, the site's round and by-name
pages, the printed pairings (read back with pdftotext) and the A4 HTML page."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from ..helpers.cli import run_here

PLAYERS = (
    ("ALPHA", "Anne"),
    ("BÉTA", "Bruno"),
    ("GAMMA", "Gus"),
    ("DELTA", "Dora"),
    ("EPSILON", "Éloi"),
)


@pytest.fixture(scope="module")
def five(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("rr") / "club.sqlite"
    run_here("new", str(path), "--nom", "Fermé du club")
    run_here(*("section", "add", str(path), "ferme", "--nom", "Fermé"),
        *("--systeme", "toutes-rondes", "--rondes", "5", "--cadence", "60+30"))  # fmt: skip
    for surname, first in PLAYERS:
        run_here("register", str(path), surname, "--prenom", first, "--pointe")
    run_here("pair", str(path))
    return path


def _resting(path: Path) -> str:
    """The one player on no board of the current round, from the boards themselves."""
    lines = run_here("round", str(path)).splitlines()[1:]
    seated = " ".join(line for line in lines if "ne joue pas" not in line)
    absent = [s for s, _ in PLAYERS if s not in seated]
    assert len(absent) == 1, lines
    return absent[0]


def test_round_names_who_rests(five: Path) -> None:
    out = run_here("round", str(five))
    rest = _resting(five)
    resting = [line for line in out.splitlines() if "ne joue pas" in line]
    assert len(resting) == 1 and rest in resting[0], out


def test_the_site_and_paper_name_who_rests(five: Path, tmp_path: Path) -> None:
    rest = _resting(five)
    site = tmp_path / "site"
    run_here("publish", str(five), str(site))
    page = (site / "ferme" / "ronde-1" / "index.html").read_text(encoding="utf-8")
    assert "Ne joue pas cette ronde" in page and rest in page.split("Ne joue pas")[1]
    by_name = (site / "ferme" / "ronde-1" / "noms" / "index.html").read_text(encoding="utf-8")
    row = next(r for r in by_name.split("<tr") if rest in r)
    assert "ne joue pas" in row and "—" in row
    pdf = tmp_path / "appariements.pdf"
    run_here("print", str(five), "appariements", "--pdf", str(pdf))
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout  # fmt: skip
    assert "Ne joue pas cette ronde" in text and rest in text.split("Ne joue pas")[1]
    html = tmp_path / "ronde.html"
    run_here("print-round", str(five), str(html))
    assert "Ne joue pas cette ronde" in html.read_text(encoding="utf-8")


def test_nobody_rests_in_a_swiss(tmp_path: Path) -> None:
    """A Swiss writes its bye on a board: no « ne joue pas » line there."""
    path = tmp_path / "open.sqlite"
    run_here("new", str(path), "--nom", "Open")
    run_here(*("section", "add", str(path), "open", "--nom", "Open"),
        *("--systeme", "suisse", "--rondes", "5", "--cadence", "60+30"))  # fmt: skip
    for surname, first in PLAYERS:
        run_here("register", str(path), surname, "--prenom", first, "--pointe")
    run_here("pair", str(path), "--seed", "1")
    out = run_here("round", str(path))
    assert "ne joue pas" not in out and "exempt" in out, out


async def test_the_ronde_pane_names_who_rests(five: Path) -> None:
    from arbitre_tui.faces.tui.app import ArbitreApp

    from ..helpers.screen import screen_text

    rest = _resting(five)
    app = ArbitreApp(five)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        line = next(s for s in screen_text(app).splitlines() if "Ne joue pas" in s)
        assert rest in line, line


async def test_the_wall_names_who_rests(five: Path) -> None:
    from textual.widgets import DataTable

    from arbitre_tui.faces.tui.display import DisplayApp

    rest = _resting(five)
    app = DisplayApp(five, "ferme", seconds=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        table = app.query_one("#table", DataTable)
        rows = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]
        assert any(r[0] == "—" and rest in r[1] and r[2] == "ne joue pas" for r in rows), rows
