"""Issue 35 point 10: a `-wal` beside an event that is not its own (another event's, or an
old one of the same event) was replayed by a read-only `show`, overwriting an intact file.
Now it is found before SQLite opens the file: moved aside (kept), the command refused in
French, the event untouched; the next command opens the event as it was saved. A WAL a
crashed station left (the event's own) is still replayed, its results kept.

Two events made from nothing through the real command line; the WALs are real ones, left by
a station (EventService in its own process) killed with SIGKILL after its commits.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from tests.rules.test_parsers_fuzzed import assert_french

from ..helpers.cli import arbitre
from ..helpers.procs import Station, games_of_round


def _ok(*args: str) -> str:
    out = arbitre(*args)
    assert out.returncode == 0, out.stderr
    return out.stdout


def _event(path: Path, name: str, players: tuple[str, ...]) -> Path:
    _ok("new", str(path), "--nom", name)
    _ok("section", "add", str(path), "rr", "--nom", "Fermé", "--systeme", "toutes-rondes",
        "--rondes", "3")  # fmt: skip
    for player in players:
        _ok("register", str(path), "-t", "rr", player, "--pointe")
    _ok("pair", str(path), "-t", "rr")
    return path


@pytest.fixture(scope="module")
def masters(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    tmp = tmp_path_factory.mktemp("wal")
    a = _event(tmp / "a.sqlite", "Fermé d'Allauch", ("ALPHA Anne", "BRAVO Bruno", "CHARLIE Chloé", "DELTA David"))  # fmt: skip
    b = _event(tmp / "b.sqlite", "Fermé de Brest", ("ECHO Emma", "FOXTROT Fanny", "GOLF Gaël", "HOTEL Henri"))  # fmt: skip
    return a, b


@pytest.fixture
def events(masters: tuple[Path, Path], tmp_path: Path) -> tuple[Path, Path]:
    (tmp_path / "b").mkdir()
    a = Path(shutil.copy(masters[0], tmp_path / "a.sqlite"))
    b = Path(shutil.copy(masters[1], tmp_path / "b" / "b.sqlite"))
    return a, b


def _wal(path: Path) -> Path:
    return path.with_name(path.name + "-wal")


def _crash_after_results(path: Path, *results: tuple[int, str]) -> bytes:
    """A station records results then is killed: its commits stay in the WAL it leaves."""
    station = Station(path, "poste-A")
    try:
        for board, value in results:
            station.ok("record_result", "rr", board, value)
    finally:
        station.kill()
    data = _wal(path).read_bytes()
    assert data, "the station's commits should be in its WAL"
    return data


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _refused_and_set_aside(path: Path, foreign: bytes, words: str) -> None:
    before = _digest(path)
    out = arbitre("show", str(path))
    assert out.returncode == 1, (out.stdout, out.stderr)
    assert "n'est pas le journal SQLite de ce tournoi" in out.stderr and words in out.stderr
    assert "Traceback" not in out.stderr
    assert_french(out.stderr)
    assert _digest(path) == before
    assert not _wal(path).exists()
    kept = list(path.parent.glob(f"{path.name}-wal.etranger-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == foreign  # nothing thrown away


def test_another_events_wal_is_set_aside(events: tuple[Path, Path]) -> None:
    a, b = events
    foreign = _crash_after_results(b, (1, "1-0"), (2, "0-1"))
    _wal(a).write_bytes(foreign)
    _refused_and_set_aside(a, foreign, "autre tournoi")
    data = json.loads(_ok("show", str(a), "--json"))
    assert data["event"][0]["name"] == "Fermé d'Allauch"
    assert set(games_of_round(a, "rr").values()) == {None}


def test_an_old_wal_of_the_same_event_is_set_aside(events: tuple[Path, Path]) -> None:
    """The event's own log from before a checkpoint: replayed now it would take back
    results saved since."""
    a, _ = events
    old = _crash_after_results(a, (1, "1-0"))
    _ok("show", str(a))  # the event's own: replayed and checkpointed
    _ok("result", str(a), "2", "=", "-t", "rr")
    assert not _wal(a).exists()
    _wal(a).write_bytes(old)
    _refused_and_set_aside(a, old, "historique")
    assert games_of_round(a, "rr") == {1: "1-0", 2: "=-="}


def test_a_crashed_stations_own_wal_is_replayed(events: tuple[Path, Path]) -> None:
    a, _ = events
    _crash_after_results(a, (1, "0-1"), (2, "1-0"))
    out = arbitre("show", str(a))
    assert out.returncode == 0, out.stderr
    assert not list(a.parent.glob("*.etranger-*"))
    assert games_of_round(a, "rr") == {1: "0-1", 2: "1-0"}
