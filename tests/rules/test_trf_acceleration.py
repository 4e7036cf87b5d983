"""Record 250 (TRF-2026's acceleration, replacing XXA): written in its columns, read back,
the legacy XXA read too, and a damaged record refused in French (issue 32.5)."""

from __future__ import annotations

import pytest

from arbitre_tui.rules import trf as trfmod
from arbitre_tui.rules.swiss.trf_state import state_from_trf

PLAYERS = "".join(
    f"001 {n:4d}      Joueur{n:<28d}{2000 - n:4d} FRA                         0.0 {n:4d}\n"
    for n in range(1, 7)
)


def test_runs_of_equal_points_and_consecutive_players_make_one_record() -> None:
    # SAD-like: players 1-2 carry 2 points in rounds 1-3, player 3 the same, player 4
    # 1 point in round 1 then 1.5 in round 2, players 5-6 nothing
    points = {1: [20, 20, 20], 2: [20, 20, 20], 3: [20, 20, 20], 4: [10, 15], 5: [0, 0]}
    lines = [a.line() for a in trfmod.acceleration_records(points)]
    assert lines == [
        "250       1.0   1   1    4    4",
        "250       2.0   1   3    1    3",
        "250       1.5   2   2    4    4",
    ]


def test_written_then_read_gives_each_player_his_points_round_by_round() -> None:
    t = trfmod.parse(
        "142 5\n" + PLAYERS + "250       1.0   1   2    1    3\n250  0.5  0.5   2   2    4\n"
    )
    assert [a.line() for a in t.acceleration] == [
        "250       1.0   1   2    1    3",
        "250       0.5   2   2    4    4",
    ]
    state = state_from_trf(t)
    got = {e.number: e.accelerations for e in state.entrants}
    assert got == {1: [10, 10], 2: [10, 10], 3: [10, 10], 4: [0, 5], 5: [], 6: []}
    again = trfmod.parse(trfmod.write(t))
    assert again.acceleration == t.acceleration


def test_legacy_xxa_is_read_as_the_same_points() -> None:
    t = trfmod.parse("142 5\n" + PLAYERS + "XXA    2  1.0  0.5\n")
    state = state_from_trf(t)
    assert {e.number: e.accelerations for e in state.entrants}[2] == [10, 5]


@pytest.mark.parametrize(
    "line",
    [
        "250       1.0   2   1    1    3",  # rounds out of order
        "250  abc  abc   1   1    1    3",
        "250       1.0   1",  # no player
        "250       1.0   1   1    1    3  7",  # past column 31
        "250       1.0   1   1   12    3",  # a field over its separator
    ],
)
def test_a_damaged_record_is_refused_with_its_line(line: str) -> None:
    with pytest.raises(trfmod.TrfError) as err:
        trfmod.parse("142 5\n" + PLAYERS + line + "\n")
    assert "ligne 8" in str(err.value)
    assert "250" in str(err.value) or "accélération" in str(err.value)
