"""Opening an event file safely: checks, pragmas, migrations."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from .schema import APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION

SQLITE_MAGIC = b"SQLite format 3\x00"


class StoreError(Exception):
    """A file that cannot be used as it is; the message says what to do (French)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _check_header(path: Path) -> None:
    with path.open("rb") as fh:
        head = fh.read(16)
    if head and head != SQLITE_MAGIC:
        raise StoreError(
            f"{path} n'est pas une base arbitre (ce n'est pas un fichier SQLite). "
            f"S'il s'agit d'un tournoi endommagé : arbitre restore {path}"
        )


def connect(path: str | Path, *, create: bool = False, check: bool = True) -> sqlite3.Connection:
    """Open (or create) an event file with the durability settings every action relies on.

    WAL and ``synchronous=FULL``: a commit is on disk before the screen says "saved",
    even across a power cut. ``isolation_level=None``: transactions are explicit.
    """
    path = Path(path)
    exists = path.exists() and path.stat().st_size > 0
    if not exists and not create:
        raise StoreError(f"{path} n'existe pas. Créez-le avec : arbitre new --template NOM {path}")
    if exists:
        _check_header(path)
    conn = sqlite3.connect(path, timeout=30.0, isolation_level=None, check_same_thread=False)
    try:
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA busy_timeout = 30000")
        if exists:
            _check_identity(conn, path, check)
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
        migrate(conn)
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise StoreError(
            f"{path} est endommagé ({exc}). Restaurez la dernière sauvegarde : arbitre restore {path}"
        ) from None
    except StoreError:
        conn.close()
        raise
    return conn


def _check_identity(conn: sqlite3.Connection, path: Path, check: bool) -> None:
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if app_id != APPLICATION_ID:
        raise StoreError(
            f"{path} est une base SQLite, mais pas un tournoi arbitre : rien n'a été modifié."
        )
    if version > SCHEMA_VERSION:
        raise StoreError(
            f"{path} a été écrit par une version plus récente d'arbitre (schéma {version}, "
            f"celle-ci connaît {SCHEMA_VERSION}). Mettez arbitre à jour : rien n'a été modifié."
        )
    if check:
        rows = [r[0] for r in conn.execute("PRAGMA integrity_check").fetchall()]
        if rows != ["ok"]:
            raise StoreError(
                f"{path} est endommagé ({rows[0]}). Restaurez la dernière sauvegarde : "
                f"arbitre restore {path}"
            )


def migrate(conn: sqlite3.Connection) -> None:
    """Bring the schema to the current version, each step in its own transaction."""
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
        conn.execute("BEGIN IMMEDIATE")
        try:
            # executescript would commit on its own; run statements one by one instead.
            for statement in _statements(script):
                conn.execute(statement)
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version = {number}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise


def _statements(script: str) -> list[str]:
    """Split a migration into statements, keeping trigger bodies whole."""
    out: list[str] = []
    buffer = ""
    for line in script.splitlines():
        if line.strip().startswith("--") and not buffer.strip():
            continue
        buffer += line + "\n"
        if sqlite3.complete_statement(buffer):
            out.append(buffer.strip())
            buffer = ""
    if buffer.strip():
        out.append(buffer.strip())
    return out
