"""Backups of an event file, for the faces: list them and put one back.

The store writes and reads the copies; the faces reach them through here, so that no face
imports the store (tests/architecture/test_import_contracts.py)."""

from __future__ import annotations

from pathlib import Path


def list_backups(path: Path) -> list[Path]:
    """Every backup of the event at ``path``, oldest first (manual and round-close)."""
    from ..store.backup import list_backups as listed

    return listed(path)


def marked_backups(path: Path) -> list[tuple[Path, str | None]]:
    """Every backup, oldest first, with why it cannot be restored (None: it can)."""
    from ..store.backup import marked_backups as marked

    return marked(path)


def restore(path: Path, source: Path | None = None) -> tuple[Path, Path | None]:
    """Put a backup back in place (the newest, or ``source``); returns the backup used
    and where the state before it was kept. Refused while another process has it open."""
    from ..store.restore import restore_event

    return restore_event(path, source)
