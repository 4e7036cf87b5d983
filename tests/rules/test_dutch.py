"""The FIDE Dutch engine (C.04.3, 2026): reference vectors, matching, each rule."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from arbitre_tui.rules import trf
from arbitre_tui.rules.errors import RuleError
from arbitre_tui.rules.swiss import dutch, model
from arbitre_tui.rules.swiss.checker import check_tournament, parse_engine_output
from arbitre_tui.rules.swiss.dutch import PairingImpossible, pair_round
from arbitre_tui.rules.swiss.matching import Matcher
from arbitre_tui.rules.swiss.model import Entrant, Game, SwissState
from arbitre_tui.rules.swiss.trf_state import state_from_trf

from ..conftest import VECTORS as ALL_VECTORS
from ..helpers.cli import arbitre

VECTORS = ALL_VECTORS / "dutch"
TOURNAMENTS = sorted(p.stem for p in VECTORS.glob("t*.trf"))


# -- reference vectors: every round of every tournament -----------------------------------
@pytest.mark.parametrize("tid", TOURNAMENTS)
def test_reference_vectors(tid: str) -> None:
    cases = sorted((VECTORS / "cases").glob(f"{tid}_r*.trf"))
    assert cases
    wrong = []
    for case in cases:
        expected, bye = parse_engine_output(case.with_suffix(".out").read_text())
        result = pair_round(state_from_trf(trf.parse(case.read_text(), check_scores=False)))
        got = {(b.white, b.black) for b in result.boards}
        if got != expected or result.bye != bye:
            wrong.append((case.stem, sorted(expected - got), sorted(got - expected), bye))
    assert not wrong


def test_whole_tournament_checks_identical() -> None:
    t = trf.parse((VECTORS / "t0003.trf").read_text())
    checks = check_tournament(t)
    assert len(checks) == 6 and all(c.identical for c in checks)


# -- the matching -------------------------------------------------------------------------
def _best(n: int, w: list[list[int]], active: list[bool]) -> int:
    """Brute force: the heaviest matching's weight."""
    verts = [v for v in range(n) if active[v]]

    def go(rest: list[int]) -> int:
        if len(rest) < 2:
            return 0
        v, others = rest[0], rest[1:]
        best = go(others)  # v unmatched
        for k, x in enumerate(others):
            if w[v][x] > 0:
                best = max(best, w[v][x] + go(others[:k] + others[k + 1 :]))
        return best

    return go(verts)


