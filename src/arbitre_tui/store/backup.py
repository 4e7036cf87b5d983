"""Online backups (SQLite backup API: safe while others write) and restore.

Nothing here opens the event file with anything but SQLite: a backup is written by the
backup API into a new file, and a restore copies a backup *into* the live database through
its own connection (a normal write transaction), never by moving files under other
processes. Round-close backups live apart from manual ones and are never pruned.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import errno
import json
import os
import sqlite3
import urllib.parse
from pathlib import Path

from ..files.partials import alive, kill_point, remove_dead
from .db import disk_is_full, is_held, sqlite_reason
from .errors import OperationError
from .schema import APPLICATION_ID, SCHEMA_VERSION

KEEP = 20
ROUNDS = "rondes"  # round-close backups: one per closed round, kept
PENDING = ".cloture-en-cours"  # a round's close under way: its backup not yet written


class BackupFailed(OperationError):
    """The action itself was committed; only the backup that follows it failed.

    Said apart from a refusal: the arbiter must not believe the action was lost.
    """


def backup_dir(path: Path) -> Path:
    return path.with_name(path.name + ".sauvegardes")


def _write_error(target: Path, exc: BaseException) -> OperationError:
    text = str(exc).lower()
    full = "full" in text or getattr(exc, "errno", None) == 28
    if full or ("i/o" in text and disk_is_full(target)):
        return OperationError(
            f"Écriture impossible, disque plein : la sauvegarde {target.name} n'a pas pu être "
            "écrite (rien n'a été laissé à moitié). Libérez de la place puis recommencez."
        )
    if "readonly" in text or "read-only" in text or isinstance(exc, PermissionError):
        return OperationError(f"Dossier en lecture seule : impossible d'écrire {target}.")
    if isinstance(exc, FileExistsError):
        return OperationError(f"{target} existe déjà : une copie n'écrase jamais un fichier.")
    reason = sqlite_reason(exc) if isinstance(exc, sqlite3.Error) else str(exc)
    return OperationError(f"Sauvegarde impossible vers {target} : {reason}.")


def ro_uri(path: Path) -> str:
    """A read-only SQLite URI for ``path`` (a #, ? or % in a name stays part of it)."""
    return f"file:{urllib.parse.quote(str(path.resolve()))}?mode=ro"


def _stamp_now() -> str:
    return dt.datetime.now().strftime("%Y%m%d-%H%M%S-%f")


def sync_folder(folder: Path) -> None:
    """A name just made in ``folder`` (a backup linked into place, a mark) survives a power
    cut only once the folder itself is synced: the file's own fsync does not write its
    entry. A system that cannot sync a folder (EINVAL: some network mounts) is no failure;
    a medium that fails the sync (EIO) is: the name may not be on it."""
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    except OSError as exc:
        if exc.errno not in (errno.EINVAL, errno.ENOTSUP, errno.EBADF):
            raise
    finally:
        os.close(fd)


def _remove_partial(partial: Path) -> None:
    for suffix in ("", "-journal", "-wal", "-shm"):
        leftover = partial.with_name(partial.name + suffix)
        if leftover.exists():
            leftover.unlink()


def room_for_copy(conn: sqlite3.Connection, folder: Path) -> str | None:
    """Why a copy of the database would not fit in ``folder`` (None: it fits).

    Asked before an action that must be followed by a backup (closing a round), so that
    the action and its backup are both done, or neither.
    """
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    size = conn.execute("PRAGMA page_size").fetchone()[0]
    need = pages * size + 512 * 1024  # the copy, and room for the commit itself
    probe = folder
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    try:
        st = os.statvfs(probe)
    except OSError:
        return None
    free = st.f_bavail * st.f_frsize
    if free >= need:
        return None
    asked, left = sizes(need, free)
    return (
        f"Écriture impossible, disque plein : rien n'a été enregistré (la sauvegarde qui "
        f"suit demande {asked}, il reste {left}). Libérez de la place puis réessayez."
    )


def sizes(need: int, free: int) -> tuple[str, str]:
    """What is asked and what is left, in Mo as French writes them, never equal when they
    differ (« 1,0 Mo demandés, il reste 1,0 Mo »): the need rounded up, the room down,
    with as many decimals as it takes, else in kio."""
    import math

    for digits in (1, 2, 3):
        scale = 10**digits
        asked = math.ceil(need * scale / 1e6) / scale
        left = math.floor(free * scale / 1e6) / scale
        if asked != left or need == free:
            return (
                f"{asked:.{digits}f} Mo".replace(".", ","),
                f"{left:.{digits}f} Mo".replace(".", ","),
            )
    return f"{need} octets", f"{free} octets"


def _backup_into(source: sqlite3.Connection, partial: Path) -> None:
    """SQLite's backup API into a new file, left as a plain (non-WAL) database."""
    out = sqlite3.connect(partial)
    try:
        source.backup(out)
        out.execute("PRAGMA journal_mode = DELETE")
    finally:
        out.close()


def copy_database(conn: sqlite3.Connection, target: Path) -> None:
    """Write the live database (WAL included) into a new file, whole or not at all.

    ``target`` must not exist: the finished copy is linked into place, which fails rather
    than overwrite anything.
    """
    partial = target.with_name(f".{target.name}.partiel-{os.getpid()}")
    try:
        _backup_into(conn, partial)
        kill_point("copie-partielle")
        os.link(partial, target)
        sync_folder(target.parent)
    except (sqlite3.Error, OSError) as exc:
        raise _write_error(target, exc) from None
    finally:
        _remove_partial(partial)


def backup(
    conn: sqlite3.Connection,
    path: Path,
    reason: str = "manuel",
    dest: Path | None = None,
    kind: str = "manuel",
) -> Path:
    """Copy the live database beside it (or to ``dest``, which must not exist yet).

    Manual backups: the last 20 are kept. Round-close backups (``kind="ronde"``) go to
    their own folder and are all kept.
    """
    if dest is not None:
        if dest.is_dir():
            dest = dest / f"{path.stem}-{_stamp_now()}-{reason}.sqlite"
        if dest.exists():
            raise OperationError(
                f"{dest} existe déjà : la sauvegarde n'écrase jamais un fichier. "
                "Choisissez un autre nom."
            )
        from .files import protected

        why = protected(dest)
        if why is not None:
            raise OperationError(f"{why} ; choisissez un autre nom pour la sauvegarde.")
        if not dest.parent.is_dir():
            raise OperationError(f"Le dossier {dest.parent} n'existe pas.")
        remove_dead(dest.parent)  # a killed backup's hidden copy there (issue 53.9)
        copy_database(conn, dest)
        return dest
    folder = backup_dir(path) / ROUNDS if kind == "ronde" else backup_dir(path)
    try:
        if not folder.is_dir():
            folder.mkdir(parents=True, exist_ok=True)
            sync_folder(folder.parent)
            sync_folder(folder.parent.parent)  # « rondes » may have made its parent too
    except OSError as exc:
        raise _write_error(folder, exc) from None
    full = room_for_copy(conn, folder)
    if full:
        raise OperationError(full.replace("la sauvegarde qui suit", "la sauvegarde"))
    target = folder / f"{path.stem}-{_stamp_now()}-{reason}.sqlite"
    copy_database(conn, target)
    if kind != "ronde":
        prune(folder)
    return target


def list_backups(path: Path) -> list[Path]:
    """Every backup of the event, oldest first (manual and round-close)."""
    folder = backup_dir(path)
    if not folder.exists():
        return []
    files = [*folder.glob("*.sqlite"), *(folder / ROUNDS).glob("*.sqlite")]
    return sorted(files, key=lambda p: p.stat().st_mtime_ns)


def prune(folder: Path) -> None:
    files = sorted(folder.glob("*.sqlite"), key=lambda p: p.stat().st_mtime_ns)
    for old in files[:-KEEP]:
        old.unlink()


Identity = tuple[object, ...]  # an event's birth: created_at, the journal's first entry


def _identity(con: sqlite3.Connection) -> tuple[Identity, str] | None:
    """Which event a database holds, and its name (None: cannot be told)."""
    try:
        event = con.execute("SELECT created_at, name FROM event").fetchone()
        first = con.execute("SELECT at, op, args FROM journal ORDER BY id LIMIT 1").fetchone()
    except (sqlite3.Error, UnicodeDecodeError):  # a damaged page may hold the text itself
        return None
    if event is None:
        return None
    return (event[0], *(tuple(first) if first else ())), str(event[1])


def event_identity(path: Path) -> tuple[Identity, str] | None:
    """Which event the file at ``path`` holds, read-only (None: unreadable, or none)."""
    if not path.is_file() or path.stat().st_size == 0:
        return None
    uri = ro_uri(path)
    if not path.with_name(f"{path.name}-wal").exists():
        # no station has it open (the last to close removes its WAL): read as it is. A
        # read-only connection would leave an empty -wal and -shm beside a file that a
        # refused `restore` must leave as it was, byte for byte (issue 53.2)
        uri += "&immutable=1"
    try:
        con = sqlite3.connect(uri, uri=True)
    except sqlite3.Error:
        return None
    try:
        return _identity(con)
    finally:
        con.close()


def usable_backup(candidate: Path, event: tuple[Identity, str] | None = None) -> str | None:
    """Why a file cannot be restored from (None: it can); ``event``: the event it must be
    a copy of (restoring another event's copy would replace this one by it)."""
    if not candidate.is_file():
        from .files import not_a_file

        return not_a_file(candidate) or "introuvable"
    if candidate.stat().st_size == 0:
        return "fichier vide"
    try:
        con = sqlite3.connect(ro_uri(candidate), uri=True)
        try:
            if con.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
                return "pas un tournoi arbitre"
            version = con.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:  # restored, the event would no longer open here
                return (
                    f"écrit par une version plus récente d'arbitre (schéma {version}, celle-ci "
                    f"connaît {SCHEMA_VERSION}) ; mettez arbitre à jour"
                )
            if con.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
                return "endommagé"
            if con.execute("SELECT count(*) FROM event").fetchone()[0] == 0:
                return "aucun événement dedans"
            found = _identity(con)
            if event is not None and found is not None and found[0] != event[0]:
                return (
                    f"c'est la copie d'un autre tournoi (« {found[1]} », créé le "
                    f"{str(found[0][0])[:10]}), pas de « {event[1]} »"
                )
        finally:
            con.close()
    except sqlite3.Error:
        return "illisible (pas une base SQLite ?)"
    return None


def choose_backup(path: Path, source: Path | None = None) -> Path:
    """The backup to restore: ``source`` if usable, else the newest usable one — a copy of
    this event (when the file can still tell which event it is)."""
    event = event_identity(path)
    if source is not None:
        if source.exists() and path.exists() and source.samefile(path):
            raise OperationError(
                f"{source} est le fichier du tournoi lui-même : donnez une sauvegarde "
                f"(arbitre restore {path} --list)."
            )
        fault = usable_backup(source, event)
        if fault:
            raise OperationError(f"{source} ne peut pas être restauré : {fault}.")
        return source
    candidates = list(reversed(list_backups(path)))
    if not candidates:
        raise OperationError(f"Aucune sauvegarde trouvée dans {backup_dir(path)}.")
    for candidate in candidates:
        if usable_backup(candidate, event) is None:
            return candidate
    raise OperationError(
        "Aucune sauvegarde utilisable (vides, endommagées ou d'un autre tournoi : "
        f"arbitre restore {path} --list dit pourquoi)."
    )


def marked_backups(path: Path) -> list[tuple[Path, str | None]]:
    """Every backup, oldest first, each with why it cannot be restored (None: it can)."""
    event = event_identity(path)
    return [(b, usable_backup(b, event)) for b in list_backups(path)]


def restore_into(conn: sqlite3.Connection, path: Path, chosen: Path) -> Path:
    """Replace the live database's content by ``chosen``, keeping the current one aside.

    Both copies go through SQLite (backup API): the aside copy holds the WAL too, and the
    live file is rewritten in one transaction of its own connection.
    """
    full = room_for_copy(conn, path.parent)
    if full:
        raise OperationError(full.replace("la sauvegarde qui suit", "la copie de l'état actuel"))
    aside = path.with_name(f"{path.name}.avant-restauration-{_stamp_now()}")
    copy_database(conn, aside)
    src = sqlite3.connect(ro_uri(chosen), uri=True)
    try:
        src.backup(conn)
    except sqlite3.Error as exc:
        raise _write_error(path, exc) from None
    finally:
        src.close()
    return aside


def restore_file(path: Path, chosen: Path) -> Path | None:
    """Rebuild an event file that SQLite cannot open (damaged, or not a database) from a
    backup; returns where the old file was put aside (None if there was none).

    Only when this process holds no connection to it. The new file is written whole
    beside it first; only then is the old one moved aside and the new one put in place.
    """
    if is_held(path):
        raise OperationError("Restauration impossible : le fichier est ouvert dans ce processus.")
    if path.is_dir():
        raise OperationError(f"{path} est un dossier, pas un fichier de tournoi.")
    need = chosen.stat().st_size + 512 * 1024
    st = os.statvfs(path.parent)
    if st.f_bavail * st.f_frsize < need:
        raise OperationError(
            "Écriture impossible, disque plein : rien n'a été enregistré (la restauration "
            f"demande {sizes(need, 0)[0]}). Libérez de la place puis recommencez."
        )
    partial = path.with_name(f".{path.name}.restauration-{os.getpid()}")
    try:
        src = sqlite3.connect(ro_uri(chosen), uri=True)
        try:
            _backup_into(src, partial)
        finally:
            src.close()
        aside: Path | None = None
        stamp = _stamp_now()
        if path.exists():
            aside = path.with_name(f"{path.name}.avant-restauration-{stamp}")
            os.replace(path, aside)
        for suffix in ("-wal", "-shm"):
            extra = path.with_name(path.name + suffix)
            if extra.exists():
                os.replace(extra, extra.with_name(f"{extra.name}.avant-restauration-{stamp}"))
        os.replace(partial, path)
    except (sqlite3.Error, OSError) as exc:
        raise _write_error(path, exc) from None
    finally:
        _remove_partial(partial)
    return aside


# -- a round's close and its backup: both, even across a crash --------------------------------


def mark_round_close(path: Path, key: str, number: int) -> Path:
    """Note, before the close commits, that round ``number`` of ``key`` needs its backup:
    a crash between the commit and the copy leaves this mark, and the next opening of the
    event makes the copy (:func:`pending_round_closes`)."""
    folder = backup_dir(path) / ROUNDS
    try:
        if not folder.is_dir():
            folder.mkdir(parents=True, exist_ok=True)
            sync_folder(folder.parent)
            sync_folder(folder.parent.parent)  # « rondes » may have made its parent too
        marker = folder / f".{key}-r{number}-{os.getpid()}{PENDING}"
        data = json.dumps({"tournament": key, "round": number, "pid": os.getpid()})
        fd = os.open(marker, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            os.write(fd, data.encode())
            os.fsync(fd)
        finally:
            os.close(fd)
        sync_folder(folder)
    except OSError as exc:
        raise _write_error(folder, exc) from None
    return marker


def unmark(marker: Path) -> None:
    """The mark removed (a write-protected medium keeps it: the next command tries again)."""
    with contextlib.suppress(OSError):
        marker.unlink()


def pending_round_closes(path: Path) -> list[tuple[Path, str, int]]:
    """Closes a crashed process left without their backup: (mark, tournament, round)."""
    folder = backup_dir(path) / ROUNDS
    if not folder.is_dir():
        return []
    found: list[tuple[Path, str, int]] = []
    for marker in sorted(folder.glob(f".*{PENDING}")):
        try:
            data = json.loads(marker.read_text("utf-8"))
            key, number, pid = str(data["tournament"]), int(data["round"]), int(data["pid"])
        except (OSError, ValueError, KeyError, TypeError):
            unmark(marker)  # a mark cut short: its close was never committed
            continue
        if not alive(pid):
            found.append((marker, key, number))
    return found


def clean_partials(path: Path) -> list[Path]:
    """Remove the unfinished copies (backups, restorations) of processes that are gone:
    a copy is written whole, then linked into place; what a crash left half-written is
    no backup. A running process's copy is left alone."""
    removed: list[Path] = []
    folder = backup_dir(path)
    for place in (folder, folder / ROUNDS, path.parent):
        if place.is_dir():
            removed += remove_dead(place, f".{path.name}" if place == path.parent else ".")
    return removed
