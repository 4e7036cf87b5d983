"""The journal records of results (the hot path): a result, its clearing, a forfeit, an
incident, the sheet's verification, an appeal, the players' proposals (issue 54.2).

Fields are declared in the order the entry says them (its details after « — »)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from ..journal_words import (
    SIDES,
    Address,
    Board,
    Checked,
    Colour,
    Incident,
    Kept,
    Match,
    Name,
    Numbers,
    Registration,
    ResultValue,
    Round,
    Said,
    Section,
    Side,
    Unchanged,
    Words,
    result_words,
)
from ..registry import label

# said in the head, after the board: « échiquier 5, 1-0 », « échiquier 5, forfait des Noirs »
HeadResult = Annotated[str | None, Words(result_words, 3)]
HeadSide = Annotated[str | None, Words(lambda v: f"forfait {SIDES.get(str(v), str(v))}", 3)]


@dataclass(frozen=True, kw_only=True)
class ResultArgs(Said):
    """record_result: « échiquier 5, 1-0 » (the round is the one on screen)."""

    ROUND_ON_SCREEN: ClassVar[bool] = True

    tournament: Section = None
    round: Round = None
    board: Board = None
    result: HeadResult = None
    unchanged: Unchanged = None

    def opening(self, op: str) -> list[str]:
        return [] if self.result else [label(op)]


@dataclass(frozen=True, kw_only=True)
class BoardArgs(Said):
    """clear_result: a board of a round."""

    tournament: Section = None
    round: Round = None
    board: Board = None


@dataclass(frozen=True, kw_only=True)
class AbsentArgs(Said):
    """absent: « échiquier 5, forfait des Noirs »."""

    board: Board = None
    side: HeadSide = None
    tournament: Section = None
    round: Round = None

    def opening(self, op: str) -> list[str]:
        return [] if self.side else [label(op)]


@dataclass(frozen=True, kw_only=True)
class IncidentArgs(Said):
    """record_incident, in a round (tournament) or a cup's match."""

    board: Board = None
    match: Match = None
    colour: Colour = None
    kind: Incident = None
    tournament: Section = None
    round: Round = None


@dataclass(frozen=True, kw_only=True)
class VerifyArgs(Said):
    """verify_result: the sheet's result checked against the one typed."""

    board: Board = None
    keep: Kept = None
    tournament: Section = None
    round: Round = None
    result: ResultValue = None


@dataclass(frozen=True, kw_only=True)
class AppealArgs(Said):
    """record_appeal: an appeal, against a round's decisions."""

    tournament: Section = None
    round: Round = None


@dataclass(frozen=True, kw_only=True)
class ProposalArgs(Said):
    """propose_result: a player's proposal from his phone."""

    board: Board = None
    address: Address = None
    tournament: Section = None
    round: Round = None
    result: ResultValue = None
    side: Side = None


@dataclass(frozen=True, kw_only=True)
class ConfirmArgs(Said):
    """confirm_proposals: the agreed proposals of a board (or a section's check-ins)
    become results; the results and forfeits it records say their words here."""

    board: Board = None
    tournament: Section = None
    round: Round = None
    result: ResultValue = None
    side: Side = None
    unchanged: Unchanged = None
    left: Numbers = None
    player: Registration = None  # a check-in it confirms (the last one's name)
    checked: Checked = None
    name: Name = None
