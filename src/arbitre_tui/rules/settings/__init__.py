"""Every choice an organiser can make, typed, in one place: the model below.

Why: the regulations leave points open (the README of the regulations records the
decision taken on each), and each decision is a setting the organiser may change. Each
field of ``SectionSettings`` is one setting — its type, its default, its French label and
each regulation's value (000, 002, 003, 004), written together. A setting is read only
through the model: ``section_settings(t).lateness_minutes`` is the value written for the
tournament, else its regulation's, else the default (an AST scan of src/ in
tests/architecture/test_settings_reads.py keeps it the only way). The venue's own settings, one for every section, are
``EventSettings``, read by ``event_settings(event)``.

A name nobody knows is refused with « vouliez-vous dire … ? », a value of the wrong
type or out of range in French — when the event is created from a template, or when it
is changed; nothing is written then.

The model is pydantic and lives in ``model.py``; this package loads it on the first
check or write of a setting, not when it is imported: the app's first paint reads none,
and importing pydantic cost its start 40 ms. A read takes the values stored in the
model's own form without it (``values.py``: a light command, 90 ms less) and gives the
others to the model. Every name of ``model.py`` is reached from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from typing import TYPE_CHECKING, Any, Literal, cast

if TYPE_CHECKING:
    from ..models import Tournament
    from .model import (
        CATEGORIES,
        EVENT_SETTINGS,
        FROM_EVENT,
        PROFILES,
        REGULATIONS,
        RETIRED,
        SETTINGS,
        SYSTEMS,
        EventSettings,
        SectionSettings,
        Setting,
        applies,
        bounds,
        check,
        check_all,
        cut,
        listed,
        parse,
        retired_in,
        shown,
        unknown,
    )


__all__ = [
    "CATEGORIES",
    "EVENT_SETTINGS",
    "FROM_EVENT",
    "PROFILES",
    "REGULATIONS",
    "RETIRED",
    "SETTINGS",
    "SYSTEMS",
    "EventSettings",
    "SectionSettings",
    "Setting",
    "applies",
    "bounds",
    "check",
    "check_all",
    "cut",
    "event_settings",
    "listed",
    "parse",
    "retired_in",
    "section_fault",
    "section_settings",
    "shown",
    "unknown",
    "where",
]


def section_settings(t: Tournament, event: EventSettings | None = None) -> SectionSettings:
    """What applies to ``t`` (``model.section_settings``): read without the model when
    every value is in its form (values.py), as the model would give it."""
    from .values import section_values

    light = section_values(t, event)
    if light is not None:
        return cast("SectionSettings", light)
    from .model import section_settings as read

    return read(t, event)


def event_settings(event: Mapping[str, Any] | None) -> EventSettings:
    """The event's own settings from its row (``model.event_settings``), read as
    ``section_settings`` reads."""
    from .values import event_values

    light = event_values(event)
    if light is not None:
        return cast("EventSettings", light)
    from .model import event_settings as read

    return read(event)


def section_fault(t: Tournament, changed: set[str] | frozenset[str]) -> str | None:
    """What is wrong with ``t``'s settings just changed (``model.section_fault``)."""
    from .model import section_fault as fault

    return fault(t, changed)


def where(t: Tournament, name: str) -> Literal["tournoi", "règlement", "défaut"]:
    """Where a setting's value comes from (``model.where``)."""
    from .model import where as origin

    return origin(t, name)


def __getattr__(name: str) -> Any:
    """Any other name of ``model.py`` (its tables, its types), loaded then, once."""
    if name.startswith("__"):
        raise AttributeError(name)
    value = getattr(import_module(".model", __name__), name)
    globals()[name] = value
    return value
