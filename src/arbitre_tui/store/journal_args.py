"""What an operation says it does, as a typed record the journal stores (issue 54.2).

Each operation's arguments are a frozen dataclass (operations/journal_args/): its fields
are checked against their types when it is made — a wrong name or type raises at the write,
not when the journal is read — and the journal row stores them as JSON with the format's
version (``"v"``). Rows written before the records (format 1: a bare dict, no ``"v"``) read
back the same way: the known keys fill the fields, any other key is kept in ``extra``.

The store knows no operation: it holds the base, the free-form record of a caller that
passes a mapping (``PlainArgs``) and its own undo's (``UndoArgs``).
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Mapping
from typing import Annotated, Any, Literal, Self, Union, get_args, get_origin, get_type_hints

FORMAT = 2  # 1: the bare dicts before issue 54.2 (no "v"); 2: the typed records
VERSION_KEY = "v"


def _fits(value: Any, hint: Any) -> bool:
    """Whether ``value`` is of type ``hint`` (the few forms the records use)."""
    if hint is Any:
        return True
    origin = get_origin(hint)
    if origin is Annotated:
        return _fits(value, get_args(hint)[0])
    if origin in (Union, types.UnionType):
        return any(_fits(value, arm) for arm in get_args(hint))
    if hint is None or hint is type(None):
        return value is None
    if origin is Literal:
        return value in get_args(hint)
    if origin is tuple:
        arms = get_args(hint)
        if not isinstance(value, tuple):
            return False
        if len(arms) == 2 and arms[1] is Ellipsis:
            return all(_fits(v, arms[0]) for v in value)
        return len(arms) == len(value) and all(
            _fits(v, a) for v, a in zip(value, arms, strict=True)
        )
    if origin in (dict, Mapping) or hint in (dict, Mapping):
        return isinstance(value, dict)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    return isinstance(hint, type) and isinstance(value, hint)


_HINTS: dict[type, dict[str, Any]] = {}


def hints(cls: type) -> dict[str, Any]:
    """The fields' types, with their ``Annotated`` words (resolved once per record type)."""
    if cls not in _HINTS:
        _HINTS[cls] = get_type_hints(cls, include_extras=True)
    return _HINTS[cls]


def _frozen(value: Any) -> Any:
    """JSON's lists read back as the records' tuples (a dict stays a dict)."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


@dataclasses.dataclass(frozen=True, kw_only=True)
class JournalArgs:
    """The base of every operation's record: ``extra`` keeps what no field names (a key an
    older version wrote, one a nested operation added), ``steps`` the nested operations."""

    extra: tuple[tuple[str, Any], ...] = ()
    steps: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        types_ = hints(type(self))
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if not _fits(value, types_[f.name]):
                raise TypeError(
                    f"{type(self).__name__}.{f.name} : {value!r} n'est pas de type {types_[f.name]}"
                )

    def items(self) -> list[tuple[str, Any]]:
        """The arguments said, in the record's order: its fields that are set (not None),
        then ``extra``, then ``steps``."""
        said = [
            (f.name, getattr(self, f.name))
            for f in dataclasses.fields(self)
            if f.name not in ("extra", "steps") and getattr(self, f.name) is not None
        ]
        said += list(self.extra)
        if self.steps:
            said.append(("steps", self.steps))
        return said

    def stored(self) -> dict[str, Any]:
        """The JSON the journal row holds: the version, then the arguments said."""
        out: dict[str, Any] = {VERSION_KEY: FORMAT}
        for key, value in self.items():
            out[key] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_stored(cls, stored: Mapping[str, Any]) -> Self:
        """The record of a journal row, of any format (raises TypeError on a shape that
        does not fit: the reader then falls back to :class:`PlainArgs`)."""
        names = {f.name for f in dataclasses.fields(cls)} - {"extra"}
        known: dict[str, Any] = {}
        extra: list[tuple[str, Any]] = []
        for key, value in stored.items():
            if key == VERSION_KEY:
                continue
            if key in names:
                known[key] = _frozen(value)
            else:
                extra.append((key, value))
        return cls(**known, extra=tuple(extra))

    def absorbed(self, said: Mapping[str, Any], overwrite: bool) -> Self:
        """This record with ``said`` added: into its fields when it has them, else into
        ``extra``; ``overwrite`` False keeps what is already said (a nested operation's
        arguments, as the dicts' ``setdefault`` did)."""
        names = {f.name for f in dataclasses.fields(self)} - {"extra", "steps"}
        changes: dict[str, Any] = {}
        extra = dict(self.extra)
        for key, value in said.items():
            if key in ("extra", "steps", VERSION_KEY):
                continue
            if key in names:
                if overwrite or getattr(self, key) is None:
                    changes[key] = value
            elif overwrite or key not in extra:
                extra[key] = value
        return dataclasses.replace(self, **changes, extra=tuple(extra.items()))

    def with_step(self, op: str) -> Self:
        return dataclasses.replace(self, steps=(*self.steps, op))


@dataclasses.dataclass(frozen=True, kw_only=True)
class PlainArgs(JournalArgs):
    """The arguments of a caller that passed a mapping (a test, an old row of unknown
    shape): every key in ``extra``, said as written."""

    @classmethod
    def of(cls, args: Mapping[str, Any] | None) -> PlainArgs:
        if not args:
            return cls()
        steps = args.get("steps")
        rest = {k: v for k, v in args.items() if k not in ("steps", VERSION_KEY)}
        if isinstance(steps, list | tuple) and all(isinstance(s, str) for s in steps):
            return cls(extra=tuple(rest.items()), steps=tuple(steps))
        return cls(extra=tuple(rest.items()))


@dataclasses.dataclass(frozen=True, kw_only=True)
class UndoArgs(JournalArgs):
    """The store's own operation: an undo (or a redo) of entry ``target``, which was
    operation ``op``, said ``what``."""

    target: int | None = None
    op: str | None = None
    what: str | None = None
