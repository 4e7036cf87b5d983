"""Run the real `arbitre` command line in a subprocess, to its end or left running."""

from __future__ import annotations

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

    out = arbitre("new", "--template", template, str(path))
    assert out.returncode == 0, out.stderr
    spec = json.loads((ROOT / "fixtures" / "templates" / f"{template}.json").read_text("utf-8"))
    for section in spec["tournaments"]:
        csv = ROOT / "fixtures" / "players" / section["players"]
        out = arbitre("players", "import", str(path), str(csv), "-t", section["key"])
        assert out.returncode == 0, out.stderr


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
