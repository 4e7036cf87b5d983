"""Issue 30.23: incidents on a cup's boards (004: illegal moves, a phone), from the
command line, on a cup made from nothing — never « la ronde … n'est pas appariée »."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbitre_tui.operations import EventService
from arbitre_tui.operations import cup as ops

from ...helpers.cli import arbitre, run_here

CLUBS = ("Colmar Échecs", "Mulhouse Philidor", "Sélestat", "Guebwiller")


def _cup_from_nothing(path: Path) -> dict[str, object]:
    """Four clubs of four players, tour 1 drawn, both line-ups of match 1 in: the match."""
    f = str(path)
    run_here("new", f, "--nom", "Coupe du club", "--du", "2027-02-07")
    run_here("section", "add", f, "coupe", "--nom", "Coupe", "--systeme", "coupe",
        "--rondes", "2", "--cadence", "90+30", "--reglement", "004")  # fmt: skip
    for k, club in enumerate(CLUBS):
        run_here("cup", "team", f, club)
        for n in range(4):  # licensed (issue 52.4: no licence number nor date is refused)
            run_here("register", f, f"{club.split()[0]}{n}", "--club", club, "--equipe", club,
                "--elo", str(1800 - 10 * n), "--nationalite", "FRA",
                "--licence", f"K{k}{n:04d}")  # fmt: skip
    run_here("cup", "draw", f, "--seed", "3")
    match = json.loads(run_here("cup", "status", f, "--json"))[0]
    service = EventService(path)
    try:
        from arbitre_tui.views.reader import Reader

        t = ops.cup_of(service, None)
        numbers = Reader(service).numbers(t)  # the N° `cup lineup` takes (issue 49.5)
        for team in (match["home_team_id"], match["away_team_id"]):
            roster = [p.id for p in service.store.players(t.id or 0) if p.team_id == team]
            typed = [str(numbers[pid]) for pid in roster[:4]]
            run_here("cup", "lineup", f, str(match["number"]), str(team), *typed)
    finally:
        service.close()
    return dict(match)


def _board(path: Path, number: int, board: int) -> str | None:
    service = EventService(path)
    try:
        return ops.find_match(service, ops.cup_of(service, None), number).results[board - 1]
    finally:
        service.close()


@pytest.mark.slow
def test_illegal_moves_and_a_phone_on_cup_boards(tmp_path: Path) -> None:
    path = tmp_path / "coupe.sqlite"
    match = _cup_from_nothing(path)
    f, number = str(path), str(match["number"])
    # without the match: said what to give, never « la ronde … n'est pas appariée »
    out = arbitre("incident", f, "1", "coup", "blancs")
    assert out.returncode == 2 and "--match" in out.stderr, out.stderr
    assert "pas appariée" not in out.stderr
    # board 1: the home team has White (art. 3.4); the FIDE Laws' 2nd illegal move loses
    assert "enregistré" in run_here("incident", f, "1", "coup", "blancs", "--match", number)
    out = arbitre("incident", f, "1", "coup", "blancs", "--match", number)
    assert out.returncode == 2 and "2e coup illégal" in out.stderr, out.stderr
    assert _board(path, int(number), 1) is None  # asked first, nothing written
    run_here("incident", f, "1", "coup", "blancs", "--match", number, "--confirm")
    assert _board(path, int(number), 1) == "0-1"  # the home player lost
    # board 2: White is the visitor's; a phone (004: the FIDE Laws in full) loses it
    run_here("incident", f, "2", "sonnerie", "blancs", "--match", number, "--confirm")
    assert _board(path, int(number), 2) == "1-0"  # the visitor lost: 1-0 for the home team
    # undone as one action: the incident and the board's result go together
    run_here("undo", f)
    assert _board(path, int(number), 2) is None
