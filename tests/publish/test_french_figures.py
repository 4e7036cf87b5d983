"""French figures wherever an arbiter or a player reads (issue 49.9): points « 1½ » and
tie-breaks « 2,5 » in the terminal, the command line and the PDFs alike (one place:
rules/figures.py), --json keeping numbers; the printed standings carry Elo and club, the
printed pairings each player's points before the round. An event created from nothing
with long accented names; the PDFs read back with pdftotext."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.helpers.cli import run_here
from tests.helpers.desk_event import KEY, new_event, play_round


def pdftext(path: Path) -> str:
    return subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = new_event(tmp_path_factory.mktemp("figures"))
    play_round(path, ["1", "=", "0", "1"])
    play_round(path, ["1", "=", "0", "="])
    run_here("pair", str(path), "-t", KEY, "--seed", "1")  # round 3, nothing played
    return path


def _line(text: str, name: str) -> str:
    return next(line for line in text.splitlines() if name in line)


def test_the_command_line_writes_points_and_tie_breaks_the_french_way(played: Path) -> None:
    out = run_here("standings", str(played), "-t", KEY, "--round", "2")
    assert ".5" not in out
    assert _line(out, "BŒUF François").split()[-5:] == ["1½", "1", "1", "0", "1"]
    assert _line(out, "PERRIN Gaël").split()[-5:] == ["2", "1", "1,5", "0", "2"]
    assert _line(out, "O'NEILL Siobhán").split()[-5:] == ["½", "2", "2,5", "0", "0"]
    rows = json.loads(run_here("standings", str(played), "-t", KEY, "--round", "2", "--json"))
    assert {r["name"]: r["PTS"] for r in rows}["BŒUF François"] == 1.5  # numbers kept


def test_the_printed_standings_carry_elo_and_club(played: Path, tmp_path: Path) -> None:
    pdf = tmp_path / "classement.pdf"
    run_here("print", str(played), "classement", "-t", KEY, "--pdf", str(pdf))
    text = pdftext(pdf)
    head = _line(text, "Pl.")
    assert "Elo" in head and "Club" in head
    perrin = _line(text, "PERRIN")
    assert "1700" in perrin and "Colmar Échecs" in perrin
    boeuf = _line(text, "BŒUF")
    assert "1790" in boeuf and "1½" in boeuf
    assert "Mulhousien" in text and "Cercle d'Échecs" in text  # a long club wraps, whole
    assert "2,5" in _line(text, "O'NEILL") and ".5" not in text


def test_the_printed_pairings_carry_the_points_before_the_round(
    played: Path, tmp_path: Path
) -> None:
    pdf = tmp_path / "appariements.pdf"
    run_here("print", str(played), "appariements", "-t", KEY, "--pdf", str(pdf))
    text = pdftext(pdf)
    assert "Appariements de la ronde 3" in text and "Pts" in _line(text, "Blancs")
    before = {"PERRIN": "2", "BŒUF": "1½", "GARÇON": "1½", "O'NEILL": "½", "D'ARTAGNAN": "0"}
    for surname, points in before.items():
        line = _line(text, surname)
        cells = line.split()
        # the board's points: the one beside this name (first for White, last for Black)
        assert points in (cells[1], cells[-1]), line


def test_amounts_keep_their_thousands_apart(played: Path, tmp_path: Path) -> None:
    """« 1 500 € » with a no-break space (issue 49.9): one writing (rules/figures.euros)
    for the terminal, the command line and the PDFs; typed back, it is read."""
    from arbitre_tui.rules.figures import euros

    assert euros(1500) == "1\xa0500 €" and euros(999) == "999 €"
    assert euros(1234567.5) == "1\xa0234\xa0567,50 €" and euros(212.5) == "212,50 €"
    path = Path(shutil.copy(played, tmp_path / "prix.sqlite"))
    run_here("settings", "set", str(path), "prizes", "1500, 800", "-t", KEY)
    out = run_here("prizes", str(path), "-t", KEY)
    assert "1\xa0500 €" in out and "1500" not in out, out
    shown = run_here("settings", "show", str(path), "-t", KEY)
    typed = next(x for x in shown.splitlines() if "1\xa0500" in x)  # « prix : 1 500, 800 »
    run_here("settings", "set", str(path), "prizes", typed.split(":", 1)[1].strip(), "-t", KEY)
    assert run_here("prizes", str(path), "-t", KEY) == out  # read back as written
