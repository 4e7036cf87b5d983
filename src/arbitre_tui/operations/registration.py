"""Registration: players entered one by one or imported, checked in, paid, withdrawn;
clubs and the teams they enter.

Why here: an entry is checked once (the person, the section's eligibility, a second
entry here or in a parallel section) whether it is typed, imported or moved.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..rules.models import (
    Player,
    StoredPlayer,
    StoredTeam,
    StoredTournament,
    Team,
    Tournament,
    as_data,
)
from ..rules.settings import section_settings
from ..rules.text import text_fault
from ..store.journal import Tx
from ..store.records import player_row
from .context import EventContext
from .errors import NeedsConfirmation, OperationError
from .formats import format_of
from .registry import Operation

if TYPE_CHECKING:
    from ..rules.registration import ImportRow
    from .journal_args import ImportArgs

IMPORT_BATCH = 500  # players written at once by an import: its memory, whatever the file
IMPORT_FAULTS = 200  # faults listed by line; past them, counted


class ProbableDoubleEntry(NeedsConfirmation):
    """The same name and birth date as a registered player: the app asks « o/n », the
    command line says --homonyme; ``ground`` is what was found."""

    def __init__(self, ground: str) -> None:
        super().__init__(f"{ground} ; l'inscrire quand même (une autre personne) ?")
        self.ground = ground


def eligibility_fault(t: Tournament, player: Player) -> str | None:
    """rules.open_rules, imported at the first registration (its models: start-up time)."""
    from ..rules.open_rules import eligibility_fault as fault

    return fault(t, player)


def register_player(
    ctx: EventContext, key: str, player: Player, team: str | None = None, homonym: bool = False
) -> int:
    """One entry; in a team competition, ``team`` names the team it plays for (the
    CSV's « equipe »), already entered; ``homonym``: the same name and birth date as a
    registered player is another person (the arbiter said so)."""
    from ..rules.registration import person_fault
    from .journal_args import RegisterArgs

    fault = person_fault(player)
    if fault:
        raise OperationError(f"Inscription impossible : {fault}.")
    # registered and checked in: one entry, one undo (issue 35.13)
    said = RegisterArgs(tournament=key, name=player.name, checked_in=player.checked_in or None)
    with ctx.write(Operation.REGISTER_PLAYER, said) as tx:
        t = ctx.tournament(key)
        tid = t.id
        if closed := format_of(t).entries_closed(ctx, t) or finished(ctx, t):
            raise OperationError(f"Inscription impossible : {closed}.")
        if team is not None:
            player = replace(player, team_id=team_named(ctx, t, team))
        twice = entered_twice(ctx, t, homonym=homonym)(player)
        if twice:
            raise OperationError(f"{player.name} : {twice}.")
        fault = eligibility_fault(t, player)
        if fault:
            raise OperationError(f"{player.name} ne peut pas s'inscrire en {fault}")
        values = player_row(
            replace(
                player,
                tournament_id=tid,
                registered_at=player.registered_at or dt.datetime.now().replace(microsecond=0),
            )
        )
        return tx.insert("players", values)


def team_named(ctx: EventContext, t: StoredTournament, name: str) -> int:
    """The id of the team ``name`` (as entered, or its club's first team)."""
    if not format_of(t).by_teams:
        raise OperationError(f"{t.name} n'est pas une compétition par équipes : pas d'équipe.")
    teams = ctx.store.teams(t.id)
    wanted = name.strip().casefold()
    found = [x for x in teams if x.name.casefold() in (wanted, f"{wanted} 1")]
    if not found:
        known = ", ".join(x.name for x in teams) or "aucune"
        raise OperationError(
            f"Équipe « {name} » inconnue en {t.name} (engagées : {known}) ; engagez-la "
            "d'abord (arbitre cup team)."
        )
    return found[0].id


def entered_twice(
    ctx: EventContext, t: StoredTournament, exclude: int | None = None, homonym: bool = False
) -> Callable[[Player], str | None]:
    """A check that a new entry is not someone already in the event (rules.duplicates:
    a licence or a FIDE id anywhere, the section named, unless a section takes players of
    another; the same name and birth date asked first — NeedsConfirmation — unless
    ``homonym``); ``exclude``: the registration being corrected or moved."""
    from ..rules.duplicates import ProbableDouble, entry_fault, registered

    known = registered(
        (other, p) for other in ctx.store.tournaments() for p in ctx.store.players(other.id)
    )

    def fault(player: Player) -> str | None:
        try:
            return entry_fault(player, t, known, exclude=exclude, homonym=homonym)
        except ProbableDouble as exc:
            raise ProbableDoubleEntry(str(exc)) from None

    return fault


def finished(ctx: EventContext, t: StoredTournament) -> str | None:
    """A tournament whose last round is closed takes no more entries."""
    rounds = ctx.store.rounds(t.id)
    if len(rounds) >= t.rounds_planned and all(r.closed for r in rounds):
        return f"{t.name} est terminé (ronde {t.rounds_planned} close)"
    return None


def import_players(
    ctx: EventContext,
    key: str,
    data: bytes,
    *,
    encoding: str = "utf-8",
    skip_bad: bool = False,
    homonym: bool = False,
) -> tuple[int, list[tuple[int, str]]]:
    """Import a CSV: all rows or none (or the good ones with ``skip_bad``).

    Returns how many were imported and the faults found.
    """
    from ..rules.registration import EncodingFault, decode, read_players_csv
    from .journal_args import ImportArgs

    try:
        text = decode(data, encoding)
    except EncodingFault as exc:
        raise OperationError(str(exc)) from None
    except (LookupError, UnicodeDecodeError) as exc:
        raise OperationError(f"Encodage illisible : {exc}") from None
    with ctx.write(Operation.IMPORT_PLAYERS, ImportArgs(tournament=key)) as tx:
        return _import_rows(ctx, tx, key, read_players_csv(text), skip_bad, homonym)


def _import_rows(
    ctx: EventContext,
    tx: Tx[ImportArgs],
    key: str,
    items: Iterable[ImportRow | tuple[int, str]],
    skip_bad: bool,
    homonym: bool = False,
) -> tuple[int, list[tuple[int, str]]]:
    """The checks and writes of an import, inside its transaction, row by row.

    Written in batches as the file is read (memory bounded whatever its size); the
    first fault stops the writing unless ``skip_bad``, and the transaction is then
    rolled back whole once every fault is listed.
    """
    from ..rules.cadences import rated_for, section_kind
    from ..rules.registration import ImportRow

    t = ctx.tournament(key)
    tid = t.id
    if closed := format_of(t).entries_closed(ctx, t) or finished(ctx, t):
        raise OperationError(f"Import impossible : {closed}.")
    twice_in = _twice_in_import(entered_twice(ctx, t, homonym=homonym))
    team_of = _team_of(ctx, tx, t) if format_of(t).by_teams else None
    errors: list[tuple[int, str]] = []
    more = 0  # faults past the first IMPORT_FAULTS, counted only
    batch: list[dict[str, Any]] = []
    count = 0
    stamp = dt.datetime.now().replace(microsecond=0)
    kind, fallback = section_kind(t), section_settings(t).rating_standard_fallback
    for item in items:
        fault: tuple[int, str] | None = None
        if isinstance(item, ImportRow):  # the section's rating from its cadence's column
            item.player = rated_for(item.player, kind, fallback)  # (elo_rapide…) if not given
        if not isinstance(item, ImportRow):
            fault = item
        elif twice := twice_in(item.player):
            fault = (item.line, twice)
        elif reason := eligibility_fault(t, item.player):
            fault = (item.line, f"{item.player.name} : {reason}")
        if fault is not None:
            if len(errors) < IMPORT_FAULTS:
                errors.append(fault)
            else:
                more += 1
            continue
        assert isinstance(item, ImportRow)
        if errors and not skip_bad:
            continue  # refused at the end: nothing more is written, faults still listed
        entry = replace(
            item.player,
            tournament_id=tid,
            registered_at=item.player.registered_at or stamp + dt.timedelta(microseconds=count),
        )
        if team_of:
            entry.team_id = team_of(item)
        batch.append(player_row(entry))
        count += 1
        if len(batch) >= IMPORT_BATCH:
            tx.insert_all("players", batch)  # one bulk insert (sqlite-utils), journaled
            batch = []
    errors.sort()
    if more:
        errors.append((errors[-1][0], f"… et {more} autre(s) ligne(s) fautive(s)"))
    if errors and not skip_bad:
        raise OperationError(
            "Import refusé, rien n'a été enregistré :\n"
            + "\n".join(f"ligne {line} : {msg}" for line, msg in errors)
            + "\n(--skip-bad importe seulement les lignes correctes)"
        )
    if batch:
        tx.insert_all("players", batch)
    if not count:
        if errors:
            return 0, errors
        raise OperationError("Le fichier ne contient aucun joueur.")
    tx.args = replace(tx.args, rows=count)
    return count, errors


def _twice_in_import(check: Callable[[Player], str | None]) -> Callable[[Player], str | None]:
    """An import's rows are not asked one by one: a probable double is the row's fault."""

    def fault(player: Player) -> str | None:
        try:
            return check(player)
        except ProbableDoubleEntry as exc:
            return f"{exc.ground} (--homonyme : une autre personne)"

    return fault


def _team_of(
    ctx: EventContext, tx: Tx[ImportArgs], t: StoredTournament
) -> Callable[[ImportRow], int]:
    """A team competition's import: each row's team (« equipe », else « CLUB 1 »),
    entered with its club the first time it is met — as many teams a club as it wants."""
    tid = t.id
    clubs = {name: cid for cid, name in ctx.store.clubs().items()}
    teams = {team.name: team.id for team in ctx.store.teams(tid)}

    def team_of(row: ImportRow) -> int:
        club = row.player.club
        if not club:
            raise OperationError(
                f"Ligne {row.line} : {row.player.name} sans club — une équipe de "
                f"{t.name} est celle d'un club (art. 1.4). Rien n'a été enregistré."
            )
        name = row.team or f"{club} 1"
        if name not in teams:
            if club not in clubs:
                clubs[club] = tx.insert("clubs", {"name": club, "code": None})
            last = name.rsplit(" ", 1)[-1]
            number = int(last) if last.isdigit() else 1
            teams[name] = tx.insert(
                "teams",
                {"tournament_id": tid, "club_id": clubs[club], "number": number, "name": name},
            )
        return teams[name]

    return team_of


def check_in(ctx: EventContext, player_id: int, checked: bool = True) -> str | None:
    """Check a player in (or cancel it); returns what the arbiter must be told: an entry
    not final yet (002: unpaid) is checked in all the same, with a warning."""
    from ..rules.open_rules import not_final
    from .journal_args import CheckInArgs

    with ctx.write(Operation.CHECK_IN, CheckInArgs(player=player_id, checked=checked)) as tx:
        player = ctx.player(player_id)  # unknown player: refused before any write
        tx.args = replace(tx.args, name=player.name)
        tx.update("players", player_id, {"checked_in": int(checked)})
        fault = not_final(ctx.tournament(_key(ctx, player)), player) if checked else None
        return f"{player.name} : {fault}" if fault else None


def not_final_entries(ctx: EventContext, key: str) -> list[str]:
    """The names of the entries of ``key`` that play (checked in, not withdrawn) though
    their registration is not final (002: unpaid) — said when a round is paired."""
    from ..rules.open_rules import not_final

    t = ctx.tournament(key)
    return [
        p.name
        for p in ctx.store.players(t.id)
        if p.checked_in and not p.withdrawn and not_final(t, p)
    ]


def _key(ctx: EventContext, player: StoredPlayer) -> str:
    return next(t.key for t in ctx.store.tournaments() if t.id == player.tournament_id)


def set_paid(ctx: EventContext, player_id: int, paid: bool = True) -> None:
    from .journal_args import PaidArgs

    with ctx.write(Operation.SET_PAID, PaidArgs(player=player_id, paid=paid)) as tx:
        tx.args = replace(tx.args, name=ctx.player(player_id).name)
        tx.update("players", player_id, {"paid": int(paid)})


def withdraw(ctx: EventContext, player_id: int) -> None:
    from .journal_args import PlayerArgs

    with ctx.write(Operation.WITHDRAW, PlayerArgs(player=player_id)) as tx:
        player = ctx.player(player_id)
        if player.withdrawn:
            raise OperationError(f"{player.name} est déjà retiré(e).")
        tx.args = replace(tx.args, name=player.name)
        tx.update("players", player_id, {"withdrawn": 1})
        from ..store.seats import void_proposals

        for rnd in ctx.store.rounds(player.tournament_id):  # his board's proposals die (51)
            if not rnd.closed:
                for g in ctx.store.games(rnd.id):
                    if player_id in (g.white_id, g.black_id):
                        void_proposals(tx, rnd.id, g.board)


def add_club(ctx: EventContext, name: str, code: str | None = None) -> int:
    from .journal_args import TeamArgs

    with ctx.write(Operation.ADD_CLUB, TeamArgs(name=name)) as tx:
        known = ctx.store.club_id(name)
        if known is not None:
            return known
        return tx.insert("clubs", {"name": name, "code": code})


def enter_team(ctx: EventContext, key: str, club: str, name: str | None = None) -> StoredTeam:
    """A club enters one more team (as many as it wants): the next number, « CLUB N »
    unless named; its roster comes with an import (« equipe » column)."""
    from .journal_args import TeamArgs

    with ctx.write(Operation.ENTER_TEAM, TeamArgs(tournament=key, club=club)) as tx:
        t = ctx.tournament(key)
        tx.args = replace(tx.args, tournament=t.key)
        if not club.strip():
            raise OperationError("Une équipe est celle d'un club : nom du club attendu.")
        if name is not None and not name.strip():  # « CLUB N » is the name left out
            raise OperationError(
                "Nom de l'équipe vide : donnez-en un, ou omettez --nom (« CLUB N »)."
            )
        if fault := text_fault("Nom du club", club, 60):
            raise OperationError(fault)
        club_id = add_club(ctx, club.strip())
        mine = [team for team in ctx.store.teams(t.id) if team.club_id == club_id]
        number = max((team.number for team in mine), default=0) + 1
        name = (name or f"{club.strip()} {number}").strip()
        if fault := text_fault("Nom de l'équipe", name, 64):  # « CLUB 12 » of a club of 60
            raise OperationError(fault)
        if any(team.name == name for team in ctx.store.teams(t.id)):
            raise OperationError(f"L'équipe « {name} » est déjà engagée.")
        team_id = add_team(ctx, t.key, club_id, number, name)
        return StoredTeam(id=team_id, tournament_id=t.id, club_id=club_id, number=number, name=name)


def add_team(ctx: EventContext, key: str, club_id: int, number: int, name: str) -> int:
    from .journal_args import TeamArgs

    with ctx.write(Operation.ADD_TEAM, TeamArgs(tournament=key, name=name)) as tx:
        t = ctx.tournament(key)
        if not format_of(t).by_teams:
            raise OperationError(f"{t.name} n'est pas une compétition par équipes.")
        team = Team(tournament_id=t.id, club_id=club_id, number=number, name=name)
        return tx.insert("teams", as_data(team, exclude=frozenset({"id"})))
