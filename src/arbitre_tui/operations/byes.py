"""Half-point byes on request (regulation 002): asked before the round is paired."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import TYPE_CHECKING

from ..rules.open_rules import half_point_bye_fault
from ..rules.settings import section_settings
from .errors import OperationError
from .formats import format_of
from .journal_args import ByeArgs
from .registry import Operation

if TYPE_CHECKING:
    from .context import EventContext


def request_bye(service: EventContext, player_id: int, round_number: int) -> None:
    """A half-point bye, asked before the end of the previous round (regulation 002)."""
    with service.write(Operation.REQUEST_BYE, ByeArgs(player=player_id, round=round_number)) as tx:
        player = service.player(player_id)
        t = service.store.tournament(player.tournament_id)
        assert t is not None
        tx.args = replace(tx.args, tournament=t.key, name=player.name)
        fmt = format_of(t)
        if not fmt.half_point_byes:
            raise OperationError(f"{t.name} ({fmt.label}) : pas de bye ½ point sur demande.")
        rounds = service.store.rounds(t.id)
        paired = max((r.number for r in rounds), default=0)
        finished = max((r.number for r in rounds if r.closed), default=0)
        requests = service.store.bye_requests(t.id)
        taken = sum(player_id in v for v in requests.values())
        if round_number > t.rounds_planned or round_number < 1:
            raise OperationError(
                f"{t.name} a {t.rounds_planned} rondes : pas de ronde {round_number}."
            )
        if player_id in requests.get(round_number, []):
            raise OperationError(f"{player.name} a déjà un bye ½ point en ronde {round_number}.")
        if round_number <= paired:
            raise OperationError(
                f"La ronde {round_number} est déjà appariée : trop tard pour un bye."
            )
        fault = half_point_bye_fault(
            round_number,
            finished,
            taken,
            max_byes=section_settings(t).half_point_byes_max,
            forbidden=[int(x) for x in section_settings(t).half_point_byes_forbidden_rounds],
        )
        if fault:
            raise OperationError(f"{player.name} : {fault}")
        tx.insert(
            "bye_requests",
            {
                "tournament_id": t.id,
                "player_id": player_id,
                "round": round_number,
                "at": dt.datetime.now().isoformat(timespec="seconds"),
            },
        )
