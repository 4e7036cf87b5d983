"""Start-up: `arbitre open FILE` until its first screen is painted, beside a bare app.

Headline (issue 56.1): as the user starts it, a process on a terminal (a pty, 80x24): the
`arbitre` command, argparse, the event file, up to the first frame written to the terminal
(the title, the round pane and the footer's keys all in what it wrote), beside a bare
Textual script started the same way; in three columns: all cores, one core (as
`taskset -c 0`), the Raspberry Pi stand-in (one core at 30 %, a cgroup; left out with the
reason where the machine gives none). Beside the wall-clock times, the CPU time the process
had used (all its threads, /proc/PID/task/*/schedstat) when its first frame was seen: on a
shared machine the steadier figure (issue 56.2). Then, as before, from the app's import to
the first paint headless, and the peak RSS. Prints figures; asserts nothing.

    python bench/startup.py [runs]
"""

from __future__ import annotations

import fcntl
import glob
import os
import pty
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from collections.abc import Callable
from pathlib import Path

import _where

BARE_SCRIPT = r"""
from textual.app import App
from textual.widgets import DataTable, Footer, Header
class Bare(App):
    def compose(self):
        yield Header(); yield DataTable(); yield Footer()
    def on_mount(self):
        t = self.query_one(DataTable)
        t.add_columns("a", "b", "c", "d")
        t.add_rows([(i, f"joueur {i}", 1500 + i, "club") for i in range(256)])
Bare().run()
"""

BARE = r"""
import sys, time
t0 = float(sys.argv[1])
from textual.app import App
from textual.widgets import DataTable, Footer, Header
class Bare(App):
    def compose(self):
        yield Header(); yield DataTable(); yield Footer()
    def on_mount(self):
        t = self.query_one(DataTable)
        t.add_columns("a", "b", "c", "d")
        t.add_rows([(i, f"joueur {i}", 1500 + i, "club") for i in range(256)])
        self.call_after_refresh(self.done)
    def done(self):
        import resource
        print(time.time() - t0, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
        self.exit()
Bare().run(headless=True, size=(80, 24))
"""

OURS = r"""
import sys, time
t0 = float(sys.argv[1])
from arbitre_tui.faces.tui.app import ArbitreApp
class Timed(ArbitreApp):
    def on_mount(self):
        # no super().on_mount(): Textual calls every class's handler along the MRO, so
        # calling it here loaded the event twice (the measure counted one load too many)
        self.call_after_refresh(self.done)
    def done(self):
        import resource
        print(time.time() - t0, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
        self.exit()
# as `arbitre open` builds it (faces/cli/main._run_app): freeze_start, so no collection
# until the first paint (the CLI also stops collecting before importing the app; not here)
Timed(sys.argv[2], tournament="open-a", freeze_start=True).run(headless=True, size=(80, 24))
"""


def measure(code: str, *extra: str) -> tuple[float, float]:
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            f"import time; T=time.time()\n"
            f"import sys; sys.argv=['x', str(T), *{list(extra)!r}]\n" + code,
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    seconds, rss = out.stdout.split()[-2:]
    return float(seconds), float(rss)


def cpu_seconds(pid: int) -> float:
    """The CPU time process ``pid`` has used so far, all its threads (0.0 where /proc has no
    schedstat)."""
    total = 0
    for stat in glob.glob(f"/proc/{pid}/task/*/schedstat"):
        try:
            with open(stat) as f:
                total += int(f.read().split()[0])
        except (OSError, ValueError, IndexError):  # a thread ended meanwhile
            pass
    return total / 1e9


