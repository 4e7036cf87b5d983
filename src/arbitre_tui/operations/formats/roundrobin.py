"""The round robin (C.05; 003 with few entries): pairing numbers drawn by lot, then the
Berger tables."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...rules import roundrobin
from ...rules.errors import RuleError
from ...rules.models import StoredTournament
from ...rules.settings import section_settings
from ...store.records import tc_json
from ..errors import OperationError
from ..registry import Operation
from .base import Individual

if TYPE_CHECKING:
    from ..context import EventContext
    from . import PairOrder


class RoundRobin(Individual):
    label = "toutes rondes"
    pairing_system = "Toutes rondes (tables de Berger)"
    trf_type = "Individual: Round-Robin"
    trf_code = "FIDE_ROUNDROBIN"
    papi_genre = "ToutesRondes"
    sits_out_unpaired = True  # Berger's dummy: no game row for the one who rests
    round_robin_tiebreaks = True

    def pair(self, service: EventContext, t: StoredTournament, order: PairOrder) -> None:
        from ..journal_args import RoundArgs

        number, seed = order.number, order.seed
        tid = t.id
        store = service.store
        with service.write(Operation.PAIR_ROUND, RoundArgs(tournament=t.key, round=number)) as tx:
            registered = [p for p in store.players(tid) if not p.withdrawn]
            # the players checked in make the table (all registered when nobody uses check-in)
            players = [p for p in registered if p.checked_in] or registered
            by_number = store.pairing_numbers(tid)
            if by_number is None:
                if len(players) < 3:
                    raise OperationError("Un tournoi toutes rondes demande au moins 3 joueurs.")
                # C.05: pairing numbers are drawn by lot.
                by_number = list(
                    tx.draw("numéros d'appariement", "shuffle", [p.id for p in players], seed)
                )
                for k, pid in enumerate(by_number, start=1):
                    tx.insert(
                        "pairing_numbers", {"tournament_id": tid, "player_id": pid, "number": k}
                    )
            try:
                cycles = section_settings(t).cycles
                schedule = roundrobin.berger_schedule(len(by_number), cycles)
            except RuleError as exc:
                raise OperationError(exc.message) from None
            round_id = tx.insert(
                "rounds",
                {
                    "tournament_id": tid,
                    "number": number,
                    "stage": None,
                    "time_control": tc_json(t, number),
                    "closed": 0,
                },
            )
            board = 0
            for white_no, black_no in schedule[number - 1]:
                if white_no > len(by_number) or black_no > len(by_number):
                    continue  # the odd field's free round: not a game (C.07 15.2)
                board += 1
                tx.insert(
                    "games",
                    {
                        "round_id": round_id,
                        "board": board,
                        "white_id": by_number[white_no - 1],
                        "black_id": by_number[black_no - 1],
                    },
                )


FORMAT = RoundRobin()
