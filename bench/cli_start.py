"""Command-line start: wall and CPU time of the light commands, best of N runs.

Targets (issue 19, development machine): `--help` and `result` <= 0.15 s, `pair-trf` on
20 players <= 0.2 s. Baseline (main 9ede540, CPU time): --help 0.35 s, result 0.39 s,
show 0.37 s, pair-trf 0.40 s. On a shared machine the CPU time (user + sys) is the
steadier figure; wall time is printed beside it. Asserts nothing.

    python bench/cli_start.py [runs]
"""

from __future__ import annotations

import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from arbitre_tui.operations.templates import create_demo
from arbitre_tui.rules import trf
from arbitre_tui.rules.swiss.generator import Options, generate


def timed(args: list[str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "arbitre_tui.faces.cli.main", *args],
        check=True,
        capture_output=True,
    )
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    # bytecode compiled, as an installed package has it (this workplace sets
    # PYTHONDONTWRITEBYTECODE, which would recompile our sources at every start)
    import compileall

    import arbitre_tui

    compileall.compile_dir(Path(arbitre_tui.__file__).parent, quiet=1)
    work = Path(tempfile.mkdtemp(prefix="cli-start-"))
    demo = work / "demo.sqlite"
    create_demo(demo).close()
    p20 = work / "p20.trf"
    p20.write_text(trf.write(generate(Options(players=20, rounds=5, seed=1))))
    commands = {
        "--help": ["--help"],
        "show": ["show", str(demo)],
        "result": ["result", str(demo), "1", "=", "-t", "open-a", "--confirm"],
        "pair-trf (20)": ["pair-trf", str(p20)],
        "python -c pass": [],
    }
    for name, args in commands.items():
        if not args:
            t0 = time.perf_counter()
            subprocess.run([sys.executable, "-c", "pass"], check=True)
            print(f"{name:15} wall {time.perf_counter() - t0:.3f} s")
            continue
        best = [timed(args) for _ in range(runs)]
        print(
            f"{name:15} wall {min(w for w, _ in best):.3f} s, "
            f"cpu {min(c for _, c in best):.3f} s (best of {runs})",
            flush=True,
        )
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
