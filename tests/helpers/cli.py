"""Run the real `arbitre` command line in a subprocess."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def arbitre(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "arbitre_tui.faces.cli.main", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=timeout,
    )
