"""The journal records of imports: players from a file, a Papi tournament (issue 54.2)."""

from __future__ import annotations

from dataclasses import dataclass

from ..journal_words import City, Count, Name, Round, Said, Section


@dataclass(frozen=True, kw_only=True)
class ImportArgs(Said):
    """import_players (``rows``: how many, for the program), import_papi (its file's
    name, the rounds played; the event it creates says its city here)."""

    name: Name = None
    tournament: Section = None
    round: Round = None
    rows: Count = None
    city: City = None
