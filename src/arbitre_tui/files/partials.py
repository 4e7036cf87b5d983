"""A copy written whole or not at all: a backup (store/backup.py) or an export
(publish/whole.py) is written under a hidden name (« .NOM.partiel-PID ») beside its target,
then put in place; what a killed process left is removed by the next one that writes in
that folder (issue 53.9), never one that a running process is still writing. Here, below
the store, because the exports share it and `pair-trf` and `generate` never load the store."""

from __future__ import annotations

import os
import signal
from pathlib import Path

PARTIAL_MARKS = (".partiel-", ".restauration-")  # a copy being written, by process id


def kill_point(name: str) -> None:
    """Tests only: ``ARBITRE_TEST_KILL=name`` kills this process here with SIGKILL (no
    cleanup runs), to prove what the next command finds after a crash at that moment."""
    if os.environ.get("ARBITRE_TEST_KILL") == name:
        os.kill(os.getpid(), signal.SIGKILL)


def alive(pid: int) -> bool:
    """Is process ``pid`` still running (its copy may be under way)?"""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # someone else's process: alive
        return True
    return True


def remove_dead(
    place: Path, prefix: str = ".", marks: tuple[str, ...] = PARTIAL_MARKS
) -> list[Path]:
    """Remove from ``place`` the unfinished copies (names starting with ``prefix``, marked
    by one of ``marks``) of processes that are gone; a folder that cannot be listed is left
    as it is."""
    removed: list[Path] = []
    try:
        leftovers = list(place.glob(f"{prefix}*"))
    except OSError:
        return removed
    for leftover in leftovers:
        name = leftover.name
        mark = next((m for m in marks if m in name), None)
        if mark is None:
            continue
        digits = name.rsplit(mark, 1)[1]
        for end in ("-journal", "-wal", "-shm"):
            digits = digits.removesuffix(end)
        if not digits.isdigit() or alive(int(digits)):
            continue
        try:
            leftover.unlink()
        except OSError:
            continue
        removed.append(leftover)
    return removed
