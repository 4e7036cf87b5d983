"""The journal records of entries: registration, check-in, payment, withdrawal, byes on
request, publication opt-outs, clubs and teams (issue 54.2)."""

from __future__ import annotations

from dataclasses import dataclass

from ..journal_words import (
    Address,
    Checked,
    CheckedIn,
    Club,
    Name,
    OptOut,
    Paid,
    Registration,
    Round,
    Said,
    Section,
)
from ..registry import label


@dataclass(frozen=True, kw_only=True)
class RegisterArgs(Said):
    """register_player: « inscription, DUPONT Jean — tournoi open-a ; pointé »."""

    tournament: Section = None
    name: Name = None
    checked_in: CheckedIn = None


@dataclass(frozen=True, kw_only=True)
class PlayerArgs(Said):
    """An operation on one registration (withdraw, keep, edit, remove, move)."""

    player: Registration = None
    tournament: Section = None
    name: Name = None


@dataclass(frozen=True, kw_only=True)
class CheckInArgs(Said):
    """check_in: « pointage, MARTIN Paul », or « pointage retiré, MARTIN Paul »."""

    player: Registration = None
    checked: Checked = None
    name: Name = None

    def opening(self, op: str) -> list[str]:
        return ["pointage retiré"] if self.checked is False else [label(op)]


@dataclass(frozen=True, kw_only=True)
class PaidArgs(Said):
    """set_paid: the entry fee paid (or not)."""

    player: Registration = None
    paid: Paid = None
    name: Name = None


@dataclass(frozen=True, kw_only=True)
class OptOutArgs(Said):
    """publish_opt_out: a player's objection to publication (or its withdrawal)."""

    player: Registration = None
    opt_out: OptOut = None
    name: Name = None


@dataclass(frozen=True, kw_only=True)
class ByeArgs(Said):
    """request_bye: a half-point bye asked for a round."""

    player: Registration = None
    round: Round = None
    tournament: Section = None
    name: Name = None


@dataclass(frozen=True, kw_only=True)
class ProposedCheckInArgs(Said):
    """propose_checkin: a player says from his phone he is here."""

    player: Registration = None
    address: Address = None
    name: Name = None


@dataclass(frozen=True, kw_only=True)
class TeamArgs(Said):
    """add_club, add_team, enter_team: « équipe engagée, Colmar Échecs — tournoi coupe ;
    club Colmar Échecs » (the name: the club's, said by the club added inside)."""

    tournament: Section = None
    club: Club = None
    name: Name = None
