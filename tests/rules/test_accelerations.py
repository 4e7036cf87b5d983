"""Issue 32.5: the French accelerated systems (Haley, Haley dégressif, SAD) beside Baku —
which players carry which virtual points in which round, and the pairings they change
(docs/accelerations.md gives the rules and their sources)."""

from __future__ import annotations

import pytest

from arbitre_tui.rules.swiss import dutch
from arbitre_tui.rules.swiss.acceleration import group_of, group_sizes, virtual_points
from arbitre_tui.rules.swiss.dutch import pair_round
from arbitre_tui.rules.swiss.model import Entrant, Game, RoundPairing, SwissState

WIN, DRAW = 10, 5


def _vp(system: str, group: int, rnd: int, rounds: int = 9, score: int = 0) -> int:
    return virtual_points(system, group, rnd, rounds, score, WIN, DRAW)


def test_haley_top_half_one_point_in_rounds_one_and_two() -> None:
    assert [_vp("haley", 0, r) for r in range(1, 10)] == [10, 10, 0, 0, 0, 0, 0, 0, 0]
    assert [_vp("haley", 1, r) for r in range(1, 10)] == [0] * 9


def test_haley_degressive_half_a_point_to_the_bottom_half_in_round_two() -> None:
    assert [_vp("haley_degressive", 0, r) for r in range(1, 5)] == [10, 10, 0, 0]
    assert [_vp("haley_degressive", 1, r) for r in range(1, 5)] == [0, 5, 0, 0]


def test_sad_starts_two_one_none_and_gains_half_a_point_for_each_one_and_a_half() -> None:
    assert [_vp("sad", g, 1) for g in (0, 1, 2)] == [20, 10, 0]
    # group C: 1 point scored → nothing yet; 1½ → ½; 3 → 1; 4½ (half of 9 rounds) → 2
    assert [_vp("sad", 2, 4, score=s) for s in (10, 15, 30)] == [0, 5, 10]
    assert _vp("sad", 2, 6, score=45) == 20  # half the possible points: the full capital
    assert _vp("sad", 1, 5, score=35) == 20  # 1 + 1 = 2: the cap
    assert _vp("sad", 0, 5, score=40) == 20  # never above 2
    # none in the last two rounds, whatever the group and the score
    assert [_vp("sad", 0, r) for r in (8, 9)] == [0, 0]
    assert [_vp("sad", 0, r) for r in range(1, 8)] == [20] * 7


def test_default_groups_and_the_organisers_cut() -> None:
    assert group_sizes("haley", 16) == [8] and group_sizes("haley", 10) == [6]
    assert group_sizes("sad", 16) == [6, 12] and group_sizes("sad", 30) == [10, 20]
    assert group_sizes("sad", 16, [4, 10]) == [4, 10]
    assert group_sizes("haley", 16, [5]) == [5]
    assert group_sizes("sad", 16, [40]) == [16, 16]  # cut to the field
    assert [group_of(r, [6, 12]) for r in (0, 5, 6, 11, 12, 15)] == [0, 0, 1, 1, 2, 2]


def _field(n: int, total: int, **kw: object) -> SwissState:
    return SwissState(
        entrants=[Entrant(number=i, rating=2400 - 20 * i) for i in range(1, n + 1)],
        total_rounds=total,
        **kw,  # type: ignore[arg-type]
    )


def _play(state: SwissState, pairing: RoundPairing) -> None:
    """Record a round: the higher-numbered board's White wins, every fourth board drawn."""
    by = {e.number: e for e in state.entrants}
    for k, b in enumerate(pairing.boards):
        res = "=" if k % 4 == 3 else "1" if k % 2 == 0 else "0"
        back = {"1": "0", "0": "1", "=": "="}[res]
        by[b.white].games.append(Game(opponent=b.black, colour="w", result=res))
        by[b.black].games.append(Game(opponent=b.white, colour="b", result=back))
    if pairing.bye is not None:
        by[pairing.bye].games.append(Game(result="U"))


