"""An export written whole or not at all (issue 53.9): into a hidden name beside its
target (« .NOM.partiel-PID »), synced, then put in place; what a killed export left in
that folder is removed by the next export there, never one a running process is still
writing. The store's backups do the same: both find the leftovers through files/partials.py,
below the store, as `pair-trf` and `generate` write TRF files without loading the store."""

from __future__ import annotations

import os
import signal
import stat
from collections.abc import Callable
from pathlib import Path

from ..files.partials import remove_dead

MARK = ".partiel-"


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
    remove_dead(target.parent, marks=(MARK,))  # a killed export's, not a restore's
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
