"""The operations layer: every user action, named, validated by the core, one transaction.

The Textual app and the command line call these and nothing else to change an event; the
store's errors are named here so that no face imports the store.
"""

from ..store.backup import BackupFailed
from ..store.db import ForbiddenOpen, StoreError
from ..store.journal import NeedsConfirmation, StoreBusy
from .event import EventService, OperationError

__all__ = [
    "BackupFailed",
    "EventService",
    "ForbiddenOpen",
    "NeedsConfirmation",
    "OperationError",
    "StoreBusy",
    "StoreError",
]
