"""The clock board is a view (issue 28.5): built once from an event the organiser made
from nothing, rendered by the Cadence pane and by `arbitre cadence` alike — the times
expected here are worked out by hand from the setting (start 14:00, 90 min + 30 s: a
game planned as 80 % of both clocks plus 60 moves' increments, 2 × (72 + 30) = 204 min;
a 10-minute break)."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from arbitre_tui.operations import EventService
from arbitre_tui.views.clock_board import build
from arbitre_tui.views.reader import Reader

from ..helpers.cli import run_here

AT = dt.datetime(2026, 12, 5, 14, 20)


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An open of four made from nothing; round 1 paired, started at 14:05 (five minutes
    late), board 1 played."""
    folder = tmp_path_factory.mktemp("cadence")
    path = folder / "club.sqlite"
    run_here("new", str(path), "--nom", "Open du club", "--du", "2026-12-05")
    run_here(
        "section", "add", str(path), "open", "--nom", "Open A", "--systeme", "suisse",
        "--rondes", "5", "--cadence", "90+30", "--reglage", "lateness_minutes=30",
        "--reglage", "day_start=14:00",
    )  # fmt: skip
    players = folder / "joueurs.csv"
    players.write_text(
        "nom,prenom,elo_fide\nDupont,Jean,2000\nMartin,Paul,1900\nDurand,Luc,1800\nPetit,Léa,1700\n",
        encoding="utf-8",
    )
    run_here("players", "import", str(path), str(players), "-t", "open")
    for number in range(1, 5):
        run_here("checkin", str(path), str(number))
    run_here("pair", str(path), "-t", "open")
    run_here("round-start", str(path), "-t", "open", "--when", "2026-12-05T14:05")
    run_here("result", str(path), "1", "1-0", "-t", "open")
    return path


def test_the_view_of_a_running_round(event: Path) -> None:
    service = EventService(event)
    board = build(Reader(service), service.tournament("open"), AT)
    service.close()
    assert board.title == "Cadence — Open A — ronde 1 : 90 min + 30 s"
    assert board.running == 1 and board.paired
    # 14:05 + 204 min = 17:29; round 2 after the break: 17:39 → 21:03; 3: 21:13 → 00:37
    assert [(r.number, r.start, r.end, r.flag) for r in board.rows[:3]] == [
        (1, "14:05", "~17:29", ""),
        (2, "~17:39", "~21:03", ""),
        (3, "~21:13", "~dim. 00:37", "après 23:00 !"),
    ]
    assert board.clock_lines(AT) == [
        "Ronde 1 : début 14:05, en cours depuis 15 min 00 s — fin prévue ~17:29",
        "Forfait à 14:35 (retard admis 30 min) — forfait dans 15:00",
        "Sur le plan (début prévu 14:00) : +5 min",
    ]
    assert board.clock_lines(AT + dt.timedelta(minutes=30))[1] == "Forfait à 14:35 — délai passé"
    assert board.playing_title == "Parties en cours : 1"
    assert len(board.playing) == 1 and board.playing[0].board == 2


def test_the_command_line_renders_the_same_view(event: Path) -> None:
    out = run_here("cadence", str(event), "-t", "open", "--when", "2026-12-05T14:20")
    lines = out.splitlines()
    assert lines[0] == "Cadence — Open A — ronde 1 : 90 min + 30 s"
    assert "  Forfait à 14:35 (retard admis 30 min) — forfait dans 15:00" in lines
    assert any(x.split()[:3] == ["3", "90", "min"] and x.endswith("après 23:00 !") for x in lines)
    assert "Parties en cours : 1" in lines
    data = json.loads(
        run_here("cadence", str(event), "-t", "open", "--when", "2026-12-05T14:20", "--json")
    )
    assert data["running"] == 1 and data["clock"][2] == "Sur le plan (début prévu 14:00) : +5 min"


def test_no_round_yet(tmp_path: Path) -> None:
    path = tmp_path / "vide.sqlite"
    run_here("new", str(path), "--nom", "Rapide du club")
    run_here(
        "section", "add", str(path), "r", "--nom", "Rapide", "--systeme", "suisse", "--rondes", "7"
    )
    out = run_here("cadence", str(path), "-t", "r")
    assert "Pas de ronde en cours." in out and "Aucune ronde en cours" in out
