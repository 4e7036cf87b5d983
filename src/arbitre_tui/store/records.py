"""Core models as the store's rows, and rows back into models (the store's records)."""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from collections.abc import Mapping
from typing import Any

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

_PLAYER_BOOLS = (
    "paid",
    "checked_in",
    "publish_opt_out",
    "withdrawn",
    "excluded",
    "transferred",
    "birth_year_only",
)


def player_row(player: Player) -> dict[str, Any]:
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


def tournament_row(t: Tournament, position: int = 0) -> dict[str, Any]:
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


def _player(row: sqlite3.Row) -> StoredPlayer:
    d = dict(row)
    for key in _PLAYER_BOOLS:
        d[key] = bool(d.get(key))  # a column a later schema added reads as 0 before it
    d["eu"] = None if d["eu"] is None else bool(d["eu"])
    d["sex"] = Sex(d["sex"]) if d["sex"] else None
    d["title"] = Title(d["title"]) if d["title"] else None
    for key in ("birth_date", "licence_date", "residence_since"):
        d[key] = _date(d[key])
    d["registered_at"] = _datetime(d["registered_at"])
    return StoredPlayer(**d)


def _round(row: sqlite3.Row) -> StoredRound:
    d = dict(row)
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
