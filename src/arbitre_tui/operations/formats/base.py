"""The answers most formats share; a format overrides what it does differently."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...rules.models import StoredGame, StoredPlayer, StoredTournament

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..context import EventContext
    from ..plans import Pairing
    from ..youth_format import YouthFormat
    from . import RankingGroups


class Individual:
    """An individual event ranked by its standings table, no deciders, no exclusions."""

    pairs_by_draw = False
    explains_pairings = False
    publishes_pairings = False
    has_bracket = False
    by_teams = False
    round_robin_tiebreaks = False
    half_point_byes = False
    papi_genre = ""  # Papi knows only the Swiss and the round robin
    sits_out_unpaired = False  # a Swiss writes its byes; a knockout's losers are out

    def first_round(self, service: EventContext, t: StoredTournament) -> YouthFormat | None:
        """Regulation 003's hook: its format decided from the players checked in."""
        from ..youth_format import youth_decision

        return youth_decision(service, t)

    def plan(
        self, service: EventContext, t: StoredTournament, number: int, seed: int | None
    ) -> Callable[[], Pairing] | None:
        """Quick to pair: nothing computed before the transaction."""
        return None

    def entries_closed(self, service: EventContext, t: StoredTournament) -> str | None:
        """Why no entry can be added any more (None: registration is open)."""
        return None

    def removal_fault(
        self, service: EventContext, t: StoredTournament, player: StoredPlayer
    ) -> str | None:
        """Why this registration cannot be deleted though it has no game (None: it can)."""
        return None

    def settings_fault(self, service: EventContext, t: StoredTournament) -> str | None:
        """Why the tournament's new settings cannot stand, read against the event (None:
        they can); checked when they are set."""
        return None

    def absence_excludes(self, t: StoredTournament) -> bool:
        return False

    def needs_decider(self, t: StoredTournament) -> bool:
        return False

    def missing_deciders(self, t: StoredTournament, games: list[StoredGame]) -> list[int]:
        return []

    def ranking_groups(self, service: EventContext, t: StoredTournament) -> RankingGroups | None:
        return None

    def prize_order(self, service: EventContext, t: StoredTournament) -> list[int] | None:
        return None
