"""The journal records of the event and its sections: creation, settings, phones'
reporting (issue 54.2)."""

from __future__ import annotations

from dataclasses import dataclass

from ..journal_words import Changes, City, Name, Open, Said, Section


@dataclass(frozen=True, kw_only=True)
class EventArgs(Said):
    """create_event, set_event, update_event_settings: the event (its name, or the fields
    changed), its settings changed."""

    name: Name = None
    city: City = None
    changes: Changes = None


@dataclass(frozen=True, kw_only=True)
class SectionArgs(Said):
    """add_tournament (``key``), edit_section, remove_section, update_settings."""

    key: Section = None
    tournament: Section = None
    name: Name = None
    changes: Changes = None


@dataclass(frozen=True, kw_only=True)
class ReportingArgs(Said):
    """phone_reporting: the players' reporting opened or closed."""

    enabled: Open = None
