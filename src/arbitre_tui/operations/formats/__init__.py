"""What differs between the formats of play, behind one interface (``Format``), one module a
format: ``swiss``, ``knockout``, ``roundrobin``, ``cup``.

Why: before this registry, faces and operations asked « which system is this? » in 31
places, and each answer drifted (a knockout ranked by Swiss points on some screens).
Now a face or an operation asks the tournament's format what it does — pair, whether
an absence excludes, whether a draw needs a decider, how it ranks for prizes — and
``FORMATS[system]`` is the only place that maps a system to its code (bbpPairings keeps
one interface per pairing system the same way). A format's module is imported when a
tournament of that format is first met (start-up time on a Pi).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Protocol

from ...rules.models import StoredGame, StoredPlayer, StoredTournament, System, Tournament

if TYPE_CHECKING:
    from ..context import EventContext
    from ..plans import Pairing
    from ..youth_format import YouthFormat

RankingGroups = list[tuple[int, int, list[int]]]  # (first place, last place, ids) in order


@dataclass(frozen=True)
class PairOrder:
    """What pairing round ``number`` asks: the seed of its draws (None: drawn now), a
    Swiss pairing computed outside the lock (None: computed here), and whether a
    knockout's holes qualify the opponent."""

    number: int
    seed: int | None = None
    computed: Pairing | None = None
    exempt_holes: bool = False


class Format(Protocol):
    """One format of play: what the rest of the house may ask of it."""

    label: str  # in French, for messages: « système suisse »
    pairing_system: str  # as the technical report names it (« Système suisse FIDE… »)
    pairs_by_draw: bool  # rounds are drawn by lot (the cup), not paired by `a`
    explains_pairings: bool  # `e` / `arbitre explain`: floaters, colours, criteria
    publishes_pairings: bool  # `P`: pairings published before the round (002)
    has_bracket: bool  # Tableau and Repêchage panes
    by_teams: bool  # teams, line-ups and match sheets
    round_robin_tiebreaks: bool  # C.07 reads a round robin's free rounds differently
    half_point_byes: bool  # a player may ask for a ½-point bye (002); not in a knockout
    trf_type: str  # TRF 092, in words
    trf_code: str  # TRF-2026 192, the encoded type ('' when FIDE has none)
    papi_genre: str  # Papi's « Genre » (Suisse, ToutesRondes); '' when Papi has none
    sits_out_unpaired: bool  # a player on no board sits the round out (round robin, odd)

    def first_round(self, service: EventContext, t: StoredTournament) -> YouthFormat | None:
        """The format decided from the entries before round 1 is paired (003); None:
        the section plays as created. Reads only: the pairing writes it."""
        ...

    def plan(
        self, service: EventContext, t: StoredTournament, number: int, seed: int | None
    ) -> Callable[[], Pairing] | None:
        """Round ``number``'s input read on the snapshot the caller holds, its work
        returned to run after it, without lock or transaction (a Swiss round: seconds at
        1000 players); None: quick, paired inside the write transaction."""
        ...

    def pair(self, service: EventContext, t: StoredTournament, order: PairOrder) -> None:
        """Write round ``order.number`` (inside the caller's transaction)."""

    def entries_closed(self, service: EventContext, t: StoredTournament) -> str | None:
        """Why no entry can be added any more (None: registration is open)."""
        ...

    def removal_fault(
        self, service: EventContext, t: StoredTournament, player: StoredPlayer
    ) -> str | None:
        """Why this registration cannot be deleted though it has no game (a cup's line-up)."""
        ...

    def settings_fault(self, service: EventContext, t: StoredTournament) -> str | None:
        """Why the tournament's new settings cannot stand, read against the event."""
        ...

    def absence_excludes(self, t: StoredTournament) -> bool:
        """An unexcused forfeit also excludes from later rounds (002)."""

    def needs_decider(self, t: StoredTournament) -> bool:
        """A drawn game needs a decider game before the round can close (000)."""

    def missing_deciders(self, t: StoredTournament, games: list[StoredGame]) -> list[int]:
        """Boards whose decider is still to be entered."""

    def ranking_groups(self, service: EventContext, t: StoredTournament) -> RankingGroups | None:
        """Places shared by groups (knockout, cup); None: ranked by the standings table."""

    def prize_order(self, service: EventContext, t: StoredTournament) -> list[int] | None:
        """One order for whole, all-different prizes (000); None: prizes by the ranking."""


_MODULES: dict[System, str] = {
    System.SWISS: "swiss",
    System.KNOCKOUT: "knockout",
    System.ROUND_ROBIN: "roundrobin",
    System.TEAM_CUP: "cup",
}


class _Registry(Mapping[System, Format]):
    """``FORMATS[System.SWISS]``: each format imported on first use."""

    def __getitem__(self, system: System) -> Format:
        module = import_module(f"{__name__}.{_MODULES[system]}")
        fmt: Format = module.FORMAT
        return fmt

    def __iter__(self) -> Iterator[System]:
        return iter(_MODULES)

    def __len__(self) -> int:
        return len(_MODULES)


FORMATS: Mapping[System, Format] = _Registry()


def format_of(t: Tournament) -> Format:
    """The format a tournament is played in (after a youth format was decided, its own)."""
    return FORMATS[t.system]
