"""Command-line start (issue 56.1): each light command as a process, as the user starts it.

On an event of 500 players after 7 rounds (the Open Marina Viva of
``create_swiss_event(players=500, rounds=7)``, round 8 paired), built once and cached; each
command runs on a fresh copy. Wall-clock median of N runs in three columns: all cores, one
core (as `taskset -c 0`), and the Raspberry Pi stand-in (one core at 30 %, a cgroup; left
out with the reason where the machine gives none). CPU time (user + sys) on all cores is
printed beside: on a shared machine it is the steadier figure. Asserts nothing.

    python bench/cli_start.py [runs]
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import _where

CACHE = Path(os.environ.get("ARBITRE_BENCH_CACHE", "/tmp/arbitre-dutch-speed"))
ARBITRE = [sys.executable, "-m", "arbitre_tui.faces.cli.main"]


def event() -> Path:
    """500 players, 7 rounds played and closed, round 8 paired (built once: minutes)."""
    path = CACHE / "cli-start-p500-r7.sqlite"
    if not path.exists():
        from arbitre_tui.operations.templates import create_swiss_event

        CACHE.mkdir(parents=True, exist_ok=True)
        building = path.with_suffix(".building")
        service = create_swiss_event(building, players=500, rounds=7)
        service.pair_round("open-a", seed=8)
        service.close()
        building.rename(path)
    return path


def current(source: Path, work: Path) -> Path:
    """A copy of the cached event at this version's schema: a cache built by an older
    version would otherwise be migrated again by every timed run (sqlite_utils imported,
    the schema compared with a fresh one), which is not the command's own time."""
    from arbitre_tui.operations import EventService

    copy = work / "source.sqlite"
    shutil.copy(source, copy)
    EventService(str(copy)).close()
    return copy


def commands(f: str, pdf: str, run: int) -> dict[str, list[str]]:
    """The commands of run number ``run``: each write really writes (a result on a board
    not yet entered, a check-in taken back then given again: every player is checked in)."""
    return {
        "show": ["show", f],
        "round": ["round", f, "-t", "open-a"],
        "standings": ["standings", f, "-t", "open-a"],
        # N° 7 is in each section since issue 49's one number per player: the section said
        "checkin": ["checkin", *(["--cancel"] if run % 2 == 0 else []), f, "7", "-t", "open-a"],
        "result": ["result", f, str(run + 1), "=", "-t", "open-a", "--confirm"],
        "players list": ["players", "list", f, "-t", "open-a"],
        "print appariements --pdf": ["print", f, "appariements", "-t", "open-a", "--pdf", pdf],
        "print classement --pdf": ["print", f, "classement", "-t", "open-a", "--pdf", pdf],
    }


def timed(args: list[str], before: Callable[[], None] | None) -> tuple[float, float]:
    """Wall and CPU seconds of one process."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, preexec_fn=before
    )
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    err = proc.stderr.read().decode() if proc.stderr else ""
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(args)}: exit {status}\n{err}")
    return wall, usage.ru_utime + usage.ru_stime


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    # bytecode compiled, as an installed package has it (this workplace sets
    # PYTHONDONTWRITEBYTECODE, which would recompile our sources at every start)
    import compileall

    import arbitre_tui

    compileall.compile_dir(Path(arbitre_tui.__file__).parent, quiet=1)
    group, why = _where.pi_cgroup()
    print(f"Pi stand-in: {why}")
    work = Path(tempfile.mkdtemp(prefix="cli-start-"))
    try:
        source = current(event(), work)
        columns = _where.modes(group)
        print(f"{'command':26}" + "".join(f"{c:>13}" for c in columns) + "   cpu (all)")
        f, pdf = str(work / "e.sqlite"), str(work / "x.pdf")
        names = ["python -c pass", *commands(f, pdf, 0)]
        for name in names:
            cells, cpu = [], 0.0
            for column, before in columns.items():
                shutil.copy(source, f)
                got = [
                    timed(
                        [sys.executable, "-c", "pass"]
                        if name == "python -c pass"
                        else ARBITRE + commands(f, pdf, run)[name],
                        before,
                    )
                    for run in range(runs)
                ]
                cells.append(statistics.median(w for w, _ in got))
                if column == "all cores":
                    cpu = statistics.median(c for _, c in got)
            print(
                f"{name:26}" + "".join(f"{c:12.3f}s" for c in cells) + f"   {cpu:.3f}s",
                flush=True,
            )
        print(f"wall-clock medians of {runs} runs; 500 players after 7 rounds")
    finally:
        _where.remove(group)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
