"""All tie-breaks for 500 players × 9 rounds (the Classement pane refreshes after each
result). Target: ≤ 50 ms on the development machine. Prints figures; asserts nothing.

The tournament is synthetic: each round pairs neighbours in the current order, with
some forfeits and half-point byes, so every unplayed-round rule is exercised.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from arbitre_tui.rules import tiebreaks as tb

ALL_CODES = [
    "PTS",
    "BH/C1",
    "BH",
    "TPR",
    "WIN",
    "WON",
    "BH/M1",
    "BH/C2",
    "PS",
    "SB",
    "ARO",
    "BPG",
    "BWG",
    "REP",
    "PTP",
]


def synthetic(players: int = 500, rounds: int = 9, seed: int = 1) -> tb.Crosstable:
    rng = random.Random(seed)
    comps = {i: tb.Competitor(i, 2600 - 3 * i) for i in range(1, players + 1)}
    for _ in range(rounds):
        order = sorted(comps, key=lambda s: (-comps[s].score, s))
        if rng.random() < 0.5:
            hpb = order.pop(rng.randrange(len(order)))
            comps[hpb].entries.append(tb.Entry(tb.Kind.HPB, 0.5))
        if len(order) % 2:
            pab = order.pop()
            comps[pab].entries.append(tb.Entry(tb.Kind.PAB, 1.0))
        for a, b in zip(order[::2], order[1::2], strict=True):
            roll = rng.random()
            if roll < 0.02:
                comps[a].entries.append(tb.Entry(tb.Kind.FORFEIT_WIN, 1.0, b, "w"))
                comps[b].entries.append(tb.Entry(tb.Kind.FORFEIT_LOSS, 0.0, a, "b"))
                continue
            wa = 1.0 if roll < 0.45 else 0.5 if roll < 0.75 else 0.0
            comps[a].entries.append(tb.Entry(tb.Kind.GAME, wa, b, "w"))
            comps[b].entries.append(tb.Entry(tb.Kind.GAME, 1.0 - wa, a, "b"))
    return tb.Crosstable(rounds, comps)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    table = synthetic()
    for label, codes in (
        ("regulation 002 list (PTS,BH/C1,BH,TPR,WIN)", ["PTS", "BH/C1", "BH", "TPR", "WIN"]),
        (f"every tie-break ({len(ALL_CODES)} codes)", ALL_CODES),
        # each opponent's value once (2026-12-06: 214 ms before, 49 ms after)
        ("the opponents' averages (AOB,APRO,APPO)", ["PTS", "AOB", "APRO", "APPO"]),
    ):
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            tb.standings(table, codes)
            times.append(time.perf_counter() - start)
        print(
            f"500 players x 9 rounds, {label}: median {statistics.median(times) * 1000:.1f} ms, "
            f"max {max(times) * 1000:.1f} ms (target <= 50 ms)"
        )


if __name__ == "__main__":
    main()
