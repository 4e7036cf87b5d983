"""The organiser's own event: its fields, its sections, its players set right.

Why: an event is prepared before round 1 and corrected up to it — a name mistyped, a
section with one round too many, a no-show to take off the list, a player in the wrong
section. Each is one journaled, undoable operation, refused (in French, nothing written)
once the rounds played forbid it: a paired player is withdrawn, never deleted.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..rules.errors import RuleError
from ..rules.models import (
    StoredPlayer,
    StoredTournament,
    System,
    TimeControl,
    Tournament,
    fields_of,
)
from ..rules.sections import (
    DEFAULT_TIEBREAKS,
    check_dates,
    check_federation,
    check_key,
    check_min_rounds,
    check_name,
    check_regulation,
    check_regulation_fits,
    check_rounds,
)
from ..rules.validation import InputError, validated
from ..store.records import player_row, time_controls_json
from . import configuration
from .configuration import STATE_KEYS
from .context import EventContext, OperationError
from .errors import NeedsConfirmation
from .event import EventService
from .formats import format_of
from .journal_args import EventArgs, PlayerArgs, SectionArgs
from .outputs import fresh_event_path
from .registration import eligibility_fault, entered_twice
from .registry import Operation


def _refused(exc: RuleError) -> OperationError:
    return OperationError(exc.message)


# -- the event ---------------------------------------------------------------------------


@dataclass(frozen=True)
class EventFields:
    """What `arbitre new` and `event set` may write; None: left as it is."""

    name: str | None = None
    city: str | None = None
    start: dt.date | None = None
    end: dt.date | None = None
    federation: str | None = None
    chief_arbiter: str | None = None
    arbiters: list[str] | None = None

    def checked(self) -> EventFields:
        """Every field typed, read and checked, before any file is touched."""
        try:
            return EventFields(
                name=None if self.name is None else check_name(self.name, "Nom de l'événement"),
                city=None if self.city is None else _optional_text(self.city, "Lieu"),
                start=self.start,
                end=self.end,
                federation=None if self.federation is None else check_federation(self.federation),
                chief_arbiter=None
                if self.chief_arbiter is None
                else _optional_text(self.chief_arbiter, "Arbitre principal"),
                arbiters=None
                if self.arbiters is None
                else [check_name(a, "Arbitre adjoint") for a in self.arbiters if a.strip()],
            )
        except RuleError as exc:
            raise _refused(exc) from None


def _optional_text(text: str, what: str) -> str:
    return check_name(text, what) if text.strip() else ""


def new_event(path: str | Path, fields: EventFields, template: str | None = None) -> EventService:
    """A new event file: empty (no section) or a regulation's template (its sections,
    settings and cadences, with no player), then the organiser's own fields."""
    from ..store.uncertain import commits, forget_since
    from .templates import create_from_template, load_template

    fields = fields.checked()
    check = _dates(fields, None, None)
    path = fresh_event_path(Path(path))
    if template is not None:
        # the dates checked against the template's before anything is written: a refusal
        # leaves no file and says « nothing changed » (exit 2)
        ev = load_template(template)["event"]
        _dates(fields, ev.get("start"), ev.get("end"))
        mark = commits()
        service = create_from_template(path, template, fixture_players=False)
        try:
            set_event(service, fields, unchanged_ok=True)
        except OperationError:  # refused: no file is left behind, as if never typed
            service.close()
            for leftover in (path, *(Path(f"{path}{end}") for end in ("-wal", "-shm"))):
                leftover.unlink(missing_ok=True)
            forget_since(mark)  # its commits went with the file: nothing is saved
            raise
        return service
    if not fields.name:
        raise OperationError(
            "Nommez l'événement : arbitre new FICHIER --nom « Open de Printemps 2027 » "
            "(ou --template NOM pour un règlement)."
        )
    service = EventService(path, create=True)
    service.create_event(
        fields.name,
        fields.city or "",
        check[0].isoformat() if check[0] else None,
        check[1].isoformat() if check[1] else None,
        _event_settings(fields, {}),
    )
    return service


