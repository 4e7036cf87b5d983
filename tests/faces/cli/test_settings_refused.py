"""Settings out of range refused (issue 35.12, its settings part) in French, exit 2,
nothing changed — by the real `arbitre` process, on an event created from nothing (through
the command line's `main()`, in the test's process); the
two settings nobody read (issue 28.3): board_colours_home colours the match sheet,
result_deadline retired."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest

from arbitre_tui.operations import EventService
from arbitre_tui.rules.errors import RuleError
from arbitre_tui.rules.settings import RETIRED, check

from ...helpers.cli import arbitre
from ...helpers.events import copy_event, from_nothing


def _event(tmp_path: Path, *sections: list[str]) -> str:
    """`arbitre new` then `arbitre section add` (in this process): an event from nothing."""
    new = ["--nom", "Open de Printemps", "--lieu", "Colmar"]
    return str(from_nothing(tmp_path / "e.sqlite", new, sections))


OPEN = ["open", "--nom", "Open", "--systeme", "suisse", "--rondes", "5", "--cadence", "90+30"]
HUGE = "x" * 100_000

REFUSED = {
    "elo-max-sous-min": (["max_rating", "1500"], "1500 est sous l'Elo minimal (2000)"),
    "bye-au-dela": (["half_point_byes_forbidden_rounds", "[4, 7]"], "ronde 7, mais Open compte 5"),
    "bye-ronde-0": (["half_point_byes_forbidden_rounds", "[0]"], "ronde 0, mais Open compte 5"),
    "categorie": (["category", "U999"], "une catégorie d'âge de la FFE est attendue"),
    "couleurs-5": (["board_colours_home", "WBBWB"], "(5 lettres pour 4 échiquiers)"),
    "couleurs-blancs": (["board_colours_home", "WWWB"], "autant de W que de B"),
    "organisateur-geant": (["organiser", HUGE], "100\u202f000 caractères, 200 au plus"),
    "lieu-geant": (["venue", HUGE], "100\u202f000 caractères, 200 au plus"),
    "tenant-geant": (["holder", HUGE], "100\u202f000 caractères"),
    "adjoints-geants": (["arbiters", f"A; {HUGE}"], "100\u202f000 caractères"),
    "arbitre-evenement-geant": (["chief_arbiter", HUGE], "100\u202f000 caractères"),
    "federation-geante": (["federation", HUGE], "100\u202f000 caractères"),
    "adresse-geante": (["base_url", "http://" + HUGE], "une adresse http://… est attendue"),
    "retire": (["result_deadline", "00:00"], "Réglage « result_deadline » retiré : "),
}


@pytest.fixture(scope="module")
def minimum_master(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Open from nothing with its minimal Elo set to 2000, by the real command line:
    built once, copied by each refused case."""
    path = _event(tmp_path_factory.mktemp("minimum"), OPEN)
    first = arbitre("settings", "set", path, "min_rating", "2000")
    assert first.returncode == 0, first.stderr
    return Path(path)


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_out_of_range_settings_refused_in_french_and_nothing_changed(
    minimum_master: Path, tmp_path: Path, case: str
) -> None:
    path = str(copy_event(minimum_master, tmp_path / "e.sqlite"))
    before = EventService(path).store.snapshot()
    args, words = REFUSED[case]
    out = arbitre("settings", "set", path, *args)
    assert out.returncode == 2, (out.stdout, out.stderr)
    assert words in out.stderr, out.stderr
    assert "Traceback" not in out.stderr and len(out.stderr) < 600  # the value cut, not echoed
    assert EventService(path).store.snapshot() == before


def test_values_in_range_still_accepted(tmp_path: Path) -> None:
    """The bounds are not a wall: the same settings inside them are written."""
    path = _event(tmp_path, OPEN)
    for name, value in (
        ("min_rating", "1500"),
        ("max_rating", "2000"),
        ("half_point_byes_forbidden_rounds", "[4, 5]"),
        ("category", "u12f"),
        ("board_colours_home", "bwwb"),
        ("organiser", "o" * 200),
    ):
        out = arbitre("settings", "set", path, name, value)
        assert out.returncode == 0, (name, out.stderr)
    shown = json.loads(arbitre("settings", "show", path, "--json").stdout)
    assert shown["category"] == "U12F" and shown["board_colours_home"] == "BWWB"
    assert shown["half_point_byes_forbidden_rounds"] == [4, 5] and shown["max_rating"] == 2000


