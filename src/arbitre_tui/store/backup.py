"""Online backups (SQLite backup API: safe while the app writes) and restore."""

from __future__ import annotations

import datetime as dt
import shutil
import sqlite3
from pathlib import Path

from .db import StoreError

KEEP = 20


def backup_dir(path: Path) -> Path:
    return path.with_name(path.name + ".sauvegardes")


def backup(
    conn: sqlite3.Connection, path: Path, reason: str = "manuel", dest: Path | None = None
) -> Path:
    """Copy the live database into the backups folder beside it; keep the last 20."""
    folder = backup_dir(path)
    folder.mkdir(exist_ok=True)
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    target = dest or folder / f"{path.stem}-{stamp}-{reason}.sqlite"
    out = sqlite3.connect(target)
    try:
        conn.backup(out)
    finally:
        out.close()
    prune(folder)
    return target


def list_backups(path: Path) -> list[Path]:
    folder = backup_dir(path)
    if not folder.exists():
        return []
    return sorted(folder.glob("*.sqlite"), key=lambda p: p.stat().st_mtime_ns)


def prune(folder: Path) -> None:
    files = sorted(folder.glob("*.sqlite"), key=lambda p: p.stat().st_mtime_ns)
    for old in files[:-KEEP]:
        old.unlink()


def restore(path: Path, source: Path | None = None) -> Path:
    """Put a backup back in place; the current file is kept aside, never deleted."""
    candidates = [source] if source else list(reversed(list_backups(path)))
    if not candidates:
        raise StoreError(f"Aucune sauvegarde trouvée dans {backup_dir(path)}.")
    chosen: Path | None = None
    for candidate in candidates:
        assert candidate is not None
        try:
            con = sqlite3.connect(f"file:{candidate}?mode=ro", uri=True)
            ok = con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            con.close()
        except sqlite3.DatabaseError:
            ok = False
        if ok:
            chosen = candidate
            break
        if source:
            raise StoreError(f"La sauvegarde {candidate} est elle-même endommagée.")
    if chosen is None:
        raise StoreError("Toutes les sauvegardes sont endommagées.")
    if path.exists():
        stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"{path.name}.avant-restauration-{stamp}")
        shutil.move(str(path), aside)
    for suffix in ("-wal", "-shm"):
        extra = path.with_name(path.name + suffix)
        if extra.exists():
            extra.unlink()
    shutil.copy2(chosen, path)
    return chosen
