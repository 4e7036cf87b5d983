"""Dutch engine speed and memory, beside the reference engine when one is given.

For each size (default 20, 100, 300, 600, 900 players) a random tournament (our
generator, fixed seed, 9 rounds) is paired round by round in a child process: the
in-process pairing time of every round, the worst, and the child's peak memory.
With ``ENGINE=/path/to/bbpPairings``, the TRF before the worst round (and the last) is
also paired by the whole `arbitre pair-trf` process and by the reference
(``ENGINE --dutch FILE -p``), alternately REPEAT times (default 3), median wall time and
its peak RSS (os.wait4: a figure under this script's own ~25 MiB is this script's, the
fork's, not the child's).

Targets (issue 19, development machine): whole process <= the reference at >= 300
players, worst 900-player round <= 15 s, peak memory <= the reference's + 50 MB.
Baseline (b6317ef): 900 players 20.7 s whole process (max 36 s), 240 MB at 881 players;
reference 41.9 s, 104 MB. Asserts nothing.

    [ENGINE=...] python bench/dutch_speed.py [SIZES...]
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHILD = r"""
import json, resource, sys, time
from arbitre_tui.rules import trf
from arbitre_tui.rules.swiss import generator
from arbitre_tui.rules.swiss.dutch import pair_round

players, rounds, folder = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
times = []
real = generator.pair_round

def timed(state):
    # the TRF before each round, for the whole-process comparison
    t = trf.TrfTournament(rounds=state.total_rounds, initial_colour=state.initial_colour)
    for e in state.entrants:
        cells = [trf.TrfRound(opponent=g.opponent, colour=g.colour or "-", result=g.result)
                 for g in e.games]
        t.players[e.number] = trf.TrfPlayer(
            start=e.number, rating=e.rating, rounds=cells,
            points=sum(t.points_for(c.result) for c in cells))
    with open(f"{folder}/r{len(times) + 1:02d}.trf", "w") as f:
        f.write(trf.write(t, "\n"))
    t0 = time.perf_counter()
    out = real(state)
    times.append(time.perf_counter() - t0)
    return out

generator.pair_round = timed
generator.generate(generator.Options(players=players, rounds=rounds, seed=1))
print(json.dumps({"times": times,
                  "rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def whole(args: list[str]) -> tuple[float, float, int]:
    """Wall seconds, peak RSS (MiB) and exit code of one process."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    return time.perf_counter() - t0, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or [20, 100, 300, 600, 900]
    # bytecode compiled as an installed package has it (this workplace sets
    # PYTHONDONTWRITEBYTECODE, which would recompile our sources at every start)
    import compileall

    import arbitre_tui

    compileall.compile_dir(Path(arbitre_tui.__file__).parent, quiet=1)
    engine = os.environ.get("ENGINE")
    for n in sizes:
        with tempfile.TemporaryDirectory() as folder:
            run = subprocess.run(
                [sys.executable, "-c", CHILD, str(n), "9", folder],
                capture_output=True,
                text=True,
                check=True,
            )
            data = json.loads(run.stdout.splitlines()[-1])
            times: list[float] = data["times"]
            worst = max(range(len(times)), key=lambda k: times[k])
            print(
                f"{n:4d} players: in-process total {sum(times):7.2f} s, worst round "
                f"{worst + 1} {times[worst]:6.2f} s, peak {data['rss']:5.0f} MiB; rounds "
                + " ".join(f"{t:.2f}" for t in times),
                flush=True,
            )
            if not engine:
                continue
            for k in sorted({worst, len(times) - 1}):
                trf_file = f"{folder}/r{k + 1:02d}.trf"
                ours_runs, ref_runs = [], []
                for _ in range(REPEAT):  # alternating, so a busy moment weighs on both
                    ours_runs.append(whole([sys.executable, "-m", "arbitre_tui.faces.cli.main",
                                            "pair-trf", trf_file, "-p", f"{folder}/ours.txt"]))  # fmt: skip
                    ref_runs.append(whole([engine, "--dutch", trf_file, "-p", f"{folder}/ref.txt"]))
                ours, ref = _median(ours_runs), _median(ref_runs)
                same = _same_pairs(f"{folder}/ours.txt", f"{folder}/ref.txt")
                print(
                    f"      round {k + 1}: pair-trf {ours[0]:6.2f} s {ours[1]:5.0f} MiB | "
                    f"reference {ref[0]:6.2f} s {ref[1]:5.0f} MiB | ratio {ours[0] / ref[0]:.2f}"
                    f" | {'same pairing' if same else 'PAIRINGS DIFFER'}",
                    flush=True,
                )
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"(this script's own peak: {own:.0f} MiB)")


REPEAT = int(os.environ.get("REPEAT", "3"))


def _median(runs: list[tuple[float, float, int]]) -> tuple[float, float, int]:
    """The run of median wall time (its peak memory with it)."""
    return sorted(runs)[len(runs) // 2]


def _same_pairs(a: str, b: str) -> bool:
    from arbitre_tui.rules.swiss.checker import parse_engine_output

    return parse_engine_output(Path(a).read_text()) == parse_engine_output(Path(b).read_text())


if __name__ == "__main__":
    main()
