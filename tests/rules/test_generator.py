"""`arbitre generate` (FIDE's Random Tournament Generator) and `arbitre check-pairings`
on its output: reproducible from the seed, plausible, conformant to our own checker."""

from __future__ import annotations

from pathlib import Path

from arbitre_tui.rules import trf
from arbitre_tui.rules.swiss.generator import Options, expected, generate

from ..helpers.cli import arbitre


def _generate(path: Path, *extra: str) -> None:
    run = arbitre("generate", str(path), *extra)
    assert run.returncode == 0, run.stderr
    assert path.name in run.stdout


def test_the_same_seed_gives_the_same_bytes(tmp_path: Path) -> None:
    args = ("--players", "23", "--rounds", "6", "--forfeits", "1/10", "--half-byes", "1/20")
    a, b, c = tmp_path / "a.trf", tmp_path / "b.trf", tmp_path / "c.trf"
    _generate(a, *args, "--seed", "7")
    _generate(b, *args, "--seed", "7")
    _generate(c, *args, "--seed", "8")
    assert a.read_bytes() == b.read_bytes()
    assert a.read_bytes() != c.read_bytes()


def test_a_generated_tournament_is_complete_and_passes_the_checker(tmp_path: Path) -> None:
    out = tmp_path / "g.trf"
    _generate(
        out,
        *("--players", "31", "--rounds", "7", "--seed", "3", "--draws", "40"),
        *("--forfeits", "1/12", "--withdrawals", "1/60", "--half-byes", "1/15"),
        *("--zero-byes", "1/25"),
    )
    text = out.read_bytes().decode("utf-8")  # lines end in CR, as TRF-2026 says
    t = trf.parse(text)  # scores checked against the results
    assert len(t.players) == 31 and t.rounds == 7
    assert all(len(p.rounds) == 7 for p in t.players.values())
    lines = text.split("\r")
    for code in ("012", "042", "092", "142 7", "192 FIDE_DUTCH_2025"):
        assert any(line.startswith(code) for line in lines), code
    dates = next(line for line in lines if line.startswith("132"))
    assert dates[91:99] == "26/01/10" and len(dates[91:].split()) == 7  # over each round
    codes = {r.result for p in t.players.values() for r in p.rounds}
    assert {"1", "0", "=", "+", "-", "H", "Z"} <= codes
    assert sorted(p.rank for p in t.players.values()) == list(range(1, 32))
    ratings = [p.rating for p in sorted(t.players.values(), key=lambda p: p.start)]
    assert ratings == sorted(ratings, reverse=True) and min(ratings) >= 1000
    run = arbitre("check-pairings", str(out))
    assert run.returncode == 0, run.stdout
    assert "7 / 7 rondes identiques" in run.stdout


def test_check_pairings_says_each_difference_with_code_3(tmp_path: Path) -> None:
    t = generate(Options(players=12, rounds=5, seed=3))
    p = t.players[1]
    mine, theirs = p.rounds[2], t.players[p.rounds[2].opponent].rounds[2]
    mine.colour, theirs.colour = theirs.colour, mine.colour  # round 3: colours swapped
    bad = tmp_path / "bad.trf"
    bad.write_text(trf.write(t), encoding="utf-8")
    run = arbitre("check-pairings", str(bad))
    assert run.returncode == 3, run.stdout
    assert "Ronde 3 : différente" in run.stdout and "couleurs inversées" in run.stdout


def test_stronger_players_score_their_elo_expectation() -> None:
    """Over many games, the score of the higher-rated player is close to Elo's forecast."""
    games = expected_total = score = 0.0
    for seed in range(3):
        t = generate(Options(players=60, rounds=9, seed=seed, draws=30))
        for p in t.players.values():
            for r in p.rounds:
                if r.opponent and r.result in "10=" and p.rating > t.players[r.opponent].rating:
                    games += 1
                    expected_total += expected(p.rating, t.players[r.opponent].rating)
                    score += {"1": 1.0, "=": 0.5, "0": 0.0}[r.result]
    assert games > 500
    assert score / games > 0.6  # stronger players win more
    assert abs(score - expected_total) / games < 0.04


def test_titles_follow_the_ratings() -> None:
    t = generate(Options(players=300, rounds=1, seed=11))
    floor = {"GM": 2500, "WGM": 2500, "IM": 2400, "WIM": 2400, "FM": 2300, "WFM": 2300}
    titled = [p for p in t.players.values() if p.title]
    assert titled
    assert all(p.rating >= floor.get(p.title, 2200) for p in titled)


def test_impossible_requests_are_refused_in_french(tmp_path: Path) -> None:
    out = tmp_path / "x.trf"
    run = arbitre("generate", str(out), "--players", "6", "--rounds", "6")
    assert run.returncode == 2 and "rondes pour 6 joueurs" in run.stderr
    run = arbitre("generate", str(out), "--players", "8", "--rounds", "3", "--forfeits", "x")
    assert run.returncode == 2 and "fréquence 1/N" in run.stderr
    assert not out.exists()
