"""Standings and prizes through the store, the command line and the Classement pane."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

from textual.widgets import DataTable

from arbitre_tui.faces.tui.app import ArbitreApp
from arbitre_tui.operations import EventService
from arbitre_tui.operations.standings import complete_rounds, crosstable, standings
from arbitre_tui.rules import tiebreaks as tb
from arbitre_tui.rules.models import Player

from ..conftest import VECTORS, make_round_robin
from ..helpers.screen import app_on


def arbitre(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "arbitre_tui.faces.cli.main", *args], capture_output=True, text=True
    )


def test_tiebreaks_command_json_matches_the_reference(tmp_path: Path) -> None:
    trf_file = VECTORS / "tiebreak" / "swiss" / "example-trf2026.trf"
    out = arbitre("tiebreaks", str(trf_file), "--list", "PTS,BH/C1,BH,TPR,WIN", "--json")
    assert out.returncode == 0, out.stderr
    got = {row["start_no"]: row for row in json.loads(out.stdout)}
    expected = csv.DictReader(trf_file.with_suffix(".tsv").open(), delimiter="\t")
    for row in expected:
        mine = got[int(row["StartNo"])]
        assert mine["rank"] == int(row["Rank"])
        for code in ("PTS", "BH/C1", "BH", "TPR", "WIN"):
            assert float(mine[code]) == float(row[code]), (row["StartNo"], code)


def test_tiebreaks_command_refuses_malformed_trf(tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text(
        "012 X\n001    1 m    A, B                              2000 FRA      1 1990/01/01  1.0    1     2 w 7\n"
    )
    out = arbitre("tiebreaks", str(bad))
    assert out.returncode == 2 and "ligne 2" in out.stderr


def _played_rr(tmp_path: Path) -> EventService:
    service = make_round_robin(tmp_path / "rr.sqlite", 4)
    results = iter(["1-0", "=-=", "0-1", "+--", "1-0", "=-="])
    for _ in range(3):
        rnd = service.pair_round("rr", seed=11)
        for g in service.store.games(rnd.id):
            service.record_result("rr", g.board, next(results))
        service.close_round("rr")
    return service


def test_store_round_robin_sb_is_opponents_scores_times_points(tmp_path: Path) -> None:
    service = _played_rr(tmp_path)
    t = service.tournament("rr")
    codes, rows, rounds = standings(service, t)
    assert codes == ["PTS", "SB"] and rounds == 3
    # Independent check straight from the games: SB = Σ score(opponent) × points.
    score: dict[int, float] = {}
    games = [g for gs in service.store.all_games(t.id).values() for g in gs]
    for g in games:
        assert g.result is not None and g.black_id is not None  # four players: no bye
        w, b = g.result.points
        score[g.white_id] = score.get(g.white_id, 0) + w
        score[g.black_id] = score.get(g.black_id, 0) + b
    sb: dict[int, float] = {}
    for g in games:
        assert g.result is not None and g.black_id is not None
        w, b = g.result.points
        sb[g.white_id] = sb.get(g.white_id, 0) + w * score[g.black_id]
        sb[g.black_id] = sb.get(g.black_id, 0) + b * score[g.white_id]
    for row in rows:
        assert row.values["PTS"] == score[row.start]
        assert row.values["SB"] == sb[row.start]


def test_standings_are_after_the_last_complete_round(tmp_path: Path) -> None:
    service = _played_rr(tmp_path)
    service.update_settings("rr", {})
    t = service.tournament("rr")
    assert complete_rounds(service, t) == 3


def test_standings_and_prizes_commands(tmp_path: Path, demo_file: Path) -> None:
    out = arbitre("standings", str(demo_file), "-t", "u8", "--json")
    assert out.returncode == 0, out.stderr
    rows = json.loads(out.stdout)
    assert len(rows) == 6 and {"PTS", "SB", "place"} <= set(rows[0])
    prizes = arbitre("prizes", str(demo_file), "-t", "open-a", "--json")
    assert prizes.returncode == 0, prizes.stderr
    data = json.loads(prizes.stdout)
    ids = [a["player_id"] for a in data["awards"] if not a["trophy"]]
    assert len(ids) == len(set(ids))  # not cumulative (trophies are honours, on top)
    assert float(data["total"]) <= 14200
    assert all(a["presence_required"] for a in data["awards"])
    none = arbitre("prizes", str(demo_file), "-t", "u8")
    assert none.returncode == 2 and "Aucune liste de prix" in none.stderr


async def test_classement_pane_shows_tiebreak_columns_and_shared_places(demo_file: Path) -> None:
    service = EventService(demo_file)
    _codes, rows, _ = standings(service, service.tournament("u8"))
    async with app_on(demo_file, "s", "u8") as (app, _pilot):
        table = app.query_one("#classement-table", DataTable)
        labels = [str(c.label) for c in table.columns.values()]
        assert labels == ["Pl.", "Nom", "Club", "Elo", "Pts", "SB"]
        assert table.row_count == 6
        assert [str(table.get_row_at(i)[0]) for i in range(6)] == [r.place for r in rows]


async def test_classement_title_of_a_knockout_fits_80_columns(demo_file: Path) -> None:
    """« … — K.O. : vainqueur, finaliste, puis » was the title at 80 columns, cut mid-phrase:
    the way a knockout ranks gives way to a shorter wording, never cut."""
    from textual.widgets import Static

    async with app_on(demo_file, "s", "open-ko") as (app, _pilot):
        title = str(app.query_one("#classement .pane-title", Static).content)
        assert len(title) <= 78 and title.endswith("vainqueur"), title
        assert title.startswith("Classement — Open K.O. — après la ronde 1 — ")


async def test_prize_view_in_the_classement_pane(demo_file: Path) -> None:
    app = ArbitreApp(demo_file, tournament="open-a")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s", "v")
        await pilot.pause()
        table = app.query_one("#classement-table", DataTable)
        assert [str(c.label) for c in table.columns.values()] == ["Pl.", "Nom", "Prix", "Montant"]
        assert table.row_count > 12
        assert any(str(table.get_row_at(i)[3]) == "trophée *" for i in range(table.row_count))
        await pilot.press("v")
        await pilot.pause()
        assert [str(c.label) for c in table.columns.values()][:5] == [
            "Pl.",
            "Nom",
            "Club",
            "Elo",
            "Pts",
        ]


def test_tpn_is_the_pairing_number_not_the_store_id(tmp_path: Path) -> None:
    """Issue 16: TPN (C.07 7.8) ranked by the store's ids (registration order). Players
    registered weakest first: before round 1 the tie is split by the initial order
    (strongest = n° 1); once a round robin has drawn its numbers, by those."""
    from arbitre_tui.rules.models import System, Tournament

    service = EventService(tmp_path / "tpn.sqlite", create=True)
    service.create_event("TPN", "Ville")
    service.add_tournament(
        Tournament(key="s", name="Suisse", system=System.SWISS, rounds_planned=3, tiebreaks=["TPN"])
    )
    ids = [
        service.register_player("s", Player(surname=f"J{r}", first_name="A", rating_fide=r))
        for r in (1500, 1600, 1700, 1800)
    ]
    _, rows, _ = standings(service, service.tournament("s"))
    assert [r.start for r in rows] == ids[::-1]
    assert [r.values["TPN"] for r in rows] == [1, 2, 3, 4]
    drawn = make_round_robin(tmp_path / "rr.sqlite", players=4)
    t = drawn.tournament("rr")
    drawn.pair_round("rr", seed=3)
    numbers = drawn.store.pairing_numbers(t.id or 0)
    assert numbers
    tpn = tb.standings(crosstable(drawn, t), ["PTS", "TPN"])
    assert [r.start for r in tpn] == numbers
