"""Plain records for the pairing engine and the TRF: dataclasses, not pydantic models.

Pydantic validates what a person types (players, settings, a time control); the
engine's records are built by our own parsers, which check every field themselves,
so they need no validation, and `arbitre pair-trf` starts without importing pydantic
(about 0.1 s of a 20-player pairing, issue 34). A record offers the two verbs the code
uses: ``replace`` (a copy with some fields changed) and ``dump`` (plain data for JSON).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Self


class Record:
    """Base of a ``@dataclass(slots=True, kw_only=True)`` record."""

    __slots__ = ()

    def replace(self, **changes: Any) -> Self:
        """A shallow copy with ``changes`` applied (the record itself is unchanged)."""
        return dataclasses.replace(self, **changes)  # type: ignore[type-var]

    def dump(self, exclude: set[str] | frozenset[str] = frozenset()) -> dict[str, Any]:
        """The fields as plain data, nested records dumped too; a field whose metadata
        says ``dump=False`` is left out (a parser's bookkeeping, not the record)."""
        return {
            f.name: _plain(getattr(self, f.name))
            for f in dataclasses.fields(self)  # type: ignore[arg-type]
            if f.name not in exclude and f.metadata.get("dump", True)
        }


def _plain(value: Any) -> Any:
    if isinstance(value, Record):
        return value.dump()
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, tuple):
        return tuple(_plain(v) for v in value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def hidden(default: Any) -> Any:
    """A field kept out of ``dump``."""
    return dataclasses.field(default=default, metadata={"dump": False})
