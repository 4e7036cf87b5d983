"""The writer thread: operations that found the file locked by another station.

The app's own connection does not wait for the write lock (its UI thread must keep
answering keys); an operation refused with StoreBusy comes here instead, to a thread
with its own connection that waits its turn. Operations are run one at a time, in the
order they were typed; while any waits here, later ones queue behind it, so the order
on disk is the order of the keys.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...operations import EventService, NeedsConfirmation, OperationError

# what the app does once a queued operation is over, on its own thread
Report = Callable[[Any], None]


@dataclass
class Job:
    """One operation and what to tell the app: done (with what it returned), a question,
    or a refusal."""

    operation: Callable[..., Any]
    confirm: bool | str  # True, or the token of the question the arbiter answered
    done: Report
    ask: Callable[[NeedsConfirmation], None]
    refused: Callable[[str], None]


class Writer:
    """One thread, one waiting connection, a FIFO of jobs."""

    def __init__(
        self, path: Path, call_from_thread: Callable[..., Any], *, terminal: str | None = None
    ) -> None:
        self.path = path
        self.terminal = terminal  # the same station as the app's (undo is per station)
        self._call = call_from_thread
        self._jobs: queue.Queue[Job | None] = queue.Queue()
        self._pending = 0
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    @property
    def pending(self) -> int:
        """Jobs queued or running (while > 0, new operations queue behind them)."""
        with self._lock:
            return self._pending

    def submit(self, job: Job) -> None:
        with self._lock:
            self._pending += 1
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="arbitre-writer", daemon=True)
            self._thread.start()
        self._jobs.put(job)

    def stop(self) -> None:
        if self._thread is not None:
            self._jobs.put(None)
            self._thread.join(timeout=5)
            self._thread = None

    def _run(self) -> None:
        # waits for the lock, like the command line
        service = EventService(self.path, check=False, terminal=self.terminal)
        try:
            while (job := self._jobs.get()) is not None:
                try:
                    if job.confirm:
                        value = job.operation(service, confirm=job.confirm)
                    else:
                        value = job.operation(service)
                except NeedsConfirmation as exc:
                    self._finish(job.ask, exc)
                except OperationError as exc:
                    self._finish(job.refused, exc.message)
                else:
                    self._finish(job.done, value)
        finally:
            service.close()

    def _finish(self, report: Callable[[Any], None], value: Any) -> None:
        with self._lock:
            self._pending -= 1
        self._call(report, value)
