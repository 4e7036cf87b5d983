"""Nothing shown as saved is lost: SIGKILL a writer at random, reopen, check."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from arbitre_tui.operations import EventService

from ..conftest import make_round_robin

WRITER = [sys.executable, "-m", "tests.helpers.writer"]
ROOT = Path(__file__).resolve().parents[2]
TRIALS = int(os.environ.get("ARBITRE_KILL_TRIALS", "50"))


def _prepare(path: Path, players: int = 24) -> None:
    service = make_round_robin(path, players)
    service.pair_round("rr", seed=1)
    service.close()


@pytest.mark.slow
def test_sigkill_loses_nothing_printed(tmp_path: Path) -> None:
    path = tmp_path / "kill.sqlite"
    _prepare(path)
    rng = random.Random(12345)
    printed: list[int] = []
    for _trial in range(TRIALS):
        child = subprocess.Popen(
            [*WRITER, str(path), "rr", "1,2,3,4,5,6,7,8,9,10,11,12", "100000"],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        # Wait until it is writing, then kill it at a random moment.
        assert child.stdout is not None
        first = child.stdout.readline()
        assert first.strip(), child.stderr.read() if child.stderr else ""
        time.sleep(rng.uniform(0.0, 0.08))
        child.send_signal(signal.SIGKILL)
        rest = child.stdout.read()  # through the buffer readline filled, not the raw pipe
        child.communicate()
        printed.extend(int(x) for x in (first + rest).split())
    assert len(printed) > TRIALS
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    stored = {r[0] for r in con.execute("SELECT id FROM journal")}
    missing = [i for i in printed if i not in stored]
    assert not missing, f"{len(missing)} committed operations lost, e.g. {missing[:5]}"
    con.close()
    # And the file still opens through the normal path, with its checks.
    EventService(path).close()


def test_two_writers_no_lost_write_no_lock_error(tmp_path: Path) -> None:
    path = tmp_path / "two.sqlite"
    _prepare(path)
    n = 60
    a, b = (
        subprocess.Popen(
            [*WRITER, str(path), "rr", players, str(n)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for players in ("1,2,3,4,5,6", "7,8,9,10,11,12")
    )
    out_a, err_a = a.communicate(timeout=120)
    out_b, err_b = b.communicate(timeout=120)
    assert a.returncode == 0 and b.returncode == 0, err_a + err_b
    assert "locked" not in err_a + err_b
    ids = [int(x) for x in (out_a + out_b).split()]
    assert len(ids) == 2 * n
    con = sqlite3.connect(path)
    count = con.execute("SELECT count(*) FROM journal WHERE op = 'record_result'").fetchone()[0]
    assert count == 2 * n
    # The last write of each board is the one in the games table.
    results = dict(
        con.execute(
            "SELECT board, result FROM games JOIN rounds r ON r.id = round_id WHERE r.number = 1"
        )
    )
    expected = ["1-0", "=-=", "0-1"][((n - 1) // 6) % 3]
    assert all(results[b] == expected for b in range(1, 13))
