"""A cup's roll of honour and final ranking (regulation 004)."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from ..rules import cup
from ..rules.models import StoredTournament
from ..rules.settings import section_settings
from ..rules.text import text_fault
from .cup import cup_of, matches, teams_of
from .errors import OperationError
from .journal_args import HonoursArgs
from .registry import Operation

if TYPE_CHECKING:
    from .context import EventContext


def honours(
    service: EventContext,
    key: str | None,
    season: str | None = None,
    club: str | None = None,
    finalist: str | None = None,
) -> tuple[list[tuple[str, str]], str | None]:
    """The roll of honour across seasons; a club's third win keeps the trophy (the latest
    kept is returned; ``trophies`` of the roll says every one and the wins at stake). The
    season's beaten finalist, if given, has the next draw's second priority bye."""
    if finalist and not (season and club):
        raise OperationError("Le finaliste s'inscrit avec la saison et le vainqueur.")
    if (season is None) != (club is None) or season == "" or club == "":
        raise OperationError(
            "Palmarès : pour ajouter un vainqueur, donnez --season et --club ensemble."
        )
    years = re.fullmatch(r"(\d{4})(?:-(\d{4}))?", season or "0000")
    if years is None or (years[2] and int(years[2]) != int(years[1]) + 1):
        raise OperationError(
            f"Palmarès : saison « {season} » illisible : écrivez AAAA-AAAA (2026-2027) ou AAAA."
        )
    for what, text in (("Saison", season), ("Club vainqueur", club), ("Finaliste", finalist)):
        if text and (fault := text_fault(f"Palmarès : {what.lower()}", text, 60)):
            raise OperationError(fault)
    if finalist and finalist == club:
        raise OperationError(f"{club} ne peut être à la fois vainqueur et finaliste.")
    if season and club:
        with service.write(
            Operation.ROLL_OF_HONOUR,
            HonoursArgs(tournament=key, season=season, club=club, finalist=finalist),
        ) as tx:
            t = cup_of(service, key)
            tx.args = replace(tx.args, tournament=t.key)
            if any(s == season for s, _ in service.store.roll_of_honour(t.id)):
                raise OperationError(f"La saison {season} est déjà au palmarès.")
            tx.insert(
                "roll_of_honour",
                {"tournament_id": t.id, "season": season, "club": club, "finalist": finalist},
            )
    t = cup_of(service, key)
    pairs = cup.by_season(service.store.roll_of_honour(t.id))
    won = _season_won(service, t)
    if won and all(s != won[0] for s, _ in pairs):  # this season's final, not yet typed
        pairs = cup.by_season([*pairs, won])
    return pairs, cup.trophy_kept(pairs)


def _season_won(service: EventContext, t: StoredTournament) -> tuple[str, str] | None:
    """(season, club) once this season's final is decided (004 art. 1.2: the roll of honour
    carries it without being typed); the season is the one of the licence deadline."""
    rows = matches(service, t)
    if not rows:
        return None
    last = max(m.round for m in rows)
    final = [m for m in rows if m.round == last]
    if len(final) != 1 or final[0].winner_team_id is None:
        return None
    team = teams_of(service, t).get(final[0].winner_team_id)
    club = service.store.clubs().get(team.club_id) if team and team.club_id else None
    if club is None:
        return None
    year = section_settings(t).licence_deadline.year
    return f"{year - 1}-{year}", club


def ranking_groups(service: EventContext, t: StoredTournament) -> list[tuple[int, int, list[int]]]:
    """Teams ranked as a knockout: winner, finalist, then by how far their conqueror went."""
    from ..rules import knockout as ko
    from ..rules.models import Result

    rows = matches(service, t)
    if not rows:
        return []
    rounds: list[list[ko.Match]] = []
    for number in range(1, max(m.round for m in rows) + 1):
        stage = []
        for m in (x for x in rows if x.round == number):
            result = None
            if m.winner_team_id is not None and m.away_team_id is not None:
                result = (
                    Result.WHITE_WINS if m.winner_team_id == m.home_team_id else Result.BLACK_WINS
                )
            stage.append(
                ko.Match(
                    m.number - 1,
                    m.home_team_id,
                    m.away_team_id,
                    result,
                    None,
                    m.away_team_id is None,
                )
            )
        rounds.append(stage)
    total = len(rounds) if len([m for m in rows if m.round == len(rounds)]) == 1 else None
    return ko.ranking(rounds, "armageddon", {}, total)
