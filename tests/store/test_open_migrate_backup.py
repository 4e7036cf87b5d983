"""Opening files safely, migrations, backups and restore."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from arbitre_tui.operations import EventService
from arbitre_tui.store.backup import KEEP, list_backups
from arbitre_tui.store.db import StoreError, connect
from arbitre_tui.store.restore import restore_event
from arbitre_tui.store.schema import SCHEMA_VERSION


def test_pragmas(tmp_path: Path) -> None:
    conn = connect(tmp_path / "a.sqlite", create=True)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite"
    path.write_text("ceci n'est pas une base\n" * 20)
    with pytest.raises(StoreError, match="n'est pas une base arbitre"):
        EventService(path)
    assert path.read_text().startswith("ceci")


def test_foreign_sqlite_database_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE x (a)")
    con.commit()
    con.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="pas un tournoi arbitre"):
        EventService(path)
    assert path.read_bytes() == before


def test_newer_schema_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite"
    EventService(path, create=True).close()
    con = sqlite3.connect(path)
    con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    con.close()
    with pytest.raises(StoreError, match="version plus récente"):
        EventService(path)


def test_damaged_file_detected_with_restore_command(demo_file: Path) -> None:
    service = EventService(demo_file)
    service.store.backup("test")
    service.close()
    data = bytearray(demo_file.read_bytes())
    for offset in range(4096 * 3, len(data) - 4096, 4096):  # scribble over pages past the header
        data[offset + 100 : offset + 400] = b"\xff" * 300
    demo_file.write_bytes(bytes(data))
    with pytest.raises(StoreError, match=f"arbitre restore {demo_file}"):
        EventService(demo_file)
    chosen, _aside = restore_event(demo_file)
    assert chosen in list_backups(demo_file)
    EventService(demo_file).close()  # opens cleanly again


def test_close_round_backs_up_and_keeps_last_20(tmp_path: Path) -> None:
    from ..conftest import make_round_robin

    service = make_round_robin(tmp_path / "b.sqlite", 4)
    service.pair_round("rr", seed=3)
    for b in (1, 2):
        service.record_result("rr", b, "1-0")
    out = service.close_round("rr")
    assert out.exists()
    copy = sqlite3.connect(out)
    assert copy.execute("SELECT closed FROM rounds").fetchone()[0] == 1
    copy.close()
    for _ in range(KEEP + 5):
        service.store.backup("manuel")
    # the last 20 manual ones, and the round-close one, which pruning never deletes (issue 13)
    kept = list_backups(service.path)
    assert len(kept) == KEEP + 1
    assert out in kept


def test_backup_while_another_connection_writes(tmp_path: Path) -> None:
    from ..conftest import make_round_robin

    service = make_round_robin(tmp_path / "c.sqlite", 6)
    service.pair_round("rr", seed=3)
    other = EventService(service.path)
    other.record_result("rr", 1, "0-1")
    out = service.store.backup("chaud")
    con = sqlite3.connect(out)
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert con.execute("SELECT result FROM games WHERE board = 1").fetchone()[0] == "0-1"
