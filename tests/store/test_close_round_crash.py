"""Issue 35 point 9: a `close-round` killed after its commit (SIGKILL, no cleanup) left the
round closed with no round backup and a half-written copy beside the backups. The next
command makes the missing backup (or says it is missing) and removes the leftovers.

The kill is real: the test sets ``ARBITRE_TEST_KILL`` to the moment to die at (after the
commit; in the middle of the copy), and the process kills itself with SIGKILL there.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import signal
import subprocess
from pathlib import Path

import pytest

from ..helpers.cli import ARBITRE, ROOT, arbitre, arbitre_ok


@pytest.fixture(scope="module")
def played_master(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A round robin of four made from nothing, round 1 paired and played."""
    path = tmp_path_factory.mktemp("crash") / "club.sqlite"
    arbitre_ok("new", str(path), "--nom", "Fermé du club")
    arbitre_ok("section", "add", str(path), "rr", "--nom", "Fermé", "--systeme", "toutes-rondes",
        "--rondes", "3")  # fmt: skip
    for name in ("ALPHA Anne", "BRAVO Bruno", "CHARLIE Chloé", "DELTA David"):
        arbitre_ok("register", str(path), "-t", "rr", name, "--pointe")
    arbitre_ok("pair", str(path), "-t", "rr")
    arbitre_ok("result", str(path), "1", "1", "-t", "rr")
    arbitre_ok("result", str(path), "2", "=", "-t", "rr")
    return path


@pytest.fixture
def played(played_master: Path, tmp_path: Path) -> Path:
    return Path(shutil.copy(played_master, tmp_path / "club.sqlite"))


def _killed_close(path: Path, moment: str) -> None:
    env = {**os.environ, "ARBITRE_TEST_KILL": moment}
    run = subprocess.run(
        [*ARBITRE, "close-round", str(path), "-t", "rr"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )
    assert run.returncode == -signal.SIGKILL, (run.returncode, run.stderr)


def _closed(path: Path) -> bool:
    data = json.loads(arbitre_ok("show", str(path), "--json"))
    return bool(data["rounds"][0]["closed"])


def _rounds_folder(path: Path) -> Path:
    return path.with_name(path.name + ".sauvegardes") / "rondes"


@pytest.mark.parametrize("moment", ["copie-partielle", "cloture-validee"])
def test_the_next_command_makes_the_missing_round_backup(played: Path, moment: str) -> None:
    _killed_close(played, moment)
    folder = _rounds_folder(played)
    assert not list(folder.glob("*.sqlite"))  # the commit is in, its backup is not
    if moment == "copie-partielle":
        assert [p for p in folder.iterdir() if ".partiel-" in p.name]  # the orphan
    out = arbitre("standings", str(played), "-t", "rr")
    assert out.returncode == 0, out.stderr
    assert "a été refaite" in out.stderr, out.stderr
    made = list(folder.glob("*.sqlite"))
    assert len(made) == 1 and made[0].name.endswith("-rr-r1.sqlite")
    assert not [p for p in folder.iterdir() if p.name.startswith(".")], list(folder.iterdir())
    assert _closed(played)
    listing = arbitre_ok("restore", str(played), "--list")
    assert made[0].name in listing
    again = arbitre("show", str(played))  # done once: nothing more to say
    assert again.returncode == 0 and "sauvegarde" not in again.stderr, again.stderr


def _limited(*args: str, size: int) -> subprocess.CompletedProcess[str]:
    """`arbitre` unable to write any file past ``size`` bytes (RLIMIT_FSIZE, SIGXFSZ
    ignored): the round's copy fails as on a full medium, even for root."""

    def limit() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

    return subprocess.run(
        [*ARBITRE, *args], capture_output=True, text=True, cwd=ROOT, timeout=120, preexec_fn=limit
    )


def test_a_backup_that_cannot_be_made_again_is_reported(played: Path) -> None:
    """The copy cannot be made at the next command: said, in French, at each command
    until it is made — never silently left missing."""
    _killed_close(played, "cloture-validee")
    out = _limited("show", str(played), size=64 * 1024)
    assert out.returncode == 0, out.stderr
    assert "sauvegarde manque" in out.stderr and "arbitre backup" in out.stderr, out.stderr
    assert "Traceback" not in out.stderr
    folder = _rounds_folder(played)
    assert not list(folder.glob("*.sqlite")) and not list(folder.glob(".*.partiel-*"))
    out = arbitre("show", str(played))
    assert "a été refaite" in out.stderr, out.stderr
    assert len(list(folder.glob("*.sqlite"))) == 1


def test_a_close_killed_before_its_commit_leaves_nothing(played: Path) -> None:
    """A mark of a close that never committed (a process gone): removed, no backup made."""
    folder = _rounds_folder(played)
    folder.mkdir(parents=True)
    dead = _dead_pid()
    (folder / f".rr-r1-{dead}.cloture-en-cours").write_text(
        json.dumps({"tournament": "rr", "round": 1, "pid": dead})
    )
    (folder / f".club-x.sqlite.partiel-{dead}").write_bytes(b"half")
    out = arbitre("show", str(played))
    assert out.returncode == 0 and "sauvegarde" not in out.stderr
    assert list(folder.iterdir()) == []
    assert not _closed(played)


def _dead_pid() -> int:
    proc = subprocess.Popen(["true"])
    proc.wait()
    return proc.pid
