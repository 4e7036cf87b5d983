"""The regulations, fourth pass (issue 52): one test per item, played through the command
line on events made from the templates or from nothing. docs/reglements.md lists them."""

from __future__ import annotations

import json
from pathlib import Path

from arbitre_tui.operations import EventService
from arbitre_tui.operations import cup as ops

from ..helpers.cli import arbitre, run_here

# -- 004 Coupe d'Alsace, a cup made from nothing ------------------------------------------

BIG = "Échiquier de l'Île-d'Ill"  # two teams
CLUBS = (BIG, "Cercle D'Artagnan-Saint-Évremond", "Philidor Mulhouse")
NAMES = ("CHÂTEAUBRIAND-SAINT-ÉVREMOND", "DE LA FONTAINE-MÉRIGNAC", "O'NEILL", "D'ARTAGNAN")


def _cup(path: Path, *, licensed: bool = True) -> str:
    """Four teams (two of BIG), four players each, licensed unless said; none drawn yet."""
    f = str(path)
    run_here("new", f, "--nom", "Coupe d'Alsace 2026-2027", "--du", "2027-02-07")
    run_here("section", "add", f, "coupe", "--nom", "Coupe", "--systeme", "coupe",
        "--rondes", "2", "--cadence", "120/40:60", "--reglement", "004")  # fmt: skip
    for k, (club, team) in enumerate([(BIG, 1), (BIG, 2), (CLUBS[1], 1), (CLUBS[2], 1)], start=1):
        run_here("cup", "team", f, club)
        for n, name in enumerate(NAMES):
            extra = ["--licence", f"L{k}{n:03d}"] if licensed else []
            run_here("register", f, name, "--prenom", f"Marie-Thérèse {k}", "--club", club,
                "--equipe", f"{club} {team}", "--elo", str(2000 - 100 * team - 10 * n - k),
                "--nationalite", "FRA", "--fide-id", f"{k}{n:05d}", *extra)  # fmt: skip
    return f


def _roster(path: Path, team: int) -> list[int]:
    service = EventService(path)
    try:
        t = ops.cup_of(service, None)
        return [p.id for p in service.store.players(t.id) if p.team_id == team]
    finally:
        service.close()


def _matches(f: str) -> list[dict[str, object]]:
    return list(json.loads(run_here("cup", "status", f, "--json")))


def _play(f: str, match: dict[str, object], results: tuple[str, ...]) -> None:
    """Both line-ups (the first four of each roster) and the four boards."""
    for team in (match["home_team_id"], match["away_team_id"]):
        roster = _roster(Path(f), int(str(team)))
        run_here("cup", "lineup", f, str(match["number"]), str(team), *map(str, roster[:4]))
    for board, result in enumerate(results, start=1):
        run_here("cup", "result", f, str(match["number"]), str(board), result)


