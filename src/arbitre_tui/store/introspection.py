"""The structure of an event file as SQLite reports it, read through sqlite-utils.

Where the store uses sqlite-utils (chosen by the user), and where not. It always wraps
the store's own connection, never a path: only ``db.connect`` opens an event file. It is
imported only where it is used: importing it costs 35 ms in the app (75 ms in a bare
command), which the start-up, the command line and the reads do not pay.

Used:

- here: the tables, columns, keys, indexes and triggers of a file, to check an old file
  against a fresh schema before its migration commits (``db.migrate``; refused whole if
  they differ), and in the migration tests (``tests/store/test_sqlite_utils.py``);
- ``journal.Tx.insert_all``: many new rows in multi-row INSERTs (an import's players),
  inside the operation's transaction (sqlite-utils takes a SAVEPOINT when one is open, so
  nothing commits early), each row journaled for undo as ``Tx.insert`` does. Fewer
  statements (1,000 players: 30 INSERTs of 999 values at most and one SELECT, instead of
  1,000 of each), not a faster import: about 130 ms either way, its Python per value
  costs what the statements saved.

Not used:

- the reads (``repo.py``): hand-written queries turn rows into models directly, the
  fingerprint reads exactly what a pairing reads; sqlite-utils' ``rows_where`` would add
  an import and nothing else;
- single-row writes (``Tx.insert``/``update``/``delete``): each reads the row's
  before-image and journals it; sqlite-utils' ``update``/``upsert`` write without it;
- the opening (pragmas, integrity check) and the backups (the sqlite3 backup API):
  one-line PRAGMAs, and a backup API sqlite-utils does not have;
- the migrations themselves stay SQL scripts (``schema.py``): sqlite-utils' ``transform``
  is the tool for a future change ALTER TABLE cannot make (a column's type, a constraint).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal, TypedDict

if TYPE_CHECKING:
    from sqlite_utils import Database


def database(conn: sqlite3.Connection) -> Database:
    """sqlite-utils over the store's connection, leaving its settings as they are
    (no recursive_triggers pragma, no plugin run on it)."""
    from sqlite_utils import Database

    return Database(conn, recursive_triggers=False, execute_plugins=False)


class TableShape(TypedDict):
    """A table as SQLite reports it: what a migration must leave as a fresh file has it."""

    columns: list[tuple[str, str, bool, Any, bool]]  # name, type, not null, default, key
    foreign_keys: list[tuple[Any, ...]]
    indexes: list[tuple[Any, ...]]
    triggers: list[str]


def schema_of(conn: sqlite3.Connection) -> dict[str, TableShape]:
    """Each table's columns (in order), foreign keys, indexes and triggers."""
    db = database(conn)
    out: dict[str, TableShape] = {}
    for name in db.table_names():
        table = db.table(name)
        out[name] = {
            "columns": [
                (c.name, c.type, c.notnull, c.default_value, c.is_pk) for c in table.columns
            ],
            "foreign_keys": sorted(
                (fk.columns, fk.other_table, fk.other_columns, fk.on_delete, fk.on_update)
                for fk in table.foreign_keys
            ),
            "indexes": sorted(
                (i.name, i.unique, i.origin, i.partial, tuple(i.columns)) for i in table.indexes
            ),
            "triggers": sorted(t.name for t in table.triggers),
        }
    return out


def fresh_schema(migrations: Sequence[str]) -> dict[str, TableShape]:
    """The structure a new file gets: the migrations run on an empty database in memory."""
    from .schema import statements

    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        for script in migrations:
            for statement in statements(script):
                conn.execute(statement)
        return schema_of(conn)
    finally:
        conn.close()


_PARTS: dict[Literal["columns", "foreign_keys", "indexes", "triggers"], str] = {
    "columns": "les colonnes",
    "foreign_keys": "les clés étrangères",
    "indexes": "les index",
    "triggers": "les déclencheurs",
}


def drift(conn: sqlite3.Connection, migrations: Sequence[str]) -> list[str]:
    """How this file's structure differs from a fresh file's, in French (empty: none)."""
    have, want = schema_of(conn), fresh_schema(migrations)
    faults = [f"table {name} absente" for name in sorted(want.keys() - have.keys())]
    faults += [f"table {name} en trop" for name in sorted(have.keys() - want.keys())]
    for name in sorted(want.keys() & have.keys()):
        faults += [
            f"table {name} : {label} diffèrent"
            for part, label in _PARTS.items()
            if have[name][part] != want[name][part]
        ]
    return faults
