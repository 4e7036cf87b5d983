"""Papi's INFO table as Papi writes it (issue 50): its 177 variables in Papi's order with
Papi's defaults, every one the section knows written from it, the rest as the imported
Papi file had them (setting papi_info), else Papi's default.

The names, order and defaults were read with mdbtools from real Papi 3.3.7 and 3.3.8
files (docs/papi.md); the tie-break and pairing names are Papi's own words.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from ...rules.cadences import section_kind
from ...rules.models import StoredPlayer, Tournament
from ...rules.papi_info import (
    CLASS_ELO,
    PAIRINGS,
    TIEBREAK_OF,
    TIEBREAKS,
    VARIABLES,
    cadence,
    read_cadence,
)
from ...rules.settings import event_settings, section_settings

_PRIZE_CATEGORY = {"F": "Feminin", "FEMININ": "Feminin", "S65": "Veteran", "U20": "Junior",
                   "U18": "Cadet", "U16": "Minime", "U14": "Benjamin", "U12": "Pupille",
                   "U10": "Poussin", "NC": "NC"}  # fmt: skip


def event_date(value: object) -> dt.date | None:
    """An event's date as the store keeps it (ISO text) or as a date."""
    if isinstance(value, dt.date):
        return value
    return dt.date.fromisoformat(value) if isinstance(value, str) and value else None


def _fr(d: dt.date | None) -> str:
    return d.strftime("%d/%m/%Y") if d else ""


def _amount(value: Any) -> str:
    amount = Decimal(str(value or 0))
    return str(int(amount)) if amount == int(amount) else str(amount)


def prizes(table: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    """The section's prize table in Papi's variables: the general prizes by place
    (Prix1…Prix20), the categories Papi has (Feminin, Junior…, three each), in money."""
    out: dict[str, str] = {}
    counts: dict[str, int] = {}
    for prize in table:
        if prize.get("goods") or prize.get("trophy"):
            continue
        category = prize.get("category")
        group = "" if category is None else _PRIZE_CATEGORY.get(str(category).upper(), "-")
        limit = 20 if not group else 3
        if group == "-" or counts.get(group, 0) >= limit:
            continue
        counts[group] = counts.get(group, 0) + 1
        out[f"Prix{group}{counts[group]}"] = _amount(prize.get("amount"))
    return out


def elo_bases(
    t: Tournament, players: Sequence[StoredPlayer], kept: Mapping[str, str]
) -> dict[str, str]:
    """Papi's EloBase1/2 of an accelerated section: the rating of the last player of each
    group (the pairing list's order); the imported file's thresholds when they cut the
    same groups."""
    from ...rules.swiss.acceleration import group_sizes

    system = section_settings(t).acceleration
    if system not in PAIRINGS:
        return {}
    ratings = sorted((p.rating for p in players if not p.withdrawn), reverse=True)
    cuts = group_sizes(system, len(ratings), section_settings(t).acceleration_groups)
    out: dict[str, str] = {}
    for k, cut in enumerate(cuts[:2], start=1):
        threshold = ratings[cut - 1] if 0 < cut <= len(ratings) else 0
        old = kept.get(f"EloBase{k}", "")
        same = old.isdigit() and sum(r >= int(old) for r in ratings) == cut
        out[f"EloBase{k}"] = old if same else str(threshold)
    return out


def info_rows(
    event: Mapping[str, object],
    t: Tournament,
    players: Sequence[StoredPlayer],
    genre: str,
    active: int,
    round_dates: Mapping[int, dt.date] | None = None,
) -> list[tuple[str, str | None]]:
    """INFO's 177 lines: Papi's defaults < the imported file's values < the section's."""
    s = section_settings(t)
    kept = dict(s.papi_info)
    values = {name: default for name, default in VARIABLES} | kept
    kind = section_kind(t)
    start, end = event_date(event.get("start_date")), event_date(event.get("end_date"))
    ev = event_settings(event)
    name = str(event.get("name") or "")
    section = t.name.strip()
    if section and section != name and not name.endswith(f" - {section}"):
        name = f"{name} - {section}" if name else section
    first = min(t.time_controls) if t.time_controls else None
    tc = t.time_controls.get(first) if first is not None else None
    known: dict[str, str] = {
        "Nom": name[:50],
        "NbrRondes": str(t.rounds_planned),
        "DateDebut": _fr(start),
        "DateFin": _fr(end or start),
        "Lieu": str(event.get("city") or "")[:50],
        "ClassElo": CLASS_ELO[kind],
        "Arbitre": (s.chief_arbiter or ev.chief_arbiter or "")[:50],
        "Genre": genre,
        "Pairing": "Berger" if genre == "ToutesRondes" else PAIRINGS.get(s.acceleration or "", "Standard"),
        "RondeActive": str(active),
    }  # fmt: skip
    if tc is not None and read_cadence(kept.get("Cadence", "")) != tc:
        known["Cadence"] = cadence(tc, kind)[:50]
    if s.homologation_number:
        known["Homologation"] = str(s.homologation_number)[:50]
    deps = [TIEBREAKS[c] for c in t.tiebreaks if c in TIEBREAKS][:3]
    kept_deps = [TIEBREAK_OF.get(kept.get(f"Dep{k}", "").lower()) for k in (1, 2, 3)]
    if [c for c in kept_deps if c] != [c for c in t.tiebreaks if c in TIEBREAKS][:3]:
        known |= {f"Dep{k}": deps[k - 1] if k <= len(deps) else "" for k in (1, 2, 3)}
    known |= elo_bases(t, players, kept)
    if s.prizes:
        known |= {v: "" for v, _ in VARIABLES if re.fullmatch(r"Prix[A-Za-z]*\d+", v)}
        known |= prizes(s.prizes)
    for n, day in (round_dates or {}).items():
        if 1 <= n <= 24:
            known[f"DateRd{n}"] = _fr(day)
    values |= known
    return [(v, values[v] or None) for v, _ in VARIABLES]
