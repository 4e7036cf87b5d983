"""The individual knockout (000): bracket, byes, deciders, lucky losers; its actions are in
``operations/knockout.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...rules.models import Result, StoredGame, StoredTournament
from ...rules.settings import section_settings
from .base import Individual

if TYPE_CHECKING:
    from ..context import EventContext
    from . import PairOrder, RankingGroups


class Knockout(Individual):
    label = "élimination directe"
    pairing_system = "Élimination directe"
    trf_type = "Individual: Knockout"
    trf_code = ""
    has_bracket = True

    def pair(self, service: EventContext, t: StoredTournament, order: PairOrder) -> None:
        from .. import knockout

        knockout.pair(service, t, order.number, order.seed, order.exempt_holes)

    def entries_closed(self, service: EventContext, t: StoredTournament) -> str | None:
        """000 art. 2.1: entries are counted at the close of registration; the bracket,
        the byes and the waiting list are fixed then, so no path adds one after it."""
        if service.store.ko_registration(t.id) is None:
            return None
        return (
            f"les inscriptions sont closes en {t.name} (arbitre ko close-registration) : "
            "le tableau, les exempts et la liste d'attente sont figés"
        )

    def needs_decider(self, t: StoredTournament) -> bool:
        """A draw is decided by a game (armageddon, blitz) unless by rating."""
        return section_settings(t).decider != "rating"

    def missing_deciders(self, t: StoredTournament, games: list[StoredGame]) -> list[int]:
        if not self.needs_decider(t):
            return []
        return [g.board for g in games if g.result is Result.DRAW and g.decider is None]

    def ranking_groups(self, service: EventContext, t: StoredTournament) -> RankingGroups:
        from .. import knockout

        return knockout.ranking_groups(service, t)

    def prize_order(self, service: EventContext, t: StoredTournament) -> list[int]:
        """000 art. 3: prizes whole and all different, by the knockout ranking."""
        from .. import knockout

        return knockout.prize_order(service, t)


FORMAT = Knockout()
