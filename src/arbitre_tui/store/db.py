"""Opening an event file safely: checks, pragmas, migrations."""

from __future__ import annotations

import os
import sqlite3
import sys
from pathlib import Path

from .schema import APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION

SQLITE_MAGIC = b"SQLite format 3\x00"


class StoreError(Exception):
    """A file that cannot be used as it is; the message says what to do (French)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


# -- nothing but SQLite opens an event file ------------------------------------------------
# POSIX locks belong to the process: closing *any* descriptor of a file drops every lock the
# process holds on it, SQLite's included (SQLite "How To Corrupt", 2.2). Another process then
# believes it is the last one, checkpoints and deletes the WAL under us. So while a
# connection is open, an `open()` of the event file (or its -wal/-shm) from Python is a bug:
# the audit hook below turns it into an immediate error instead of silent data loss.
_open_files: dict[str, int] = {}
_hook_installed = False


class ForbiddenOpen(RuntimeError):
    """Python code tried to open an event file this process holds through SQLite."""


def _watched(path: Path) -> list[str]:
    base = os.path.realpath(path)
    return [base, base + "-wal", base + "-shm", base + "-journal"]


def _audit(event: str, args: tuple[object, ...]) -> None:
    if event != "open" or not _open_files:
        return
    target = args[0]
    if isinstance(target, int) or target is None:
        return
    name = os.fsdecode(target) if isinstance(target, (str, bytes, os.PathLike)) else None
    if name is None:
        return
    if os.path.basename(name) not in _open_basenames():
        return
    if os.path.realpath(name) in _open_files:
        raise ForbiddenOpen(
            f"{name} est ouvert par SQLite dans ce processus : l'ouvrir autrement ferait "
            "perdre ses verrous (et des résultats). Passez par le store."
        )


def _open_basenames() -> set[str]:
    return {os.path.basename(p) for p in _open_files}


def _register(path: Path) -> None:
    global _hook_installed
    if not _hook_installed:
        sys.addaudithook(_audit)
        _hook_installed = True
    for name in _watched(path):
        _open_files[name] = _open_files.get(name, 0) + 1


def _unregister(path: Path) -> None:
    for name in _watched(path):
        left = _open_files.get(name, 0) - 1
        if left > 0:
            _open_files[name] = left
        else:
            _open_files.pop(name, None)


def is_held(path: Path) -> bool:
    """Does this process hold a connection to ``path``?"""
    return os.path.realpath(path) in _open_files


def connect(path: str | Path, *, create: bool = False, check: bool = True) -> sqlite3.Connection:
    """Open (or create) an event file with the durability settings every action relies on.

    WAL and ``synchronous=FULL``: a commit is on disk before the screen says "saved",
    even across a power cut. ``isolation_level=None``: transactions are explicit.
    The file is only ever read by SQLite (see the audit hook above).
    """
    path = Path(path)
    if path.is_dir():
        raise StoreError(f"{path} est un dossier, pas un fichier de tournoi.")
    exists = path.exists() and path.stat().st_size > 0
    if not exists and not create:
        raise StoreError(f"{path} n'existe pas. Créez-le avec : arbitre new --template NOM {path}")
    if not path.parent.is_dir():
        raise StoreError(f"Le dossier {path.parent} n'existe pas.")
    try:
        conn = sqlite3.connect(path, timeout=30.0, isolation_level=None, check_same_thread=False)
    except sqlite3.Error as exc:
        raise _store_error(path, exc) from None
    _register(path)
    try:
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA busy_timeout = 30000")
        if exists:
            _check_identity(conn, path, check)
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
        migrate(conn)
    except sqlite3.Error as exc:
        close(conn, path)
        raise _store_error(path, exc) from None
    except UnicodeDecodeError:  # SQLite's message quotes the damaged bytes of the schema
        close(conn, path)
        raise StoreError(
            f"{path} est endommagé (schéma illisible). Restaurez la dernière sauvegarde : "
            f"arbitre restore {path}"
        ) from None
    except StoreError:
        close(conn, path)
        raise
    return conn


def close(conn: sqlite3.Connection, path: Path) -> None:
    conn.close()
    _unregister(path)


def disk_is_full(path: Path) -> bool:
    """Less room than SQLite needs for a write (a WAL frame, the -shm index)."""
    try:
        st = os.statvfs(path.parent if not path.is_dir() else path)
    except OSError:
        return False
    return st.f_bavail * st.f_frsize < 256 * 1024


def _store_error(path: Path, exc: sqlite3.Error) -> StoreError:
    """Say what is wrong with the file in French, from what SQLite found."""
    text = str(exc).lower()
    if "not a database" in text:
        return StoreError(
            f"{path} n'est pas une base arbitre (ce n'est pas un fichier SQLite). "
            f"S'il s'agit d'un tournoi endommagé : arbitre restore {path}"
        )
    if (
        "readonly" in text
        or "read-only" in text
        or ("unable to open" in text and path.exists() and not os.access(path.parent, os.W_OK))
    ):
        return StoreError(
            f"{path} est en lecture seule (le fichier ou son dossier) : arbitre doit pouvoir y "
            "écrire. Vérifiez les droits, ou copiez le tournoi dans un dossier où écrire."
        )
    if "full" in text or (("i/o" in text or "unable to open" in text) and disk_is_full(path)):
        return StoreError(
            f"Écriture impossible, disque plein : rien n'a été enregistré ({path.name} ne "
            "peut pas être ouvert). Libérez de la place puis recommencez."
        )
    if "malformed" in text or "corrupt" in text:
        return StoreError(
            f"{path} est endommagé ({exc}). Restaurez la dernière sauvegarde : "
            f"arbitre restore {path}"
        )
    if "i/o" in text:
        return StoreError(
            f"Erreur d'accès au disque en ouvrant {path} (support retiré ou défaillant ?) : "
            "rien n'a été modifié. Vérifiez le support puis recommencez."
        )
    return StoreError(f"{path} ne peut pas être ouvert ({exc}) : rien n'a été modifié.")


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
