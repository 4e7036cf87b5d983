"""Issue 49.4: every confirmation that touches a player or a board names them, checking in
twice says so and writes nothing, and a command that takes a player takes a unique piece
of the name too (accents, case, apostrophes, hyphens aside); a piece that fits several is
refused with each candidate, exit 2, the file byte for byte. On an event from nothing.
Since 49.5 the number said and typed is the N° (pairing number; here, nobody rated, the
initial order is alphabetical), not the registration."""

from __future__ import annotations

from pathlib import Path

import pytest

from ...helpers.cli import arbitre, run_here
from ...helpers.events import digest, open_from_nothing

PEOPLE = (
    ("LEFÈVRE", "Hélène"),
    ("BŒUF", "François"),
    ("PERRIN", "Gaël"),
    ("CHÂTEAUBRIAND-SAINT-ÉVREMOND", "Marie-Thérèse"),
    ("O'NEILL", "Seán"),
    ("MARTIN", "Paul"),
    ("MARTINEZ", "Léa"),
    ("D'ARTAGNAN", "Charles"),
)


@pytest.fixture
def event(tmp_path: Path) -> Path:
    path = open_from_nothing(tmp_path / "ete.sqlite")
    for surname, first in PEOPLE:
        out = run_here("register", str(path), surname, "--prenom", first)
        assert "(N° " in out  # the initial order so far (issue 49.5)
    return path


def _done(*args: str) -> str:
    out = arbitre(*args)
    assert out.returncode == 0, (args, out.stderr)
    return out.stdout.strip()


def test_check_in_by_a_piece_of_the_name_and_twice(event: Path) -> None:
    assert _done("checkin", str(event), "lefevre") == "Pointé : LEFÈVRE Hélène (N° 4)"
    before = digest(event)
    again = _done("checkin", str(event), "LEFÈVRE")
    assert again == "LEFÈVRE Hélène (N° 4) : déjà pointé(e), rien n'a changé."
    assert digest(event) == before
    # the second word of a compound surname, an apostrophe left out, a number
    assert _done("checkin", str(event), "evremond") == (
        "Pointé : CHÂTEAUBRIAND-SAINT-ÉVREMOND Marie-Thérèse (N° 2)"
    )
    assert _done("checkin", str(event), "oneill") == "Pointé : O'NEILL Seán (N° 7)"
    assert _done("checkin", str(event), "d'artagnan") == "Pointé : D'ARTAGNAN Charles (N° 3)"
    assert _done("checkin", str(event), "1") == "Pointé : BŒUF François (N° 1)"
    # a whole word names one player even when it is a piece of another's name
    assert _done("checkin", str(event), "martin") == "Pointé : MARTIN Paul (N° 5)"
    assert _done("checkin", str(event), "boeuf", "--cancel") == (
        "Pointage annulé : BŒUF François (N° 1)"
    )


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("mart", ["« mart » désigne 2 joueurs", "N° 5    MARTIN Paul", "N° 6    MARTINEZ Léa"]),
        ("zorro", ["Aucun joueur « zorro »"]),
    ],
)
def test_a_piece_that_fits_several_or_none_is_refused(
    event: Path, typed: str, said: list[str]
) -> None:
    before = digest(event)
    for command in (("checkin",), ("withdraw",), ("players", "edit")):
        extra = ("--club", "Brest") if command == ("players", "edit") else ()
        out = arbitre(*command, str(event), typed, *extra)
        assert out.returncode == 2, out.stdout
        assert "Traceback" not in out.stderr
        for words in said:
            assert words in out.stderr, out.stderr
    assert digest(event) == before


def test_results_byes_and_corrections_name_the_players(event: Path) -> None:
    for n in range(1, 9):
        run_here("checkin", str(event), str(n))  # the N° of players list (49.5)
    run_here("pair", str(event), "--seed", "1")
    rounds = run_here("round", str(event)).splitlines()[1:]
    white, black = (part.strip() for part in rounds[0][5:].split("…"))
    out = _done("result", str(event), "1", "1-0")
    assert out == f"Échiquier 1 : 1-0 — {white} – {black} : enregistré."
    assert _done("result", str(event), "1", "1") == (
        f"Échiquier 1 : 1-0 — {white} – {black} : inchangé (déjà saisi)."
    )
    out = _done("bye", str(event), "neill", "3")
    assert out == "Bye ½ point enregistré : O'NEILL Seán (N° 7), ronde 3."
    out = _done("players", "edit", str(event), "artagnan", "--club", "Mousquetaires")
    assert out == "Fiche corrigée : D'ARTAGNAN Charles (N° 3)."
    out = _done("withdraw", str(event), "martinez")
    assert out == "MARTINEZ Léa (N° 6) retiré(e) : plus apparié(e)."
