"""The operations layer: every user action, named, validated by the core, one transaction.

The Textual app and the command line call these and nothing else to change an event; the
store's errors are named here so that no face imports the store.

The names are loaded on first use (PEP 562): a command that needs only a light module of
the layer (`pair-trf` and ``operations.engines``) does not open the store or load SQLite.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..store.backup import BackupFailed
    from ..store.db import ForbiddenOpen, StoreError, sqlite_reason
    from .errors import CommitUncertain, NeedsConfirmation, StoreBusy
    from .event import EventService, OperationError

_WHERE = {
    "BackupFailed": "..store.backup",
    "ForbiddenOpen": "..store.db",
    "StoreError": "..store.db",
    "sqlite_reason": "..store.db",
    "NeedsConfirmation": ".errors",
    "CommitUncertain": ".errors",
    "StoreBusy": ".errors",
    "EventService": ".event",
    "OperationError": ".event",
}

__all__ = [
    "BackupFailed",
    "CommitUncertain",
    "EventService",
    "ForbiddenOpen",
    "NeedsConfirmation",
    "OperationError",
    "StoreBusy",
    "StoreError",
    "sqlite_reason",
]


def __getattr__(name: str) -> Any:
    """``from arbitre_tui.operations import EventService`` imports it then, once."""
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(_WHERE[name], __name__), name)
    globals()[name] = value
    return value
