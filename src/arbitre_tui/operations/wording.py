"""The journal's words (issue 54.2): an entry's record — as written, or read back from its
row's JSON of any format — says itself (operations/journal_words.py); the registry's
labels and undo questions are given to the store as its :class:`Wording`.

Apart from the registry so the records, which name its labels, do not come back to it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from ..store.journal_args import JournalArgs, PlainArgs, UndoArgs
from .registry import Operation, label, operation


class Wording:
    """What the journal says of its entries, given to the store (store.journal.Wording)."""

    def describe(self, op: str, args: JournalArgs | Mapping[str, Any]) -> str:
        return describe_operation(op, args)

    def undo_refusal(self, op: str) -> str | None:
        if op in (Operation.CREATE_EVENT, Operation.IMPORT_PAPI):
            return "La création de l'événement ne s'annule pas."
        return None

    def undo_question(self, op: str, what: str, redo: bool, rows: Mapping[str, int]) -> str | None:
        known = operation(op)
        if known is None or known.asks is None:
            return None
        verb = "Rétablir" if redo else "Annuler"
        why = (known.why_redo if redo else known.why).format_map(defaultdict(int, rows))
        return f"{verb} {known.asks} ({what}) ? {why}"


WORDING = Wording()


def record(op: str, args: JournalArgs | Mapping[str, Any]) -> JournalArgs:
    """The typed record of an entry: as written by this version, or read back from a
    row's JSON of any format (operations/journal_args/, store/journal_args.py). The records'
    table is loaded here, when an entry is said: a command that writes nothing (`show`,
    `round`) loads neither it nor the journal's words (issue 56.4)."""
    from .journal_args import ARGS
    from .journal_words import record_of

    if isinstance(args, JournalArgs):
        return args
    if op == Operation.UNDO:
        try:
            return UndoArgs.from_stored(args)
        except TypeError:
            return PlainArgs.of(args)
    known = operation(op)
    cls = ARGS.get(known) if known is not None else None
    return record_of(cls, args) if cls is not None else PlainArgs.of(args)


def describe_operation(op: str, args: JournalArgs | Mapping[str, Any]) -> str:
    """French words for a journal entry, for « Annulé : … » (« échiquier 5, 1-0 »)."""
    from .journal_words import Said

    said = record(op, args)
    if isinstance(said, UndoArgs):
        return f"annulation de « {said.what or label(said.op or '?')} »"
    if isinstance(said, Said):
        return said.describe(op)
    return label(op)  # an unknown operation, or a shape no record reads


def journal_line(op: str, args: JournalArgs | Mapping[str, Any]) -> str:
    """An entry as `arbitre journal` prints it: its words, then every other argument in
    French (« inscription, MARTIN Paul — tournoi open-a »), never raw JSON."""
    from .journal_words import Said, said_as_written

    said = record(op, args)
    if isinstance(said, UndoArgs):
        head = describe_operation(op, said)
        return f"{head} — opération n° {said.target}" if said.target is not None else head
    if isinstance(said, Said):
        return said.line(op)
    details = [d for key, value in said.items() if (d := said_as_written(key, value))]
    head = label(op)
    return f"{head} — {' ; '.join(details)}" if details else head
