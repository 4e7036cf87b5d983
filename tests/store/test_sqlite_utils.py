"""Where the store uses sqlite-utils: schema introspection (migrations) and bulk inserts.

Every test runs on a real event file. See ``store/introspection.py`` for where sqlite-utils
is used and where not.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from arbitre_tui.rules.models import Player, System, Tournament
from arbitre_tui.store import db
from arbitre_tui.store.db import StoreError
from arbitre_tui.store.errors import OperationError
from arbitre_tui.store.introspection import drift, fresh_schema, schema_of
from arbitre_tui.store.journal import Tx
from arbitre_tui.store.records import Row, player_row
from arbitre_tui.store.repo import Store
from arbitre_tui.store.schema import DATA_TABLES, MIGRATIONS, SCHEMA_VERSION, Table

JOURNAL_TABLES = {"journal", "journal_changes"}
# kept by triggers, never by Tx: the counter of changes to the players (schema 9)
COUNTER_TABLES = {"table_versions"}


@contextmanager
def _old_code(monkeypatch: pytest.MonkeyPatch, version: int) -> Iterator[None]:
    """arbitre as it was when the schema had ``version`` migrations."""
    with monkeypatch.context() as old:
        old.setattr(db, "MIGRATIONS", MIGRATIONS[:version])
        old.setattr(db, "SCHEMA_VERSION", version)
        yield


def _old_file(path: Path, monkeypatch: pytest.MonkeyPatch, version: int) -> None:
    """An event file written by that arbitre: an event, a tournament, two players."""
    with _old_code(monkeypatch, version):
        store = Store(path, create=True)
        conn = store.conn
        conn.execute("INSERT INTO event (id, name, created_at) VALUES (1, 'Ancien', '2026')")
        conn.execute(
            "INSERT INTO tournaments (key, name, system, rounds_planned) "
            "VALUES ('open', 'Open', 'swiss', 5)"
        )
        for name in ("Un", "Deux"):
            conn.execute("INSERT INTO players (tournament_id, surname) VALUES (1, ?)", (name,))
        store.close()
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == version
    raw.close()


@pytest.mark.parametrize("version", range(1, SCHEMA_VERSION))
def test_an_old_file_migrates_to_the_fresh_schema(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, version: int
) -> None:
    """Read back by introspection, table by table: columns in order, keys, indexes,
    triggers — the same as a file created today; and its rows kept."""
    _old_file(tmp_path / "old.sqlite", monkeypatch, version)
    fresh = Store(tmp_path / "fresh.sqlite", create=True)
    migrated = Store(tmp_path / "old.sqlite")
    assert schema_of(migrated.conn) == schema_of(fresh.conn) == fresh_schema(MIGRATIONS)
    assert [p.surname for p in migrated.players(1)] == ["Un", "Deux"]
    assert migrated.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    migrated.close()
    fresh.close()


def test_a_migration_that_would_drift_is_refused_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An old file shaped otherwise than its version says (an index dropped by hand):
    the migration is refused in French and the file stays as it was, version included."""
    path = tmp_path / "old.sqlite"
    _old_file(path, monkeypatch, 1)
    raw = sqlite3.connect(path)
    raw.execute("DROP INDEX players_tournament")
    raw.close()
    with pytest.raises(StoreError) as refused:
        Store(path)
    assert "table players : les index diffèrent" in refused.value.message
    assert "Rien n'a été modifié" in refused.value.message
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == 1
    tables = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    raw.close()
    assert "lucky_losers" not in tables  # migration 2 was not kept either


def test_drift_names_what_differs(tmp_path: Path) -> None:
    store = Store(tmp_path / "e.sqlite", create=True)
    assert drift(store.conn, MIGRATIONS) == []
    store.conn.execute("CREATE TABLE extra (id INTEGER PRIMARY KEY)")
    store.conn.execute("ALTER TABLE games ADD COLUMN note TEXT")
    assert drift(store.conn, MIGRATIONS) == [
        "table extra en trop",
        "table games : les colonnes diffèrent",
    ]
    store.close()


def test_data_tables_are_the_schema_tables_each_numbered_by_id() -> None:
    """Tx writes only DATA_TABLES, by ``id``: the list is the schema's tables, journal and
    trigger-kept counters aside."""
    schema = fresh_schema(MIGRATIONS)
    assert set(schema) - JOURNAL_TABLES - COUNTER_TABLES == DATA_TABLES
    for table in DATA_TABLES:
        assert schema[table]["columns"][0] == ("id", "INTEGER", 0, None, 1), table


# -- bulk inserts ---------------------------------------------------------------------------


