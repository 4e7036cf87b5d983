"""The settings read without pydantic: what a command that only reads them needs.

Why: importing pydantic and building the model cost a light command (`show`,
`standings`, `checkin`) about 90 ms on a quiet machine, more than the rest of its work,
and a stored value is nearly always already in the form the model gives it (it was
checked by the model when written). So a read takes each value as it is when it is
exactly what the model would return for it (an int where an int is declared, a known
word, a text within its length, « 09:00 » where a time is expected…) and falls back on
the model otherwise (a value from an older file, a number typed as text): the model
reads those, as before, with its own rule for a value it refuses.

``model.py`` stays the one place where a setting is declared (its type, default, French
label and each regulation's value). This module mirrors what a read needs of it — each
name, its default, each regulation's value, the shape its value takes — and
tests/rules/test_settings_values.py holds the two equal: the same names in the same
order, the same defaults and regulations, and for every setting the same value read
from many values given, or the model's fallback. The checks of a value (a time, a
category, an address) live here and the model uses them.
"""

from __future__ import annotations

import copy
import datetime as dt
import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from ..models import Tournament

# a name, a venue, a command: 200 characters is already a paragraph on a cover page
TEXT_MAX = 200
# the deputy arbiters: a list longer than this is a file pasted, not a team of arbiters
NAMES_MAX = 30


def cut(value: object, width: int = 40) -> str:
    """A value quoted in a refusal: whole when short, else its start and its length."""
    text = str(value)
    if len(text) <= width:
        return text
    return f"{text[: width - 1]}… ({len(text):,} caractères)".replace(",", "\u202f")


def clock(value: str) -> str:
    try:
        dt.time.fromisoformat(value)
    except ValueError:
        raise ValueError(f"une heure hh:mm est attendue, pas « {cut(value)} »") from None
    return value


# a machine's name or address: letters, digits, dots, hyphens (colons: IPv6); no space
HOST = re.compile(r"[\w.:-]+")


def host(value: str) -> str:
    if not HOST.fullmatch(value):
        raise ValueError(
            "une adresse de cette machine est attendue (0.0.0.0 : tout le réseau ; "
            f"127.0.0.1 : elle seule), pas « {cut(value)} »"
        )
    return value


def url(value: str | None) -> str | None:
    """``http://host[:port][/path]``, no trailing slash; « 192.168.1.20:8080 » gets http://."""
    if value is None or not value.strip():
        return None
    text = value.strip()
    if "://" not in text:
        text = "http://" + text
    try:
        parts = urlsplit(text)  # raises on an IPv6 address left open (« http://[::1 »)
        parts.port  # noqa: B018 - raises on a port out of range
    except ValueError:
        parts = urlsplit("")
    name = parts.hostname or ""
    if (
        parts.scheme not in ("http", "https")
        or not HOST.fullmatch(name)
        or parts.query
        or parts.fragment
        or len(text) > TEXT_MAX
    ):
        raise ValueError(
            f"une adresse http://… est attendue (ex. http://192.168.1.20:8080), pas « {cut(value)} »"
        )
    return text.rstrip("/")


# the FFE's age categories (rules/rating_lists.ffe_category), « F » for a girls' one; a
# youth section may also be « under n » for another age (U9, U11: open_rules reads Un)
CATEGORIES = ("U8", "U10", "U12", "U14", "U16", "U18", "U20", "Sen", "S50", "S65")
_UNDER = re.compile(r"U(\d{1,2})", re.IGNORECASE)


def category(value: str) -> str:
    text = value.strip()
    girls = len(text) > 1 and text[-1] in "fF"
    base = text[:-1] if girls else text
    known = next((c for c in CATEGORIES if c.upper() == base.upper()), None)
    under = _UNDER.fullmatch(base)
    if known is None and under and 6 <= int(under.group(1)) <= 20:
        known = f"U{int(under.group(1))}"
    if known is None:
        raise ValueError(
            f"une catégorie d'âge de la FFE est attendue ({', '.join(CATEGORIES)} ; F après "
            f"celle des filles : U10F ; de U6 à U20), pas « {cut(value)} »"
        )
    return known + ("F" if girls else "")


def board_colours(value: str) -> str:
    """One letter a board, W or B, as many Whites as Blacks (each team White on half the
    boards): WBBW is 004's, BWWB the other way round."""
    from ..cup import BOARDS  # a cup's setting: the other sections need not load the cup

    text = value.strip().upper()
    if len(text) != BOARDS or set(text) - {"W", "B"} or text.count("W") * 2 != BOARDS:
        told = f" ({len(text)} lettres pour {BOARDS} échiquiers)" if len(text) != BOARDS else ""
        raise ValueError(
            f"{BOARDS} lettres, une par échiquier, W (Blancs) ou B (Noirs), autant de W que "
            f"de B (004 : WBBW), pas « {cut(value)} »{told}"
        )
    return text


# -- the shapes a stored value takes, as the model returns it --------------------------------


