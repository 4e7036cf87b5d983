"""Issue 53.10: after a fault, the arbiter is told what is saved, never the opposite.

A COMMIT that fails may have reached the disk (its WAL frames written, the error after):
« rien n'a été enregistré » would be a guess. The store reads the file back and says what
it holds, as « état incertain ». A command with its standard output closed or full goes
to its end; a failure after a commit says what that commit saved; a backup linked into
place and a round's close mark are followed by a sync of their folder.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from arbitre_tui.operations import CommitUncertain, EventService

from ..helpers.cli import ARBITRE, ROOT, arbitre, arbitre_here


class _FailingCommit:
    """A connection whose COMMIT fails once, after really committing (``reached``) or
    after rolling back: what a medium failing at the sync looks like from SQLite."""

    def __init__(self, conn: sqlite3.Connection, reached: bool) -> None:
        self._conn = conn
        self._reached = reached

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if sql == "COMMIT":
            self._conn.execute("COMMIT" if self._reached else "ROLLBACK")
            raise sqlite3.OperationalError("disk I/O error")
        return self._conn.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._conn, name)


@pytest.fixture
def event(rr_file: Path) -> Iterator[EventService]:
    service = EventService(rr_file)
    yield service
    service.close()


@pytest.mark.parametrize("reached", [True, False])
def test_a_commit_that_fails_is_read_back(
    event: EventService, rr_file: Path, reached: bool
) -> None:
    journal = event.journal
    real = journal.conn
    journal.conn = _FailingCommit(real, reached)  # type: ignore[assignment]
    with pytest.raises(CommitUncertain) as caught:
        event.record_result("rr", 1, "1-0")
    journal.conn = real
    message = caught.value.message
    assert caught.value.saved is reached
    assert ("relu à l'instant, le fichier le contient : c'est enregistré" in message) is reached
    assert ("rien n'a été enregistré (relu à l'instant, le fichier ne" in message) is not reached
    con = sqlite3.connect(rr_file)
    saved = con.execute("SELECT result FROM games WHERE board = 1").fetchone()[0]
    con.close()
    assert (saved is not None) is reached


def test_a_commit_that_fails_on_a_file_that_cannot_be_read_is_uncertain(
    event: EventService, rr_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The medium gone (the read back fails too): « état incertain », never « rien »."""

    journal = event.journal
    real = journal.conn
    journal.conn = _FailingCommit(real, True)  # type: ignore[assignment]
    monkeypatch.setattr(sqlite3, "connect", _unreadable)  # the module uncertain reads with
    with pytest.raises(CommitUncertain) as caught:
        event.record_result("rr", 1, "1-0")
    journal.conn = real
    assert caught.value.saved is None
    assert caught.value.message.startswith("État incertain")
    assert "rien n'a été enregistré" not in caught.value.message


def _unreadable(*args: Any, **kwargs: Any) -> sqlite3.Connection:
    raise sqlite3.OperationalError("disk I/O error")


def test_a_failed_commit_rolled_back_says_nothing_saved(event: EventService) -> None:
    """A COMMIT refused with the transaction still open is rolled back: then, and only
    then, « rien n'a été enregistré »."""

    class Refused(_FailingCommit):
        def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
            if sql == "COMMIT":
                raise sqlite3.OperationalError("disk I/O error")
            return self._conn.execute(sql, *args)

    journal = event.journal
    real = journal.conn
    journal.conn = Refused(real, False)  # type: ignore[assignment]
    from arbitre_tui.operations import OperationError

    with pytest.raises(OperationError) as caught:
        event.record_result("rr", 1, "1-0")
    journal.conn = real
    assert not isinstance(caught.value, CommitUncertain)
    assert "rien n'a été enregistré" in caught.value.message


def _closed_stdout(*args: str) -> subprocess.CompletedProcess[str]:
    """`arbitre` started with its standard output closed (cron, a service, a launcher)."""
    return subprocess.run(
        ["sh", "-c", '"$@" >&-', "sh", *ARBITRE, *args],
        capture_output=False,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_a_closed_stdout_never_stops_a_command(rr_file: Path) -> None:
    done = _closed_stdout("result", str(rr_file), "2", "0-1")
    assert done.returncode == 0, done.stderr
    assert "Erreur" not in done.stderr
    shown = arbitre("round", str(rr_file), "--json")
    assert '"0-1"' in shown.stdout
    assert _closed_stdout("round", str(rr_file)).returncode == 0


def test_a_full_stdout_says_the_command_went_to_its_end(rr_file: Path) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [*ARBITRE, "result", str(rr_file), "3", "1-0"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            timeout=120,
        )
    assert done.returncode == 1
    assert "allée à son terme" in done.stderr and "échiquier 3" in done.stderr
    assert "Traceback" not in done.stderr and "inattendue" not in done.stderr


def test_a_failure_after_a_commit_says_what_is_saved(
    rr_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An error once the result is committed (here, printing it): not « n'a pas été
    enregistrée », but what was saved."""
    import builtins

    real_print = builtins.print

    def failing(*args: Any, **kwargs: Any) -> None:
        if "file" not in kwargs and args and "enregistré" in str(args[0]):
            raise RuntimeError("after the commit")
        real_print(*args, **kwargs)

    monkeypatch.setenv("XDG_STATE_HOME", str(rr_file.parent))  # the crash report
    monkeypatch.setattr(builtins, "print", failing)
    done = arbitre_here("result", str(rr_file), "4", "1-0")
    monkeypatch.setattr(builtins, "print", real_print)
    assert done.returncode == 1
    assert "n'a pas été enregistrée" not in done.stderr
    assert "Déjà enregistré par cette commande avant l'erreur : échiquier 4, 1-0" in done.stderr


def test_backup_and_close_mark_sync_their_folder(
    rr_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """os.link and a new mark are names in a folder: the folder is synced after each."""
    from arbitre_tui.store import backup

    synced: list[str] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        synced.append(os.readlink(f"/proc/self/fd/{fd}"))
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    marker = backup.mark_round_close(rr_file, "rr", 1)
    assert str(marker.parent) in synced
    backup.unmark(marker)
    synced.clear()
    event = EventService(rr_file)
    try:
        target = event.backup()
    finally:
        event.close()
    assert str(target.parent) in synced
