"""The event's record and its sections' settings: created, added, changed.

Why here: a setting is typed once (rules/settings/model.py) and checked against the event
(the format's own faults, the prize table) in the transaction that writes it; the
live state a section keeps in tables of its own is refused as a setting.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..rules.errors import RuleError
from ..rules.models import StoredTournament, Tournament
from ..rules.settings import section_fault, section_settings
from ..rules.text import text_fault
from ..store.journal import Tx
from ..store.records import tournament_row
from ..store.writers import write_settings
from .context import EventContext
from .errors import OperationError
from .formats import format_of
from .registry import Operation

if TYPE_CHECKING:
    from .journal_args import SectionArgs

# What settings held before schema 4 and now lives in tables, row by row (issue 13).
STATE_KEYS = frozenset(
    {
        "bye_requests",
        "prohibited",
        "manual_changes",
        "explanations",
        "playoffs",
        "initial_colour_drawn",
        "pairing_numbers",
        "ko",
        "roll_of_honour",
    }
)


def _prize_fault(t: Tournament) -> str | None:
    """rules.prizes: a prize table refused when it is set (000 art. 3), not when computed."""
    from ..rules.prizes import table_fault

    s = section_settings(t)
    return table_fault(s.regulation, s.prizes, s.prize_settings)


def _settings_text(changes: Mapping[str, Any]) -> None:
    """A setting's text (the organiser, a venue's address) is typed text: the one rule of
    its characters (rules/text.py), whatever the setting; its length, a note's at most."""
    from ..rules.text import NOTE_LIMIT

    for name, value in changes.items():
        for text in value if isinstance(value, list | tuple) else [value]:
            if isinstance(text, str) and (
                fault := text_fault(f"Réglage « {name} »", text, NOTE_LIMIT)
            ):
                raise OperationError(fault)


def create_event(
    ctx: EventContext,
    name: str,
    city: str = "",
    start: str | None = None,
    end: str | None = None,
    settings: dict[str, Any] | None = None,
) -> None:
    from .journal_args import EventArgs

    with ctx.write(Operation.CREATE_EVENT, EventArgs(name=name, city=city)) as tx:
        if ctx.store.has_event():
            raise OperationError("Ce fichier contient déjà un événement.")
        tx.insert(
            "event",
            {
                "id": 1,
                "name": name,
                "city": city,
                "start_date": start,
                "end_date": end,
                "settings": json.dumps(settings or {}, ensure_ascii=False),
                "created_at": dt.datetime.now().isoformat(timespec="seconds"),
            },
        )


def add_tournament(ctx: EventContext, t: Tournament) -> int:
    from .journal_args import SectionArgs

    with ctx.write(Operation.ADD_TOURNAMENT, SectionArgs(key=t.key, name=t.name)) as tx:
        if ctx.store.tournament(t.key) is not None:
            raise OperationError(f"Un tournoi « {t.key} » existe déjà.")
        position = len(ctx.store.tournaments())
        return tx.insert("tournaments", tournament_row(t, position))


def update_settings(ctx: EventContext, key: str, changes: dict[str, Any]) -> None:
    """Change a tournament's configuration (its live state has tables of its own)."""
    from .journal_args import SectionArgs

    state = sorted(set(changes) & STATE_KEYS)
    if state:
        raise OperationError(
            f"« {state[0]} » n'est pas un réglage : c'est l'état du tournoi, modifié par "
            "ses propres opérations."
        )
    _settings_text(changes)
    try:  # every name known, every value typed (rules/settings/model.py)
        from ..rules.settings import check_all  # imported when used (start-up)

        typed = check_all(changes)
    except RuleError as exc:
        raise OperationError(exc.message) from None
    with ctx.write(Operation.UPDATE_SETTINGS, SectionArgs(tournament=key, changes=changes)) as tx:
        t = ctx.tournament(key)
        settings = {**t.settings, **typed}
        changed = replace(t, settings=settings)
        if fault := (
            _prize_fault(changed)
            or section_fault(changed, set(typed))
            or format_of(t).settings_fault(ctx, changed)
        ):
            raise OperationError(fault)
        write_settings(tx, settings, t.id)
        rerate(ctx, tx, t, changed)


def rerate(
    ctx: EventContext, tx: Tx[SectionArgs], before: StoredTournament, after: Tournament
) -> int:
    """The section's rating kind changed (its setting, or its first round's cadence):
    every registration whose cadences' ratings are known takes the new kind's, in the same
    transaction (journaled, undone with it). How many changed."""
    from ..rules.cadences import section_kind, section_ratings

    kind = section_kind(after)
    if section_kind(before) == kind:
        return 0
    fallback = section_settings(after).rating_standard_fallback
    count = 0
    for p in ctx.store.players(before.id):
        new = section_ratings(p, kind, fallback)
        if new is not None and new != (p.rating_fide, p.rating_ffe):
            tx.update("players", p.id, {"rating_fide": new[0], "rating_ffe": new[1]})
            count += 1
    return count


def update_event_settings(ctx: EventContext, changes: dict[str, Any]) -> None:
    """Change the event's own settings (the venue's address): typed by
    rules/settings/model.py EVENT_SETTINGS; None removes the value (back to the default)."""
    from ..rules.settings import EVENT_SETTINGS, check_all
    from .journal_args import EventArgs

    _settings_text(changes)
    try:
        typed = check_all(changes, EVENT_SETTINGS)
    except RuleError as exc:
        raise OperationError(exc.message) from None
    with ctx.write(Operation.UPDATE_EVENT_SETTINGS, EventArgs(changes=changes)) as tx:
        if not ctx.store.has_event():
            raise OperationError("Ce fichier ne contient pas d'événement.")
        settings = {**ctx.store.event()["settings"], **typed}
        settings = {k: v for k, v in settings.items() if v is not None}
        write_settings(tx, settings)