def _dates(
    fields: EventFields, start: str | None, end: str | None
) -> tuple[dt.date | None, dt.date | None]:
    """The dates the event will have (a field given, else the one stored), checked."""
    first = fields.start or (dt.date.fromisoformat(start) if start else None)
    last = fields.end or (dt.date.fromisoformat(end) if end else None)
    try:
        check_dates(first, last)
    except RuleError as exc:
        raise _refused(exc) from None
    return first, last


def _event_settings(fields: EventFields, settings: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(settings)
    if fields.federation is not None:
        out["federation"] = fields.federation
    if fields.chief_arbiter is not None:
        out["chief_arbiter"] = fields.chief_arbiter or None
    if fields.arbiters is not None:
        out["arbiters"] = fields.arbiters
    return {k: v for k, v in out.items() if v not in (None, "", [])}


def set_event(
    service: EventContext, fields: EventFields, *, unchanged_ok: bool = False
) -> list[str]:
    """Change the event's name, place, dates, federation or arbiters; returns what
    changed, in French (« nom », « lieu »…); nothing to change is refused unless
    ``unchanged_ok`` (a template's event named as it already is)."""
    fields = fields.checked()
    with service.write(Operation.SET_EVENT, EventArgs()) as tx:
        event = service.store.event()
        if "id" not in event:
            raise OperationError("Ce fichier ne contient pas d'événement.")
        first, last = _dates(fields, event.get("start_date"), event.get("end_date"))
        row: dict[str, Any] = {}
        if fields.name is not None:
            row["name"] = fields.name
        if fields.city is not None:
            row["city"] = fields.city
        if fields.start is not None:
            row["start_date"] = first.isoformat() if first else None
        if fields.end is not None:
            row["end_date"] = last.isoformat() if last else None
        settings = _event_settings(fields, event["settings"])
        row["settings"] = json.dumps(settings, ensure_ascii=False)
        words = {
            "name": "nom",
            "city": "lieu",
            "start_date": "début",
            "end_date": "fin",
        }
        changed = [words[k] for k, v in row.items() if k in words and event.get(k) != v]
        from ..rules.settings import event_settings

        before, after = event_settings(event), event_settings({"settings": settings})
        for old, new, word in (
            (before.federation, after.federation, "fédération"),
            (before.chief_arbiter, after.chief_arbiter, "arbitre principal"),
            (before.arbiters, after.arbiters, "arbitres adjoints"),
        ):
            if old != new:
                changed.append(word)
        if not changed:
            if unchanged_ok:
                return []
            raise OperationError("Rien à changer : l'événement a déjà ces valeurs.")
        tx.args = replace(tx.args, name=", ".join(changed))
        tx.update("event", 1, row)
        return changed


# -- sections ----------------------------------------------------------------------------


@dataclass(frozen=True)
class SectionSpec:
    """A section as the organiser types it (`section add`, the event screen)."""

    key: str
    name: str
    system: System
    rounds: int
    cadence: TimeControl | None = None
    regulation: str | None = None
    tiebreaks: list[str] | None = None
    settings: dict[str, Any] = field(default_factory=dict)

    def tournament(self) -> Tournament:
        try:
            check_key(self.key)
            name = check_name(self.name)
            check_rounds(self.rounds)
            regulation = check_regulation(self.regulation)
            check_regulation_fits(regulation, self.system)
        except RuleError as exc:
            raise _refused(exc) from None
        settings = dict(self.settings)
        if regulation:
            settings["regulation"] = regulation
        settings = _typed_settings(settings)
        controls = {n: self.cadence for n in range(1, self.rounds + 1)} if self.cadence else {}
        tiebreaks = DEFAULT_TIEBREAKS[self.system] if self.tiebreaks is None else self.tiebreaks
        try:
            t = validated(
                Tournament,
                key=self.key,
                name=name,
                system=self.system,
                rounds_planned=self.rounds,
                tiebreaks=list(tiebreaks),
                time_controls=controls,
                settings=settings,
            )
        except InputError as exc:
            raise OperationError(exc.message) from None
        from ..rules.settings import section_fault

        if fault := section_fault(t, set(settings)):
            raise OperationError(fault)
        return t


def _typed_settings(settings: dict[str, Any]) -> dict[str, Any]:
    from ..rules.settings import check_all

    try:
        return check_all(settings)
    except RuleError as exc:
        raise _refused(exc) from None


def add_section(service: EventContext, spec: SectionSpec) -> StoredTournament:
    """A new section, with no player: refused if its key is taken."""
    t = spec.tournament()
    tid = configuration.add_tournament(service, t)
    return StoredTournament(**{**fields_of(t), "id": tid})


def _played(service: EventContext, t: StoredTournament) -> int:
    """How many rounds of the section are paired."""
    return len(service.store.rounds(t.id))


def edit_section(
    service: EventContext,
    key: str,
    *,
    name: str | None = None,
    rounds: int | None = None,
    cadence: TimeControl | None = None,
    cadence_round: int | None = None,
    tiebreaks: list[str] | None = None,
    regulation: str | None = None,
    settings: Mapping[str, Any] | None = None,
) -> list[str]:
    """Change what rounds already paired allow: the name and tie-breaks at any time; the
    number of rounds down to those paired; the cadence of rounds not yet paired; the
    regulation before round 1. Returns what changed, in French."""
    try:
        name = None if name is None else check_name(name)
        rounds = None if rounds is None else check_rounds(rounds)
        regulation = check_regulation(regulation)
    except RuleError as exc:
        raise _refused(exc) from None
    if cadence_round is not None and cadence is None:
        raise OperationError("--ronde dit de quelle ronde changer la cadence : donnez --cadence.")
    typed = _typed_settings(dict(settings or {}))
    if settings:
        state = sorted(set(settings) & STATE_KEYS)
        if state:
            raise OperationError(f"« {state[0]} » n'est pas un réglage : c'est l'état du tournoi.")
    with service.write(Operation.EDIT_SECTION, SectionArgs(tournament=key)) as tx:
        t = service.tournament(key)
        tx.args = replace(tx.args, tournament=t.key)
        played = _played(service, t)
        row: dict[str, Any] = {}
        changed: list[str] = []
        if name is not None and name != t.name:
            row["name"] = name
            changed.append("nom")
        planned = t.rounds_planned
        controls = dict(t.time_controls)
        if rounds is not None and rounds != planned:
            try:
                check_min_rounds(rounds, played)
            except RuleError as exc:
                raise _refused(exc) from None
            last = controls.get(planned) or cadence
            for n in range(planned + 1, rounds + 1):
                if last is not None:
                    controls[n] = last
            for n in range(rounds + 1, planned + 1):
                controls.pop(n, None)
            planned = rounds
            row["rounds_planned"] = rounds
            changed.append("rondes")
        if cadence is not None:
            targets = [cadence_round] if cadence_round else list(range(played + 1, planned + 1))
            for n in targets:
                if not 1 <= n <= planned:
                    raise OperationError(f"Ronde {n} : {t.name} en compte {planned}.")
                if n <= played:
                    raise OperationError(
                        f"La ronde {n} de {t.name} est déjà appariée : sa cadence ne change plus."
                    )
                controls[n] = cadence
            if not targets:
                raise OperationError(f"Toutes les rondes de {t.name} sont appariées.")
            changed.append("cadence")
        if controls != t.time_controls:
            row["time_controls"] = time_controls_json(dict(sorted(controls.items())))
        if tiebreaks is not None and tiebreaks != t.tiebreaks:
            row["tiebreaks"] = json.dumps(tiebreaks)
            changed.append("départages")
        new_settings = {**t.settings, **typed}
        from ..rules.settings import section_fault, section_settings

        if regulation is not None and regulation != section_settings(t).regulation:
            _regulation_may_change(t, played, regulation)
            new_settings["regulation"] = regulation
            changed.append("règlement")
        if typed:
            changed.append("réglages")
        checked = set(typed)
        if "rondes" in changed:  # fewer rounds: the rounds without bye it wrote still exist
            checked |= {"half_point_byes_forbidden_rounds"} & set(new_settings)
        after = replace(t, settings=new_settings, rounds_planned=planned, time_controls=controls)
        if fault := section_fault(after, checked):
            raise OperationError(fault)
        if new_settings != t.settings:
            row["settings"] = json.dumps(new_settings, ensure_ascii=False)
        if not row:
            raise OperationError(f"Rien à changer : {t.name} a déjà ces valeurs.")
        tx.args = replace(tx.args, name=", ".join(changed))
        tx.update("tournaments", t.id, row)
        configuration.rerate(service, tx, t, after)  # its rating kind may change (50.1)
        return changed


def _regulation_may_change(t: StoredTournament, played: int, regulation: str) -> None:
    """A regulation is chosen before round 1, and only one made for the section's system."""
    if played:
        raise OperationError(
            f"{t.name} a déjà {played} ronde(s) appariée(s) : le règlement ne change plus."
        )
    try:
        check_regulation_fits(regulation, t.system)
    except RuleError as exc:
        raise _refused(exc) from None


def remove_section(service: EventContext, key: str, *, confirm: bool = False) -> int:
    """Delete a section never paired, with its registrations (after a question when it
    has any); returns how many players went with it."""
    with service.write(Operation.REMOVE_SECTION, SectionArgs(tournament=key)) as tx:
        t = service.tournament(key)
        tx.args = replace(tx.args, tournament=t.key, name=t.name)
        played = _played(service, t)
        if played:
            raise OperationError(
                f"{t.name} a déjà {played} ronde(s) appariée(s) : il ne se supprime plus "
                "(annulez l'appariement d'abord)."
            )
        tid = t.id
        players = len(service.store.players(tid))
        if players and not confirm:
            raise NeedsConfirmation(f"Supprimer {t.name} et ses {players} inscrit(s) ?")
        for table, row_id in service.store.dependents("tournaments", tid):
            tx.delete(table, row_id)
        tx.delete("tournaments", tid)
        return players


# -- players -----------------------------------------------------------------------------


def _paired(service: EventContext, player: StoredPlayer) -> bool:
    """Whether the player has a game or a bye in any round (then only `withdraw`)."""
    return any(table == "games" for table, _ in service.store.dependents("players", player.id))


def remove_player(service: EventContext, player_id: int) -> StoredPlayer:
    """Delete a registration that never played (a no-show, a mistake), undoable."""
    with service.write(Operation.REMOVE_PLAYER, PlayerArgs(player=player_id)) as tx:
        player = service.player(player_id)
        tx.args = replace(tx.args, name=player.name)
        if _paired(service, player):
            raise OperationError(
                f"{player.name} a déjà été apparié(e) : une inscription qui a joué ne se "
                f"supprime pas ; retirez le joueur (arbitre withdraw FICHIER {player_id}, "
                "ou w dans Joueurs)."
            )
        source = service.tournament(_key_of(service, player))
        if fault := format_of(source).removal_fault(service, source, player):
            raise OperationError(fault)
        if closed := format_of(source).entries_closed(service, source):
            # the closed list names this entry: deleting it would leave a hole in the bracket
            raise OperationError(
                f"{player.name} ne peut pas être supprimé(e) : {closed} ; retirez le joueur "
                f"(arbitre withdraw FICHIER {player_id})."
            )
        for table, row_id in service.store.dependents("players", player_id):
            tx.delete(table, row_id)
        tx.delete("players", player_id)
        return player


def edit_player(
    service: EventContext, player_id: int, changes: Mapping[str, Any], homonym: bool = False
) -> tuple[StoredPlayer, list[str]]:
    """Correct any field of a registration (as typed: rules.registration.parse_fields);
    eligibility is checked again. Returns the player and what is worth saying (a rating
    changed once paired)."""
    from ..rules.registration import person_fault

    if not changes:
        raise OperationError("Rien à changer : donnez au moins un champ (--nom, --elo…).")
    if "birth_date" in changes:  # a date typed is a whole date (schema 8)
        changes = {**changes, "birth_year_only": False}
    with service.write(Operation.EDIT_PLAYER, PlayerArgs(player=player_id)) as tx:
        player = service.player(player_id)
        try:
            new = validated(StoredPlayer, fields_of(player), **changes)
        except InputError as exc:
            raise OperationError(exc.message) from None
        tx.args = replace(tx.args, name=new.name)
        if new == player:
            raise OperationError(f"Rien à changer : {player.name} a déjà ces valeurs.")
        if fault := person_fault(new):
            raise OperationError(f"Modification refusée : {fault}.")
        t = service.tournament(_key_of(service, player))
        if twice := entered_twice(service, t, exclude=player_id, homonym=homonym)(new):
            raise OperationError(f"{new.name} : {twice}.")
        if fault := eligibility_fault(t, new):
            raise OperationError(f"{new.name} ne peut pas jouer en {fault}")
        notes: list[str] = []
        rated = (new.rating_fide, new.rating_ffe) != (player.rating_fide, player.rating_ffe)
        if rated and _paired(service, player):
            notes.append(
                "Elo modifié après un appariement : les rondes déjà appariées ne changent pas, "
                "les suivantes le prennent."
            )
        row = {k: v for k, v in player_row(new).items() if k != "id"}
        row["birth_year_only"] = int(new.birth_year_only)  # a date typed clears the year mark
        tx.update("players", player_id, row)
        return new, notes


def _key_of(service: EventContext, player: StoredPlayer) -> str:
    t = service.store.tournament(player.tournament_id)
    assert t is not None
    return t.key


def move_player(service: EventContext, player_id: int, dest: str) -> StoredTournament:
    """Move a registration to another section before it is paired (eligibility there
    checked, as at registration)."""
    with service.write(Operation.MOVE_PLAYER, PlayerArgs(player=player_id, tournament=dest)) as tx:
        player = service.player(player_id)
        tx.args = replace(tx.args, name=player.name)
        source = service.tournament(_key_of(service, player))
        target = service.tournament(dest)
        tx.args = replace(tx.args, tournament=target.key)
        if target.id == source.id:
            raise OperationError(f"{player.name} est déjà inscrit(e) en {target.name}.")
        if format_of(source).by_teams or format_of(target).by_teams:
            raise OperationError(
                "Un joueur de coupe appartient à une équipe : il ne change pas de tournoi."
            )
        for side in (source, target):
            if closed := format_of(side).entries_closed(service, side):
                raise OperationError(f"{player.name} ne change pas de tournoi : {closed}.")
        if _paired(service, player):
            raise OperationError(
                f"{player.name} a déjà été apparié(e) en {source.name} : il ne change plus "
                "de tournoi (retirez-le puis inscrivez-le ailleurs)."
            )
        if service.store.rounds(target.id):
            raise OperationError(
                f"{target.name} a déjà une ronde appariée : inscrivez-y le joueur "
                "(arbitre register), il jouera la ronde suivante."
            )
        if twice := entered_twice(service, target, exclude=player_id)(player):
            raise OperationError(f"{player.name} : {twice}.")
        if fault := eligibility_fault(target, player):
            raise OperationError(f"{player.name} ne peut pas jouer en {fault}")
        for table, row_id in service.store.dependents("players", player_id):
            tx.delete(table, row_id)  # a bye asked in the old section does not follow
        tx.update("players", player_id, {"tournament_id": target.id})
        return target
