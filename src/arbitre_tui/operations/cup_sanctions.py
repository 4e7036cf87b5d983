"""A cup team's faults (regulation 004): a breach, equipment missing, a late line-up and the
clock advanced for it."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from ..rules import cup
from ..rules.models import CupMatch, CupSide, StoredTournament
from ..rules.settings import section_settings
from ..rules.text import text_fault
from .cup import SIDES, _check_plays, _in_match, record_board
from .errors import OperationError
from .journal_args import CupArgs
from .registry import Operation

if TYPE_CHECKING:
    from .context import EventContext


def breach(service: EventContext, key: str | None, number: int, team_id: int, reason: str) -> None:
    """A composition breach found (art. 3.1): the match is lost for that club, with the reason."""
    if not reason.strip():
        raise OperationError("Indiquez le motif de l'irrégularité.")
    if fault := text_fault("Motif de l'irrégularité", reason, lines=True):
        raise OperationError(fault)
    with service.write(
        Operation.CUP_BREACH,
        CupArgs(tournament=key, match=number, team=team_id, reason=reason),
    ) as tx:
        _t, m = _in_match(service, tx, key, number)
        _check_plays(m, team_id, number)
        winner = m.away_team_id if team_id == m.home_team_id else m.home_team_id
        side = cup.Outcome.HOME if team_id == m.home_team_id else cup.Outcome.AWAY
        result = cup.decide(
            [cup.Board.DRAW] * cup.BOARDS,
            cup.LineupInfo(),
            cup.LineupInfo(),
            final=False,
            on=dt.date.today(),
            breach=side,
            breach_reason=reason,
        )
        tx.update("cup_matches", m.id, {"winner_team_id": winner, "reason": result.reason})


def equipment_missing(
    service: EventContext, key: str | None, number: int, team_id: int, boards: int
) -> None:
    """Equipment missing: board 4, then board 3, of that team lose by administrative forfeit.

    One action: the boards it decides are written together (one undo).
    """
    with service.write(
        Operation.CUP_EQUIPMENT,
        CupArgs(tournament=key, match=number, team=team_id, boards=boards),
    ) as tx:
        t, m = _in_match(service, tx, key, number)
        _check_plays(m, team_id, number)
        if boards not in (1, 2):
            raise OperationError(
                "Matériel manquant : 1 (échiquier 4) ou 2 (échiquiers 4 et 3) parties."
            )
        current = [cup.Board(r) if r else None for r in m.results]
        updated = cup.equipment_forfeits(
            current,
            team_id == m.home_team_id,
            boards,
            as_player_forfeits=section_settings(t).equipment_counts_as_player_forfeit,
        )
        for board, value in enumerate(updated, start=1):
            if value is not None and value != current[board - 1]:
                record_board(service, t.key, number, board, value.value)


def lineup_delay(
    t: StoredTournament, m: CupMatch, side: CupSide, start: dt.datetime, player_late: bool = False
) -> dt.timedelta:
    """Clocks advanced by the delay of a late line-up (due 15 min before the start); 1 h at
    most only when a player is also late (004 art. 3.6, rules.cup.clock_advance)."""
    handed = m.lineup_at(side)
    if not handed:
        return dt.timedelta(0)
    due = start - dt.timedelta(minutes=section_settings(t).lineup_minutes_before)
    return cup.clock_advance(dt.datetime.fromisoformat(handed) - due, player_late)


def clock_advances(t: StoredTournament, m: CupMatch) -> dict[str, int]:
    """Minutes each team's clocks are advanced for a late line-up (shown on screen and sheet)."""
    out: dict[str, int] = {}
    start_time = dt.time.fromisoformat(section_settings(t).match_start)
    for side in SIDES:
        handed = m.lineup_at(side)
        if not handed:
            continue
        start = dt.datetime.combine(dt.datetime.fromisoformat(handed).date(), start_time)
        minutes = int(lineup_delay(t, m, side, start).total_seconds() // 60)
        if minutes:
            out[side] = minutes
    return out
