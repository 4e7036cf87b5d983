"""The operations layer: every user action, named, validated by the core, one transaction.

The Textual app and the command line call these and nothing else to change an event.
"""

from .event import EventService, OperationError

__all__ = ["EventService", "OperationError"]