@pytest.mark.parametrize("seed", range(6))
def test_matcher_is_optimal_after_every_change(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(25):
        n = rng.randint(2, 9)
        m = Matcher(n)
        top = rng.choice([9, 10**6, 10**40])
        for i, j in itertools.combinations(range(n), 2):
            if rng.random() < 0.7:
                m.set_weight(i, j, rng.randint(1, top))
        for _step in range(8):
            mates = m.solve()
            act = [v for v in range(n) if m.active[v]]
            assert all(mates[mates[v]] == v for v in act)
            got = sum(m.w[v][mates[v]] for v in act if mates[v] > v)
            assert all(m.w[v][mates[v]] > 0 for v in act if mates[v] != v)
            assert got == _best(n, m.w, m.active)
            if rng.random() < 0.2 and len(act) >= 4 and mates[act[0]] != act[0]:
                m.remove_pair(act[0], mates[act[0]])
                continue
            u = rng.choice(act)
            for x in act:
                if x != u and rng.random() < 0.5:
                    m.set_weight(u, x, rng.choice([0, rng.randint(1, top)]))


def _certify(m: Matcher) -> None:
    """The LP dual certificate of optimality (what van Rantwijk's ``verifyOptimum`` checks).

    Independent of how the solve got there: feasible duals, tight matched edges, free
    vertices at 0, and every blossom with a positive dual holding a full matching.
    """
    n = m.n
    act = [v for v in range(n) if m.active[v]]
    mate, dual = m._mate, m._dual
    live = [b for b in range(n, 2 * n) if m.blossombase[b] >= 0]
    holders: dict[int, set[int]] = {v: set() for v in act}
    for b in live:
        leaves = set(m.leafs[b])
        assert dual[b] >= 0
        if dual[b] > 0:
            assert sum(1 for v in leaves if mate[v] in leaves) == len(leaves) - 1
        for v in leaves:
            holders[v].add(b)
    for v in act:
        assert dual[v] >= 0
        if mate[v] < 0:
            assert dual[v] == 0
    for i, j in itertools.combinations(act, 2):
        if m.w[i][j]:
            s = dual[i] + dual[j] - 2 * m.w[i][j]
            s += 2 * sum(dual[b] for b in holders[i] & holders[j])
            assert s >= 0
            if mate[i] == j:
                assert s == 0


@pytest.mark.parametrize("seed", range(6))
def test_matcher_certificate_on_larger_graphs(seed: int) -> None:
    """Larger graphs than brute force can check, edited as the Dutch engine edits them."""
    rng = random.Random(seed)
    n = rng.randint(16, 40)
    m = Matcher(n)
    for i, j in itertools.combinations(range(n), 2):
        if rng.random() < 0.8:
            m.set_weight(i, j, rng.randint(1, 10**30) << 8)
    for _step in range(40):
        mates = m.solve()
        _certify(m)
        act = [v for v in range(n) if m.active[v]]
        assert all(mates[mates[v]] == v for v in act)
        if len(act) < 6:
            break
        if rng.random() < 0.15 and mates[act[-1]] != act[-1]:
            m.remove_pair(act[-1], mates[act[-1]])
            continue
        # a group's weights raised by a common low-order term plus pair noise, as a
        # bracket set-up does, or one player's edges changed
        group = rng.sample(act, rng.randint(1, min(12, len(act))))
        for a, b in itertools.combinations(group, 2):
            if m.w[a][b]:
                m.set_weight(a, b, m.w[a][b] + rng.randint(0, 255))
        u = rng.choice(act)
        for x in act:
            if x != u and rng.random() < 0.3:
                m.set_weight(u, x, rng.choice([0, rng.randint(1, 10**30) << 8]))


@pytest.mark.parametrize("seed", range(4))
def test_a_dummy_vertex_takes_the_unpaired_players_place(seed: int) -> None:
    """An odd field is matched with a dummy vertex (one weight to every player): its
    partner is reported unpaired, and the real pairs weigh the field's own optimum."""
    rng = random.Random(seed)
    for _ in range(10):
        n = rng.choice([5, 7, 9])
        big = 1 << 40  # a completion unit: more pairs always weigh more
        m = Matcher(n + 1)
        m.real = n
        for a in range(n):
            for b in range(a):
                if rng.random() < 0.8:
                    m.set_weight(a, b, big + rng.randint(1, 50))
            m.set_weight(a, n, big)
        mates = m.solve()
        assert len(mates) == n
        got = sum(m.w[v][mates[v]] for v in range(n) if mates[v] > v)
        assert got == _best(n, [row[:n] for row in m.w[:n]], [True] * n)


# -- rules, one at a time ------------------------------------------------------------------
def _state(n: int, rounds: list[str], total: int = 9, **kw: object) -> SwissState:
    """``rounds``: one string per round, boards ``W-B r`` (r in 1 = 0 + -) or ``N bye``."""
    entrants = [Entrant(number=i + 1, rating=2400 - 10 * i) for i in range(n)]
    for spec in rounds:
        seen = set()
        for board in spec.split(","):
            board = board.strip()
            if board.endswith("bye"):
                p = int(board.split()[0])
                entrants[p - 1].games.append(Game(result="U"))
                seen.add(p)
                continue
            pair, res = board.split()
            w, b = (int(x) for x in pair.split("-"))
            back = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}[res]
            entrants[w - 1].games.append(Game(opponent=b, colour="w", result=res))
            entrants[b - 1].games.append(Game(opponent=w, colour="b", result=back))
            seen |= {w, b}
    return SwissState(entrants=entrants, total_rounds=total, **kw)  # type: ignore[arg-type]


def _pairs(state: SwissState) -> set[tuple[int, int]]:
    return {(b.white, b.black) for b in pair_round(state).boards}


def test_round_one_top_half_meets_bottom_half_colours_alternate() -> None:
    assert _pairs(_state(8, [], initial_colour="w")) == {(1, 5), (6, 2), (3, 7), (8, 4)}
    assert _pairs(_state(8, [], initial_colour="b")) == {(5, 1), (2, 6), (7, 3), (4, 8)}


def test_no_rematch_c1() -> None:
    state = _state(4, ["1-3 =, 4-2 ="])
    for w, b in _pairs(state):
        assert {w, b} not in ({1, 3}, {2, 4})


def test_absolute_colour_preferences_never_meet_before_the_last_round() -> None:
    # 1 and 2 both had White twice: both must have Black, so they cannot meet.
    state = _state(6, ["1-4 1, 2-5 1, 6-3 =", "1-6 1, 2-3 1, 5-4 ="])
    result = pair_round(state)
    pairs = {(b.white, b.black) for b in result.boards}
    assert (1, 2) not in pairs and (2, 1) not in pairs
    assert all(w not in (1, 2) for w, _ in pairs)  # both get Black


