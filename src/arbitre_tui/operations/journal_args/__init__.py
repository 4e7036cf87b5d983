"""Each journaled operation's arguments, as a typed record (issue 54.2), by family.

``ARGS`` names the record of every operation: ``EventContext.write`` refuses another
(a TypeError: a program's fault, found by the tests), and the journal's reader builds it
from a row's JSON, of any format (store/journal_args.py). A record may serve several
operations of one shape (a registration's: withdraw, keep, edit, remove, move).

The families are loaded when a name is first asked for (PEP 562): a write loads its own
family (``record_of``), not all six (≈ 80 of their 130 million instructions, issue 56.2);
``ARGS``, the whole table, loads them all."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any, cast

from ..registry import Operation

if TYPE_CHECKING:
    from ..journal_words import Said
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

    ARGS: dict[Operation, type[Said]]

# each family's module and the records it declares
_FAMILIES = {
    "cups": ("CupArgs", "HonoursArgs", "KnockoutArgs"),
    "imports": ("ImportArgs",),
    "players": (
        "ByeArgs",
        "CheckInArgs",
        "OptOutArgs",
        "PaidArgs",
        "PlayerArgs",
        "ProposedCheckInArgs",
        "RegisterArgs",
        "TeamArgs",
    ),
    "results": (
        "AbsentArgs",
        "AppealArgs",
        "BoardArgs",
        "ConfirmArgs",
        "IncidentArgs",
        "ProposalArgs",
        "ResultArgs",
        "VerifyArgs",
    ),
    "rounds": ("PairsArgs", "PlayoffArgs", "RoundArgs"),
    "settings": ("EventArgs", "ReportingArgs", "SectionArgs"),
}
_WHERE = {name: family for family, names in _FAMILIES.items() for name in names}

# the record of each operation, by name
RECORDS: dict[Operation, str] = {
    # the event and its sections
    Operation.CREATE_EVENT: "EventArgs",
    Operation.SET_EVENT: "EventArgs",
    Operation.UPDATE_EVENT_SETTINGS: "EventArgs",
    Operation.ADD_TOURNAMENT: "SectionArgs",
    Operation.EDIT_SECTION: "SectionArgs",
    Operation.REMOVE_SECTION: "SectionArgs",
    Operation.UPDATE_SETTINGS: "SectionArgs",
    # players
    Operation.REGISTER_PLAYER: "RegisterArgs",
    Operation.IMPORT_PAPI: "ImportArgs",
    Operation.IMPORT_PLAYERS: "ImportArgs",
    Operation.EDIT_PLAYER: "PlayerArgs",
    Operation.MOVE_PLAYER: "PlayerArgs",
    Operation.REMOVE_PLAYER: "PlayerArgs",
    Operation.CHECK_IN: "CheckInArgs",
    Operation.SET_PAID: "PaidArgs",
    Operation.WITHDRAW: "PlayerArgs",
    Operation.KEEP_PLAYER: "PlayerArgs",
    Operation.PUBLISH_OPT_OUT: "OptOutArgs",
    Operation.REQUEST_BYE: "ByeArgs",
    Operation.PROHIBIT: "PairsArgs",
    # clubs and teams
    Operation.ADD_CLUB: "TeamArgs",
    Operation.ADD_TEAM: "TeamArgs",
    Operation.ENTER_TEAM: "TeamArgs",
    # rounds
    Operation.PAIR_ROUND: "RoundArgs",
    Operation.FORCE_PAIR: "PairsArgs",
    Operation.PUBLISH: "RoundArgs",
    Operation.SET_ROUND_START: "RoundArgs",
    Operation.CLOSE_ROUND: "RoundArgs",
    Operation.YOUTH_FORMAT: "RoundArgs",
    # results
    Operation.RECORD_RESULT: "ResultArgs",
    Operation.CLEAR_RESULT: "BoardArgs",
    Operation.ABSENT: "AbsentArgs",
    Operation.RECORD_INCIDENT: "IncidentArgs",
    Operation.VERIFY_RESULT: "VerifyArgs",
    Operation.SETTLE_RESULT: "VerifyArgs",
    Operation.RECORD_APPEAL: "AppealArgs",
    Operation.PLAYOFF_RESULT: "PlayoffArgs",
    Operation.PLAYOFF_SEEDS: "PlayoffArgs",
    # players' phones
    Operation.PHONE_REPORTING: "ReportingArgs",
    Operation.PROPOSE_RESULT: "ProposalArgs",
    Operation.PROPOSE_CHECKIN: "ProposedCheckInArgs",
    Operation.CONFIRM_PROPOSALS: "ConfirmArgs",
    # knock-out
    Operation.KO_CLOSE_REGISTRATION: "KnockoutArgs",
    Operation.RECORD_DECIDER: "KnockoutArgs",
    Operation.LUCKY_LOSER_DRAW: "KnockoutArgs",
    Operation.LUCKY_LOSER_CONFIRM: "KnockoutArgs",
    # team cup
    Operation.CUP_DRAW: "CupArgs",
    Operation.CUP_LINEUP: "CupArgs",
    Operation.CUP_MOVE_PLAYER: "CupArgs",
    Operation.CUP_RESULT: "CupArgs",
    Operation.CUP_REPORT: "CupArgs",
    Operation.CUP_CONFIRM: "CupArgs",
    Operation.CUP_UNCONFIRM: "CupArgs",
    Operation.CUP_BREACH: "CupArgs",
    Operation.CUP_DIRECTOR: "CupArgs",
    Operation.CUP_EQUIPMENT: "CupArgs",
    Operation.ROLL_OF_HONOUR: "HonoursArgs",
}


def record_of(op: Operation) -> type[Said] | None:
    """The record ``op`` declares (None: one that journals none), its family alone loaded."""
    name = RECORDS.get(op)
    if name is None:
        return None
    return cast("type[Said]", getattr(import_module(f".{_WHERE[name]}", __name__), name))


def __getattr__(name: str) -> Any:
    """A record, or ``ARGS``, loaded on first use and kept."""
    if name == "ARGS":
        value: Any = {op: record_of(op) for op in RECORDS}
    elif name in _WHERE:
        value = getattr(import_module(f".{_WHERE[name]}", __name__), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


__all__ = [
    "ARGS",
    "RECORDS",
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
