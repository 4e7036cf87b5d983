"""Core models as the store's rows, and rows back into models (the store's records)."""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
import sys
from collections.abc import Iterator, Mapping
from typing import Any, Literal, NotRequired, TypedDict

from ..rules.models import (
    Bye,
    IncidentKind,
    Period,
    Player,
    Result,
    Sex,
    StoredGame,
    StoredIncident,
    StoredPlayer,
    StoredRound,
    StoredTournament,
    System,
    TimeControl,
    Title,
    Tournament,
    as_data,
)

SQLValue = str | int | float | bytes | None  # what a column holds
Row = dict[str, SQLValue]  # a row of any table, to write or as `arbitre show --json` dumps it

_PLAYER_BOOLS = (
    "paid",
    "checked_in",
    "publish_opt_out",
    "withdrawn",
    "excluded",
    "transferred",
    "birth_year_only",
)


def player_row(player: Player) -> Row:
    data = as_data(player, json=True, exclude=frozenset({"id"}))
    for key in _PLAYER_BOOLS:
        data[key] = int(bool(data[key]))
    if data["eu"] is not None:
        data["eu"] = int(data["eu"])
    if not data["birth_year_only"]:  # schema 8's column, written only when set (its
        del data["birth_year_only"]  # default is 0): the row stays as older schemas knew it
    return data


def time_controls_json(controls: Mapping[int, TimeControl]) -> str:
    """A section's cadences by round as its row holds them (« {"1": {…}, …} »)."""
    return json.dumps({str(k): as_data(v) for k, v in controls.items()})


def tournament_row(t: Tournament, position: int = 0) -> Row:
    return {
        "key": t.key,
        "name": t.name,
        "system": t.system.value,
        "rounds_planned": t.rounds_planned,
        "tiebreaks": json.dumps(t.tiebreaks),
        "time_controls": time_controls_json(t.time_controls),
        "stages": json.dumps({str(k): v for k, v in t.stages.items()}),
        "settings": json.dumps(t.settings, ensure_ascii=False),
        "position": position,
    }


# Reads build the records without validating again: the store only ever holds what the
# operations validated.
def _date(value: str | None) -> dt.date | None:
    return dt.date.fromisoformat(value) if value else None


def _datetime(value: str | None) -> dt.datetime | None:
    return dt.datetime.fromisoformat(value) if value else None


def _tc(data: dict[str, Any]) -> TimeControl:
    """Trusted data (written by the store): built without validation, periods included."""
    periods = tuple(Period(**p) for p in data.get("periods", ()))
    return TimeControl(**{**data, "periods": periods})


def dicts(cursor: sqlite3.Cursor) -> Iterator[dict[str, Any]]:
    """The rows of ``cursor`` as dicts whose keys are interned, as a record's field names
    are: ``Record(**d)`` then matches each keyword by identity, where a column's name as
    sqlite3 gives it is compared character by character with every parameter (a player's
    39 fields: 12 µs of its 14, issue 56.2). ``dict(row)`` of a ``sqlite3.Row`` also
    looks each name up again; here the values are taken in order."""
    keys = tuple(sys.intern(d[0]) for d in cursor.description)
    return (dict(zip(keys, row, strict=True)) for row in cursor)


def _tournament(row: sqlite3.Row) -> StoredTournament:
    return StoredTournament(
        id=row["id"],
        key=row["key"],
        name=row["name"],
        system=System(row["system"]),
        rounds_planned=row["rounds_planned"],
        tiebreaks=json.loads(row["tiebreaks"]),
        time_controls={int(k): _tc(v) for k, v in json.loads(row["time_controls"]).items()},
        stages={int(k): v for k, v in json.loads(row["stages"]).items()},
        settings=json.loads(row["settings"]),
    )


def _player(d: dict[str, Any]) -> StoredPlayer:
    """A player's row (from :func:`dicts`) as its record."""
    for key in _PLAYER_BOOLS:
        d[key] = bool(d.get(key))  # a column a later schema added reads as 0 before it
    d["eu"] = None if d["eu"] is None else bool(d["eu"])
    d["sex"] = Sex(d["sex"]) if d["sex"] else None
    d["title"] = Title(d["title"]) if d["title"] else None
    for key in ("birth_date", "licence_date", "residence_since"):
        d[key] = _date(d[key])
    d["registered_at"] = _datetime(d["registered_at"])
    return StoredPlayer(**d)


