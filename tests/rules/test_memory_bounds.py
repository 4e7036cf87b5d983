"""The engine's memory estimate (rules.swiss.bounds) is an upper bound of what a real
`arbitre pair-trf` process uses, so a refusal based on it never refuses a field the
machine pairs, and a 10 000-player field is known to need gigabytes before it starts."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from arbitre_tui.rules import trf
from arbitre_tui.rules.swiss.bounds import pairing_memory

from ..helpers.cli import ROOT


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="Linux's /proc")
def test_the_estimate_bounds_a_real_pairing(tmp_path: Path) -> None:
    players = 400  # round 1: one bracket holding everybody, the largest set-up
    t = trf.TrfTournament(rounds=9, initial_colour="w")
    for i in range(1, players + 1):
        t.players[i] = trf.TrfPlayer(start=i, name=f"Joueur {i}", rating=2800 - i)
    path = tmp_path / "field.trf"
    path.write_text(trf.write(t, "\n"), encoding="utf-8")
    # the high-water mark of the child's own memory (VmHWM starts afresh at exec; the
    # rusage figure would carry the forked pytest's size)
    probe = (
        "import sys\n"
        "from arbitre_tui.faces.cli.main import main\n"
        "assert main(['pair-trf', sys.argv[1], '-p', sys.argv[2]]) == 0\n"
        "hwm = [x for x in open('/proc/self/status') if x.startswith('VmHWM')][0]\n"
        "print(int(hwm.split()[1]) * 1024)\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", probe, str(path), str(tmp_path / "out.txt")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    peak = int(run.stdout.split()[-1])
    assert peak <= pairing_memory(players)
    assert pairing_memory(players) < 3 * peak  # an estimate, not a wild guess


def test_a_huge_field_is_known_to_need_gigabytes() -> None:
    assert pairing_memory(9998) > 8 * 2**30
    assert pairing_memory(900) < 200 * 2**20
