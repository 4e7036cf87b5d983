"""A backup put back in place of the event's file, refused while another process holds it."""

from __future__ import annotations

from pathlib import Path

from . import backup as backups
from .errors import OperationError
from .repo import Store


def restore_event(path: Path, source: Path | None = None) -> tuple[Path, Path | None]:
    """Put a backup back in place; returns (the backup used, the copy of the file kept aside).

    Refused while another process has the file open (it would keep writing to what is
    being replaced, or show what is gone): the message names each one.
    """
    from .db import StoreError
    from .presence import holders

    chosen = backups.choose_backup(path, source)
    others = holders(path) if path.exists() else []
    if others:
        names = "\n  ".join(h.label for h in others)
        raise OperationError(
            f"Restauration refusée : {path.name} est ouvert ailleurs :\n  {names}\n"
            "Fermez-les (ctrl+q dans l'app, Ctrl+C pour le serveur) puis recommencez ; rien n'a été "
            "modifié."
        )
    if not path.exists() or path.stat().st_size == 0:
        return chosen, backups.restore_file(path, chosen)
    try:
        store = Store(path, check=False)
    except StoreError as exc:
        if not exc.damaged:
            raise  # a full disk, a read-only folder, a newer schema: nothing to rebuild
        return chosen, backups.restore_file(path, chosen)  # damaged beyond opening
    try:
        aside = backups.restore_into(store.conn, path, chosen)
    finally:
        store.close()
    return chosen, aside
