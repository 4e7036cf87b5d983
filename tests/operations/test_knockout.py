"""Open K.O. (regulation 000) through the operations layer."""

from __future__ import annotations

import datetime as dt
import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from arbitre_tui.operations import EventService, OperationError, knockout
from arbitre_tui.operations.templates import create_knockout_event
from arbitre_tui.rules import knockout as ko
from arbitre_tui.rules.models import Game, Result, Round


def _ids_by_registration(service: EventService) -> list[int]:
    return [p.id for p in knockout.entrants(service, service.tournament("ko"))]


@pytest.mark.parametrize(
    ("entries", "rounds", "bracket", "byes", "waiting"),
    [
        (99, 0, 0, 0, 0),  # cancelled: nobody waits, everyone is refunded (000 art. 2.1)
        (100, 7, 128, 28, 0),
        (128, 7, 128, 0, 0),
        (129, 7, 128, 0, 1),
        (199, 7, 128, 0, 71),
        (200, 8, 256, 56, 0),
        (256, 8, 256, 0, 0),
        (300, 8, 256, 0, 44),
    ],
)
def test_entries_decide_the_format(
    tmp_path: Path, entries: int, rounds: int, bracket: int, byes: int, waiting: int
) -> None:
    service = create_knockout_event(tmp_path / "k.sqlite", entries)
    live = knockout.status(service, "ko")
    assert (live["rounds"], live["bracket"], live["byes"], len(live["waiting_list"])) == (
        rounds,
        bracket,
        byes,
        waiting,
    )
    order = _ids_by_registration(service)
    fmt = knockout.close_registration(service, "ko")
    assert fmt.byes == order[:byes], "byes go to the earliest registrants"
    assert fmt.waiting == order[len(order) - waiting :] if waiting else fmt.waiting == []
    refunds = {r.id: r for r in fmt.refunds}
    assert set(refunds) == (set(fmt.waiting) if rounds else set(order))  # all paid here
    for r in refunds.values():
        assert r.amount == 10.0
        assert r.means in ("recrédit CB", "chèque")
    if waiting:
        assert {"recrédit CB", "chèque"} >= {r.means for r in refunds.values()}
        withdrawn = {
            p.id for p in service.store.players(service.tournament("ko").id) if p.withdrawn
        }
        assert withdrawn == set(fmt.waiting)
    t = service.tournament("ko")
    if rounds:
        assert t.rounds_planned == rounds
        assert t.stages[rounds] == "Finale" and t.stages[rounds - 2] == "Quart de finale"
    else:
        with pytest.raises(OperationError, match="annulé"):
            service.pair_round("ko")


