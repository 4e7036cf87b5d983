"""The journal records of the team cup and the knock-out (issue 54.2): a cup's match
(its line-ups, results, report, confirmations, sanctions), the roll of honour, the
knock-out's deciders and lucky losers."""

from __future__ import annotations

from dataclasses import dataclass

from ..journal_words import (
    At,
    Board,
    Boards,
    Checked,
    Club,
    Finalist,
    Match,
    Name,
    Note,
    Reason,
    Registration,
    Registrations,
    ResultValue,
    Round,
    Said,
    Season,
    Section,
    Team,
    Tour,
    Unchanged,
    Who,
)


@dataclass(frozen=True, kw_only=True)
class CupArgs(Said):
    """A cup's operation: its draw (a tour), a match and what is done of it."""

    tournament: Section = None
    round: Tour = None
    match: Match = None
    player: Registration = None
    team: Team = None
    players: Registrations = None
    board: Board = None
    name: Name = None
    result: ResultValue = None
    at: At = None
    who: Who = None
    reason: Reason = None
    boards: Boards = None
    unchanged: Unchanged = None


@dataclass(frozen=True, kw_only=True)
class HonoursArgs(Said):
    """roll_of_honour: a season's winner (and finalist)."""

    tournament: Section = None
    season: Season = None
    club: Club = None
    finalist: Finalist = None


@dataclass(frozen=True, kw_only=True)
class KnockoutArgs(Said):
    """The knock-out's registration closed (its case), a decider, a lucky loser."""

    tournament: Section = None
    round: Round = None
    board: Board = None
    result: ResultValue = None
    player: Registration = None
    case: Note = None  # the bracket's case, for the program
    reachable: Checked = None