class _Refused(Exception):
    """Not in the model's own form: the model reads it."""


def _int(v: Any) -> Any:
    if type(v) is not int:
        raise _Refused
    return v


def _bool(v: Any) -> Any:
    if type(v) is not bool:
        raise _Refused
    return v


def _float(v: Any) -> Any:
    if type(v) is float:
        return v
    if type(v) is int:  # the model makes a float of an int (« 3 » is read 3.0)
        return float(v)
    raise _Refused


def _text(v: Any) -> Any:
    if type(v) is not str or len(v) > TEXT_MAX:
        raise _Refused
    return v


def _names(v: Any) -> Any:
    if type(v) is not list or len(v) > NAMES_MAX:
        raise _Refused
    return [_text(x) for x in v]


def _ints(v: Any) -> Any:
    if type(v) is not list:
        raise _Refused
    return [_int(x) for x in v]


def _mapping(v: Any) -> Any:
    if type(v) is not dict or any(type(k) is not str for k in v):
        raise _Refused
    return copy.deepcopy(v)


def _texts(v: Any) -> Any:
    if type(v) is not dict or any(type(k) is not str or type(x) is not str for k, x in v.items()):
        raise _Refused
    return dict(v)


def _mappings(v: Any) -> Any:
    if type(v) is not list:
        raise _Refused
    return [_mapping(x) for x in v]


def _date(v: Any) -> Any:
    if type(v) is dt.date:
        return v
    if type(v) is str and re.fullmatch(r"\d{4}-\d{2}-\d{2}", v):
        try:
            return dt.date.fromisoformat(v)
        except ValueError:
            raise _Refused from None
    raise _Refused


def _word(*words: str) -> Callable[[Any], Any]:
    def read(v: Any) -> Any:
        if type(v) is not str or v not in words:
            raise _Refused
        return v

    return read


def _checked(check: Callable[[str], Any], longest: int | None = None) -> Callable[[Any], Any]:
    """A text the model passes through ``check`` (a time, a category, an address)."""

    def read(v: Any) -> Any:
        if type(v) is not str or (longest is not None and len(v) > longest):
            raise _Refused
        try:
            return check(v)
        except ValueError:
            raise _Refused from None

    return read


def _optional(read: Callable[[Any], Any]) -> Callable[[Any], Any]:
    return lambda v: None if v is None else read(v)


def _url(v: Any) -> Any:
    if v is None:
        return None
    return _checked(url)(v)


_CLOCK = _checked(clock)
_NO = _optional

# name: (default, each regulation's value, the shape of its value) — model.py's order
SECTION: dict[str, tuple[Any, dict[str, Any], Callable[[Any], Any]]] = {
    "regulation": (None, {}, _NO(_word("000", "002", "003", "004"))),
    "fide_rated": (False, {"002": True, "004": True}, _bool),
    "lateness_minutes": (0, {"000": 5, "002": 30, "004": 60}, _int),
    "illegal_moves_to_lose": (2, {"000": 3}, _int),
    "forfeit_excludes": (None, {"002": True}, _NO(_bool)),
    "unrated_rating": (None, {}, _NO(_int)),
    "verify_results": (False, {}, _bool),
    "several_sections": (None, {}, _NO(_bool)),
    "homologation_number": (None, {}, _NO(_text)),
    "organiser": (None, {}, _NO(_text)),
    "venue": (None, {}, _NO(_text)),
    "chief_arbiter": (None, {}, _NO(_text)),
    "arbiters": ([], {}, _names),
    "fee": (0, {}, _float),
    "decider": ("armageddon", {"000": "armageddon"}, _word("armageddon", "blitz", "rating")),
    "round1_draw": ("random", {}, _word("random", "seeded")),
    "third_place_game": (False, {}, _bool),
    "fees": ({}, {}, _mapping),
    "half_point_byes_max": (2, {"002": 2}, _int),
    "half_point_byes_forbidden_rounds": ([], {"002": [8, 9]}, _ints),
    "publish_min_before_minutes": (60, {}, _int),
    "pairing_engine": ("internal", {}, _word("internal", "external")),
    "external_engine": (None, {}, _NO(_text)),
    "acceleration": (None, {}, _NO(_word("baku", "haley", "haley_degressive", "sad"))),
    "acceleration_groups": ([], {}, _ints),
    "initial_colour": ("draw", {}, _word("w", "b", "draw")),
    "rating_standard_fallback": (False, {}, _bool),
    "rating_kind": (None, {}, _NO(_word("standard", "rapid", "blitz"))),
    "papi_info": ({}, {}, _texts),
    "cycles": (1, {}, _int),
    "category": (None, {}, _NO(_checked(category))),
    "girls_only": (False, {}, _bool),
    "min_rating": (None, {}, _NO(_int)),
    "max_rating": (None, {}, _NO(_int)),
    "max_age": (None, {}, _NO(_int)),
    "age_reference_year": (None, {}, _NO(_int)),
    "youth_format": (False, {}, _bool),
    "seeded_qualifiers": (0, {}, _int),
    "qualifying_round": (False, {}, _bool),
    "qualifying_points": (3, {}, _float),
    "prizes": ([], {}, _mappings),
    "prize_settings": ({}, {}, _mapping),
    "prize_fund": (None, {}, _NO(_float)),
    "prizes_in_goods": (False, {}, _bool),
    "day_start": (None, {}, _NO(_CLOCK)),
    "latest_end": (None, {}, _NO(_CLOCK)),
    "break_minutes": (10, {}, _int),
    "holder": (None, {}, _NO(_text)),
    "last_finalist": (None, {}, _NO(_text)),
    "licence_deadline": (dt.date(2027, 1, 15), {}, _date),
    "board_colours_home": ("WBBW", {}, _checked(board_colours)),
    "match_start": ("09:00", {}, _CLOCK),
    "lineup_minutes_before": (15, {}, _int),
    "max_non_eu": (1, {}, _int),
    "max_transferred": (2, {}, _int),
    "min_french": (3, {}, _int),
    "equipment_counts_as_player_forfeit": (False, {}, _bool),
}

