"""Issue 49.5: one number per player. The « N° » a command says and takes is the pairing
number, the one `players list`, the standings, the grille and the TRF print — not the
registration (here they differ: the players are registered out of rating order). A
number taken in two sections is refused without -t, naming both; before round 1 the
N° is the initial order, and `players list` says so. `swap` and `prohibit` take a N° or a
piece of the name too (49.4). Real processes, on an event from nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from ...helpers.cli import arbitre, run_here
from ...helpers.events import digest, open_from_nothing

# registered in this order (registration 1 to 4), numbered by rating (N° 4, 1, 3, 2)
OPEN = (
    ("O'NEILL", "Seán", "1650"),
    ("CHÂTEAUBRIAND-SAINT-ÉVREMOND", "Marie-Thérèse", "2231"),
    ("D'ARTAGNAN", "Charles", "2050"),
    ("DE LA FONTAINE-MÉRIGNAC", "Jean-Baptiste", "2198"),
)
NUMBERS = {
    "CHÂTEAUBRIAND-SAINT-ÉVREMOND Marie-Thérèse": 1,
    "DE LA FONTAINE-MÉRIGNAC Jean-Baptiste": 2,
    "D'ARTAGNAN Charles": 3,
    "O'NEILL Seán": 4,
}


def two_sections(path: Path) -> Path:
    """Open (the four of OPEN, numbered by rating) and Jeunes (two unrated): N° 1 and 2 in
    both, so a bare number is ambiguous."""
    open_from_nothing(path)
    for surname, first, elo in OPEN:
        run_here("register", str(path), surname, "--prenom", first, "--elo", elo, "-t", "open")
    run_here(
        "section", "add", str(path), "jeunes", "--nom", "Jeunes", "--systeme", "suisse",
        "--rondes", "5",
    )  # fmt: skip
    for surname, first in (("LÉVÊQUE", "Noé"), ("MÉRIGNAC", "Lou")):
        run_here("register", str(path), surname, "--prenom", first, "-t", "jeunes")
    return path


@pytest.fixture
def event(tmp_path: Path) -> Path:
    return two_sections(tmp_path / "un-numero.sqlite")


def _listed(path: Path, key: str) -> tuple[list[str], dict[str, int]]:
    lines = run_here("players", "list", str(path), "-t", key).splitlines()
    rows = [line for line in lines if line[:5].strip().isdigit()]
    # « N° flags NAME Elo » (no club here): the name is what lies between
    return lines, {" ".join(line[8:].split()[:-1]): int(line[:5]) for line in rows}


def test_players_list_and_the_trf_give_the_same_n(event: Path, tmp_path: Path) -> None:
    lines, listed = _listed(event, "open")
    assert lines[0] == "N° provisoires (ordre initial) : fixés par l'appariement de la ronde 1."
    assert listed == NUMBERS
    for number in range(1, 5):
        run_here("checkin", str(event), str(number), "-t", "open")
    run_here("pair", str(event), "-t", "open", "--seed", "1")
    lines, listed = _listed(event, "open")
    assert listed == NUMBERS and not lines[0].startswith("N° provisoires")
    trf = tmp_path / "open.trf"
    run_here("export", "trf", str(event), "open", str(trf))
    starts = {
        line[14:47].strip(): int(line[4:8]) for line in trf.read_text().splitlines()
        if line.startswith("001")
    }  # fmt: skip
    assert sorted(starts.values()) == [1, 2, 3, 4]
    assert [n for name, n in starts.items() if "NEILL" in name] == [4], starts
    assert [n for name, n in starts.items() if "ARTAGNAN" in name] == [3], starts


def test_a_number_is_the_n_in_its_section(event: Path) -> None:
    before = digest(event)
    out = arbitre("checkin", str(event), "1")  # N° 1 in both sections: refused
    assert out.returncode == 2, out.stdout
    assert "N° 1 : un joueur dans chaque tournoi" in out.stderr, out.stderr
    assert "N° 1 CHÂTEAUBRIAND-SAINT-ÉVREMOND Marie-Thérèse (Open : -t open)" in out.stderr
    assert "N° 1 LÉVÊQUE Noé (Jeunes : -t jeunes)" in out.stderr
    assert "Traceback" not in out.stderr
    assert digest(event) == before
    out = arbitre("checkin", str(event), "9", "-t", "open")
    assert out.returncode == 2 and "Aucun joueur n° 9 en Open" in out.stderr, out.stderr
    assert digest(event) == before
    said = run_here("checkin", str(event), "4", "-t", "open").strip()
    assert said == "Pointé : O'NEILL Seán (N° 4)"  # registered first, numbered 4th
    said = run_here("checkin", str(event), "1", "-t", "jeunes").strip()
    assert said == "Pointé : LÉVÊQUE Noé (N° 1)"  # nobody rated: the alphabet
    said = run_here("withdraw", str(event), "3", "-t", "open").strip()
    assert said.startswith("D'ARTAGNAN Charles (N° 3) retiré(e)"), said


def test_swap_and_prohibit_take_a_n_or_a_piece_of_the_name(event: Path) -> None:
    for number in range(1, 5):
        run_here("checkin", str(event), str(number), "-t", "open")
    run_here("pair", str(event), "-t", "open", "--seed", "1")
    before = digest(event)
    out = arbitre("swap", str(event), "gna", "2", "-t", "open")  # D'ARTAGNAN, MÉRIGNAC
    assert out.returncode == 2 and "« gna » désigne 2 joueurs" in out.stderr, out.stderr
    assert digest(event) == before
    printed = run_here("swap", str(event), "chateaubriand", "merignac", "-t", "open")
    assert printed.splitlines()[0] == (
        "Appariement modifié : CHÂTEAUBRIAND-SAINT-ÉVREMOND Marie-Thérèse (N° 1) contre "
        "DE LA FONTAINE-MÉRIGNAC Jean-Baptiste (N° 2)."
    )
    printed = run_here("prohibit", str(event), "artagnan", "4", "--rounds", "2-5", "-t", "open")
    assert printed.strip() == (
        "Interdiction d'appariement enregistrée : D'ARTAGNAN Charles (N° 3), O'NEILL Seán (N° 4)."
    )
