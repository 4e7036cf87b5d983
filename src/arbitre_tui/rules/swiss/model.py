"""What the Dutch engine reads and returns: plain records (rules/records.py), no I/O.

Scores are kept in tenths of a point (a win is 10) so comparisons are exact.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from ..records import Record

Colour = Literal["w", "b"]
ColourRule = Literal["E.1", "E.2", "E.3", "E.4", "E.5"]  # C.04.3 E: the rule that gave the colours

# The engine's colours and floats as small integers (dutch.py packs them into weights;
# explain.py reads them back): here so that neither module imports the other for them.
WHITE, BLACK, NONE = 0, 1, 2
DOWN, UP, NOFLOAT = 0, 1, 2


class SeatFacts(Protocol):
    """One player as the engine saw them when it paired (read by explain.py)."""

    @property
    def id(self) -> int: ...
    @property
    def preference(self) -> int: ...
    @property
    def strong(self) -> bool: ...
    @property
    def absolute(self) -> bool: ...


class PairingFacts(Protocol):
    """What the explanation reads of the engine after a pairing, in its order: the
    players, their scores, their last two floats, and each player's place."""

    @property
    def sp(self) -> Sequence[SeatFacts]: ...
    @property
    def s(self) -> Sequence[int]: ...
    @property
    def f1(self) -> Sequence[int]: ...
    @property
    def f2(self) -> Sequence[int]: ...
    @property
    def index(self) -> Mapping[int, int]: ...


@dataclass(slots=True, kw_only=True)
class Game(Record):
    """One round of one player's history, as the TRF writes it."""

    opponent: int = 0  # pairing number, 0 for none
    colour: Colour | None = None
    result: str = "Z"  # TRF result code: 1 = 0 + - W D L H F U Z


@dataclass(slots=True, kw_only=True)
class Entrant(Record):
    """A player as the pairing sees them."""

    number: int  # pairing number (1-based)
    rating: int = 0
    games: list[Game] = field(default_factory=list)
    accelerations: list[int] = field(default_factory=list)  # tenths, per round


@dataclass(slots=True, kw_only=True)
class Scoring(Record):
    """Points in tenths (TRF record 162)."""

    win: int = 10
    draw: int = 5
    loss: int = 0
    absence: int = 0  # forfeit loss and zero-point bye
    pab: int = 10  # pairing-allocated bye


@dataclass(slots=True, kw_only=True)
class SwissState(Record):
    """A tournament before the pairing of a round.

    ``games`` of each entrant hold the rounds already played and, for the round to
    pair, the byes the arbiter gave before pairing (H, Z, F): a player with an entry
    for that round is not paired.
    """

    entrants: list[Entrant]
    total_rounds: int
    initial_colour: Colour = "w"
    scoring: Scoring = field(default_factory=Scoring)
    prohibited: list[tuple[int, int, list[int]]] = field(default_factory=list)  # first, last, ids
    baku: bool = False
    # an accelerated system (« baku » as ``baku``; the French ones in
    # rules/swiss/acceleration.py) and the last pairing rank of each group but the last,
    # as the organiser cut them (empty: the default cut)
    acceleration: Literal["baku", "haley", "haley_degressive", "sad"] | None = None
    acceleration_groups: list[int] = field(default_factory=list)


@dataclass(slots=True, kw_only=True)
class Board(Record):
    white: int
    black: int


@dataclass(slots=True, kw_only=True)
class Floater(Record):
    player: int
    direction: Literal["down", "up"]
    score: int  # tenths
    opponent_score: int | None


@dataclass(slots=True, kw_only=True)
class ColourNote(Record):
    white: int
    black: int
    rule: ColourRule


@dataclass(slots=True, kw_only=True)
class VirtualPoints(Record):
    """Points added for the pairing only (an accelerated system), for this round."""

    player: int
    points: int  # tenths
    group: str = ""  # A, B, C ("" when the points came with the TRF)


@dataclass(slots=True, kw_only=True)
class Explanation(Record):
    floaters: list[Floater] = field(default_factory=list)
    colours: list[ColourNote] = field(default_factory=list)
    unmet: dict[str, int] = field(default_factory=dict)  # criterion -> count
    # written only when some player carries virtual points: a round paired without
    # acceleration dumps exactly as before
    virtual: list[VirtualPoints] = field(default_factory=list)
    system: str = ""  # the accelerated system, as the explanation names it

    def dump(self, exclude: set[str] | frozenset[str] = frozenset()) -> dict[str, Any]:
        """Without ``virtual`` and ``system`` when no acceleration applied: a round
        paired without one dumps exactly as before accelerations existed."""
        data = Record.dump(self, exclude)
        if not data.get("virtual") and not data.get("system"):
            data.pop("virtual", None)
            data.pop("system", None)
        return data


@dataclass(slots=True, kw_only=True)
class RoundPairing(Record):
    round: int
    boards: list[Board]
    bye: int | None = None
    explanation: Explanation = field(default_factory=Explanation)
