"""What panes and screens ask of the app: they post these instead of calling it.

The app commits, refreshes every pane and says what was done; a pane only says what
it wants. Keys typed after one that posted an operation wait until it has been handled
(``ArbitreApp.on_event``), so a burst of keys does what the same keys typed slowly do.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.message import Message

# An operation: called with the service to run on (the app's, or the writer thread's
# when the file was busy); when it raises NeedsConfirmation and the arbiter answers
# « o », called again with ``confirm=True``.
Operation = Callable[..., Any]
# What to say once the commit returned: words, or words made from what it returned.
Done = str | Callable[[Any], str]


class RunOperation(Message):
    """Run one operation (one transaction); say ``done`` only after its commit returned.

    ``then`` runs after a success, with what the operation returned (a follow-up
    question, such as the decider after a knockout draw).
    """

    def __init__(
        self,
        operation: Operation,
        done: Done,
        then: Callable[[Any], None] | None = None,
    ) -> None:
        super().__init__()
        self.operation = operation
        self.done = done
        self.then = then


class RunInBackground(Message):
    """A long operation (a pairing) on its own connection, off the UI thread."""

    def __init__(self, operation: Callable[[Any], Any], done: Done, busy: str) -> None:
        super().__init__()
        self.operation = operation
        self.done = done
        self.busy = busy


class Refused(Message):
    """Nothing was done: say why, in red, with the bell."""

    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason


class Say(Message):
    """A line for the status bar (``error``: in red)."""

    def __init__(self, text: str, error: bool = False) -> None:
        super().__init__()
        self.text = text
        self.error = error


def undone(what: object) -> str:
    """« Annulé : échiquier 5, 1-0 » when the undo says what it undid (main screen, match)."""
    return f"Annulé : {what}" if isinstance(what, str) and what else "Dernière opération annulée"
