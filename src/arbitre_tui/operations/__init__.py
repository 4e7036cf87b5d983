"""The operations layer: every user action, named, validated by the core, one transaction.

The Textual app and the command line call these and nothing else to change an event.
"""

from ..store.journal import NeedsConfirmation, StoreBusy
from .event import EventService, OperationError

__all__ = ["EventService", "NeedsConfirmation", "OperationError", "StoreBusy"]
