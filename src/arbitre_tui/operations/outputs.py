"""The faces' way to the store's output guard: a command about to write a file asks here
whether the path is an event's (the store knows its files; faces never import it)."""

from __future__ import annotations

from pathlib import Path

from ..store.files import protected


def why_not_write(path: Path) -> str | None:
    """Why writing ``path`` would destroy an event's data (a French clause), or None."""
    return protected(path)


def fresh_event_path(path: Path) -> Path:
    """``path`` for a new event: neither an existing file nor another event's companion
    (« EV.sqlite-wal » would become that event's journal) nor inside its backups."""
    from .event import OperationError

    if path.exists():
        raise OperationError(
            f"{path} existe déjà : choisissez un autre nom (rien n'a été modifié)."
        )
    why = protected(path)
    if why is not None:
        raise OperationError(f"{why} ; choisissez un autre nom (rien n'a été modifié).")
    return path


def why_not_publish(folder: Path) -> str | None:
    """Why the site cannot be written into ``folder`` (a French clause), or None: it must
    be a folder (or not exist yet), never an event's backups."""
    from ..store.files import BACKUP_FOLDER

    if folder.exists() and not folder.is_dir():
        return f"{folder} existe déjà et est un fichier, pas un dossier : les pages n'y sont pas écrites"
    why = None if folder.is_dir() else protected(folder)
    if why is not None:  # « EV.sqlite-wal » as a folder: SQLite could not journal any more
        return why
    if any(part.endswith(BACKUP_FOLDER) for part in folder.resolve().parts):
        return (
            f"{folder} est le dossier des sauvegardes d'un tournoi : les pages n'y sont pas écrites"
        )
    return None


def what_is(path: Path) -> str | None:
    """What ``path`` is when it is no regular file (a folder, /dev/null), in French, for
    a face's message (store.files.not_a_file); None for a file."""
    from ..store.files import not_a_file

    return not_a_file(path)
