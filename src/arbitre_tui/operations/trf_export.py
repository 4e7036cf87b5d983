"""A Swiss section as TRF-2026 for FIDE's rating report, and what the rating officer will miss."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

from ..rules import trf as trfmod
from ..rules.models import StoredPlayer
from ..rules.settings import section_settings
from .engines import state_to_trf
from .errors import OperationError
from .formats import format_of
from .swiss import swiss_state

if TYPE_CHECKING:
    from .context import EventContext


def export_trf(service: EventContext, key: str) -> str:
    """TRF-2026 of a section for the FIDE rating report."""
    return export_trf_checked(service, key)[0]


def _round_date(rnd: Any, first: dt.date | None, last: dt.date | None) -> dt.date | None:
    """The day a round was played: its noted start, else the event's one day; else unknown."""
    if rnd.start_time is not None:
        return dt.date(rnd.start_time.year, rnd.start_time.month, rnd.start_time.day)
    return first if first is not None and first == last else None


def _birth(p: StoredPlayer) -> str:
    """70-79: YYYY/MM/DD; a year alone (FIDE's list) as YYYY/00/00, never 1 January."""
    if p.birth_date is None:
        return ""
    if p.birth_year_only:
        return f"{p.birth_date.year:04d}/00/00"
    return p.birth_date.strftime("%Y/%m/%d")


def export_trf_checked(service: EventContext, key: str) -> tuple[str, list[str]]:
    """TRF-2026 of a section, and in French what the rating officer will miss in it (an
    arbiter, a round's date…)."""
    from .. import __version__
    from ..rules.settings import event_settings
    from .standings import standings
    from .trf_names import latin_names

    t = service.tournament(key)
    ev = service.store.event()
    rounds = service.store.rounds(t.id)
    games = service.store.all_games(t.id)
    # the rounds played to the end: a game still to be played is no double forfeit
    played = next(
        (
            r.number - 1
            for r in rounds
            if any(not g.is_bye and g.result is None for g in games.get(r.number, []))
        ),
        len(rounds),
    )
    rounds = rounds[:played]
    # before round 1: the entries (a file with nobody in it is no TRF)
    state, ids = swiss_state(service, t, played + 1, registered=played == 0)
    if not state.entrants:
        raise OperationError(f"{t.name} : aucun joueur inscrit, rien à exporter.")
    people = {p.id: p for p in service.store.players(t.id)}
    try:
        _, rows, _ = standings(service, t, played)
        rank = {r.start: r.place for r in rows}
    except OperationError:
        rank = {}
    out = state_to_trf(state, rounds=played)
    del out.headers["XXR"]  # 142 says it in TRF-2026
    out.tiebreaks = list(t.tiebreaks)
    for number, entry in out.players.items():
        pid = ids[number - 1]
        p = people[pid]
        place = rank.get(pid, 0)
        out.players[number] = entry.replace(
            **{
                "sex": p.sex.value if p.sex else " ",
                "title": p.title.value if p.title else "",
                "name": f"{p.surname}, {p.first_name}".strip(", "),
                "rating": p.rating_fide or 0,
                "federation": p.federation,
                "fide_id": str(p.fide_id or ""),
                "birth": _birth(p),
                "rank": int(str(place).split("–")[0].split("-")[0]) if place else 0,
            }
        )
    fmt = format_of(t)
    tc = t.time_control(1)
    venue = event_settings(ev)
    s = section_settings(t, venue)
    first, last = (
        dt.date.fromisoformat(str(ev[k])) if ev.get(k) else None for k in ("start_date", "end_date")
    )
    header = trfmod.EventHeader(
        name=f"{ev.get('name', '')} — {t.name}",
        city=str(ev.get("city", "")),
        federation=venue.federation,
        start=first,
        end=last,
        kind=fmt.trf_type,
        chief_arbiter=s.chief_arbiter or "",
        deputies=tuple(s.arbiters),
        time_control=tc.label if tc is not None else "",  # 122 in words, 222 encoded
        time_control_code=tc.trf if tc is not None else "",
        round_dates=tuple(_round_date(r, first, last) for r in rounds),
        controller=f"arbitre-tui {__version__}" if fmt.trf_code else "",
        kind_code=fmt.trf_code,
    )
    warnings = trfmod.set_header(out, header)
    warnings += latin_names(service, out, {n: people[ids[n - 1]] for n in out.players})
    for number, entry in sorted(out.players.items()):
        p = people[ids[number - 1]]
        if p.rating_ffe and not p.rating_fide:  # TRF-2026 national rating record
            national = entry.replace(rating=p.rating_ffe)
            out.other.append("FRA" + trfmod.format_player(national)[3:])
    if out.other:  # 172: how the start rank used them — FIDE rating, else the FFE's (FIDON)
        out.headers["172"] = "FRA FIDON"
    for _number, notes in sorted(service.store.manual_changes(t.id).items()):
        out.comments.extend(notes)
    return trfmod.write(out), warnings
