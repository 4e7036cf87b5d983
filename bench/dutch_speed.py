"""Dutch engine speed: one round's pairing time (median over a 9-round event) and memory.

Random tournaments (fixed seeds) of 20, 100, 300 and 1000 players are played round by
round: each round is paired by the engine, then random results (35 % draws) are
entered. Prints the median and the worst round, and the peak memory of the process.
Targets (issue #3, on the development machine): 100 players <= 40 ms, 300 <= 1 s,
1000 <= 15 s, memory <= 200 MiB.

    python bench/dutch_speed.py [SIZES...]
"""

from __future__ import annotations

import random
import resource
import statistics
import sys
import time

from arbitre_tui.rules.swiss.dutch import pair_round
from arbitre_tui.rules.swiss.model import Entrant, Game, SwissState


def simulate(players: int, rounds: int = 9, seed: int = 1) -> list[float]:
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1000, 2800) for _ in range(players)), reverse=True)
    entrants = [Entrant(number=i + 1, rating=r) for i, r in enumerate(ratings)]
    times = []
    for _ in range(rounds):
        state = SwissState(entrants=entrants, total_rounds=rounds, initial_colour="w")
        t0 = time.perf_counter()
        pairing = pair_round(state)
        times.append(time.perf_counter() - t0)
        for board in pairing.boards:
            x = rng.random()
            rw, rb = ("1", "0") if x < 0.4 else ("=", "=") if x < 0.75 else ("0", "1")
            entrants[board.white - 1].games.append(
                Game(opponent=board.black, colour="w", result=rw)
            )
            entrants[board.black - 1].games.append(
                Game(opponent=board.white, colour="b", result=rb)
            )
        if pairing.bye:
            entrants[pairing.bye - 1].games.append(Game(result="U"))
    return times


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or [20, 100, 300, 1000]
    for n in sizes:
        times = simulate(n)
        print(
            f"{n:5d} players: median {statistics.median(times) * 1000:9.1f} ms, "
            f"worst {max(times) * 1000:9.1f} ms, rounds "
            + " ".join(f"{t * 1000:.0f}" for t in times),
            flush=True,
        )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory (max RSS): {peak:.0f} MiB")


if __name__ == "__main__":
    main()
