"""Issue 35 point 10: a `-wal` beside an event that is not its own (another event's, or an
old one of the same event) was replayed by a read-only `show`, overwriting an intact file.
Now it is found before SQLite opens the file: moved aside (kept), the command refused in
French, the event untouched; the next command opens the event as it was saved. A WAL a
crashed station left (the event's own) is still replayed, its results kept.

Two events made from nothing through the real command line; the WALs are real ones, left by
a station (EventService in its own process) killed with SIGKILL after its commits.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.rules.test_parsers_fuzzed import assert_french

from ..helpers.cli import arbitre, arbitre_ok
from ..helpers.events import digest
from ..helpers.procs import Station, games_of_round


def _event(path: Path, name: str, players: tuple[str, ...]) -> Path:
    arbitre_ok("new", str(path), "--nom", name)
    arbitre_ok("section", "add", str(path), "rr", "--nom", "Fermé", "--systeme", "toutes-rondes",
        "--rondes", "3")  # fmt: skip
    for player in players:
        arbitre_ok("register", str(path), "-t", "rr", player, "--pointe")
    arbitre_ok("pair", str(path), "-t", "rr")
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


def _refused_and_set_aside(path: Path, foreign: bytes, words: str) -> None:
    before = digest(path)
    out = arbitre("show", str(path))
    assert out.returncode == 2, (out.stdout, out.stderr)  # issue 53.9: the arbiter can fix it
    assert "n'est pas le journal SQLite de ce tournoi" in out.stderr and words in out.stderr
    assert "Traceback" not in out.stderr
    assert_french(out.stderr)
    assert digest(path) == before
    assert not _wal(path).exists()
    kept = list(path.parent.glob(f"{path.name}-wal.etranger-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == foreign  # nothing thrown away


def test_another_events_wal_is_set_aside(events: tuple[Path, Path]) -> None:
    a, b = events
    foreign = _crash_after_results(b, (1, "1-0"), (2, "0-1"))
    _wal(a).write_bytes(foreign)
    _refused_and_set_aside(a, foreign, "autre tournoi")
    data = json.loads(arbitre_ok("show", str(a), "--json"))
    assert data["event"][0]["name"] == "Fermé d'Allauch"
    assert set(games_of_round(a, "rr").values()) == {None}


def test_an_old_wal_of_the_same_event_is_set_aside(events: tuple[Path, Path]) -> None:
    """The event's own log from before a checkpoint: replayed now it would take back
    results saved since."""
    a, _ = events
    old = _crash_after_results(a, (1, "1-0"))
    arbitre_ok("show", str(a))  # the event's own: replayed and checkpointed
    arbitre_ok("result", str(a), "2", "=", "-t", "rr")
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


# -- issue 53.3: a log from another COPY of the same event ----------------------------------


@pytest.fixture
def copies(masters: tuple[Path, Path], tmp_path: Path) -> tuple[Path, Path]:
    """The event and a copy of it made on a USB key (another folder, another file)."""
    (tmp_path / "cle").mkdir()
    a = Path(shutil.copy(masters[0], tmp_path / "a.sqlite"))
    arbitre_ok("result", str(a), "2", "=", "-t", "rr")  # the original's own commit, after the copy
    copy = Path(shutil.copy(a, tmp_path / "cle" / "a.sqlite"))
    return a, copy


def test_a_wal_from_another_copy_of_the_same_event_is_set_aside(
    copies: tuple[Path, Path],
) -> None:
    """The copy's log continues the history both share: only the copy it was written on
    tells it apart. Here the original's own log (a result) was overwritten by the copy's,
    as a file manager does: its result is lost, but the copy's is not applied silently."""
    a, copy = copies
    _crash_after_results(a, (1, "1-0"))  # the original's result, in its own log
    from_copy = _crash_after_results(copy, (1, "0-1"))
    _wal(a).write_bytes(from_copy)
    before = digest(a)
    out = arbitre("show", str(a))
    assert out.returncode == 2, (out.stdout, out.stderr)
    assert "autre copie de ce tournoi" in out.stderr
    assert_french(out.stderr)
    assert digest(a) == before
    assert list(a.parent.glob(f"{a.name}-wal.etranger-*"))
    assert games_of_round(a, "rr") == {1: None, 2: "=-="}  # as the file itself holds them


def test_a_stale_wal_from_a_copy_beside_a_clean_original_is_set_aside(
    copies: tuple[Path, Path],
) -> None:
    a, copy = copies
    _wal(a).write_bytes(_crash_after_results(copy, (1, "0-1")))
    out = arbitre("result", str(a), "1", "1-0", "-t", "rr")
    assert out.returncode == 2 and "autre copie" in out.stderr, out.stderr
    assert arbitre_ok("result", str(a), "1", "1-0", "-t", "rr")  # then opened as it was saved
    assert games_of_round(a, "rr") == {1: "1-0", 2: "=-="}


def test_a_copys_own_wal_is_replayed_there_and_a_folder_copied_whole_too(
    copies: tuple[Path, Path], tmp_path: Path
) -> None:
    _, copy = copies
    _crash_after_results(copy, (1, "0-1"))
    moved = tmp_path / "autre-machine"
    moved.mkdir()
    shutil.copy(copy, moved / copy.name)
    shutil.copy(_wal(copy), _wal(moved / copy.name))
    for path in (copy, moved / copy.name):
        out = arbitre("show", str(path))
        assert out.returncode == 0, out.stderr
        assert games_of_round(path, "rr") == {1: "0-1", 2: "=-="}
    assert not list(tmp_path.rglob("*.etranger-*"))