def _event(path: Path) -> Store:
    store = Store(path, create=True, terminal="poste-1")
    with store.journal.operation("create") as tx:
        tx.insert("event", {"id": 1, "name": "Test", "created_at": "2026"})
        tx.insert(
            "tournaments",
            {"key": "open", "name": "Open", "system": System.SWISS.value, "rounds_planned": 5},
        )
    return store


def _players(count: int, start: int = 0) -> list[Row]:
    rows = [
        player_row(Player(surname=f"J{i}", fide_id=30_000_000 + i))
        for i in range(start, start + count)
    ]
    for row in rows:
        row["tournament_id"] = 1
    return rows


def test_insert_all_writes_in_the_transaction_and_journals_each_row(tmp_path: Path) -> None:
    store = _event(tmp_path / "e.sqlite")
    store.conn.execute("INSERT INTO players (tournament_id, surname) VALUES (1, 'Avant')")
    with store.journal.operation("import_players") as tx:
        ids = tx.insert_all("players", _players(250))  # several of sqlite-utils' batches
    assert len(ids) == 250 and ids == list(range(2, 252))
    rows = {p.id: p for p in store.players(1)}
    assert [rows[i].surname for i in ids] == [f"J{i}" for i in range(250)]
    changes = store.conn.execute(
        "SELECT count(*) FROM journal_changes WHERE journal_id = ? AND before IS NULL",
        (tx.journal_id,),
    ).fetchone()[0]
    assert changes == 250
    store.journal.undo()  # the journal is enough to take them all back
    assert [p.surname for p in store.players(1)] == ["Avant"]
    store.close()


def test_insert_all_commits_nothing_early(tmp_path: Path) -> None:
    """A refusal after the bulk insert (or a duplicate inside it) leaves the file as it was:
    sqlite-utils took a SAVEPOINT in the open transaction, it did not commit it."""
    store = _event(tmp_path / "e.sqlite")
    before = store.snapshot()
    refused = pytest.raises(OperationError, match="refusé après coup")
    with refused, store.journal.operation("import_players") as tx:
        tx.insert_all("players", _players(120))
        raise OperationError("refusé après coup")
    assert store.snapshot() == before
    duplicate = [*_players(150), *_players(1)]  # the last row repeats J0's FIDE id
    refused = pytest.raises(OperationError, match="rien n'a été enregistré")
    with refused, store.journal.operation("import_players") as tx:
        tx.insert_all("players", duplicate)
    assert store.snapshot() == before
    other = sqlite3.connect(tmp_path / "e.sqlite")  # another station sees nothing either
    assert other.execute("SELECT count(*) FROM players").fetchone()[0] == 0
    other.close()
    store.close()


def test_insert_all_leaves_the_connection_as_it_was(tmp_path: Path) -> None:
    store = _event(tmp_path / "e.sqlite")
    pragmas = ("recursive_triggers", "foreign_keys", "journal_mode", "synchronous")
    settings = [store.conn.execute(f"PRAGMA {p}").fetchone()[0] for p in pragmas]
    with store.journal.operation("import_players") as tx:
        tx.insert_all("players", _players(3))
    assert [store.conn.execute(f"PRAGMA {p}").fetchone()[0] for p in pragmas] == settings
    assert store.conn.row_factory is sqlite3.Row and store.conn.isolation_level is None
    refused = pytest.raises(ValueError, match="sans id")
    with refused, store.journal.operation("import_players") as tx:
        tx.insert_all("players", [{"id": 9, **_players(1)[0]}])
    store.close()


def test_importing_players_goes_through_insert_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The import operation writes its players in one bulk insert, each row journaled."""
    from arbitre_tui.operations import EventService

    service = EventService(tmp_path / "e.sqlite", create=True)
    service.create_event("Test", "Ville")
    service.add_tournament(
        Tournament(key="open", name="Open", system=System.SWISS, rounds_planned=5)
    )
    csv = "nom,fide_id\n" + "".join(f"J{i},{30_000_000 + i}\n" for i in range(300))
    calls: list[int] = []
    bulk = Tx.insert_all

    def counting(self: Tx[Any], table: Table, rows: Sequence[Mapping[str, Any]]) -> list[int]:
        calls.append(len(rows))
        return bulk(self, table, rows)

    monkeypatch.setattr(Tx, "insert_all", counting)
    assert service.import_players("open", csv.encode()) == (300, [])
    assert calls == [300]
    assert len(service.store.players(service.tournament("open").id or 0)) == 300
    # one operation, undone whole (once confirmed: an import's undo asks, issue 35.13)
    assert service.journal.undo(confirm=True) is not None
    assert service.store.players(service.tournament("open").id or 0) == []
    service.close()