@pytest.mark.parametrize(("bracket", "byes"), [(128, 28), (256, 56), (128, 1), (256, 64)])
def test_byes_never_meet_in_round_two(bracket: int, byes: int) -> None:
    slots = ko.bye_matches(bracket, byes)
    assert len(slots) == byes == len(set(slots))
    assert len({s // 2 for s in slots}) == byes  # each round-2 match gets at most one bye-holder


def test_time_controls_by_stage() -> None:
    stages, tc = ko.ko_stages(7)
    assert [tc[n].label for n in range(1, 8)] == [
        "10 min + 5 s",
        "10 min + 5 s",
        "10 min + 5 s",
        "15 min + 5 s",
        "20 min + 10 s",
        "25 min + 10 s",
        "30 min + 15 s",
    ]
    assert stages[5] == "Quart de finale"
    stages, tc = ko.ko_stages(8)
    assert tc[5].label == "15 min + 5 s" and stages[6] == "Quart de finale"


def test_round_one_byes_and_draw_replay(tmp_path: Path) -> None:
    service = create_knockout_event(tmp_path / "k.sqlite", 100)
    fmt = knockout.close_registration(service, "ko")
    rnd = service.pair_round("ko", seed=5)
    games = service.store.games(rnd.id)
    assert len(games) == 64
    bye_players = {g.white_id for g in games if g.bye}
    assert bye_players == set(fmt.byes)
    assert all(ok for ok, *_ in (service.replay_draw(d["id"]) for d in service.store.draws()))


def _winner_side(service: EventService, board: int) -> None:
    service.record_result("ko", board, "1-0")


def _play_round(service: EventService, rng: random.Random) -> None:
    rnd = service.current_round(service.tournament("ko"))
    for g in service.store.games(rnd.id):  # type: ignore[union-attr]
        if g.black_id is None or g.result is not None:
            continue
        roll = rng.random()
        if roll < 0.1:
            service.record_result("ko", g.board, "=")
            knockout.record_decider(service, "ko", g.board, rng.choice(["1", "0", "="]))
        else:
            service.record_result("ko", g.board, "1-0" if roll < 0.55 else "0-1")
    service.close_round("ko")


def test_whole_eight_round_event(tmp_path: Path) -> None:
    service = create_knockout_event(tmp_path / "k.sqlite", 200)
    knockout.close_registration(service, "ko")
    rng = random.Random(3)
    # Round 1 with forfeits, a double forfeit and an exclusion.
    rnd = service.pair_round("ko", seed=1)
    service.set_round_start("ko", dt.datetime.now() - dt.timedelta(minutes=10))
    names = {p.id: p.name for p in service.store.players(service.tournament("ko").id)}
    games = [g for g in service.store.games(rnd.id) if g.black_id]
    service.absent("ko", games[0].board, "white")
    service.absent("ko", games[1].board, "black")
    double = games[2]
    double_names = [names[double.white_id], names[double.black_id]]  # type: ignore[index]
    service.absent("ko", double.board, "both")
    cheat = games[3]
    service.record_incident("ko", cheat.board, "white", "device_use", confirm=True)
    _play_round(service, rng)
    assert service.store.player(cheat.white_id).excluded  # type: ignore[union-attr]
    # The double forfeit left a hole: lucky loser, the first one unreachable.
    holes = knockout.holes(service, service.tournament("ko"))
    assert holes == [double.slot]
    first = knockout.lucky_loser(service, "ko", seed=11)
    pool_ids = set()
    assert first["drawn"] and first["pool"] > 10
    assert first["player_id"] not in (double.white_id, double.black_id, cheat.white_id)
    second = knockout.lucky_loser(service, "ko", confirm=False, seed=12)
    assert second["unreachable"] == first["drawn"] and second["drawn"] != first["drawn"]
    pool_ids.add(second["player_id"])
    accepted = knockout.lucky_loser(service, "ko", confirm=True)
    assert accepted["accepted"] == second["drawn"]
    with pytest.raises(OperationError, match="Aucun trou"):
        knockout.lucky_loser(service, "ko")
    tries = service.store.conn.execute("SELECT status FROM lucky_losers ORDER BY id").fetchall()
    assert [t[0] for t in tries] == ["unreachable", "accepted"]
    for row in service.store.conn.execute("SELECT player_id, draw_id FROM lucky_losers"):
        outcome = service.store.conn.execute(
            "SELECT outcome FROM draws WHERE id = ?", (row[1],)
        ).fetchone()[0]
        assert json.loads(outcome) == row[0]  # each try cites the draw that chose it
    # Round 2: the lucky loser plays in the hole.
    rnd2 = service.pair_round("ko")
    r2_players = {p for g in service.store.games(rnd2.id) for p in (g.white_id, g.black_id)}
    assert second["player_id"] in r2_players
    assert double.white_id not in r2_players and double.black_id not in r2_players
    assert cheat.white_id not in r2_players
    _play_round(service, rng)
    for _number in range(3, 9):
        service.pair_round("ko")
        _play_round(service, rng)
    t = service.tournament("ko")
    assert len(service.store.rounds(t.id)) == 8
    final = service.store.games(service.store.round(t.id, 8).id)  # type: ignore[union-attr]
    assert len(final) == 1
    ranking = knockout.final_ranking(service, "ko")
    assert ranking[0][0] == "1" and ranking[1][0] == "2"
    assert ranking[2][0] in ("3", "3–4")
    placed = [n for _p, names in ranking for n in names]
    assert len(placed) == len(set(placed)) == 200
    lucky = service.store.player(second["player_id"]).name  # type: ignore[union-attr]
    lucky_place = next(p for p, names in ranking if lucky in names)
    first_round_losers = next(p for p, names in ranking if double_names[0] in names)
    assert lucky_place != first_round_losers  # the lucky loser is ranked by how far he went
    # Every recorded draw replays to the same outcome.
    assert all(service.replay_draw(d["id"])[0] for d in service.store.draws())
    with pytest.raises(OperationError, match="déjà appariées"):
        service.pair_round("ko")


def _first_game(tmp_path: Path) -> tuple[EventService, Round, Game]:
    """100 entries, registration closed, round 1 paired: the first board with two players."""
    service = create_knockout_event(tmp_path / "k.sqlite", 100)
    knockout.close_registration(service, "ko")
    rnd = service.pair_round("ko", seed=2)
    g = next(g for g in service.store.games(rnd.id or 0) if g.black_id)
    return service, rnd, g


def test_three_illegal_moves_lose_after_confirmation(tmp_path: Path) -> None:
    service, rnd, g = _first_game(tmp_path)
    service.record_incident("ko", g.board, "black", "illegal_move")
    service.record_incident("ko", g.board, "black", "illegal_move")
    before = service.store.snapshot()
    with pytest.raises(OperationError, match="3e coup illégal"):
        service.record_incident("ko", g.board, "black", "illegal_move")
    assert service.store.snapshot() == before
    service.record_incident("ko", g.board, "black", "illegal_move", confirm=True)
    assert service.store.games(rnd.id)[g.board - 1].result is Result.WHITE_WINS  # type: ignore[arg-type]
    with pytest.raises(OperationError, match="partie est finie"):
        service.record_incident("ko", g.board, "black", "illegal_move", confirm=True)


def test_device_ring_is_a_warning_only(tmp_path: Path) -> None:
    service, rnd, g = _first_game(tmp_path)
    service.record_incident("ko", g.board, "white", "device_ring")
    assert service.store.games(rnd.id)[g.board - 1].result is None  # type: ignore[arg-type]
    assert not service.store.player(g.white_id).excluded  # type: ignore[union-attr]


def test_fide_rated_warning(tmp_path: Path) -> None:
    service = create_knockout_event(tmp_path / "k.sqlite", 100)
    assert "warning" not in knockout.status(service, "ko")
    service.update_settings("ko", {"fide_rated": True})
    assert "2 selon la FIDE" in knockout.status(service, "ko")["warning"]


def test_refusals_change_nothing(tmp_path: Path) -> None:
    service = create_knockout_event(tmp_path / "k.sqlite", 100)
    knockout.close_registration(service, "ko")
    rnd = service.pair_round("ko", seed=4)
    games = service.store.games(rnd.id)
    bye = next(g for g in games if g.bye)
    played = next(g for g in games if g.black_id)
    before = service.store.snapshot()
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: service.record_result("ko", bye.board, "1"), "exempt"),
        (lambda: service.record_result("ko", 999, "1"), "Échiquier 999 inconnu"),
        (lambda: knockout.record_decider(service, "ko", played.board, "1"), "pas de nulle"),
        (lambda: knockout.lucky_loser(service, "ko"), "après la clôture"),
        (lambda: service.close_round("ko"), "Résultats manquants"),
        (lambda: knockout.close_registration(service, "ko"), "déjà closes"),
    ]
    for action, message in cases:
        with pytest.raises(OperationError, match=message):
            action()
    assert service.store.snapshot() == before
    service.record_result("ko", played.board, "=")
    for g in games:
        if g.black_id and g.board != played.board:
            service.record_result("ko", g.board, "1-0")
    with pytest.raises(OperationError, match=f"échiquiers {played.board}"):
        service.close_round("ko")  # a draw without its decider
    knockout.record_decider(service, "ko", played.board, "=")  # Armageddon draw: Black qualifies
    service.close_round("ko")
    with pytest.raises(OperationError, match="close"):
        service.record_result("ko", played.board, "1")