def test_bye_to_lowest_eligible_and_never_twice() -> None:
    state = _state(5, ["1-4 1, 2-5 1, 3 bye"])
    first = pair_round(state)
    assert first.bye == 5  # the lowest: 4 and 5 have 0, 5 ranks lower
    state = _state(5, ["1-4 1, 2-3 1, 5 bye"])
    assert pair_round(state).bye in (3, 4)  # the lowest group; 5 already had the bye


def test_forfeit_win_makes_bye_ineligible_2026() -> None:
    # 4 won by forfeit in round 2 and 5 had a full-point bye: neither may get the PAB
    state = _state(5, ["1-2 1, 3-4 1, 5 bye"])
    state.entrants[3].games.append(Game(opponent=1, colour="w", result="+"))
    state.entrants[0].games.append(Game(opponent=4, colour="b", result="-"))
    state.entrants[1].games.append(Game(opponent=3, colour="w", result="1"))
    state.entrants[2].games.append(Game(opponent=2, colour="b", result="0"))
    state.entrants[4].games.append(Game(result="F"))
    bye = pair_round(state).bye
    assert bye not in (4, 5)


def test_fewest_unplayed_games_gets_the_bye() -> None:
    # 2, 4 and 5 have 0; 5, the lowest, did not play round 1 (zero-point bye): the
    # bye goes to a player with fewer unplayed games.
    # (2 and 4 had opposite colours, so without C.9 they would simply meet)
    state = _state(5, ["1-2 1, 4-3 0"])
    state.entrants[4].games.append(Game(result="Z"))
    assert pair_round(state).bye in (2, 4)


def test_floats_of_byes_and_forfeits() -> None:
    t = dutch._Tournament(_state(4, ["1-3 1, 2-4 +"]))
    p2, p4 = t.player(1), t.player(3)
    assert p2 is not None and p4 is not None
    assert t.float_of(p2, 1) == model.DOWN  # won without playing: a downfloat (A.4.3)
    assert t.float_of(p4, 1) == model.NOFLOAT
    assert not t.bye_eligible(p2)
    p1 = t.player(0)
    assert p1 is not None and t.float_of(p1, 1) == model.NOFLOAT


def test_colour_preferences_computed() -> None:
    t = dutch._Tournament(_state(4, ["1-3 1, 2-4 1", "1-2 =, 3-4 ="]))
    p1 = t.player(0)
    assert p1 is not None
    assert (p1.imbalance, p1.preference, p1.absolute) == (2, model.BLACK, True)
    p2 = t.player(1)
    assert p2 is not None and p2.preference == model.WHITE and not p2.absolute


def test_last_bracket_collapses_upwards() -> None:
    # 5–8 have all met each other (and 1–4 too): every pair must cross the groups,
    # so the lowest bracket cannot be paired on its own and joins the one above.
    rounds = [
        "1-2 1, 3-4 1, 5-6 =, 7-8 =",
        "3-1 =, 4-2 =, 7-5 0, 8-6 0",
        "1-4 1, 2-3 1, 5-8 =, 6-7 =",
    ]
    state = _state(8, rounds, total=5)
    pairs = _pairs(state)
    assert len(pairs) == 4
    for w, b in pairs:
        assert len({w, b} & {1, 2, 3, 4}) == 1


def test_prohibited_pairings_respected() -> None:
    free = _pairs(_state(8, []))
    assert (1, 5) in free
    state = _state(8, [], prohibited=[(1, 3, [1, 5])])
    pairs = _pairs(state)
    assert (1, 5) not in pairs and (5, 1) not in pairs
    later = _state(8, [], prohibited=[(2, 3, [1, 5])])
    assert (1, 5) in _pairs(later)


def test_baku_acceleration_splits_ga_and_gb() -> None:
    state = _state(12, [], baku=True)
    pairs = {frozenset(p) for p in _pairs(state)}
    ga = set(range(1, 7))  # 2 x ceil(12 / 4)
    for p in pairs:
        assert p <= ga or not (p & ga)
    t = dutch._Tournament(state)
    p1 = t.player(0)
    assert p1 is not None and p1.accelerations == [10, 10, 10, 5, 5]


def test_impossible_pairing_is_refused() -> None:
    state = _state(2, ["1-2 1"])
    with pytest.raises(PairingImpossible):
        pair_round(state)


