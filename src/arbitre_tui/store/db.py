"""Opening an event file safely: checks, pragmas, migrations."""

from __future__ import annotations

import os
import sqlite3
import sys
import threading
import urllib.parse
from pathlib import Path

from .schema import APPLICATION_ID, DATA_TABLES, MIGRATIONS, SCHEMA_VERSION, statements

SQLITE_MAGIC = b"SQLite format 3\x00"


class StoreError(Exception):
    """A file that cannot be used as it is; the message says what to do (French).

    ``damaged``: the file itself is broken (or not a database at all) — the one case a
    restore may rebuild it from a backup; a full disk, a read-only folder or a newer
    schema are not.
    """

    def __init__(self, message: str, *, damaged: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.damaged = damaged


# -- nothing but SQLite opens an event file ------------------------------------------------
# POSIX locks belong to the process: closing *any* descriptor of a file drops every lock the
# process holds on it, SQLite's included (SQLite "How To Corrupt", 2.2). Another process then
# believes it is the last one, checkpoints and deletes the WAL under us. So while a
# connection is open, an `open()` of the event file (or its -wal/-shm) from Python is a bug:
# the audit hook below turns it into an immediate error instead of silent data loss.
_lock = threading.Lock()
_counts: dict[tuple[int, int], int] = {}  # (device, inode) of each held event file
_held_files: frozenset[tuple[int, int]] = frozenset()  # swapped whole: the hook never waits
_held_names: frozenset[str] = frozenset()  # their -wal/-shm/-journal, by real path
_hook_installed = False


class ForbiddenOpen(RuntimeError):
    """Python code tried to open an event file this process holds through SQLite."""


def _identity(path: str | Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return (st.st_dev, st.st_ino)


def _audit(event: str, args: tuple[object, ...]) -> None:
    if event != "open":
        return
    files, names = _held_files, _held_names
    if not files:
        return
    target = args[0]
    if not isinstance(target, (str, bytes, os.PathLike)):
        return  # a descriptor number: already open
    name = os.fsdecode(target)
    if _identity(name) in files or os.path.realpath(name) in names:
        raise ForbiddenOpen(
            f"{name} est le fichier du tournoi, ouvert par SQLite dans ce processus : "
            "l'ouvrir autrement ferait perdre ses verrous (et des résultats)."
        )


def _swap() -> None:
    global _held_files, _held_names
    _held_files = frozenset(_counts)
    _held_names = frozenset(
        name
        for held in _paths.values()
        for name in (held + "-wal", held + "-shm", held + "-journal")
    )


_paths: dict[tuple[int, int], str] = {}


def _register(path: Path) -> None:
    global _hook_installed
    key = _identity(path)
    if key is None:
        return
    with _lock:
        if not _hook_installed:
            sys.addaudithook(_audit)
            _hook_installed = True
        _counts[key] = _counts.get(key, 0) + 1
        _paths[key] = os.path.realpath(path)
        _swap()


def _unregister(path: Path, key: tuple[int, int] | None) -> None:
    if key is None:
        return
    with _lock:
        left = _counts.get(key, 0) - 1
        if left > 0:
            _counts[key] = left
        else:
            _counts.pop(key, None)
            _paths.pop(key, None)
        _swap()


def is_held(path: Path) -> bool:
    """Does this process hold a connection to ``path``?"""
    return _identity(path) in _held_files


def connect(
    path: str | Path, *, create: bool = False, check: bool = True, read_only: bool = False
) -> sqlite3.Connection:
    """Open (or create) an event file with the durability settings every action relies on.

    WAL and ``synchronous=FULL``: a commit is on disk before the screen says "saved",
    even across a power cut. ``isolation_level=None``: transactions are explicit.
    The file is only ever read by SQLite (see the audit hook above).
    ``read_only``: the caller only reads; where nothing can be written (a write-protected
    key, a CD), the file is opened read-only instead of refused.
    """
    path = Path(path)
    if path.is_dir():
        raise StoreError(f"{path} est un dossier, pas un fichier de tournoi.")
    if path.exists() and not path.is_file():  # /dev/null: no « vide », no « restore » to it
        from .files import not_a_file

        raise StoreError(f"{path} : {not_a_file(path)} de tournoi.")
    exists = path.exists() and path.stat().st_size > 0
    if not exists and not create:
        if path.exists():  # 0 bytes: a copy that failed, a file made by hand
            raise StoreError(
                f"{path} est vide (0 octet) : ce n'est pas un tournoi. Restaurez la dernière "
                f"sauvegarde (arbitre restore {path}) ou créez-le (arbitre new --template NOM "
                f"{path}).",
                damaged=True,
            )
        raise StoreError(f"{path} n'existe pas. Créez-le avec : arbitre new --template NOM {path}")
    if not path.parent.is_dir():
        raise StoreError(f"Le dossier {path.parent} n'existe pas.")
    if read_only and exists and not _writable(path):
        return _connect_read_only(path, check)
    if exists and not is_held(path):
        _check_wal(path)
    try:
        conn = sqlite3.connect(path, timeout=30.0, isolation_level=None, check_same_thread=False)
    except sqlite3.Error as exc:
        raise _store_error(path, exc) from None
    _register(path)
    key = _identity(path)
    try:
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA busy_timeout = 30000")
        if exists:
            _check_identity(conn, path, check)
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
        migrate(conn)
        _conn_keys[id(conn)] = key
    except sqlite3.Error as exc:
        conn.close()
        _unregister(path, key)
        raise _store_error(path, exc) from None
    except UnicodeDecodeError:  # SQLite's message quotes the damaged bytes of the schema
        conn.close()
        _unregister(path, key)
        raise StoreError(
            f"{path} est endommagé (schéma illisible). Restaurez la dernière sauvegarde : "
            f"arbitre restore {path}",
            damaged=True,
        ) from None
    except StoreError:
        conn.close()
        _unregister(path, key)
        raise
    return conn


def _writable(path: Path) -> bool:
    """Can SQLite write here: the file, and its folder (for the -wal and -shm)?"""
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)


def _connect_read_only(path: Path, check: bool) -> sqlite3.Connection:
    """A read-only connection to an event on a medium nothing can be written to.

    SQLite's ``mode=ro`` needs the WAL index beside a WAL file; without a WAL left there
    (the file closed cleanly), ``immutable=1`` reads the file alone — nothing can change it
    on such a medium. A WAL left there that cannot be read is refused: reading without it
    would show results older than those saved.
    """
    wal = path.with_name(path.name + "-wal")
    has_wal = wal.exists() and wal.stat().st_size > 0
    base = f"file:{urllib.parse.quote(str(path.resolve()))}"
    conn: sqlite3.Connection | None = None
    for query in ("mode=ro", *(() if has_wal else ("immutable=1",))):
        try:
            conn = sqlite3.connect(
                f"{base}?{query}", uri=True, isolation_level=None, check_same_thread=False
            )
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            break
        except sqlite3.Error:
            if conn is not None:
                conn.close()
            conn = None
    if conn is None:
        raise StoreError(
            f"{path} est sur un support en lecture seule et son journal SQLite ({wal.name}) "
            "ne peut pas être lu ainsi : copiez le dossier du tournoi sur un support où "
            "écrire, puis ouvrez la copie. Rien n'a été modifié."
        )
    _register(path)
    key = _identity(path)
    try:
        conn.row_factory = sqlite3.Row
        _check_identity(conn, path, check)
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version < SCHEMA_VERSION:
            raise StoreError(
                f"{path} (schéma {version}) doit être mis à jour pour cette version d'arbitre, "
                "ce qui est impossible sur un support en lecture seule : copiez-le sur un "
                "support où écrire, puis ouvrez la copie. Rien n'a été modifié."
            )
        conn.execute("PRAGMA query_only = ON")
        _conn_keys[id(conn)] = key
    except sqlite3.Error as exc:
        conn.close()
        _unregister(path, key)
        raise _store_error(path, exc) from None
    except StoreError:
        conn.close()
        _unregister(path, key)
        raise
    return conn


def _check_wal(path: Path) -> None:
    """A -wal left beside the file with no process holding it (a crash, or a copy): SQLite
    would replay it at once; refused if it is not this event's own (store/wal.py)."""
    wal = path.with_name(path.name + "-wal")
    try:
        if wal.stat().st_size == 0:
            return
    except OSError:
        return
    from .presence import holders

    if holders(path) != []:  # live (its writers' own), or this system cannot tell
        return
    from .wal import foreign_reason, set_aside

    reason = foreign_reason(path, wal)
    if reason is not None:
        raise StoreError(set_aside(path, reason))


def close(conn: sqlite3.Connection, path: Path) -> None:
    """Close a connection from :func:`connect`; the file is free again once none is left."""
    key = _conn_keys.pop(id(conn), None)
    conn.close()
    _unregister(path, key)


_conn_keys: dict[int, tuple[int, int] | None] = {}


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
            f"S'il s'agit d'un tournoi endommagé : arbitre restore {path}",
            damaged=True,
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
            f"{path} est endommagé ({sqlite_reason(exc)}). Restaurez la dernière sauvegarde : "
            f"arbitre restore {path}",
            damaged=True,
        )
    if "i/o" in text:
        return StoreError(
            f"Erreur d'accès au disque en ouvrant {path} (support retiré ou défaillant ?) : "
            "rien n'a été modifié. Vérifiez le support puis recommencez."
        )
    return StoreError(
        f"{path} ne peut pas être ouvert ({sqlite_reason(exc)}) : rien n'a été modifié."
    )


