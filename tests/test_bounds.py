"""The engine's memory estimate (rules.swiss.bounds) is an upper bound of what a real
`arbitre pair-trf` process uses, so a refusal based on it never refuses a field the
machine pairs, and a 10 000-player field is known to need gigabytes before it starts."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from arbitre_tui.rules import trf
from arbitre_tui.rules.swiss.bounds import pairing_memory

from .helpers.cli import ROOT


def test_the_estimate_bounds_a_real_pairing(tmp_path: Path) -> None:
    players = 400  # round 1: one bracket holding everybody, the largest set-up
    t = trf.TrfTournament(rounds=9, initial_colour="w")
    for i in range(1, players + 1):
        t.players[i] = trf.TrfPlayer(start=i, name=f"Joueur {i}", rating=2800 - i)
    path = tmp_path / "field.trf"
    path.write_text(trf.write(t, "\n"), encoding="utf-8")
    proc = subprocess.Popen(
        [sys.executable, "-m", "arbitre_tui.faces.cli.main", "pair-trf", str(path)],
        stdout=subprocess.DEVNULL,
        cwd=ROOT,
    )
    _, status, usage = os.wait4(proc.pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    peak = usage.ru_maxrss * 1024
    assert peak <= pairing_memory(players)
    assert pairing_memory(players) < 3 * peak  # an estimate, not a wild guess


def test_a_huge_field_is_known_to_need_gigabytes() -> None:
    assert pairing_memory(9998) > 8 * 2**30
    assert pairing_memory(900) < 200 * 2**20