def painted(
    args: list[str], marks: list[bytes], before: Callable[[], None] | None
) -> tuple[float, float]:
    """Seconds from starting ``args`` on a new 80x24 terminal until every mark is drawn,
    and the CPU seconds the process had used then."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
    env.pop("TEXTUAL", None)

    def start() -> None:
        if before is not None:
            before()

    t0 = time.perf_counter()
    proc = subprocess.Popen(
        args,
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
        preexec_fn=start,
    )
    os.close(slave)
    out = bytearray()
    deadline = t0 + 120
    try:
        while not all(m in out for m in marks):
            if time.perf_counter() > deadline or proc.poll() is not None:
                raise SystemExit(f"{args}: no first paint\n{bytes(out[-2000:])!r}")
            ready, _, _ = select.select([master], [], [], 0.02)
            if ready:
                out += os.read(master, 65536)
        seconds = time.perf_counter() - t0
        cpu = cpu_seconds(proc.pid)
        os.write(master, b"\x11")  # ctrl+q
        end = time.monotonic() + 20
        while proc.poll() is None and time.monotonic() < end:
            if select.select([master], [], [], 0.05)[0]:
                try:
                    os.read(master, 65536)
                except OSError:
                    break
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        os.close(master)
    return seconds, cpu


def as_started(demo: Path, runs: int) -> None:
    """The headline: both as processes on a terminal, in the three columns."""
    arbitre = Path(sys.executable).parent / "arbitre"
    ours_cmd = (
        [str(arbitre)] if arbitre.exists() else [sys.executable, "-m", "arbitre_tui.faces.cli.main"]
    ) + ["open", str(demo), "--tournoi", "open-a"]
    ours_marks = ["Démonstration".encode(), "Éch.".encode(), b"Touches"]
    bare_py = demo.parent / "bare.py"
    bare_py.write_text(BARE_SCRIPT)
    bare_cmd = [sys.executable, str(bare_py)]
    bare_marks = [b"Bare", b"joueur 15"]
    group, why = _where.pi_cgroup()
    print(f"Pi stand-in: {why}")
    try:
        columns = _where.modes(group)
        print(f"{'as the user starts it (pty 80x24)':38}" + "".join(f"{c:>13}" for c in columns))
        rows: dict[str, list[float]] = {"bare Textual app": [], "arbitre open (demo)": []}
        cpu: dict[str, list[float]] = {"bare Textual app": [], "arbitre open (demo)": []}
        for before in columns.values():
            bare, ours = [], []
            for _ in range(runs):  # interleaved: a busy moment weighs on both alike
                bare.append(painted(bare_cmd, bare_marks, before))
                ours.append(painted(ours_cmd, ours_marks, before))
            for name, found in (("bare Textual app", bare), ("arbitre open (demo)", ours)):
                rows[name].append(statistics.median(s for s, _ in found))
                cpu[name].append(statistics.median(c for _, c in found))
        for table, unit in ((rows, "wall-clock"), (cpu, "CPU time of the process")):
            for name, cells in table.items():
                print(f"{name:38}" + "".join(f"{c:12.3f}s" for c in cells))
            ratios = [
                o / b
                for o, b in zip(
                    table["arbitre open (demo)"], table["bare Textual app"], strict=True
                )
            ]
            print(
                f"{'ratio (target <= 1.25, issue 56.2)':38}" + "".join(f"{r:13.2f}" for r in ratios)
            )
            print(f"first paint, {unit}, medians of {runs} runs", flush=True)
    finally:
        _where.remove(group)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    # Bytecode as on the Pi: pip compiles installed packages, and Python caches .pyc after
    # the first start. (This workplace sets PYTHONDONTWRITEBYTECODE, which would make our
    # editable sources recompile on every start while Textual's are already compiled.)
    import compileall

    import arbitre_tui

    compileall.compile_dir(Path(arbitre_tui.__file__).parent, quiet=1)
    demo = Path(tempfile.mkdtemp()) / "demo.sqlite"
    subprocess.run(
        [sys.executable, "-m", "arbitre_tui.faces.cli.main", "demo", str(demo), "--no-open"],
        check=True,
        capture_output=True,
    )
    as_started(demo, runs)
    print("from the app's import, headless (what this bench measured before issue 56):")
    # Interleaved, so a busy moment on the machine weighs on both sides alike.
    bare, ours = [], []
    for _ in range(runs):
        bare.append(measure(BARE))
        ours.append(measure(OURS, str(demo)))
    b_t = statistics.median(t for t, _ in bare)
    o_t = statistics.median(t for t, _ in ours)
    print(
        f"bare Textual app (Header, Footer, 256-row DataTable): {b_t * 1000:.0f} ms, "
        f"peak RSS {max(r for _, r in bare):.1f} MiB"
    )
    print(
        f"arbitre on the demo event (Open A, 120 players):      {o_t * 1000:.0f} ms, "
        f"peak RSS {max(r for _, r in ours):.1f} MiB"
    )
    print(
        f"ratio {o_t / b_t:.2f} (target <= 1.25, issue 34.4), RSS target <= 80 MiB; median of {runs} runs"
    )


if __name__ == "__main__":
    main()
