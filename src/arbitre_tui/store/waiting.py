"""Who hears that an operation waits for another station's write lock (issue 53.7).

The store waits up to its bound for the other station; a command that waits in silence
looks frozen. The store says when the wait begins, how long it has lasted (about each
second) and when it ends; a face listens and tells the arbiter. No SQLite here: a face
sets its listener without loading the store."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from typing import Any

# the listener: called with the seconds waited so far (0.0 when the wait begins) and with
# None once it is over, lock taken or wait given up
Listener = Callable[[float | None], None]
_listener: Listener | None = None

FIRST_SECONDS = 0.25  # a lock released sooner is not worth a word
TICK_SECONDS = 1.0  # how often the listener hears the time waited


def listen(listener: Listener | None) -> None:
    """``listener`` hears every wait of this process from now on (None: nobody)."""
    global _listener
    _listener = listener


def tell(seconds: float | None) -> None:
    """Say the wait to the listener; one that fails never stops the operation."""
    if _listener is not None:
        with contextlib.suppress(Exception):  # a message lost: no reason to lose the write
            _listener(seconds)


def begin_immediate(conn: Any, bound: float) -> bool:
    """``BEGIN IMMEDIATE`` on ``conn``, waiting for another station's write lock up to
    ``bound`` seconds, the wait told to the listener: True once the lock is taken, False
    when the bound has passed. An error other than a lock held is raised as SQLite gave it.

    SQLite's busy_timeout waits in slices, so the listener hears the time between them;
    the loop also covers the rare SQLITE_BUSY that SQLite returns at once (a WAL snapshot
    upgrade), so the arbiter never sees « database is locked »."""
    import sqlite3

    started = time.monotonic()
    deadline = started + bound
    delay, waiting = 0.01, False
    try:
        while True:
            now = time.monotonic()
            if waiting:
                tell(now - started)
            step = min(TICK_SECONDS if waiting else FIRST_SECONDS, deadline - now)
            conn.execute(f"PRAGMA busy_timeout = {max(int(step * 1000), 0)}")
            try:
                conn.execute("BEGIN IMMEDIATE")
                return True
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) and "busy" not in str(exc):
                    raise
            finally:
                conn.execute("PRAGMA busy_timeout = 30000")
            if not waiting and time.monotonic() - started >= FIRST_SECONDS:
                waiting = True
                tell(0.0)
            if time.monotonic() + delay >= deadline:
                return False
            if time.monotonic() - now < step / 2:  # returned at once: not a lock's wait
                time.sleep(delay)
                delay = min(delay * 2, 0.25)
    finally:
        if waiting:
            tell(None)
