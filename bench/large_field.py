"""A very large field through the Dutch engine: time and peak memory (issue 35.3).

3 000 players once died in the matching with a RecursionError (nested blossoms,
987 frames of ``augment_blossom``); the matching is iterative since. Two measures, each
in a process of its own (wall time, CPU time and peak RSS from os.wait4):

1. ``pair-trf``: the whole `arbitre pair-trf` process on a generated tournament of N
   players (`arbitre generate --players N --rounds ROUNDS --seed 1`, cut before its last
   round; cached in
   $ARBITRE_BENCH_CACHE, default /tmp/arbitre-dutch-speed: generating it pairs every
   round before, which is most of this bench's time), pairing round ROUNDS.
2. ``event``: inside an event (`create_swiss_event`: the Open Marina Viva's Open A with N
   players registered and checked in), round 1 paired through EventService.pair_round
   (snapshot, engine, journaled write).

    python bench/large_field.py [N ...] [--rounds R] [--only trf|event]

Defaults: N = 3000, R = 3. Asserts nothing.

Measured (issue 35, 4 December 2026, 2 cores shared, load 8-11): round 1 of 3 000
players (the generator's players, no round played) through `pair-trf`: 30.6 s CPU
(5 min 42 s wall at an 8 % share of a core), peak 770 MiB, the same pairing as before
the change. `arbitre generate --players 3000 --rounds 3` (rounds 2 and 3 are where the
recursion failed) had paired for 7.5 CPU minutes without error when the session ended.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

CACHE = Path(os.environ.get("ARBITRE_BENCH_CACHE", "/tmp/arbitre-dutch-speed"))

EVENT = r"""
import sys, tempfile, time
from pathlib import Path
from arbitre_tui.operations.templates import create_swiss_event
n = int(sys.argv[1])
with tempfile.TemporaryDirectory() as tmp:
    service = create_swiss_event(Path(tmp) / "big.sqlite", players=n, rounds=0)
    t0 = time.perf_counter()
    rnd = service.pair_round("open-a", seed=1)
    print(f"pair_round {time.perf_counter() - t0:.1f} s", flush=True)
"""


def whole(args: list[str]) -> tuple[float, float, float, int]:
    """Wall seconds, CPU seconds, peak RSS (MiB) and exit code of one process."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(args)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    cpu = usage.ru_utime + usage.ru_stime
    return wall, cpu, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


def tournament(players: int, rounds: int) -> Path:
    """The TRF before round ``rounds`` (generated once)."""
    path = CACHE / f"large-p{players}-before{rounds}.trf"
    if path.exists():
        return path
    from arbitre_tui.rules import trf
    from arbitre_tui.rules.swiss.generator import Options, generate

    # the same file as `arbitre generate --players N --rounds R --seed 1`, cut before round R
    t = generate(Options(players, rounds, 1))
    cut = trf.TrfTournament(rounds=rounds, initial_colour=t.initial_colour)
    for number, p in t.players.items():
        cells = p.rounds[: rounds - 1]
        cut.players[number] = p.replace(
            **{"rounds": cells, "points": sum(t.points_for(c.result) for c in cells)}
        )
    CACHE.mkdir(parents=True, exist_ok=True)
    path.write_text(trf.write(cut, "\n"))
    return path


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("sizes", nargs="*", type=int, default=[3000])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--only", choices=("trf", "event"))
    args = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores (shared: noisy)")
    for n in args.sizes:
        if args.only != "event":
            t0 = time.perf_counter()
            f = tournament(n, args.rounds)
            made = time.perf_counter() - t0
            out = CACHE / f"large-p{n}.txt"
            cmd = [sys.executable, "-m", "arbitre_tui.faces.cli.main", "pair-trf", str(f)]
            wall, cpu, rss, code = whole([*cmd, "-p", str(out)])
            print(
                f"{n} players, pair-trf round {args.rounds}: {wall:.1f} s wall, {cpu:.1f} s CPU,"
                f" peak {rss:.0f} MiB, exit {code} (TRF ready in {made:.0f} s)",
                flush=True,
            )
        if args.only != "trf":
            wall, cpu, rss, code = whole([sys.executable, "-c", EVENT, str(n)])
            print(
                f"{n} players, in an event (set-up included), round 1: {wall:.1f} s wall,"
                f" {cpu:.1f} s CPU, peak {rss:.0f} MiB, exit {code}",
                flush=True,
            )


if __name__ == "__main__":
    main()