EVENT: dict[str, tuple[Any, dict[str, Any], Callable[[Any], Any]]] = {
    "base_url": (None, {}, _url),
    "serve_host": ("0.0.0.0", {}, _checked(host, TEXT_MAX)),
    "phones_shared_address": (False, {}, _bool),
    "federation": ("", {}, _text),
    "chief_arbiter": (None, {}, _NO(_text)),
    "arbiters": ([], {}, _names),
    "next_board_after_result": (True, {}, _bool),
}

PROFILES: dict[str, dict[str, Any]] = {
    code: {name: regs[code] for name, (_, regs, _) in SECTION.items() if code in regs}
    for code in ("000", "002", "003", "004")
}
# What a section may write for itself and otherwise takes from the event (who arbitrates).
FROM_EVENT = frozenset({"chief_arbiter", "arbiters"})


class Values:
    """Settings as they apply, read as the model reads them; frozen, read by attribute
    like the model's instance (``section_settings(t).lateness_minutes``). ``given`` is
    what the model would have been given: `listed` builds the model from it."""

    __slots__ = ("given", "model", "values")
    model: str  # "section" or "event"
    given: dict[str, Any]
    values: dict[str, Any]

    def __init__(self, model: str, given: dict[str, Any], values: dict[str, Any]) -> None:
        object.__setattr__(self, "model", model)
        object.__setattr__(self, "given", given)
        object.__setattr__(self, "values", values)

    def __getattr__(self, name: str) -> Any:
        try:
            return self.values[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"réglages en lecture seule (« {name} »)")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Values) and (self.model, self.values) == (
            other.model,
            other.values,
        )

    __hash__ = None  # type: ignore[assignment]  # as the model's: its lists are not hashable

    def __repr__(self) -> str:
        return f"Values({self.model}, {self.values!r})"


def _read(model: str, table: Mapping[str, Any], given: Mapping[str, Any]) -> Values | None:
    """The values as the model gives them; None when one is not in the model's form."""
    values: dict[str, Any] = {}
    try:
        for name, (default, _, shape) in table.items():
            if name in given:
                values[name] = shape(given[name])
            else:  # the model copies a default that is a list or a mapping
                values[name] = copy.copy(default) if isinstance(default, (list, dict)) else default
    except _Refused:
        return None
    return Values(model, dict(given), values)


# the last section read and its settings as written (the model's cache, for the same reason)
_LAST: list[tuple[dict[str, Any], Values]] = []


def section_values(t: Tournament, event: Any = None) -> Values | None:
    """What applies to ``t`` (``model.section_settings``), or None: the model reads it."""
    if event is None:
        last = _LAST[0] if _LAST else None
        if last is not None and last[0] == t.settings:
            return last[1]
        defaults = event_values(None)
        assert defaults is not None
        read = section_values(t, defaults)
        if read is not None:
            _LAST[:] = [(copy.deepcopy(t.settings), read)]
        return read
    return _read("section", SECTION, given_for(t.settings, event))


def given_for(settings: Mapping[str, Any], event: Any) -> dict[str, Any]:
    """What a section's settings say once its regulation's profile and the event's arbiters
    fill what it did not write: the one composition both readers (this and the model) use."""
    given = {**PROFILES.get(str(settings.get("regulation") or ""), {}), **settings}
    for name in FROM_EVENT:  # the defaults (None, []) when the event says nothing
        said = getattr(event, name)
        if name not in settings and said:
            given[name] = said
    return given


def event_values(event: Mapping[str, Any] | None) -> Values | None:
    """The event's own settings from its row (``model.event_settings``), or None."""
    written = (event or {}).get("settings") or {}
    return _read("event", EVENT, written if isinstance(written, Mapping) else {})
