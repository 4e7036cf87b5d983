"""Input checked by pydantic against the models' annotations, in one place.

The records of ``rules.models`` are dataclasses whose bounds are written in their
annotations; what comes from outside (a form, a command, a file, a rating list) is built
through ``validated``, which coerces (« 1500 » → 1500, « m » → Sex.MALE) and checks every
bound, or raises ``InputError``: its first fault in French, never pydantic's English.
pydantic is imported on the first call, not at start-up; each model's schema is built once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from .errors import RuleError
from .models import load_bounds

if TYPE_CHECKING:
    from pydantic import TypeAdapter

T = TypeVar("T")

_ADAPTERS: dict[type[Any], TypeAdapter[Any]] = {}


class InputError(RuleError):
    """What pydantic refused in a record's input, said in French (the first fault)."""


def validated(model: type[T], data: Mapping[str, Any] | None = None, /, **values: Any) -> T:
    """``model`` built from ``data`` and ``values``, coerced and checked."""
    from pydantic import TypeAdapter, ValidationError

    from .errors import validation_message

    adapter = _ADAPTERS.get(model)
    if adapter is None:
        load_bounds()  # the names the annotations' bounds use, before pydantic reads them
        adapter = _ADAPTERS[model] = TypeAdapter(model)
    try:
        built: T = adapter.validate_python({**(data or {}), **values})
    except ValidationError as exc:
        raise InputError(validation_message(exc)) from None
    return built
