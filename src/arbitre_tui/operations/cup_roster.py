"""A cup's rosters across the season (004 art. 3.1): who played for which team of his club,
read by person (licence, FIDE id, name and birth date) rather than by registration, and a
player who never played moved to another team of his club."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..rules.duplicates import same_person
from ..rules.models import CupSide, StoredPlayer, StoredTournament, System
from .errors import OperationError
from .journal_args import CupArgs
from .registry import Operation

if TYPE_CHECKING:
    from .context import EventContext


SIDES: tuple[CupSide, CupSide] = ("home", "away")


def played_for(service: EventContext, t: StoredTournament) -> dict[int, set[int]]:
    """Each registration → the teams its person played for this season (a line-up of a
    match with a result). A person registered twice (same licence or FIDE id, in another
    team) carries the teams of both registrations: a second entry hides no breach."""
    by_id: dict[int, set[int]] = {}
    for m in service.store.cup_matches(t.id, None):
        if m.away_team_id is None or not (m.winner_team_id is not None or any(m.results)):
            continue
        for side in SIDES:
            team = m.team(side)
            for pid in m.lineup(side) or []:
                if team is not None:
                    by_id.setdefault(pid, set()).add(team)
    if not by_id:
        return {}
    players = service.store.players(t.id)
    known = {p.id: p for p in players}
    out: dict[int, set[int]] = {}
    for p in players:
        teams = {
            team
            for pid, teams in by_id.items()
            if pid == p.id or (pid in known and same_person(p, known[pid]))
            for team in teams
        }
        if teams:
            out[p.id] = teams
    return out


def lined_up(service: EventContext, t: StoredTournament, player_id: int) -> str | None:
    """Where a player stands on a handed-in line-up (« tour 1, match 2 »), None if nowhere:
    a line-up once handed in cannot change (art. 3.1), nor lose a player from its sheet."""
    for m in service.store.cup_matches(t.id, None):
        if player_id in (m.lineup_home or []) + (m.lineup_away or []):
            return f"tour {m.round}, match {m.number}"
    return None


def removal_fault(service: EventContext, t: StoredTournament, player: StoredPlayer) -> str | None:
    """Why a cup player cannot be deleted: he is on a match sheet (art. 3.1, 3.8)."""
    where = lined_up(service, t, player.id)
    if where is None:
        return None
    return (
        f"{player.name} figure sur une composition remise ({where}) : le procès-verbal le "
        f"garde, l'inscription ne se supprime pas. Gardez-le dans l'effectif, ou retirez-le "
        f"(arbitre withdraw FICHIER {player.id}) ; il ne peut plus jouer pour une autre "
        "équipe du club cette saison (art. 3.1)."
    )


def _cup(service: EventContext, key: str | None) -> StoredTournament:
    """The cup ``key`` (or the event's only one): as operations.cup.cup_of, which imports
    this module."""
    cups = [t for t in service.store.tournaments() if t.system is System.TEAM_CUP]
    t = cups[0] if key is None and len(cups) == 1 else service.tournament(key)
    if t.system is not System.TEAM_CUP:
        raise OperationError(f"{t.name} n'est pas une compétition par équipes.")
    return t


def move_to_team(service: EventContext, key: str | None, player_id: int, team_id: int) -> str:
    """A player who never played for his team moves to another team of his club (art. 3.1
    forbids it only once he has played a game for one). Returns the new team's name."""
    with service.write(
        Operation.CUP_MOVE_PLAYER, CupArgs(tournament=key, player=player_id, team=team_id)
    ) as tx:
        t = _cup(service, key)
        tx.args = replace(tx.args, tournament=t.key)
        player = service.player(player_id)
        if player.tournament_id != t.id:
            raise OperationError(f"{player.name} n'est pas inscrit(e) en {t.name}.")
        teams = {team.id: team for team in service.store.teams(t.id)}
        if team_id not in teams:
            raise OperationError(
                f"Équipe {team_id} inconnue en {t.name} (équipes : "
                f"{', '.join(f'{k} {v.name}' for k, v in sorted(teams.items()))})."
            )
        target = teams[team_id]
        if player.team_id == team_id:
            raise OperationError(f"{player.name} est déjà dans l'équipe {target.name}.")
        clubs = service.store.clubs()
        if player.club != clubs.get(target.club_id):
            raise OperationError(
                f"{player.name} est licencié(e) à « {player.club or 'aucun club'} » : "
                f"{target.name} est une équipe de {clubs.get(target.club_id)} (art. 1.4)."
            )
        if where := lined_up(service, t, player.id):
            raise OperationError(
                f"{player.name} figure déjà sur une composition ({where}) : un joueur ayant "
                "joué pour une équipe ne peut plus jouer dans une autre équipe de son club "
                "cette saison (art. 3.1)."
            )
        if played_for(service, t).get(player.id):
            raise OperationError(
                f"{player.name} a déjà joué pour une équipe du club cette saison (art. 3.1)."
            )
        tx.args = replace(tx.args, name=player.name)
        tx.update("players", player.id, {"team_id": team_id})
        return target.name
