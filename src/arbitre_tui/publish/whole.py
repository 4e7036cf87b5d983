"""An export written whole or not at all (issue 53.9): into a hidden name beside its
target (« .NOM.partiel-PID »), synced, then put in place; what a killed export left in
that folder is removed by the next export there, never one a running process is still
writing. The store does the same for its backups (store/partials.py); this one stays
apart from it, as `pair-trf` and `generate` write TRF files without loading the store."""

from __future__ import annotations

import os
import signal
import stat
from collections.abc import Callable
from pathlib import Path

MARK = ".partiel-"


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # someone else's process: alive
        return True
    return True


def remove_dead(place: Path) -> list[Path]:
    """Remove from ``place`` the hidden partial files of processes that are gone."""
    removed: list[Path] = []
    try:
        leftovers = [p for p in place.glob(".*") if MARK in p.name]
    except OSError:
        return removed
    for leftover in leftovers:
        digits = leftover.name.rsplit(MARK, 1)[1]
        for end in ("-journal", "-wal", "-shm"):
            digits = digits.removesuffix(end)
        if not digits.isdigit() or _alive(int(digits)):
            continue
        try:
            leftover.unlink()
        except OSError:
            continue
        removed.append(leftover)
    return removed


def write_whole(target: Path, write: Callable[[Path], object]) -> None:
    """``write`` the file into its hidden partial name, synced, then put it in place as
    ``target``: killed midway, no half file carries the export's name. A target that is
    no regular file (/dev/stdout, a FIFO) or a symbolic link is written directly:
    replaced, it would stop being what it is."""
    try:
        mode = target.lstat().st_mode
    except OSError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        write(target)
        return
    remove_dead(target.parent)
    partial = target.with_name(f".{target.name}{MARK}{os.getpid()}")
    try:
        write(partial)
        if os.environ.get("ARBITRE_TEST_KILL") == "export-partiel":  # tests: killed here
            os.kill(os.getpid(), signal.SIGKILL)
        fd = os.open(partial, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(partial, target)
    finally:
        if partial.exists():
            partial.unlink()