def test_item01_a_player_who_played_stays_and_cannot_hide_in_another_team(
    tmp_path: Path,
) -> None:
    """004 art. 3.1: `players remove` refuses a player on a match sheet (said in French,
    nothing changed); a player who never played moves to another team of his club with
    `cup transfer`; the same person entered again in another team of his club (same
    licence, same FIDE id) is seen as having played: his line-up is refused."""
    f = _cup(tmp_path / "c.sqlite")
    run_here("cup", "draw", f, "--seed", "7")  # BIG 1 (team 1) at home, BIG 2 elsewhere
    match = next(m for m in _matches(f) if m["home_team_id"] == 1)
    _play(f, match, ("1-0", "1-0", "0-1", "1-0"))
    run_here("register", f, "SUPPLÉANT", "--prenom", "Jean-Baptiste", "--club", BIG,
        "--equipe", f"{BIG} 2", "--elo", "1500", "--licence", "L9999")  # fmt: skip
    played = _roster(Path(f), int(str(match["home_team_id"])))[0]
    out = arbitre("players", "remove", f, str(played))
    assert out.returncode == 2 and "composition remise" in out.stderr, out
    assert "withdraw" in out.stderr and "Traceback" not in out.stderr
    assert played in _roster(Path(f), int(str(match["home_team_id"])))
    # the same person, entered again in the other team of his club (licence, FIDE id)
    service = EventService(Path(f))
    t = ops.cup_of(service, None)
    teams = ops.teams_of(service, t)
    p = service.player(played)
    service.close()
    home = teams[int(str(match["home_team_id"]))]
    sister = next(x for x in teams.values() if x.club_id == home.club_id and x.id != home.id)
    # a player of the sister team who never played moves to the home team and back
    idle = _roster(Path(f), sister.id)[-1]
    assert "désormais" in run_here("cup", "transfer", f, str(idle), str(home.id))
    out = arbitre("cup", "transfer", f, str(played), str(sister.id))
    assert out.returncode == 2 and "art. 3.1" in out.stderr, out
    run_here("undo", f)
    assert idle in _roster(Path(f), sister.id)
    other_club = next(x for x in teams.values() if x.club_id != home.club_id)
    out = arbitre("cup", "transfer", f, str(idle), str(other_club.id))
    assert out.returncode == 2 and "licencié" in out.stderr, out
    # withdrawn, and registered again in the sister team under another FIDE id but the
    # same licence: the person is seen across registrations
    run_here("withdraw", f, str(played))
    run_here("register", f, p.surname, "--prenom", p.first_name, "--club", p.club,
        "--equipe", sister.name, "--elo", str(p.rating), "--licence", str(p.ffe_code),
        "--nationalite", "FRA")  # fmt: skip
    again = max(_roster(Path(f), sister.id))
    theirs = next(m for m in _matches(f) if sister.id in (m["home_team_id"], m["away_team_id"]))
    lineup = [again, *_roster(Path(f), sister.id)[:3]]
    out = arbitre("cup", "lineup", f, str(theirs["number"]), str(sister.id), *map(str, lineup))
    assert out.returncode == 2 and "déjà joué pour une autre équipe" in out.stderr, out


def test_item04_a_player_with_no_licence_is_refused_in_a_line_up(tmp_path: Path) -> None:
    """004 art. 1.4: « une équipe alignant un joueur non licencié perd son match » — no
    licence number and no licence date: the line-up is refused with that reason."""
    f = _cup(tmp_path / "c.sqlite", licensed=False)
    run_here("cup", "draw", f, "--seed", "5")
    match = next(m for m in _matches(f) if m["away_team_id"])
    team = int(str(match["home_team_id"]))
    roster = _roster(Path(f), team)
    out = arbitre("cup", "lineup", f, str(match["number"]), str(team), *map(str, roster[:4]))
    assert out.returncode == 2 and "ni numéro ni date de licence" in out.stderr, out
    assert "perdre le match (art. 1.4)" in out.stderr
    run_here("players", "edit", f, str(roster[0]), "--date-licence", "2026-09-01")
    for pid in roster[1:4]:
        run_here("players", "edit", f, str(pid), "--licence", f"Z{pid:05d}")
    run_here("cup", "lineup", f, str(match["number"]), str(team), *map(str, roster[:4]))


def test_item02_equipment_missing_counts_minus_one_without_the_3_0_rule(
    tmp_path: Path,
) -> None:
    """004 art. 2.6 × 4.1: two games lost for missing equipment count −1 each (a forfeit):
    the home team that won boards 1 and 2 loses 0–2 (it drew 2–2 and won on board 1);
    not art. 3.2's 3–0 unless the setting says so."""
    f = _cup(tmp_path / "c.sqlite")
    run_here("cup", "draw", f, "--seed", "5")
    match = next(m for m in _matches(f) if m["away_team_id"])
    for team in (match["home_team_id"], match["away_team_id"]):
        roster = _roster(Path(f), int(str(team)))
        run_here("cup", "lineup", f, str(match["number"]), str(team), *map(str, roster[:4]))
    for board in (1, 2):
        run_here("cup", "result", f, str(match["number"]), str(board), "1-0")
    run_here("cup", "equipment", f, str(match["number"]), str(match["home_team_id"]), "2")
    after = next(m for m in _matches(f) if m["number"] == match["number"])
    assert after["winner"] == match["away"] and after["score"] == "0-2", after
    assert "plus de points" in str(after["reason"]), after
    sheet = tmp_path / "pv.html"
    run_here("cup", "sheet", f, str(match["number"]), str(sheet))
    assert "A (−1)" in sheet.read_text("utf-8")
