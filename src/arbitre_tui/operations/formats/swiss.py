"""The Swiss system (002, 003): the Dutch engine; the Swiss-only actions (byes on request,
prohibitions, publication, play-offs…) are in ``operations/swiss.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...rules.models import StoredTournament
from ...rules.settings import section_settings
from .base import Individual

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..context import EventContext
    from ..plans import Pairing
    from . import PairOrder


class Swiss(Individual):
    label = "système suisse"
    pairing_system = "Système suisse FIDE (règles néerlandaises, C.04.3)"
    trf_type = "Individual: Swiss-System"
    trf_code = "FIDE_DUTCH_2025"
    papi_genre = "Suisse"
    explains_pairings = True
    publishes_pairings = True
    half_point_byes = True

    def plan(
        self, service: EventContext, t: StoredTournament, number: int, seed: int | None
    ) -> Callable[[], Pairing]:
        """The Dutch engine's (and an external one's) input read on the snapshot; their
        work run after it, outside any transaction."""
        from .. import swiss

        return swiss.plan_pairing(service, t, number, seed)

    def pair(self, service: EventContext, t: StoredTournament, order: PairOrder) -> None:
        from .. import swiss

        swiss.pair(service, t, order.number, order.seed, order.computed)

    def absence_excludes(self, t: StoredTournament) -> bool:
        """Regulation 002: an unexcused forfeit excludes (a setting elsewhere)."""
        return bool(section_settings(t).forfeit_excludes)  # 002's profile says yes


FORMAT = Swiss()
