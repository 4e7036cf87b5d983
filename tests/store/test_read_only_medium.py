"""Issue 35 point 16: an event on a write-protected medium (a locked SD card, a CD, a
read-only mount) could not even be viewed: `show`, `round`, `standings` and `export trf`
refused it as « en lecture seule ». They only read: they open it read-only now; a command
that writes is still refused, in French, nothing changed.

The medium is a real read-only mount: the event's folder bound read-only in a private
mount namespace (`unshare -rm`, no privilege needed), each command run inside it.
"""

from __future__ import annotations

import hashlib
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from ..helpers.cli import ARBITRE, ROOT, arbitre_ok
from ..helpers.procs import Station

CAN_MOUNT = (
    shutil.which("unshare") is not None
    and subprocess.run(["unshare", "-rm", "true"], capture_output=True, check=False).returncode == 0
)
pytestmark = pytest.mark.skipif(not CAN_MOUNT, reason="no private mount namespace here")


@pytest.fixture(scope="module")
def master(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("ro") / "club.sqlite"
    arbitre_ok("new", str(path), "--nom", "Fermé du club")
    arbitre_ok("section", "add", str(path), "rr", "--nom", "Fermé", "--systeme", "toutes-rondes",
        "--rondes", "3")  # fmt: skip
    for name in ("ALPHA Anne", "BRAVO Bruno", "CHARLIE Chloé", "DELTA David"):
        arbitre_ok("register", str(path), "-t", "rr", name, "--pointe")
    arbitre_ok("pair", str(path), "-t", "rr")
    arbitre_ok("result", str(path), "1", "1", "-t", "rr")
    return path


@pytest.fixture
def medium(master: Path, tmp_path: Path) -> Path:
    """The event alone in a folder that will be mounted read-only."""
    (tmp_path / "cle").mkdir()
    return Path(shutil.copy(master, tmp_path / "cle" / "club.sqlite"))


def _on_read_only(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`arbitre ARGS` with ``folder`` mounted read-only (for it alone)."""
    where = shlex.quote(str(folder))
    command = " ".join(shlex.quote(a) for a in (*ARBITRE, *args))
    script = f"mount --bind {where} {where} && mount -o remount,bind,ro {where} && {command}"
    return subprocess.run(
        ["unshare", "-rm", "sh", "-c", script],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def _digests(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.iterdir()}


def test_reading_commands_open_a_write_protected_event(medium: Path, tmp_path: Path) -> None:
    folder = medium.parent
    before = _digests(folder)
    show = _on_read_only(folder, "show", str(medium))
    assert show.returncode == 0, show.stderr
    assert "Fermé du club" in show.stdout
    round_ = _on_read_only(folder, "round", str(medium), "-t", "rr")
    assert round_.returncode == 0, round_.stderr
    assert "ALPHA ANNE" in round_.stdout and "1-0" in round_.stdout
    standings = _on_read_only(folder, "standings", str(medium), "-t", "rr")
    assert standings.returncode == 0, standings.stderr
    assert "ALPHA ANNE" in standings.stdout
    trf = tmp_path / "club.trf"
    export = _on_read_only(folder, "export", "trf", str(medium), "rr", str(trf))
    assert export.returncode == 0, export.stderr
    assert "ALPHA ANNE" in trf.read_text("ascii").upper()
    assert _digests(folder) == before


def test_a_writing_command_is_still_refused_in_french(medium: Path) -> None:
    folder = medium.parent
    before = _digests(folder)
    out = _on_read_only(folder, "result", str(medium), "2", "=", "-t", "rr")
    assert out.returncode == 2, out.stderr  # issue 53.9: nothing changed, fixable
    assert "lecture seule" in out.stderr and "Traceback" not in out.stderr
    assert _digests(folder) == before


def test_a_wal_left_on_the_medium_is_read(medium: Path) -> None:
    """A station killed before the medium was locked: its results in the WAL are shown."""
    station = Station(medium, "poste-A")
    try:
        station.ok("record_result", "rr", 2, "0-1")
    finally:
        station.kill()
    assert medium.with_name(medium.name + "-wal").stat().st_size > 0
    out = _on_read_only(medium.parent, "round", str(medium), "-t", "rr")
    if out.returncode == 0:
        assert "0-1" in out.stdout, out.stdout
    else:  # this SQLite cannot read a WAL read-only: refused, never shown older
        assert out.returncode == 2 and "copiez le dossier du tournoi" in out.stderr, out.stderr
