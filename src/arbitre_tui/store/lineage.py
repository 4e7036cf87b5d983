"""Which copy of an event wrote a WAL: recorded with every commit, so a log from another
copy is recognised (store/wal.py).

Nothing in SQLite's files ties a `-wal` to its database (SQLite's WAL format: the header's
salts change at each checkpoint, and a copy of the file starts the same log as the
original would). Two copies of one event (a USB key, a second machine) share every byte up
to the copy; a log one of them wrote after it, put beside the other, continues that shared
history and SQLite would replay it. So each commit records which file it was made on:

- ``copie``: a random token, drawn again by the first commit made on another file than the
  previous commit (an identity — machine, device, inode — that differs: a copy);
- ``copie-fichier``: that identity, digested;
- ``commits``: a counter every commit increments, so that every log holds the page with
  the token (a log whose commits left it alone would show the file's own token).

A log is the file's own when, replayed, it shows the file's token, or it was written on
this very file (a copy's first commits, its checkpoint not made yet when it crashed).
These rows live in ``table_versions`` (a key and an integer), outside the journal: the
arbiter's history does not show them and undo does not touch them.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from pathlib import Path

TOKEN = "copie"
FILE = "copie-fichier"
COUNT = "commits"


def identity(path: Path) -> int | None:
    """The file as this machine names it (host, device, inode), as a 63-bit number."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    number = 0xCBF29CE484222325  # FNV-1a: hashlib stays out of the app's first paint
    for byte in f"{os.uname().nodename}:{st.st_dev}:{st.st_ino}".encode():
        number = ((number ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return number >> 1


def _read(conn: sqlite3.Connection, name: str) -> int | None:
    try:
        row = conn.execute("SELECT version FROM table_versions WHERE name = ?", (name,)).fetchone()
    except sqlite3.Error:  # an older schema, before table_versions: nothing to tell
        return None
    return None if row is None else int(row[0])


def _write(conn: sqlite3.Connection, name: str, value: int) -> None:
    conn.execute(
        "INSERT INTO table_versions (name, version) VALUES (?, ?) "
        "ON CONFLICT (name) DO UPDATE SET version = excluded.version",
        (name, value),
    )


def stamp(conn: sqlite3.Connection, path: Path | None) -> bool:
    """Inside a commit's transaction: count it, and draw a new token when it is made on
    another file than the last one (True: a new copy, worth a checkpoint after the
    commit so that the file itself carries its token)."""
    if not conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'table_versions'"
    ).fetchone():
        return False  # a file of an older schema, written before its migration: no stamp
    count = _read(conn, COUNT) or 0
    _write(conn, COUNT, count + 1)
    here = identity(path) if path is not None else None
    if here is None or _read(conn, FILE) == here:
        return False
    import secrets  # only for a new copy: not on the app's first paint

    _write(conn, TOKEN, secrets.randbits(63))
    _write(conn, FILE, here)
    return True


def written_by(conn: sqlite3.Connection) -> tuple[int | None, int | None]:
    """The token and the file identity of the last commit readable through ``conn``."""
    return _read(conn, TOKEN), _read(conn, FILE)


def settle(conn: sqlite3.Connection) -> None:
    """After a new copy's first commit: copy the log into the file, so that the file alone
    carries the new token; PASSIVE: it never waits for a station reading (what it
    cannot copy now, a later checkpoint will)."""
    with contextlib.suppress(sqlite3.Error):
        conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
