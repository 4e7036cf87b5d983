"""Issue 35 point 8: a forfeit typed as a result (`result EV 1 +`, `+-`, `-+`, `--`) goes the
one way `absent` goes: the lateness check of the round's start, the incident, and the
exclusion from later rounds regulation 002 applies — not a bare result.

An event made from nothing through the command line (its `main()` in the test's process), a
002 Swiss of four players; the forfeit itself typed to the real `arbitre` process.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import shutil
from pathlib import Path

import pytest

from tests.rules.test_parsers_fuzzed import assert_french

from ..helpers.cli import arbitre, run_here

NAMES = ("ALPHA Anne", "BRAVO Bruno", "CHARLIE Chloé", "DELTA David")


@pytest.fixture(scope="module")
def paired_master(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("forfeit") / "open.sqlite"
    run_here("new", str(path), "--nom", "Open du club")
    run_here("section", "add", str(path), "open", "--nom", "Open", "--systeme", "suisse",
        "--rondes", "5", "--reglement", "002")  # fmt: skip
    for i, name in enumerate(NAMES):
        run_here(
            "register", str(path), "-t", "open", name, "--elo", str(2000 - 100 * i), "--pointe"
        )
    run_here("pair", str(path), "-t", "open")
    return path


@pytest.fixture
def paired(paired_master: Path, tmp_path: Path) -> Path:
    return Path(shutil.copy(paired_master, tmp_path / "open.sqlite"))


def _board_one(path: Path) -> dict[str, object]:
    return dict(json.loads(run_here("round", str(path), "-t", "open", "--json"))[0])


def _excluded(path: Path) -> set[int]:
    players = json.loads(run_here("players", "list", str(path), "-t", "open", "--json"))
    return {int(p["id"]) for p in players if p["excluded"]}


@pytest.mark.parametrize("typed", ["+", "+-", "forfait-noirs"])
def test_a_forfeit_typed_as_a_result_is_checked_against_the_start(paired: Path, typed: str) -> None:
    """Round started a minute ago: too early for a forfeit, whichever command types it."""
    now = dt.datetime.now().replace(second=0, microsecond=0)
    run_here("round-start", str(paired), "-t", "open", "--when", now.strftime("%Y-%m-%dT%H:%M"))
    before = hashlib.sha256(paired.read_bytes()).hexdigest()
    out = arbitre("result", str(paired), "1", typed, "-t", "open")
    assert out.returncode == 2, (out.stdout, out.stderr)
    assert "Trop tôt" in out.stderr and "Traceback" not in out.stderr, out.stderr
    assert_french(out.stderr)
    assert hashlib.sha256(paired.read_bytes()).hexdigest() == before
    assert _board_one(paired)["result"] is None


def test_a_forfeit_typed_as_a_result_excludes_under_002(paired: Path) -> None:
    """After the wait, `result 1 +`: Black lost by forfeit and, under 002, is excluded from
    later rounds, as `absent 1 noirs` does; one undo takes both back."""
    start = dt.datetime.now() - dt.timedelta(hours=1)
    run_here("round-start", str(paired), "-t", "open", "--when", start.strftime("%Y-%m-%dT%H:%M"))
    board = _board_one(paired)
    out = run_here("result", str(paired), "1", "+", "-t", "open")
    assert "exclu des rondes suivantes" in out, out
    assert _board_one(paired)["result"] == "+--"
    black = board["black"]
    assert isinstance(black, dict)
    assert _excluded(paired) == {black["id"]}
    run_here("undo", str(paired))
    assert _board_one(paired)["result"] is None and not _excluded(paired)