def test_explanations() -> None:
    state = _state(6, ["1-4 1, 5-2 1, 3-6 1"])
    e = pair_round(state).explanation
    assert {c.rule for c in e.colours} <= {"E.1", "E.2", "E.3", "E.4", "E.5"}
    assert len(e.colours) == 3


# -- checker and commands ------------------------------------------------------------------
def test_checker_finds_a_swapped_pairing(tmp_path: Path) -> None:
    t = trf.parse((VECTORS / "t0001.trf").read_text())
    # exchange the opponents of two round-4 games
    games = [(p.start, p.rounds[3]) for p in t.players.values() if p.rounds[3].colour == "w"]
    (a, ra), (c, rc) = games[0], games[1]
    b, d = ra.opponent, rc.opponent
    t.players[a].rounds[3].opponent = d
    t.players[d].rounds[3].opponent = a
    t.players[c].rounds[3].opponent = b
    t.players[b].rounds[3].opponent = c
    checks = {c.round: c for c in check_tournament(t)}
    assert checks[3].identical
    assert not checks[4].identical
    assert (a, d) in checks[4].missing and (c, b) in checks[4].missing


def test_engine_output_reader() -> None:
    assert parse_engine_output("3\n1 2\n4 3\n5 0\n") == ({(1, 2), (4, 3)}, 5)
    with pytest.raises(RuleError):
        parse_engine_output("3\n1 2\n")
    with pytest.raises(RuleError):
        parse_engine_output("1\nx y\n")


def test_pair_trf_command_prints_the_javafo_layout(tmp_path: Path) -> None:
    case = VECTORS / "cases" / "t0001_r05.trf"
    run = arbitre("pair-trf", str(case))
    assert run.returncode == 0, run.stderr
    assert parse_engine_output(run.stdout) == parse_engine_output(
        case.with_suffix(".out").read_text()
    )
    out = tmp_path / "out.txt"
    assert arbitre("pair-trf", str(case), "-p", str(out)).returncode == 0
    assert parse_engine_output(out.read_text()) == parse_engine_output(run.stdout)


def test_check_pairings_command(tmp_path: Path) -> None:
    run = arbitre("check-pairings", str(VECTORS / "t0005.trf"))
    assert run.returncode == 0, run.stdout
    assert "rondes identiques" in run.stdout
    lines = (VECTORS / "t0005.trf").read_text().replace("\r", "\n").splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("001"))
    lines[k] = lines[k][:98] + "Q" + lines[k][99:]  # round 1 result code
    bad = tmp_path / "bad.trf"
    bad.write_text("\n".join(lines))
    run = arbitre("check-pairings", str(bad))
    assert run.returncode == 2 and f"ligne {k + 1}" in run.stderr


def test_short_weights_equal_the_full_formula() -> None:
    """Outside the bracket being paired the weight is computed by a shortcut: same value."""
    rng = random.Random(4)
    for case in sorted((VECTORS / "cases").glob("t00[1-3]*_r0[3-6].trf")):
        state = state_from_trf(trf.parse(case.read_text(), check_scores=False))
        engine = dutch._Engine(dutch._Tournament(state))
        n = len(engine.sp)
        for _ in range(40):
            a, b = sorted(rng.sample(range(n), 2))
            for in_next in (False, True):
                short = engine.weight(a, b, False, in_next, -1, False, {})
                full = engine.weight(a, b, False, in_next, -1, True, {})  # no shortcut
                assert short == full


def test_deeply_nested_blossoms_need_no_recursion() -> None:
    """Issue 35: blossoms nest as deep as the field is wide; the matching must not recurse.

    3 000 players went past Python's recursion limit (``augment_blossom``, 987 frames).
    This 120-player tournament nests blossoms 60 deep: with recursion its rounds need
    65 frames above the caller, iteratively 12. Paired here under a limit of 30.
    """
    import inspect
    import sys

    from arbitre_tui.rules.swiss.generator import Options, generate

    # read back as `pair-trf` reads it (the in-memory tournament nests less deep)
    t = trf.parse(trf.write(generate(Options(players=120, rounds=5, seed=3))))
    states = [state_from_trf(t, upto=r) for r in range(1, t.rounds)]
    expected = [pair_round(s) for s in states]
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(len(inspect.stack(0)) + 30)
    try:
        got = [pair_round(s) for s in states]
    finally:
        sys.setrecursionlimit(limit)
    assert [r.boards for r in got] == [r.boards for r in expected]
