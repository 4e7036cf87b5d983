"""Start-up: process start to first paint of the demo, and peak RSS, beside a bare app.

Prints figures; asserts nothing. Run: python bench/startup.py [runs]
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

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
