"""The operations' refusals, named where the operations and the faces import them.

They are defined in store/errors.py: the store's undo and its SQLite failures raise them
too, and the store imports nothing above it.
"""

from __future__ import annotations

from ..store.errors import CommitUncertain, NeedsConfirmation, OperationError, StoreBusy

__all__ = ["CommitUncertain", "NeedsConfirmation", "OperationError", "StoreBusy"]