def test_closing_with_many_results_missing_says_how_many(tmp_path: Path) -> None:
    """More than twelve boards missing: the first twelve, then how many in all (it said
    « échiquiers 19, …, 30…. », the count lost, found by the campaign)."""
    service = create_knockout_event(tmp_path / "k.sqlite", 100)
    knockout.close_registration(service, "ko")
    rnd = service.pair_round("ko", seed=4)
    missing = [g.board for g in service.store.games(rnd.id or 0) if g.black_id]
    with pytest.raises(OperationError) as refused:
        service.close_round("ko")
    first = ", ".join(str(b) for b in missing[:12])
    assert refused.value.message == (
        f"Résultats manquants en ronde 1 : échiquiers {first} et {len(missing) - 12} "
        f"autres ({len(missing)} en tout)."
    )


def test_lateness_deadline(tmp_path: Path) -> None:
    service = create_knockout_event(tmp_path / "k.sqlite", 100)
    knockout.close_registration(service, "ko")
    rnd = service.pair_round("ko", seed=4)
    g = next(g for g in service.store.games(rnd.id) if g.black_id)
    start = dt.datetime(2027, 4, 10, 9, 0)
    service.set_round_start("ko", start)
    with pytest.raises(OperationError, match=r"Trop tôt.*09:05"):
        service.absent("ko", g.board, "white", now=start + dt.timedelta(minutes=4))
    game = service.absent("ko", g.board, "white", now=start + dt.timedelta(minutes=6))
    assert game.result is Result.BLACK_FORFEIT_WIN


