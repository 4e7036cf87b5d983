"""Recorded random draws replay to the same outcome."""

from __future__ import annotations

import json

from arbitre_tui.operations import EventService
from arbitre_tui.rules.draws import choose, coin, shuffle


def test_pure_draws_are_functions_of_seed() -> None:
    items = list(range(20))
    assert shuffle(42, items) == shuffle(42, items)
    assert shuffle(42, items) != shuffle(43, items)
    assert sorted(shuffle(42, items)) == items
    assert choose(7, items) == choose(7, items)
    assert coin(1, ["w", "b"]) in ("w", "b")


def test_recorded_draw_replays_and_tampering_is_detected(rr: EventService) -> None:
    rr.pair_round("rr")
    draw = rr.store.draws()[0]
    same, recorded, again = rr.replay_draw(draw["id"])
    assert same and recorded == again
    assert sorted(recorded) == json.loads(draw["inputs"]) or sorted(recorded) == sorted(
        json.loads(draw["inputs"])
    )
    # Tamper with the recorded outcome: replay must disagree.
    rr.store.conn.execute(
        "UPDATE draws SET outcome = ? WHERE id = ?",
        (json.dumps(list(reversed(recorded))), draw["id"]),
    )
    assert rr.replay_draw(draw["id"])[0] is False


def test_same_seed_same_pairing(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from ..conftest import make_round_robin

    a = make_round_robin(tmp_path / "a.sqlite", 8)
    b = make_round_robin(tmp_path / "b.sqlite", 8)
    ra, rb = a.pair_round("rr", seed=5), b.pair_round("rr", seed=5)
    ga = [(g.white_id, g.black_id) for g in a.store.games(ra.id)]
    gb = [(g.white_id, g.black_id) for g in b.store.games(rb.id)]
    assert ga == gb
