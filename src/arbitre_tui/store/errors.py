"""The refusals the store raises: an action refused with nothing written, a question to
answer first, a commit whose fate is unknown, the other station's lock.

OperationError and NeedsConfirmation are the operations' refusals too (operations/errors.py
names them for the operations and the faces): the store's undo and its SQLite failures
raise them, and the store imports nothing above it.
"""

from __future__ import annotations


class OperationError(Exception):
    """The action was refused; nothing was written. The message is for the arbiter."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NeedsConfirmation(OperationError):
    """Nothing was written: the arbiter must answer yes first (the message is the question).

    A face asks the question and runs the same operation again with ``confirm=token``
    (or ``True``). The token names what the question showed (« déjà 1-0 »): if the other
    station changed it meanwhile, the operation asks again instead of overwriting it.
    """

    def __init__(self, message: str, token: str | None = None) -> None:
        super().__init__(message)
        self.token = token

    def answer(self) -> str | bool:
        """What to pass as ``confirm`` once the arbiter said yes."""
        return self.token if self.token is not None else True


class CommitUncertain(OperationError):
    """The COMMIT failed after it may have reached the disk (store/uncertain.py); ``saved``
    is what reading the file back found (None: it could not be read)."""

    def __init__(self, message: str, saved: bool | None) -> None:
        super().__init__(message)
        self.saved = saved


class StoreBusy(OperationError):
    """Another station holds the write lock and this connection was told not to wait.

    Nothing was written; the app hands the operation to its writer thread instead of
    blocking its UI thread on the lock.
    """


class UnknownName(ValueError):
    """A write named a table or a column the schema does not have: a programming error
    (a typo in an operation), refused before any SQL runs rather than by SQLite later."""