def test_empty_lucky_loser_pool_says_what_to_do(tmp_path: Path) -> None:
    service = create_knockout_event(tmp_path / "k.sqlite", 100, phones=False)
    knockout.close_registration(service, "ko")
    rnd = service.pair_round("ko", seed=4)
    played = [g for g in service.store.games(rnd.id) if g.black_id]
    service.absent("ko", played[0].board, "both")
    for g in played[1:]:
        service.record_result("ko", g.board, "1-0")
    service.close_round("ko")
    with pytest.raises(OperationError, match=r"Personne à repêcher.*--exempt-holes"):
        knockout.lucky_loser(service, "ko")
    with pytest.raises(OperationError, match="Trou"):
        service.pair_round("ko")
    service.pair_round("ko", exempt_holes=True)


def test_decider_rules() -> None:
    assert ko.winner(1, 2, Result.DRAW, Result.DRAW, "armageddon") == 2
    assert ko.winner(1, 2, Result.DRAW, Result.WHITE_WINS, "armageddon") == 1
    assert ko.winner(1, 2, Result.DRAW, None, "armageddon") is None
    assert ko.winner(1, 2, Result.DRAW, None, "rating", {1: 1500, 2: 1600}) == 1
    assert ko.winner(1, 2, Result.DOUBLE_FORFEIT, None, "armageddon") is None


def test_ko_commands(tmp_path: Path) -> None:
    import subprocess
    import sys

    from ..helpers.cli import new_with_fixture_players

    path = tmp_path / "k.sqlite"
    new_with_fixture_players("open-ko", path)

    def run(*a: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [
                sys.executable,
                "-m",
                "arbitre_tui.faces.cli.main",
                *a,
            ],
            capture_output=True,
            text=True,
        )

    status = json.loads(run("ko", "status", str(path), "--json").stdout)
    assert (
        status["entries"] == 137 and status["bracket"] == 128 and len(status["waiting_list"]) == 9
    )
    assert any(r["means"] == "recrédit CB" for r in status["refunds"])
    assert run("ko", "close-registration", str(path)).returncode == 0
    assert run("pair", str(path), "-t", "open-ko").returncode == 0
    out = run("absent", str(path), "1", "both", "-t", "open-ko")
    assert out.returncode == 0, out.stderr
    out = run("decider", str(path), "2", "1")
    assert out.returncode == 2 and "pas de nulle" in out.stderr
    out = run("lucky-loser", str(path))
    assert out.returncode == 2 and "clôture" in out.stderr


def test_ranking_orders_losers_by_how_far_their_conqueror_went() -> None:
    W = Result.WHITE_WINS
    r1 = [ko.Match(0, 1, 8, W), ko.Match(1, 4, 5, W), ko.Match(2, 3, 6, W), ko.Match(3, 2, 7, W)]
    r2 = [ko.Match(0, 1, 4, W), ko.Match(1, 2, 3, W)]
    r3 = [ko.Match(0, 2, 1, W)]  # 2 wins the final
    groups = ko.ranking([r1, r2, r3], "armageddon", {}, total_rounds=3)
    assert groups[0] == (1, 1, [2])
    assert groups[1] == (2, 2, [1])
    # semi-final losers: 3 was beaten by the winner (2), 4 by the finalist (1)
    assert groups[2] == (3, 3, [3]) and groups[3] == (4, 4, [4])
    # first-round losers: 7 (beaten by the winner), 8 (by the finalist), then 5 and 6 tied
    assert groups[4] == (5, 5, [7]) and groups[5] == (6, 6, [8])
    assert groups[6] == (7, 8, [5, 6])


def test_prize_order_breaks_every_tie_by_the_conqueror_s_place() -> None:
    """Issue 16, decided: prizes whole and all different (000 art. 3) — 5 and 6, tied in
    the ranking, are ordered by where their conquerors finished (4 ahead of 3)."""
    W = Result.WHITE_WINS
    r1 = [ko.Match(0, 1, 8, W), ko.Match(1, 4, 5, W), ko.Match(2, 3, 6, W), ko.Match(3, 2, 7, W)]
    r2 = [ko.Match(0, 1, 4, W), ko.Match(1, 2, 3, W)]
    r3 = [ko.Match(0, 2, 1, W)]
    assert ko.prize_order([r1, r2, r3], "armageddon", {}, total_rounds=3) == [
        2,
        1,
        3,
        4,
        7,
        8,
        6,
        5,
    ]


