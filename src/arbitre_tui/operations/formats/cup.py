"""The team knockout cup (004): matches drawn by lot, line-ups, match sheets; its actions are
in ``operations/cup.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...rules.models import StoredPlayer, StoredTournament
from ..errors import OperationError
from .base import Individual

if TYPE_CHECKING:
    from ..context import EventContext
    from . import PairOrder, RankingGroups


class Cup(Individual):
    label = "coupe par équipes"
    pairing_system = "Coupe par équipes (élimination directe)"
    trf_type = "Team: Knockout"
    trf_code = ""
    pairs_by_draw = True
    by_teams = True

    def pair(self, service: EventContext, t: StoredTournament, order: PairOrder) -> None:
        raise OperationError(
            f"Les rencontres de {t.name} se tirent au sort : d dans le volet Coupe "
            "(ou arbitre cup draw)."
        )

    def settings_fault(self, service: EventContext, t: StoredTournament) -> str | None:
        """004 art. 1.2: the holder and the last finalist name clubs entered — a typo would
        silently cost the club its priority bye."""
        clubs = sorted(set(service.store.clubs().values()))
        from ...rules.settings import section_settings

        s = section_settings(t)
        for name, what, given in (
            ("holder", "tenant de la coupe", s.holder),
            ("last_finalist", "finaliste", s.last_finalist),
        ):
            if given and given not in clubs:
                return (
                    f"Réglage « {name} » ({what}) : aucun club « {given} » engagé "
                    f"(clubs : {', '.join(clubs) or 'aucun'})."
                )
        return None

    def removal_fault(
        self, service: EventContext, t: StoredTournament, player: StoredPlayer
    ) -> str | None:
        """004 art. 3.1 and 3.8: a player on a handed-in line-up stays on the match sheet."""
        from ..cup_roster import removal_fault

        return removal_fault(service, t, player)

    def ranking_groups(self, service: EventContext, t: StoredTournament) -> RankingGroups:
        from .. import cup_honours

        return cup_honours.ranking_groups(service, t)


FORMAT = Cup()
