"""The neutral crosstable every tie-break reads: built from the store or from a TRF."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:  # a TRF is read by `arbitre tiebreaks`, not by a stored event's standings
    from ..trf import TrfTournament


class Kind(StrEnum):
    GAME = "game"  # played over the board
    FORFEIT_WIN = "forfeit_win"
    FORFEIT_LOSS = "forfeit_loss"
    PAB = "pab"  # pairing-allocated bye
    FPB = "fpb"  # full-point bye
    HPB = "hpb"  # half-point bye (requested)
    ZPB = "zpb"  # zero-point bye (requested, or absent / withdrawn)


class Entry(NamedTuple):
    """One round of a competitor. A tuple: a crosstable of 500 players after 7 rounds
    makes 3 500 of them at each standings (issue 56)."""

    kind: Kind
    points: float
    opponent: int = 0
    colour: str = "-"

    @property
    def played(self) -> bool:
        return self.kind is Kind.GAME

    @property
    def requested_bye(self) -> bool:
        return self.kind in (Kind.HPB, Kind.ZPB)

    @property
    def vur(self) -> bool:
        """Voluntarily unplayed round (16.1.2): a requested bye or a forfeit loss."""
        return self.kind in (Kind.HPB, Kind.ZPB, Kind.FORFEIT_LOSS)


@dataclass
class Competitor:
    start: int
    rating: int
    entries: list[Entry] = field(default_factory=list)
    pairing_number: int | None = None  # TPN (7.8) when ``start`` is not it (store ids)

    @property
    def score(self) -> float:
        return sum(e.points for e in self.entries)


@dataclass
class Crosstable:
    rounds: int
    competitors: dict[int, Competitor]
    win: float = 1.0
    draw: float = 0.5
    round_robin: bool = False


def from_trf(t: TrfTournament, round_robin: bool = False, rounds: int | None = None) -> Crosstable:
    """A crosstable from a TRF; ``rounds`` limits it to the first N rounds."""
    n = rounds or t.rounds
    comps: dict[int, Competitor] = {}
    for p in t.players.values():
        entries = []
        for r in p.rounds[:n]:
            code = r.result
            pts = t.points_for(code)
            if r.opponent == 0:
                kind = {"U": Kind.PAB, "F": Kind.FPB, "H": Kind.HPB, "+": Kind.FPB}.get(
                    code, Kind.ZPB
                )
            elif code == "+":
                kind = Kind.FORFEIT_WIN
            elif code == "-":
                kind = Kind.FORFEIT_LOSS
            else:
                kind = Kind.GAME
            entries.append(Entry(kind, pts, r.opponent, r.colour))
        comps[p.start] = Competitor(p.start, p.rating, entries)
    return Crosstable(n, comps, t.scoring["W"], t.scoring["D"], round_robin)
