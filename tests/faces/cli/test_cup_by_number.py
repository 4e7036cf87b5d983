"""Issue 49.5 in the cup: `cup lineup` and `cup transfer` take the player's N° in the cup
(the number `players list -t coupe` and the match screen's « N° » column show), or a piece
of his name — looked for in the team's roster first, so a MARTIN of each team is no
ambiguity in a line-up; the registration is never typed. A refusal says why in French,
exit 2, nothing changed. Real processes, on a cup made from nothing with long names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ...helpers.cli import arbitre, run_here
from ...helpers.events import digest

HOME = ("Club d'Échecs de l'Ill", (
    ("MARTIN", "Paul", 1810),
    ("CHÂTEAUBRIAND-SAINT-ÉVREMOND", "Marie-Thérèse", 2231),
    ("O'NEILL", "Seán", 1650),
    ("DE LA FONTAINE-MÉRIGNAC", "Jean-Baptiste", 2198),
))  # fmt: skip
AWAY = ("Cercle Saint-Éloi", (
    ("D'ARTAGNAN", "Charles", 2050),
    ("MARTIN", "Lucie", 1720),
    ("LÉVÊQUE", "Noé", 1900),
    ("PERRIN", "Gaël", 1980),
))  # fmt: skip


@pytest.fixture
def cup(tmp_path: Path) -> Path:
    """Four teams: the Ill's team 1 and 2, Saint-Éloi's, Colmar's (no bye)."""
    f = str(tmp_path / "coupe.sqlite")
    run_here("new", f, "--nom", "Coupe d'Alsace 2026-2027", "--du", "2027-02-07")
    run_here("section", "add", f, "coupe", "--nom", "Coupe", "--systeme", "coupe",
        "--rondes", "2", "--cadence", "120/40:60", "--reglement", "004")  # fmt: skip
    for k, (club, people) in enumerate((HOME, AWAY)):
        run_here("cup", "team", f, club)
        for n, (surname, first, elo) in enumerate(people):
            run_here("register", f, surname, "--prenom", first, "--club", club,
                "--equipe", f"{club} 1", "--elo", str(elo), "--nationalite", "FRA",
                "--licence", f"K{k}{n:04d}")  # fmt: skip
    run_here("cup", "team", f, HOME[0])
    run_here("register", f, "D'ORMESSON", "--prenom", "Anne-Sophie", "--club", HOME[0],
        "--equipe", f"{HOME[0]} 2", "--elo", "1500", "--nationalite", "FRA",
        "--licence", "K90000")  # fmt: skip
    run_here("cup", "team", f, "Échiquier Club de Colmar")
    return Path(f)


def _listed(path: Path) -> dict[str, dict[str, object]]:
    out = run_here("players", "list", str(path), "-t", "coupe", "--json")
    return {f"{p['surname']} {p['first_name']}": p for p in json.loads(out)}


def test_lineup_and_transfer_take_the_n_or_a_name(cup: Path) -> None:
    f = str(cup)
    n = {name: str(p["number"]) for name, p in _listed(cup).items()}
    assert n["CHÂTEAUBRIAND-SAINT-ÉVREMOND Marie-Thérèse"] == "1"  # by rating, not entry
    # D'ORMESSON (team 2, never played) moves to team 1 by a piece of her name, and back
    said = run_here("cup", "transfer", f, "ormesson", "1")
    anne = "D'ORMESSON Anne-Sophie"
    assert said.startswith(f"{anne} (N° {n[anne]}) désormais dans l'équipe"), said
    run_here("undo", f)
    run_here("cup", "draw", f, "--seed", "1")
    match = next(
        m
        for m in json.loads(run_here("cup", "status", f, "--json"))
        if 1 in (m["home_team_id"], m["away_team_id"])
    )
    number = str(match["number"])
    # « martin »: MARTIN Paul of this team, not MARTIN Lucie of Saint-Éloi
    typed = [n["CHÂTEAUBRIAND-SAINT-ÉVREMOND Marie-Thérèse"], "merignac", "martin", "o'neill"]
    before = digest(cup)
    for bad, why in (
        ("dupont", "Aucun joueur « dupont » en Coupe"),
        ("999", "Aucun joueur n° 999 en Coupe"),
        (n["PERRIN Gaël"], "PERRIN Gaël est licencié à un autre club"),
    ):
        out = arbitre("cup", "lineup", f, number, "1", *typed[:3], bad)
        assert out.returncode == 2 and why in out.stderr, out.stderr
        assert "Traceback" not in out.stderr and digest(cup) == before
    said = run_here("cup", "lineup", f, number, "1", *typed)
    boards = [line.split(" : ", 1)[1] for line in said.splitlines() if "échiquier" in line]
    expected = [
        "CHÂTEAUBRIAND-SAINT-ÉVREMOND Marie-Thérèse",
        "DE LA FONTAINE-MÉRIGNAC Jean-Baptiste",
        "MARTIN Paul",
        "O'NEILL Seán",
    ]
    assert boards == [f"{name} (N° {n[name]})" for name in expected], said