def test_a_section_added_or_shortened_keeps_its_settings_in_range(tmp_path: Path) -> None:
    """`section add --reglage` and `section edit --rondes` meet the same refusals."""
    path = _event(tmp_path)
    before = EventService(path).store.snapshot()
    for setting, words in (
        (["min_rating=2000", "--reglage", "max_rating=1000"], "sous l'Elo minimal"),
        (["half_point_byes_forbidden_rounds=[6]"], "ronde 6, mais Open compte 5"),
        (["category=U999"], "une catégorie d'âge de la FFE"),
    ):
        out = arbitre("section", "add", path, *OPEN, "--reglage", *setting)
        assert out.returncode == 2 and words in out.stderr, out.stderr
    assert EventService(path).store.snapshot() == before
    rule = "half_point_byes_forbidden_rounds=[5]"
    assert arbitre("section", "add", path, *OPEN, "--reglage", rule).returncode == 0
    before = EventService(path).store.snapshot()
    short = arbitre("section", "edit", path, "open", "--rondes", "4")
    assert short.returncode == 2 and "ronde 5, mais Open compte 4" in short.stderr, short.stderr
    assert EventService(path).store.snapshot() == before


def test_a_profile_value_past_a_short_section_is_no_fault(tmp_path: Path) -> None:
    """002's rounds without bye (8, 9) are its profile's, not a value the organiser wrote:
    a 5-round 002 section still takes its other settings."""
    path = _event(tmp_path, [*OPEN, "--reglement", "002"])
    out = arbitre("settings", "set", path, "fee", "12")
    assert out.returncode == 0, out.stderr


def test_board_colours_home_colours_the_match_sheet(tmp_path: Path) -> None:
    """A club's own cup (no regulation) where the home team has Black on board 1: the
    procès-verbal's colours and the match list follow the setting."""
    path = _event(tmp_path, ["coupe", "--nom", "Coupe", "--systeme", "coupe", "--rondes", "2"])
    csv = tmp_path / "equipes.csv"
    # licensed players: a line-up refuses one with neither licence number nor date (issue
    # 52.4, art. 1.4), which this colours test does not exercise
    rows = ["nom,prenom,sexe,naissance,club,elo_ffe,equipe,licence"]
    for k in range(1, 5):
        rows += [f"Alpha{k},Un,M,1990-01-01,Colmar,180{k},Colmar 1,A0000{k}"]
        rows += [f"Beta{k},Deux,M,1990-01-01,Sélestat,170{k},Sélestat 1,B0000{k}"]
    csv.write_text("\n".join(rows) + "\n", encoding="utf-8")
    for args in (
        ("players", "import", path, str(csv)),
        ("settings", "set", path, "board_colours_home", "BWWB"),
        ("cup", "draw", path, "--seed", "1"),
    ):
        out = arbitre(*args)
        assert out.returncode == 0, (args, out.stderr)
    match = json.loads(arbitre("cup", "status", path, "--json").stdout)[0]
    assert match["white_boards"] == "2 et 3"
    players = {p["id"]: p for p in json.loads(arbitre("players", "list", path, "--json").stdout)}
    for team in (match["home_team_id"], match["away_team_id"]):
        ids = sorted(pid for pid, p in players.items() if p.get("team_id") == team)
        typed = [str(players[pid]["number"]) for pid in ids]  # their N° (issue 49.5)
        out = arbitre("cup", "lineup", path, "1", str(team), *typed)
        assert out.returncode == 0, out.stderr
    sheet = tmp_path / "pv.html"
    assert arbitre("cup", "sheet", path, "1", str(sheet)).returncode == 0
    text = re.sub(r"<[^>]+>", " ", sheet.read_text("utf-8"))
    colours = re.findall(r"\b(Blancs|Noirs)\b", text)[:8]  # board by board: home, visitor
    assert colours == ["Noirs", "Blancs", "Blancs", "Noirs", "Blancs", "Noirs", "Noirs", "Blancs"]


def test_the_retired_setting_of_an_older_file_is_ignored_and_said(tmp_path: Path) -> None:
    """A file written when result_deadline was accepted opens, shows it as retired, and
    nothing reads it."""
    path = _event(tmp_path, OPEN)
    with sqlite3.connect(path) as db:  # as an older version wrote it
        db.execute(
            "UPDATE tournaments SET settings = json_set(settings, '$.result_deadline', '00:00')"
        )
    db.close()
    shown = arbitre("settings", "show", path)
    assert shown.returncode == 0, shown.stderr
    assert re.search(r"result_deadline\s+\(ignoré\)\s+retiré\s+l'heure limite", shown.stdout)
    assert "result_deadline" not in json.loads(arbitre("settings", "show", path, "--json").stdout)
    assert set(RETIRED) == {"result_deadline"}
    with pytest.raises(RuleError, match="retiré"):
        check("result_deadline", "00:00")
