"""`arbitre fees` on an organiser's own section: the section's own fee (rules/entry_fees.py,
the pointage's very figures), not regulation 002's table applied to every event."""

from __future__ import annotations

import json
from pathlib import Path

from ...helpers.cli import arbitre


def _club_rapid(path: Path) -> None:
    steps = [
        ("new", str(path), "--nom", "Rapide du club", "--du", "2027-05-01"),
        ("section", "add", str(path), "r", "--nom", "Rapide", "--systeme", "suisse",
         "--rondes", "5", "--cadence", "15+5"),
        ("settings", "set", str(path), "fee", "12.5", "-t", "r"),
        ("register", str(path), "Alice", "--elo", "1500"),
        ("register", str(path), "Bruno", "--elo", "1600"),
    ]  # fmt: skip
    for step in steps:
        out = arbitre(*step)
        assert out.returncode == 0, (step, out.stderr)


def test_fees_are_the_sections_own(tmp_path: Path) -> None:
    path = tmp_path / "rapide.sqlite"
    _club_rapid(path)
    data = json.loads(arbitre("fees", str(path), "--json").stdout)
    assert [r["fee"] for r in data] == [12.5, 12.5]
    out = arbitre("fees", str(path))
    assert out.returncode == 0, out.stderr
    assert "12,50 €" in out.stdout and "reste dû : 25 €" in out.stdout, out.stdout
