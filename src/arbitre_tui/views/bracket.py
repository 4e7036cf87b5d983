"""A knockout's bracket: every round's matches and who went through (Tableau pane, the
site's tableau page)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .reader import PlayerRef, SectionView
from .round_sheet import Board
from .round_sheet import build as round_sheet

if TYPE_CHECKING:
    from ..rules.models import StoredTournament
    from .reader import Reader


@dataclass(frozen=True, slots=True)
class BracketMatch:
    board: Board
    winner: PlayerRef | None  # None: not decided yet, or nobody goes through
    why: str  # how a drawn game was decided: « Armageddon ½-½ (nulle : les Noirs passent) »

    @property
    def shown(self) -> str:
        """The result cell with what decided it: « ½-½, Armageddon 1-0 », or « … »."""
        b = self.board
        if b.black is None:
            return b.bye_label or "…"
        if b.result is None:
            return "…"
        return f"{b.result_label}, {self.why}" if self.why else b.result_label

    @property
    def short(self) -> str:
        """The printed cell, narrower: « ½-½ (1-0) » (the decider), « ½-½ (Elo) »."""
        b = self.board
        if not self.why or b.result is None:
            return self.shown
        if b.decider:
            return f"{b.result_label} ({b.decider_label})"
        return f"{b.result_label} ({'Elo' if self.winner is not None else '…'})"

    @property
    def through(self) -> str:
        """The qualified player's name, « — » when nobody goes through, « … » to play."""
        if self.winner is not None:
            return self.winner.name
        return "—" if self.board.result else "…"


_DECIDERS = {"armageddon": "Armageddon", "blitz": "blitz"}


def decided_by(board: Board, rule: str) -> str:
    """What decided a drawn knockout game under the section's ``rule``; "" when the game
    itself did (or nothing has yet)."""
    if board.result != "=-=":
        return ""
    if rule == "rating":
        return "au classement : le moins bien classé passe"
    if board.decider is None:
        return "départage à jouer"
    how = f"{_DECIDERS.get(rule, 'départage')} {board.decider_label}"
    if rule == "armageddon" and board.decider == "=-=":
        how += " (nulle : les Noirs passent)"
    return how


@dataclass(frozen=True, slots=True)
class BracketRound:
    number: int
    stage: str | None
    matches: tuple[BracketMatch, ...]


@dataclass(frozen=True, slots=True)
class Bracket(SectionView):
    rounds: tuple[BracketRound, ...]


def build(reader: Reader, t: StoredTournament) -> Bracket:
    """Empty (no rounds) when ``t`` is not a knockout or nothing is paired yet."""
    from ..operations.formats import format_of
    from ..rules.knockout import winner
    from ..rules.models import Result
    from ..rules.settings import section_settings

    if not format_of(t).has_bracket:
        return Bracket(t.key, t.name, ())
    rule = section_settings(t).decider
    out = []
    with reader.consistent():
        ratings = {p.id: p.rating for p in reader.players(t) if p.id}
        for rnd in reader.rounds(t):
            sheet = round_sheet(reader, t, rnd.number)
            matches = []
            for b in sheet.boards:
                black = b.black.id if b.black else None
                won = winner(
                    b.white.id,
                    black,
                    Result(b.result) if b.result else None,
                    Result(b.decider) if b.decider else None,
                    rule,
                    ratings,
                )
                through = b.white if won == b.white.id else (b.black if won else None)
                matches.append(BracketMatch(b, through, decided_by(b, rule)))
            out.append(BracketRound(rnd.number, rnd.stage, tuple(matches)))
    return Bracket(t.key, t.name, tuple(out))


def round_matches(reader: Reader, t: StoredTournament, number: int) -> dict[int, BracketMatch]:
    """A knockout round's matches by board, each with who went through and what decided
    it (the site's round page, the printed pairings); empty for any other format."""
    return {
        m.board.board: m
        for rnd in build(reader, t).rounds
        if rnd.number == number
        for m in rnd.matches
    }
