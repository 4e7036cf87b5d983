"""Which paths belong to an event: the one guard every output path goes through.

A command that writes a page, a PDF, a TRF or a copy must never write over an event's
file, its SQLite companions (-wal, -shm, -journal: the results not yet checkpointed), its
backups or the rating lists: SQLite would then read a foreign WAL or a truncated base, and
results the arbiter was told were saved would be lost. Reading a few header bytes is
enough to know; the store is the layer that knows its own files.
"""

from __future__ import annotations

from pathlib import Path

SQLITE_HEADER = b"SQLite format 3\x00"
WAL_MAGIC = (b"\x37\x7f\x06\x82", b"\x37\x7f\x06\x83")  # SQLite's WAL header, both byte orders
COMPANIONS = ("-wal", "-shm", "-journal")
BACKUP_FOLDER = ".sauvegardes"


def _head(path: Path, size: int) -> bytes:
    try:
        with path.open("rb") as stream:
            return stream.read(size)
    except OSError:
        return b""


def _is_database(path: Path) -> bool:
    return path.is_file() and _head(path, len(SQLITE_HEADER)) == SQLITE_HEADER


def protected(path: Path) -> str | None:
    """Why writing ``path`` would destroy an event's data (a French sentence without its
    final stop), or None.

    Refused: an SQLite base (an event, a backup, the rating lists), a WAL by its header, a
    file named as the companion of an SQLite base beside it (even when SQLite has removed
    it for now: the next open would read what was written there), anything inside an
    event's backup folder, a folder.
    """
    if path.is_dir():
        return f"{path} est un dossier : il serait remplacé"
    name = path.name
    for end in COMPANIONS:
        if name.endswith(end) and _is_database(path.with_name(name[: -len(end)])):
            return f"{path} est un fichier du tournoi {name[: -len(end)]} (son journal SQLite) : il serait perdu"
    if any(part.endswith(BACKUP_FOLDER) for part in path.resolve().parent.parts):
        return f"{path} est dans le dossier des sauvegardes d'un tournoi : une copie serait perdue"
    if path.is_file():
        head = _head(path, len(SQLITE_HEADER))
        if head == SQLITE_HEADER:
            return f"{path} est une base SQLite (un tournoi ?) : elle serait écrasée"
        if head[:4] in WAL_MAGIC:
            return f"{path} est le journal SQLite (WAL) d'une base : ses résultats seraient perdus"
    return None


def not_a_file(path: Path) -> str | None:
    """What ``path`` is when it is no regular file, in French (« introuvable » only when
    nothing is there: a folder or /dev/null is said as such), or None for a file."""
    import stat

    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return "introuvable"
    except OSError:
        return "inaccessible"
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "c'est un dossier, pas un fichier"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "c'est un périphérique (comme /dev/null), pas un fichier"
    if stat.S_ISFIFO(mode):
        return "c'est un tube (FIFO), pas un fichier"
    return "ce n'est pas un fichier ordinaire"
