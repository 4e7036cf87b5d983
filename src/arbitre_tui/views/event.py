"""The event at a glance: its name and town, each section with its system, players and
rounds (`arbitre show`, `arbitre new`, the app's header, the site's home page)."""

from __future__ import annotations

from dataclasses import dataclass

from .reader import Reader


@dataclass(frozen=True, slots=True)
class Section:
    key: str
    name: str
    system: str
    players: int
    rounds: int  # paired so far
    rounds_planned: int


@dataclass(frozen=True, slots=True)
class EventSummary:
    name: str
    city: str
    sections: tuple[Section, ...]


def build(reader: Reader) -> EventSummary:
    with reader.consistent():
        ev = reader.event()
        sections = tuple(
            Section(
                t.key,
                t.name,
                t.system.value,
                len(reader.players(t)),
                len(reader.rounds(t)),
                t.rounds_planned,
            )
            for t in reader.tournaments()
        )
    return EventSummary(str(ev.get("name", "")), str(ev.get("city", "")), sections)
