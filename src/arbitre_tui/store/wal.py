"""A `-wal` beside an event that is not its own: found before SQLite merges it.

SQLite replays whatever write-ahead log it finds beside a database: a WAL copied there from
another event (or an old one of the same event) would overwrite an intact file's pages the
moment any command — a read-only `show` too — opened it. Nothing in SQLite's files ties a
WAL to its database, so the check is the event's own: the log is replayed on a copy of both
in a private folder, and what it yields must continue the file — readable, the same event
(created at the same moment), its journal the file's journal and only more after it (the
journal is append-only), written on the same copy of the event (store/lineage.py: a
copy on a USB key shares the whole history up to the copy, and its log would continue
it). A log that does not is moved aside, kept, and the command refused. (Comparing the
rows the journal's last entries wrote with the tables, tried in issue 53.3, set aside the
log of a station killed in the soak test — a false alarm that would refuse an event after a
power cut: removed.)

Only when no process has the event open: a live WAL belongs to the stations writing it.
"""

from __future__ import annotations

import datetime as dt
import os
import shutil
import sqlite3
import struct
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .lineage import identity, written_by

WAL_MAGIC = (0x377F0682, 0x377F0683)


def _page_size(header: bytes) -> int:
    size = int(struct.unpack(">H", header[16:18])[0])
    return 65536 if size == 1 else size


@dataclass
class _State:
    """What a file says of itself, read by SQLite: its creation, its journal, the copy that
    made its last commit (store/lineage.py), and the rows its last entries wrote."""

    created: list[tuple[object, ...]]
    journal: list[tuple[object, ...]]
    token: int | None
    written_on: int | None
    con: sqlite3.Connection


def _state(path: Path) -> _State | None:
    """``path`` read by SQLite, kept open for :func:`_unlike` (None: unreadable or not an
    event); the caller closes ``con``."""
    try:
        con = sqlite3.connect(path, isolation_level=None)
    except sqlite3.Error:
        return None
    try:
        if con.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            con.close()
            return None
        event = con.execute("SELECT created_at FROM event").fetchall()
        journal = con.execute("SELECT id, at, terminal, op, args FROM journal ORDER BY id")
        rows = [tuple(r) for r in journal.fetchall()]
        token, written_on = written_by(con)
        return _State([tuple(r) for r in event], rows, token, written_on, con)
    except sqlite3.Error:
        con.close()
        return None


def foreign_reason(path: Path, wal: Path) -> str | None:
    """Why ``wal`` is not the log of ``path`` (None: it is, or it cannot be told)."""
    try:
        with open(path, "rb") as f:
            head = f.read(100)
        with open(wal, "rb") as f:
            wal_head = f.read(32)
    except OSError:
        return None
    if len(head) < 100 or len(wal_head) < 32:
        return None  # SQLite ignores a log shorter than its header
    magic, _version, page_size = struct.unpack(">3I", wal_head[:12])
    if magic not in WAL_MAGIC:
        return None  # not a log SQLite would replay
    if page_size != _page_size(head):
        return "pages d'une autre taille que celles du tournoi"
    try:
        return _replayed_reason(path, wal)
    except OSError:  # no private folder to replay it in: it cannot be told
        return None


def _replayed_reason(path: Path, wal: Path) -> str | None:
    """The log replayed on private copies: does it continue the file?"""
    with tempfile.TemporaryDirectory(prefix="arbitre-wal-") as folder:
        alone = Path(folder) / "seul.sqlite"
        merged = Path(folder) / "avec-journal.sqlite"
        shutil.copyfile(path, alone)
        shutil.copyfile(path, merged)
        shutil.copyfile(wal, Path(f"{merged}-wal"))
        before = _state(alone)
        if before is None:
            return None  # the file alone is unreadable: its log may be what completes it
        before.con.close()
        after = _state(merged)
        if after is None:
            return "le tournoi n'est plus lisible une fois ce journal appliqué"
        try:
            return _compare(path, before, after)
        finally:
            after.con.close()


def _compare(path: Path, before: _State, after: _State) -> str | None:
    if before.created and after.created != before.created:
        return "il vient d'un autre tournoi, créé à un autre moment"
    if after.journal[: len(before.journal)] != before.journal:
        return "il ne prolonge pas l'historique du tournoi : autre tournoi, ou journal ancien"
    if (
        before.token is not None
        and after.token != before.token
        and after.written_on != identity(path)
    ):
        return (
            "il a été écrit par une autre copie de ce tournoi (clé USB, autre machine) : "
            "l'appliquer mêlerait les deux copies"
        )
    return None


def set_aside(path: Path, reason: str) -> str:
    """Move the foreign log (and its index) aside, kept; what to tell the arbiter."""
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    wal = path.with_name(path.name + "-wal")
    aside = wal.with_name(f"{wal.name}.etranger-{stamp}")
    try:
        os.replace(wal, aside)
        shm = path.with_name(path.name + "-shm")
        if shm.exists():
            os.replace(shm, shm.with_name(f"{shm.name}.etranger-{stamp}"))
    except OSError:
        return (
            f"{wal.name}, à côté de {path}, n'est pas le journal SQLite de ce tournoi "
            f"({reason}) et ne peut pas être mis de côté (lecture seule ?) : rien n'a été "
            f"ouvert ni modifié. Déplacez {wal} ailleurs, puis recommencez."
        )
    return (
        f"{wal.name}, à côté de {path}, n'est pas le journal SQLite de ce tournoi ({reason}) : "
        f"il l'aurait écrasé. Rien n'a été ouvert ni modifié ; ce journal est gardé sous "
        f"{aside.name}. Relancez la commande : le tournoi s'ouvrira tel qu'il est enregistré."
    )
