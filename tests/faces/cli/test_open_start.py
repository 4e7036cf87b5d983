"""`arbitre open` opens and checks the event file once (issue 56.2): the command checked it
(integrity, schema, a crash's leftovers) before the screen took over, closed it, and the
app opened and checked it again, ≈ 10 ms of CPU before the first paint on the demo. The
app now runs on the file the command opened; it still hands a write the other station
holds up to its writer thread (tests/operations/test_races.py runs that through tmux)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from ...helpers.cli import ROOT

# `arbitre open` as typed, the app headless (no terminal here) and closed at its first
# paint; each connection the store made, and the app's service as it runs
OPEN_PROBE = """
import json, sys
from arbitre_tui.faces.cli.main import main
from arbitre_tui.faces.tui.app import ArbitreApp
from arbitre_tui.store import repo
opened = []
connect = repo.connect
def counted(path, **options):
    opened.append(options.get("check", True))
    return connect(path, **options)
repo.connect = counted
seen = {}
def run(self, **_options):
    seen["wait"] = self.service.journal.wait
    seen["section"] = self.tournament.key
    self.call_after_refresh(self.exit)
    return ArbitreApp.run_headless(self)
ArbitreApp.run_headless = lambda self: super(ArbitreApp, self).run(headless=True, size=(80, 24))
ArbitreApp.run = run
code = main(["open", sys.argv[2], "--tournoi", "open-b"])
with open(sys.argv[1], "w") as out:
    json.dump({"code": code, "opened": opened, **seen}, out)
"""


def test_open_checks_the_file_once_and_the_app_runs_on_it(tmp_path: Path, demo_file: Path) -> None:
    out = tmp_path / "seen.json"
    run = subprocess.run(
        [sys.executable, "-c", OPEN_PROBE, str(out), str(demo_file)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    seen = json.loads(out.read_text())
    assert seen["code"] == 0
    assert seen["section"] == "open-b"  # the app ran, on the section asked for
    assert seen["opened"] == [True]  # one connection, checked
    assert seen["wait"] is False  # as the app opens a file: StoreBusy, never a frozen key