# SQLite's English, in the arbiters' words (the first that the message contains)
_SQLITE_REASONS = (
    ("not a database", "ce n'est pas une base SQLite"),
    ("malformed", "structure du fichier abîmée"),
    ("corrupt", "structure du fichier abîmée"),
    ("could not decode", "texte illisible dans le fichier"),
    (
        "unable to open",
        "ouverture impossible : dossier absent, droits, ou un dossier à cette place",
    ),
    ("readonly", "lecture seule"),
    ("read-only", "lecture seule"),
    ("full", "disque plein"),
    ("locked", "occupé par un autre programme"),
    ("busy", "occupé par un autre programme"),
    ("disk i/o", "erreur de lecture ou d'écriture du support"),
)


def sqlite_reason(exc: sqlite3.Error | str) -> str:
    """What SQLite found, in French (its own message is English): a known reason, else its
    code (SQLITE_CANTOPEN), never its text."""
    text = str(exc).lower()
    for words, french in _SQLITE_REASONS:
        if words in text:
            return french
    name = getattr(exc, "sqlite_errorname", None)
    return f"erreur SQLite {name}" if name else "erreur SQLite"


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
    if version == SCHEMA_VERSION:  # a table gone (dropped by hand, a bad copy): said so
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if missing := sorted(DATA_TABLES - tables):
            raise StoreError(
                f"{path} est endommagé (la table {', '.join(missing)} a disparu) : rien n'a été "
                f"modifié. Restaurez la dernière sauvegarde : arbitre restore {path}",
                damaged=True,
            )
    if check:
        rows = [r[0] for r in conn.execute("PRAGMA integrity_check").fetchall()]
        if rows != ["ok"]:
            raise StoreError(
                f"{path} est endommagé (le contrôle d'intégrité de SQLite y trouve "
                f"{len(rows)} défaut(s)). Restaurez la dernière sauvegarde : arbitre restore {path}",
                damaged=True,
            )


def migrate(conn: sqlite3.Connection) -> None:
    """Bring the schema to the current version: all the steps in one transaction.

    An old file is checked against a fresh schema before the commit
    (introspection.drift): one that would end up shaped otherwise is refused as it was.
    """
    if conn.execute("PRAGMA user_version").fetchone()[0] >= SCHEMA_VERSION:
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        # read again under the lock: another station may have migrated it meanwhile
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
            # executescript would commit on its own; run statements one by one instead.
            for statement in statements(script):
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {number}")
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        if 0 < version < len(MIGRATIONS):
            from .introspection import drift

            faults = drift(conn, MIGRATIONS)
            if faults:
                raise StoreError(
                    f"Mise à jour du schéma {version} → {len(MIGRATIONS)} refusée : le "
                    f"résultat ne serait pas celui d'un fichier neuf ({' ; '.join(faults)}). "
                    "Rien n'a été modifié ; gardez ce fichier et signalez-le."
                )
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