def _round(d: dict[str, Any]) -> StoredRound:
    """A round's row (from :func:`dicts`) as its record."""
    tc = d.pop("time_control")
    return StoredRound(
        **{
            **d,
            "closed": bool(d["closed"]),
            "start_time": _datetime(d["start_time"]),
            "published_at": _datetime(d["published_at"]),
        },
        time_control=_tc(json.loads(tc)) if tc else None,
    )


def _game(data: dict[str, Any]) -> StoredGame:
    return StoredGame(
        **{
            **data,
            "result": Result(data["result"]) if data["result"] else None,
            "bye": Bye(data["bye"]) if data["bye"] else None,
            "decider": Result(data["decider"]) if data["decider"] else None,
        }
    )


def _incident(data: dict[str, Any]) -> StoredIncident:
    return StoredIncident(
        **{**data, "kind": IncidentKind(data["kind"]), "at": dt.datetime.fromisoformat(data["at"])}
    )


def tc_json(t: Tournament, number: int) -> str | None:
    """Round ``number``'s time control as stored with the round (None: the event's)."""
    tc = t.time_control(number)
    if tc is None:
        return None
    return json.dumps(as_data(tc, json=True), separators=(",", ":"))  # compact, as it was


# -- the store's reads that are not core models: typed as read (TypedDicts, not copies:
# the callers index them by name, the type checker checks the names and the values) ------


class EventRecord(TypedDict):
    """The event's one row, its settings read (a file without an event: a name only)."""

    name: str
    city: str
    settings: dict[str, Any]
    id: NotRequired[int]
    start_date: NotRequired[str | None]
    end_date: NotRequired[str | None]
    created_at: NotRequired[str]


class ResultCheck(TypedDict):
    """A second entry of a result (from the signed score sheet) and how it was settled."""

    id: int
    game_id: int
    result: str
    at: str
    settled: str | None


class Appeal(TypedDict):
    round: int | None
    at: str
    text: str


class SettledCheck(TypedDict):
    """An écart with the score sheet the arbiter settled: which result was kept."""

    round: int
    board: int
    settled: str
    result: str


class PairingRecord(TypedDict, total=False):
    """How a Swiss round was paired (rules/swiss/model.Explanation.dump, with player ids),
    which engine's pairing was kept, and the other engine's opinion."""

    floaters: list[dict[str, Any]]
    colours: list[dict[str, Any]]
    unmet: dict[str, int]
    virtual: list[dict[str, Any]]
    system: str
    engine: str
    second_opinion: dict[str, Any]


class Playoff(TypedDict):
    """A play-off begun: its seeds, and its matches as [a, b, winner, points a, points b]."""

    id: int
    seeds: list[int]
    matches: list[list[Any]]


class KoRegistration(TypedDict):
    """A knockout's registration as closed: its case of the format, its bracket, lists."""

    id: int
    case: str
    rounds: int
    bracket: int
    validated: list[int]
    waiting: list[int]
    byes: list[int]
    cancelled: bool


class DrawRecord(TypedDict):
    """A recorded draw: its kind, seed, inputs and outcome (JSON), to replay it."""

    id: int
    journal_id: int
    purpose: str
    kind: str
    seed: int
    inputs: str
    outcome: str
    at: str


class LuckyLoser(TypedDict):
    id: int
    tournament_id: int
    round: int
    slot: int
    player_id: int
    draw_id: int
    status: str


class JournalEntry(TypedDict):
    """An operation as journaled: its arguments as written (JSON), the entry it undoes."""

    id: int
    at: str
    terminal: str
    op: str
    args: str
    undoes: int | None


class JournalChange(TypedDict):
    """One row an operation changed: before and after as JSON (None: inserted, deleted)."""

    tbl: str
    row_id: int
    before: str | None
    after: str | None


class PhoneReporting(TypedDict):
    secret: str
    enabled: bool


class ResultProposal(TypedDict):
    """A result proposed from a phone for one side of a board, and what became of it."""

    id: int
    tournament_id: int
    round: int
    board: int
    player_id: int | None
    kind: Literal["result"]
    side: str
    result: str
    at: str
    address: str
    status: str


class CheckinProposal(TypedDict):
    """A player's « I am here » from a phone (round 0), before the arbiter checks him in."""

    id: int
    tournament_id: int
    round: int
    board: None
    player_id: int
    kind: Literal["checkin"]
    side: None
    result: None
    at: str
    address: str
    status: str