def _pairs(p: RoundPairing) -> set[frozenset[int]]:
    return {frozenset((b.white, b.black)) for b in p.boards}


@pytest.mark.parametrize("system", ["haley", "haley_degressive"])
def test_haley_round_one_pairs_inside_each_half_then_plain_from_round_three(
    system: str,
) -> None:
    acc = _field(16, 7, acceleration=system)
    plain = _field(16, 7)
    r1 = pair_round(acc)
    top = set(range(1, 9))
    assert all(p <= top or not p & top for p in _pairs(r1))
    assert _pairs(r1) != _pairs(pair_round(plain))  # 1–9 plain, 1–5 accelerated
    assert frozenset((1, 5)) in _pairs(r1)
    virtual = {v.player: (v.points, v.group) for v in r1.explanation.virtual}
    assert virtual == {n: (10, "A") for n in range(1, 9)}
    assert r1.explanation.system == system
    _play(acc, r1)
    r2 = pair_round(acc)
    points = {v.player: v.points for v in r2.explanation.virtual}
    bottom = {n: 5 for n in range(9, 17)} if system == "haley_degressive" else {}
    assert points == {**dict.fromkeys(range(1, 9), 10), **bottom}
    _play(acc, r2)
    # round 3: no virtual point left — the pairing reads the real scores (the floats of
    # rounds 1 and 2 stay as they were paired, on the scores with virtual points)
    r3 = pair_round(acc)
    assert r3.explanation.virtual == [] and r3.explanation.system == ""
    t = dutch._Tournament(acc)
    ranked = [p for p in t.players if p is not None]
    assert all(t.acc_score(p) == p.score for p in ranked)
    assert any(t.acc_score(p, 1) != p.score - t.points(p, p.matches[1]) for p in ranked)


def test_sad_round_by_round() -> None:
    """16 players, 7 rounds: A = 1–6 (2 points), B = 7–12 (1), C = 13–16 (0); each
    round's virtual points follow the real score; none in rounds 6 and 7."""
    state = _field(16, 7, acceleration="sad")
    groups = {n: 0 if n <= 6 else 1 if n <= 12 else 2 for n in range(1, 17)}
    r1 = pair_round(state)
    for pair in _pairs(r1):
        assert len({groups[n] for n in pair}) == 1  # each group paired inside itself
    assert _pairs(r1) != _pairs(pair_round(_field(16, 7)))
    seen = []
    pairing = r1
    for rnd in range(1, 8):
        t = dutch._Tournament(state)
        expected = {}
        for e in state.entrants:
            p = t.player(e.number - 1)
            assert p is not None
            score = p.score  # real points before this round
            points = virtual_points("sad", groups[e.number], rnd, 7, score, WIN, DRAW)
            if points:
                expected[e.number] = points
        if rnd > 1:
            pairing = pair_round(state)
        got = {v.player: v.points for v in pairing.explanation.virtual}
        assert got == expected, rnd
        seen.append(sorted(set(got.values())))
        _play(state, pairing)
    assert seen[0] == [10, 20] and seen[5] == [] and seen[6] == []
    assert any(5 in s or 15 in s for s in seen[1:5])  # someone gained half a point


def test_sad_groups_cut_by_the_organiser() -> None:
    state = _field(12, 7, acceleration="sad", acceleration_groups=[4, 8])
    virtual = {v.player: v.group for v in pair_round(state).explanation.virtual}
    assert virtual == {**dict.fromkeys(range(1, 5), "A"), **dict.fromkeys(range(5, 9), "B")}


def test_without_acceleration_the_explanation_dumps_as_before() -> None:
    dumped = pair_round(_field(8, 5)).dump()
    assert set(dumped["explanation"]) == {"floaters", "colours", "unmet"}
    baku = pair_round(_field(8, 5, baku=True)).explanation
    assert baku.system == "baku" and {v.player for v in baku.virtual} == {1, 2, 3, 4}
