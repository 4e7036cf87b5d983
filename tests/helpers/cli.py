"""Run the real `arbitre` command line in a subprocess, to its end or left running."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
ARBITRE = (sys.executable, "-m", "arbitre_tui.faces.cli.main")


def arbitre(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*ARBITRE, *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=timeout,
    )


def arbitre_ok(*args: str) -> str:
    """`arbitre` as a real process for a step that must succeed: its output, else the test
    fails with what it said."""
    out = arbitre(*args)
    assert out.returncode == 0, out.stderr
    return out.stdout


# Commands that run until stopped: only a real process can be left running and stopped.
_NOT_HERE = frozenset({"open", "serve", "display", "demo"})


def arbitre_here(*args: str) -> subprocess.CompletedProcess[str]:
    """The same command line, its `main()` run in the test's own process: for building an
    event and reading back what a command made, where the process is not what is checked.
    The exit code, the French messages and the files written are the command's own; a test
    of refusals' exit codes, output streams, terminals, locks, crashes or start-up runs the
    real process with `arbitre`. About 4 ms a command against 0.17 s for a new process
    (issue 28.6: the suite spent 280 CPU-s starting `arbitre`).

    The command must leave no event file open in this process, as its own process would
    have closed everything when it ended: a connection left behind is a failure here."""
    if args and args[0] in _NOT_HERE:
        raise ValueError(f"`arbitre {args[0]}` runs until stopped: use start_arbitre")
    from arbitre_tui.faces.cli.main import main
    from arbitre_tui.store import db

    held = dict(db._counts)
    out, err = io.StringIO(), io.StringIO()
    cwd = os.getcwd()
    os.chdir(ROOT)  # as `arbitre` is started: fixtures' relative paths read from the clone
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(list(args))
            except SystemExit as stop:  # argparse's refusals end the process
                code = stop.code if isinstance(stop.code, int) else 1
    finally:
        os.chdir(cwd)
    assert dict(db._counts) == held, f"`arbitre {' '.join(args)}` left an event file open"
    return subprocess.CompletedProcess(["arbitre", *args], code, out.getvalue(), err.getvalue())


def run_here(*args: str) -> str:
    """`arbitre_here` for a step that must succeed: its output, or the test fails with the
    command and its messages."""
    done = arbitre_here(*args)
    assert done.returncode == 0, (args, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout


def start_arbitre(
    *args: str, stdout: int = subprocess.PIPE, stderr: Any = subprocess.PIPE
) -> subprocess.Popen[str]:
    """`arbitre` started and left running (a server, a reader that leaves): the test reads
    its output as it comes, then ends it; its errors piped (or into a file)."""
    return subprocess.Popen([*ARBITRE, *args], cwd=ROOT, stdout=stdout, stderr=stderr, text=True)


def new_with_fixture_players(template: str, path: Path) -> None:
    """`arbitre new --template` (no player: the organiser's own event), then each section's
    fictitious players imported as an organiser would import a CSV — the tests' and the
    demo's players, which no template brings any more (issue 27)."""
    import json

    run_here("new", "--template", template, str(path))
    spec = json.loads((ROOT / "fixtures" / "templates" / f"{template}.json").read_text("utf-8"))
    for section in spec["tournaments"]:
        csv = ROOT / "fixtures" / "players" / section["players"]
        run_here("players", "import", str(path), str(csv), "-t", section["key"])


def arbitre_bytes(*args: str | bytes, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """`arbitre` given bytes as a terminal that is not UTF-8 sends them (« R\\xe9clamation »
    typed on a Latin-1 terminal); its output read strictly as UTF-8, as the terminal would."""
    out = subprocess.run(
        [
            *(a.encode() for a in ARBITRE),
            *(a if isinstance(a, bytes) else a.encode() for a in args),
        ],
        capture_output=True,
        cwd=ROOT,
        timeout=timeout,
    )
    return subprocess.CompletedProcess(
        out.args, out.returncode, out.stdout.decode("utf-8"), out.stderr.decode("utf-8")
    )
