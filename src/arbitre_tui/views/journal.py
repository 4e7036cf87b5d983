"""The journal of operations, as `arbitre journal` and the app's Journal screen show it:
each entry in French words from the operation registry, who made it (the station) and
whether it is still in effect — what the arbiter reads to know what the other station did,
and what ctrl+z would take back."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .reader import Reader


@dataclass(frozen=True, slots=True)
class JournalEntry:
    """One operation (or one undo, or one redo) of the journal."""

    id: int
    at: str  # ISO, as stored
    terminal: str  # the station: user@host:tty#session
    station: str  # as the arbiter names it: « pts/3, arbitre@pi » or the name given
    op: str  # the registry's name (English, stable)
    args: dict[str, Any]
    undoes: int | None  # an undo (or a redo) names the entry it takes back
    undone: bool  # no longer in effect
    description: str  # the registry's French words

    @property
    def when(self) -> str:
        """« 2026-12-05 14:05:12 »: the date and time, as the arbiter writes them."""
        return self.at.replace("T", " ")[:19]

    @property
    def mark(self) -> str:
        """« (annulée) », « (rétablie) » — an undo undone is a redo — or nothing."""
        if not self.undone:
            return ""
        return " (rétablie)" if self.undoes else " (annulée)"


def build(reader: Reader, limit: int | None = None) -> list[JournalEntry]:
    """The last ``limit`` entries (every one when None), oldest first."""
    from ..operations.wording import journal_line

    with reader.consistent():
        rows = reader.journal_entries(limit)
        undone = reader.undone_ids()
    out = []
    for row in reversed(rows):
        args = json.loads(row["args"])
        out.append(
            JournalEntry(
                int(row["id"]),
                str(row["at"]),
                str(row["terminal"]),
                reader.station_label(str(row["terminal"])),
                str(row["op"]),
                args,
                row["undoes"],
                row["id"] in undone,
                journal_line(row["op"], args),
            )
        )
    return out
