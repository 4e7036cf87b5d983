"""Run the real `arbitre` command line in a subprocess, to its end or left running."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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


def start_arbitre(*args: str, stdout: int = subprocess.PIPE) -> subprocess.Popen[str]:
    """`arbitre` started and left running (a server, a reader that leaves): the test reads
    its output as it comes, then ends it; its errors piped."""
    return subprocess.Popen(
        [*ARBITRE, *args], cwd=ROOT, stdout=stdout, stderr=subprocess.PIPE, text=True
    )
