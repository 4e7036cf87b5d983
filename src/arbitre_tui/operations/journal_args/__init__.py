"""Each journaled operation's arguments, as a typed record (issue 54.2), by family.

``ARGS`` names the record of every operation: ``EventContext.write`` refuses another
(a TypeError: a program's fault, found by the tests), and the journal's reader builds it
from a row's JSON, of any format (store/journal_args.py). A record may serve several
operations of one shape (a registration's: withdraw, keep, edit, remove, move)."""

from __future__ import annotations

from ..journal_words import Said
from ..registry import Operation
from .cups import CupArgs, HonoursArgs, KnockoutArgs
from .imports import ImportArgs
from .players import (
    ByeArgs,
    CheckInArgs,
    OptOutArgs,
    PaidArgs,
    PlayerArgs,
    ProposedCheckInArgs,
    RegisterArgs,
    TeamArgs,
)
from .results import (
    AbsentArgs,
    AppealArgs,
    BoardArgs,
    ConfirmArgs,
    IncidentArgs,
    ProposalArgs,
    ResultArgs,
    VerifyArgs,
)
from .rounds import PairsArgs, PlayoffArgs, RoundArgs
from .settings import EventArgs, ReportingArgs, SectionArgs

ARGS: dict[Operation, type[Said]] = {
    # the event and its sections
    Operation.CREATE_EVENT: EventArgs,
    Operation.SET_EVENT: EventArgs,
    Operation.UPDATE_EVENT_SETTINGS: EventArgs,
    Operation.ADD_TOURNAMENT: SectionArgs,
    Operation.EDIT_SECTION: SectionArgs,
    Operation.REMOVE_SECTION: SectionArgs,
    Operation.UPDATE_SETTINGS: SectionArgs,
    # players
    Operation.REGISTER_PLAYER: RegisterArgs,
    Operation.IMPORT_PAPI: ImportArgs,
    Operation.IMPORT_PLAYERS: ImportArgs,
    Operation.EDIT_PLAYER: PlayerArgs,
    Operation.MOVE_PLAYER: PlayerArgs,
    Operation.REMOVE_PLAYER: PlayerArgs,
    Operation.CHECK_IN: CheckInArgs,
    Operation.SET_PAID: PaidArgs,
    Operation.WITHDRAW: PlayerArgs,
    Operation.KEEP_PLAYER: PlayerArgs,
    Operation.PUBLISH_OPT_OUT: OptOutArgs,
    Operation.REQUEST_BYE: ByeArgs,
    Operation.PROHIBIT: PairsArgs,
    # clubs and teams
    Operation.ADD_CLUB: TeamArgs,
    Operation.ADD_TEAM: TeamArgs,
    Operation.ENTER_TEAM: TeamArgs,
    # rounds
    Operation.PAIR_ROUND: RoundArgs,
    Operation.FORCE_PAIR: PairsArgs,
    Operation.PUBLISH: RoundArgs,
    Operation.SET_ROUND_START: RoundArgs,
    Operation.CLOSE_ROUND: RoundArgs,
    Operation.YOUTH_FORMAT: RoundArgs,
    # results
    Operation.RECORD_RESULT: ResultArgs,
    Operation.CLEAR_RESULT: BoardArgs,
    Operation.ABSENT: AbsentArgs,
    Operation.RECORD_INCIDENT: IncidentArgs,
    Operation.VERIFY_RESULT: VerifyArgs,
    Operation.SETTLE_RESULT: VerifyArgs,
    Operation.RECORD_APPEAL: AppealArgs,
    Operation.PLAYOFF_RESULT: PlayoffArgs,
    Operation.PLAYOFF_SEEDS: PlayoffArgs,
    # players' phones
    Operation.PHONE_REPORTING: ReportingArgs,
    Operation.PROPOSE_RESULT: ProposalArgs,
    Operation.PROPOSE_CHECKIN: ProposedCheckInArgs,
    Operation.CONFIRM_PROPOSALS: ConfirmArgs,
    # knock-out
    Operation.KO_CLOSE_REGISTRATION: KnockoutArgs,
    Operation.RECORD_DECIDER: KnockoutArgs,
    Operation.LUCKY_LOSER_DRAW: KnockoutArgs,
    Operation.LUCKY_LOSER_CONFIRM: KnockoutArgs,
    # team cup
    Operation.CUP_DRAW: CupArgs,
    Operation.CUP_LINEUP: CupArgs,
    Operation.CUP_MOVE_PLAYER: CupArgs,
    Operation.CUP_RESULT: CupArgs,
    Operation.CUP_REPORT: CupArgs,
    Operation.CUP_CONFIRM: CupArgs,
    Operation.CUP_UNCONFIRM: CupArgs,
    Operation.CUP_BREACH: CupArgs,
    Operation.CUP_DIRECTOR: CupArgs,
    Operation.CUP_EQUIPMENT: CupArgs,
    Operation.ROLL_OF_HONOUR: HonoursArgs,
}

__all__ = [
    "ARGS",
    "AbsentArgs",
    "AppealArgs",
    "BoardArgs",
    "ByeArgs",
    "CheckInArgs",
    "ConfirmArgs",
    "CupArgs",
    "EventArgs",
    "HonoursArgs",
    "ImportArgs",
    "IncidentArgs",
    "KnockoutArgs",
    "OptOutArgs",
    "PaidArgs",
    "PairsArgs",
    "PlayerArgs",
    "PlayoffArgs",
    "ProposalArgs",
    "ProposedCheckInArgs",
    "RegisterArgs",
    "ReportingArgs",
    "ResultArgs",
    "RoundArgs",
    "SectionArgs",
    "TeamArgs",
    "VerifyArgs",
]
