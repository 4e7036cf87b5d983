"""A team cup at a glance: the teams entered and every match drawn, with its line-ups
handed in, score, winner and reason (Coupe pane; the cup's standings are its matches)."""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.figures import score
from ..rules.models import StoredTournament
from .reader import Reader, SectionView


@dataclass(frozen=True, slots=True)
class MatchLine:
    """A match: ``score`` « 2.5-1.5 » once decided; ``away`` None when home is exempt."""

    id: int
    round: int
    number: int
    home: str
    away: str | None
    home_team_id: int
    away_team_id: int | None
    lineups: int  # line-ups handed in, 0 to 2
    score: str
    winner: str | None
    reason: str | None
    reported_at: str | None  # « 23:40 », the result's transmission
    late: bool  # reported after midnight (art. 3.9)
    away_keeps_white: bool = False  # art. 3.4: the visitors keep White on boards 1 and 4
    white_boards: str = "1 et 4"  # the home team's White boards (setting board_colours_home)

    @property
    def colours(self) -> str:
        """Art. 3.4 said in full where it departs from the usual colours (the home team
        White on 1 and 4): « Blancs aux échiquiers 1 et 4 : le visiteur, … »."""
        if self.away is None or not self.away_keeps_white:
            return ""
        return f"Blancs aux échiquiers {self.white_boards} : le visiteur, {self.away} (art. 3.4)"

    @property
    def decision(self) -> str:
        """« Club A (victoire à l'échiquier 1) », or « … » while undecided."""
        return (self.winner or "…") + (f" ({self.reason})" if self.reason else "")


@dataclass(frozen=True, slots=True)
class TeamLine:
    id: int
    name: str


@dataclass(frozen=True, slots=True)
class Cup(SectionView):
    teams: tuple[TeamLine, ...]
    matches: tuple[MatchLine, ...]

    @property
    def last_round(self) -> int:
        return max((m.round for m in self.matches), default=0)

    def colours_note(self, round_number: int | None = None) -> str:
        """Art. 3.4 said once for a round's list (the wall, under its title): the matches
        whose visitors keep White on boards 1 and 4 (an art. 3.9 sanction), else ""."""
        number = self.last_round if round_number is None else round_number
        flagged = [m for m in self.matches if m.round == number and m.colours]
        if not flagged:
            return ""
        which = ", ".join(f"{m.number} ({m.away})" for m in flagged)
        return (
            f"Art. 3.4 : le visiteur a les Blancs aux échiquiers {flagged[0].white_boards} — "
            f"match{'s' if len(flagged) > 1 else ''} {which}"
        )


def build(reader: Reader, t: StoredTournament) -> Cup:
    from ..operations.cup import matches
    from ..rules.cup import white_boards
    from ..rules.settings import section_settings

    with reader.consistent():
        teams = {team.id: team.name for team in reader.teams(t)}
        played = matches(reader.service, t)
    whites = white_boards(section_settings(t).board_colours_home)
    lines = []
    for m in played:
        decided = m.home_points is not None
        lines.append(
            MatchLine(
                m.id,
                m.round,
                m.number,
                teams.get(m.home_team_id, "?"),
                teams.get(m.away_team_id) if m.away_team_id else None,
                m.home_team_id,
                m.away_team_id,
                sum(1 for side in ("home", "away") if m.lineup(side) is not None),
                score(f"{m.home_points:g}-{m.away_points:g}") if decided else "",  # « 2½-1½ »
                teams.get(m.winner_team_id) if m.winner_team_id else None,
                m.reason,
                (m.reported_at or "")[11:16] or None,
                bool(m.confirmations.get("reported_after_midnight")),
                bool(m.away_keeps_white),
                whites,
            )
        )
    return Cup(t.key, t.name, tuple(TeamLine(i, n) for i, n in teams.items()), tuple(lines))
