"""The journal records of rounds: pairing (Swiss, round-robin, knock-out), a pairing
forced or prohibited, publication, the round's start and closing, the youth format, the
play-offs (issue 54.2)."""

from __future__ import annotations

from dataclasses import dataclass

from ..journal_words import (
    Entries,
    Match,
    Purpose,
    Registrations,
    Round,
    Rounds,
    Said,
    Section,
    Start,
    System,
)


@dataclass(frozen=True, kw_only=True)
class RoundArgs(Said):
    """A round of a section: paired, published, closed, its start; the youth format
    decided when the first round is paired says its entries and system here."""

    tournament: Section = None
    round: Round = None
    start: Start = None
    entries: Entries = None
    system: System = None


@dataclass(frozen=True, kw_only=True)
class PairsArgs(Said):
    """force_pair, prohibit: players put together, or kept apart for rounds first..last."""

    tournament: Section = None
    players: Registrations = None
    rounds: Rounds = None
    round: Round = None


@dataclass(frozen=True, kw_only=True)
class PlayoffArgs(Said):
    """playoff_seeds, playoff_result: a play-off (its purpose), a game of it."""

    tournament: Section = None
    which: Purpose = None
    match: Match = None