def test_knockout_prizes_are_whole_and_all_different(tmp_path: Path) -> None:
    """Issue 16: no Hort sharing in a knockout — each place its own prize, whole."""
    from arbitre_tui.operations.standings import prizes

    service = create_knockout_event(tmp_path / "k.sqlite", 100)
    knockout.close_registration(service, "ko")
    rng = random.Random(9)
    service.pair_round("ko", seed=3)
    _play_round(service, rng)
    for _ in range(2, 8):
        service.pair_round("ko")
        _play_round(service, rng)
    table = [{"label": f"{k}e", "amount": 100 - 5 * k} for k in range(1, 13)]
    service.update_settings(
        "ko", {"prizes": table, "prize_settings": {"strictly_decreasing": True}}
    )
    result, _players = prizes(service, service.tournament("ko"))
    amounts = [a.amount for a in result.awards]
    assert sorted(amounts, reverse=True) == [100 - 5 * k for k in range(1, 13)]  # whole, each once
    assert len({a.player_id for a in result.awards}) == 12
    order = knockout.prize_order(service, service.tournament("ko"))
    assert [a.player_id for a in sorted(result.awards, key=lambda a: -a.amount)] == order[:12]


def test_prizes_follow_the_final_ranking_and_must_strictly_decrease(tmp_path: Path) -> None:
    from arbitre_tui.operations.standings import prizes

    service = create_knockout_event(tmp_path / "k.sqlite", 100)
    knockout.close_registration(service, "ko")
    rng = random.Random(9)
    rnd = service.pair_round("ko", seed=3)
    cheat = next(g for g in service.store.games(rnd.id) if g.black_id)
    service.record_incident("ko", cheat.board, "black", "device_use", confirm=True)
    _play_round(service, rng)
    for _ in range(2, 8):
        service.pair_round("ko")
        _play_round(service, rng)
    table = [
        {"label": "1er", "amount": 150},
        {"label": "2e", "amount": 100},
        {"label": "3e", "amount": 70},
    ]
    service.update_settings(
        "ko", {"prizes": table, "prize_settings": {"strictly_decreasing": True}}
    )
    result, players = prizes(service, service.tournament("ko"))
    ranking = knockout.final_ranking(service, "ko")
    winner_award = result.awards[0]
    assert players[winner_award.player_id].name == ranking[0][1][0]
    assert winner_award.amount == 150
    assert cheat.black_id not in {a.player_id for a in result.awards}
    with pytest.raises(OperationError, match="strictement décroissants"):  # refused when set
        service.update_settings(
            "ko", {"prizes": [{"label": "1er", "amount": 100}, {"label": "2e", "amount": 100}]}
        )


def test_third_place_game_setting(tmp_path: Path) -> None:
    service = create_knockout_event(tmp_path / "k.sqlite", 100)
    service.update_settings("ko", {"third_place_game": True})
    knockout.close_registration(service, "ko")
    rng = random.Random(5)
    for number in range(1, 7):
        service.pair_round("ko", seed=number)
        _play_round(service, rng)
    final = service.pair_round("ko")
    games = service.store.games(final.id)
    assert len(games) == 2  # the final and the third-place game
    service.record_result("ko", 1, "1-0")
    service.record_result("ko", 2, "0-1")
    service.close_round("ko")
    names = {p.id: p.name for p in service.store.players(service.tournament("ko").id)}
    ranking = knockout.final_ranking(service, "ko")
    assert [p for p, _ in ranking[:4]] == ["1", "2", "3", "4"]
    third_place_loser = games[1].black_id
    assert third_place_loser is not None
    assert ranking[0][1] == [names[games[0].white_id]]
    assert ranking[2][1] == [names[third_place_loser]] and ranking[3][1] == [
        names[games[1].white_id]
    ]
    assert sum(len(n) for _, n in ranking) == 100


def test_a_withdrawn_winner_leaves_the_bracket(ko_file: Path) -> None:
    """Issue 16: withdrawing a knockout player takes them out of the bracket — their slot is
    a hole for a lucky loser (or their next opponent goes through), never paired again."""
    service = EventService(ko_file)
    t = service.tournament("open-ko")
    rnd = service.current_round(t)
    assert rnd is not None
    games = service.store.games(rnd.id or 0)
    for g in games:
        if g.black_id is not None:
            service.record_result("open-ko", g.board, "1-0")
    gone = games[0].white_id
    service.withdraw(gone)
    service.close_round("open-ko")
    with pytest.raises(OperationError, match="Trou"):
        service.pair_round("open-ko", seed=1)
    paired = service.pair_round("open-ko", seed=1, exempt_holes=True)
    players = {p for g in service.store.games(paired.id or 0) for p in (g.white_id, g.black_id)}
    assert gone not in players
