"""Regulation 003's first-round hook: the format (round robin or Swiss, its rounds and
tie-breaks) decided from the players checked in when round 1 is paired.

Why apart: it is decided on the snapshot a pairing plans on, and written in the
transaction that pairs round 1, whatever the format the section was created with.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

from ..rules.models import StoredTournament, System, TimeControl
from ..rules.roundrobin import youth_format, youth_tiebreaks
from ..rules.settings import section_settings
from ..store.records import time_controls_json
from .context import EventContext
from .errors import OperationError
from .registry import Operation


@dataclass
class YouthFormat:
    """Regulation 003's format, decided from the entries when round 1 is paired."""

    entries: int
    system: str
    rounds: int
    tiebreaks: list[str]


def youth_decision(service: EventContext, t: StoredTournament) -> YouthFormat | None:
    """Regulation 003: ≤ 8 entries round robin, 9–14 Swiss 5 rounds, ≥ 15 Swiss 7 rounds.

    Decided when round 1 is paired, from the players checked in; None: nothing to change.
    Reads only: the pairing writes it, in its own transaction.
    """
    if not section_settings(t).youth_format or service.store.rounds(t.id):
        return None
    entries = sum(1 for p in service.store.players(t.id) if p.checked_in and not p.withdrawn)
    if entries < 2:
        raise too_few_checked_in(service, t, entries)
    system, rounds = youth_format(entries)
    tiebreaks = youth_tiebreaks(system)
    if (t.system.value, t.rounds_planned, t.tiebreaks) == (system, rounds, tiebreaks):
        return None
    return YouthFormat(entries, system, rounds, tiebreaks)


def too_few_checked_in(service: EventContext, t: StoredTournament, checked: int) -> OperationError:
    """Round 1 cannot be paired: how many are checked in of those entered, and what to do."""
    entered = sum(1 for p in service.store.players(t.id) if not p.withdrawn)
    return OperationError(
        f"{t.name} : {checked} joueur(s) pointé(s) sur {entered} inscrit(s), il en faut au "
        "moins deux ; pointez les présents avant d'apparier la ronde 1."
    )


def with_format(t: StoredTournament, decided: YouthFormat | None) -> StoredTournament:
    if decided is None:
        return t
    return replace(
        t,
        system=System(decided.system),
        rounds_planned=decided.rounds,
        tiebreaks=decided.tiebreaks,
        time_controls=_controls_for(t, decided.rounds),
    )


def _controls_for(t: StoredTournament, rounds: int) -> dict[int, TimeControl]:
    """Every round of the format decided has a time control: a round the template did not
    plan (8 girls: a round robin of 7 rounds) plays at the last one it gives."""
    known = t.time_controls
    if not known:
        return {}
    last = known[max(known)]
    return {n: known.get(n, last) for n in range(1, rounds + 1)}


def apply_youth_format(
    service: EventContext, t: StoredTournament, decided: YouthFormat
) -> StoredTournament:
    """Write the format decided (inside the pairing's transaction)."""
    from .journal_args import RoundArgs

    with service.write(
        Operation.YOUTH_FORMAT,
        RoundArgs(tournament=t.key, entries=decided.entries, system=decided.system),
    ) as tx:
        tx.update(
            "tournaments",
            t.id,
            {
                "system": decided.system,
                "rounds_planned": decided.rounds,
                "tiebreaks": json.dumps(decided.tiebreaks),
                "time_controls": time_controls_json(_controls_for(t, decided.rounds)),
            },
        )
    return service.tournament(t.key)
