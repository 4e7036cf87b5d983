"""The event at a glance: its name, place, dates and arbiters, each section with its system,
rules, cadence, players and rounds (`arbitre show`, `arbitre new`, `event show`, the app's
header and event screen, the site's home page)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from ..rules.models import StoredTournament
from ..rules.sections import SYSTEM_LABELS
from ..rules.settings import event_settings, section_settings
from .reader import Reader


@dataclass(frozen=True, slots=True)
class Section:
    key: str
    name: str
    system: str
    players: int
    rounds: int  # paired so far
    rounds_planned: int
    system_label: str = ""
    regulation: str = ""  # « 002 », or « FIDE » when none is named
    cadence: str = ""  # the rounds' cadence in short, « par ronde » when they differ
    tiebreaks: str = ""


@dataclass(frozen=True, slots=True)
class EventSummary:
    name: str
    city: str
    sections: tuple[Section, ...]
    start: str = ""
    end: str = ""
    federation: str = ""
    chief_arbiter: str = ""
    arbiters: tuple[str, ...] = ()

    @property
    def dates(self) -> str:
        """« du 10/04/2027 au 12/04/2027 », « le 10/04/2027 », or nothing."""
        first, last = (_french(d) for d in (self.start, self.end))
        if first and last and first != last:
            return f"du {first} au {last}"
        return f"le {first or last}" if first or last else ""

    @property
    def fields(self) -> tuple[tuple[str, str], ...]:
        """The event's fields as the arbiter reads them, « — » where not given."""
        return (
            ("Lieu", self.city or "—"),
            ("Dates", self.dates or "—"),
            ("Fédération", self.federation or "—"),
            ("Arbitre principal", self.chief_arbiter or "—"),
            ("Adjoints", ", ".join(self.arbiters) or "—"),
        )


def _french(iso: str) -> str:
    return dt.date.fromisoformat(iso).strftime("%d/%m/%Y") if iso else ""


def cadence_of(t: StoredTournament) -> str:
    """The cadence of a section's rounds, short; « par ronde » when they differ."""
    controls = {tc.short for tc in t.time_controls.values()}
    if not controls:
        return "—"
    return controls.pop() if len(controls) == 1 else "par ronde"


def round_reached(reader: Reader, t: StoredTournament) -> int:
    """The last round paired — for a cup, the last tour drawn (its matches are not rounds
    of games: the header said « ronde 0/4 » after the draw, issue 29.6)."""
    from ..operations.formats import format_of

    if format_of(t).by_teams:  # the store's matches: operations.cup would load the cup's
        # rules (rules.cup, ≈ 25 ms of `show`'s import) for a number (issue 56.4)
        cup_matches = reader.service.store.cup_matches(t.id)
        return max((m.round for m in cup_matches), default=0)
    return len(reader.rounds(t))


def build(reader: Reader) -> EventSummary:
    with reader.consistent():
        ev = reader.event()
        sections = tuple(
            Section(
                t.key,
                t.name,
                t.system.value,
                reader.player_count(t),
                round_reached(reader, t),
                t.rounds_planned,
                SYSTEM_LABELS[t.system],
                section_settings(t).regulation or "FIDE",
                cadence_of(t),
                ", ".join(t.tiebreaks) or "—",
            )
            for t in reader.tournaments()
        )
    settings = event_settings(ev)
    return EventSummary(
        str(ev.get("name", "")),
        str(ev.get("city", "")),
        sections,
        str(ev.get("start_date") or ""),
        str(ev.get("end_date") or ""),
        settings.federation,
        settings.chief_arbiter or "",
        tuple(settings.arbiters),
    )
