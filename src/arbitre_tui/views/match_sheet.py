"""The cup match sheet (procès-verbal, regulation 004): one read model for every output.

The A4 sheet in HTML, the PDF, and the site's match and cup pages all render this view,
so they cannot drift apart again: colours by board, each board's points (a forfeit
costs −1), the match score and its reason, the late line-ups, and the signature room of
both captains and the arbiter with the confirmations given in the application.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass

from ..operations import cup as cup_ops
from ..operations import cup_sanctions
from ..operations.event import EventService
from ..rules.cup import BOARDS, Board, colours
from ..rules.figures import score
from ..rules.models import CupMatch, StoredPlayer, StoredTournament
from ..rules.settings import section_settings
from .reader import Reader

COLOUR = {"w": "Blancs", "b": "Noirs"}

# each board's result as the two teams' marks (home, away): X a draw, F (−1) a player's
# forfeit, A (−1) a game lost for missing equipment (administrative forfeit)
_MARKS = {
    Board.HOME_WINS: ("1", "0"),
    Board.DRAW: ("X", "X"),
    Board.AWAY_WINS: ("0", "1"),
    Board.HOME_FORFEITS: ("F (−1)", "1"),
    Board.AWAY_FORFEITS: ("1", "F (−1)"),
    Board.BOTH_FORFEIT: ("F (−1)", "F (−1)"),
    Board.HOME_ADMIN: ("A (−1)", "1"),  # lost for missing equipment: −1 (art. 2.6, 4.1)
    Board.AWAY_ADMIN: ("1", "A (−1)"),
}


def points(value: float | None) -> str:
    """A score as the sheet prints it: 2.5, 3, −1."""
    return "" if value is None else f"{value:g}".replace("-", "−")


@dataclass(frozen=True)
class SheetBoard:
    """One board: who plays which colour for each team, and its result."""

    number: int
    home_colour: str  # "w" or "b"
    home: StoredPlayer | None
    away: StoredPlayer | None
    result: Board | None

    @property
    def colours(self) -> tuple[str, str]:
        """« Blancs » / « Noirs » for the home player, then the away player."""
        away = "b" if self.home_colour == "w" else "w"
        return COLOUR[self.home_colour], COLOUR[away]

    @property
    def marks(self) -> tuple[str, str]:
        return _MARKS[self.result] if self.result else ("", "")

    @property
    def points(self) -> tuple[float, float] | None:
        return self.result.points if self.result else None


@dataclass(frozen=True)
class Signature:
    """A signature box: who signs, and when they confirmed in the application, if they did."""

    role: str
    team: str
    confirmed_at: str | None

    @property
    def label(self) -> str:
        return f"{self.role} ({self.team})" if self.team else self.role


@dataclass(frozen=True)
class MatchSheet:
    """Everything a procès-verbal shows; ``away`` is None for a bye (a sheet that says so)."""

    event: str
    key: str
    match_id: int
    round: int
    number: int
    home: str
    away: str | None
    boards: tuple[SheetBoard, ...]
    home_points: float | None
    away_points: float | None
    winner: str | None
    reason: str
    notes: tuple[str, ...]
    signatures: tuple[Signature, ...]
    # what the match screen needs besides the sheet: the teams' ids, the line-ups handed
    # in (player ids in board order, None until handed in), when, and the clocks advanced
    home_team_id: int = 0
    away_team_id: int | None = None
    lineup_home: tuple[int, ...] | None = None
    lineup_away: tuple[int, ...] | None = None
    match_day: dt.date | None = None  # the day a line-up was handed in (art. 3.9's midnight)
    confirmed: tuple[str, ...] = ()
    reported_at: str | None = None
    reported_late: bool = False
    clock_advances: tuple[tuple[str, int], ...] = ()  # (« home » / « away », minutes)

    @property
    def title(self) -> str:
        return f"{self.home} – {self.away or 'exempt'}"

    @property
    def score(self) -> str:
        """« 2.5 – 1.5 » once decided, else empty."""
        if self.home_points is None or self.away_points is None:
            return ""
        return f"{points(self.home_points)} – {points(self.away_points)}"

    @property
    def decision(self) -> str:
        """The sheet's bold line: « Score : 2.5 – 1.5 — vainqueur : … »."""
        return f"Score : {self.score or '…'} — vainqueur : {self.winner or 'à décider'}"

    @property
    def bye(self) -> bool:
        """The home team goes through without playing: no boards, no score."""
        return self.away is None

    @property
    def both_lineups(self) -> bool:
        return self.lineup_home is not None and self.lineup_away is not None

    @property
    def boards_state(self) -> str:
        """The match screen's line under the boards: the score and its reason (or what is
        awaited), the confirmations, when the result was reported, the clocks advanced."""
        if self.reason:
            state = f"Score {score(f'{self.home_points:g}-{self.away_points:g}')} : {self.reason}"
        elif self.both_lineups:
            state = "Saisissez les 4 résultats (point de vue du recevant)."
        else:  # `b` before the line-ups: a result would be refused
            state = "Les résultats se saisissent une fois les deux compositions remises (b)."
        if self.confirmed:
            state += f" — confirmé : {', '.join(self.confirmed)}"
        if self.reported_at:
            late = " (après minuit !)" if self.reported_late else ""
            state += f" — transmis {self.reported_at[11:16]}{late}"
        else:
            state += " — résultat à transmettre avant minuit (t)"
        for side, minutes in self.clock_advances:
            state += f" — pendules {'recevant' if side == 'home' else 'visiteur'} +{minutes} min"
        return state


@dataclass(frozen=True)
class LineupRow:
    """One player of a team on the match screen's line-up table."""

    id: int
    name: str
    rating: int
    nationality: str
    transferred: bool
    board: int | None  # where the line-up being typed (or handed in) places him
    number: int | None = None  # his N° in the cup, as `cup lineup` takes it (issue 49.5)


@dataclass(frozen=True)
class Lineup:
    """A team's line-up as the match screen shows it while it is typed: every player of
    the team, the boards chosen so far, and the live verdict of the regulation's checks."""

    side: str  # « recevant » or « visiteur »
    rows: tuple[LineupRow, ...]
    handed_in: bool
    state: str


def lineup(service: EventService, sheet: MatchSheet, side: str, picked: list[int]) -> Lineup:
    """``side``'s line-up (« home » or « away »): handed in (frozen), or ``picked`` so far
    checked live against the regulation (the same check the hand-in runs)."""
    label = "recevant" if side == "home" else "visiteur"
    team = sheet.home_team_id if side == "home" else sheet.away_team_id or 0
    done = sheet.lineup_home if side == "home" else sheet.lineup_away
    order = list(done if done is not None else picked)
    reader = Reader(service)
    with reader.consistent():
        t = reader.tournament(sheet.key)
        everyone, numbers = reader.people(t), reader.numbers(t)
    rows = tuple(
        LineupRow(
            p.id,
            p.name,
            p.rating,
            p.nationality or "",
            bool(p.transferred),
            order.index(p.id) + 1 if p.id in order else None,
            numbers.get(p.id),
        )
        for p in sorted(everyone.values(), key=lambda p: numbers.get(p.id) or 1 << 30)
        if p.team_id == team
    )
    if done is not None:
        state = f"Composition du {label} remise (figée). tab : l'autre équipe ; b : les échiquiers."
    else:
        faults = cup_ops.lineup_check(service, sheet.key, sheet.number, team, picked)
        checks = " ; ".join(faults) if faults else "conforme"
        state = f"Composition du {label} : {len(picked)}/4 — {checks}"
    return Lineup(label, rows, done is not None, state)


def match_sheet(
    service: EventService, key: str | None, number: int, round_number: int | None = None
) -> MatchSheet:
    """Match ``number`` of the cup's round (default: the last round drawn)."""
    reader = Reader(service)
    with reader.consistent():
        t = cup_ops.cup_of(service, key)
        return _build(reader, t, [cup_ops.find_match(service, t, number, round_number)])[0]


def match_sheets(service: EventService, t: StoredTournament) -> list[MatchSheet]:
    """Every match of the cup, round by round (the site's cup and match pages)."""
    reader = Reader(service)
    with reader.consistent():
        return _build(reader, t, cup_ops.matches(service, t))


def _build(reader: Reader, t: StoredTournament, rows: list[CupMatch]) -> list[MatchSheet]:
    """The sheets of ``rows`` (read in the caller's snapshot)."""
    teams: dict[int | None, str] = {team.id: team.name for team in reader.teams(t)}
    everyone = reader.people(t)
    event = str(reader.event().get("name", ""))
    return [_sheet(t, m, teams, everyone, event) for m in rows]


def _sheet(
    t: StoredTournament,
    m: CupMatch,
    teams: Mapping[int | None, str],
    everyone: Mapping[int, StoredPlayer],
    event: str,
) -> MatchSheet:
    home, away = teams.get(m.home_team_id, "?"), teams.get(m.away_team_id)
    home_colours = colours(bool(m.away_keeps_white), section_settings(t).board_colours_home)

    def player(lineup: list[int] | None, board: int) -> StoredPlayer | None:
        return everyone.get(lineup[board]) if lineup and board < len(lineup) else None

    boards = tuple(
        SheetBoard(
            k + 1,
            home_colours[k],
            player(m.lineup_home, k),
            player(m.lineup_away, k),
            Board(result) if (result := m.results[k]) else None,
        )
        for k in range(BOARDS)
    )
    conf = m.confirmations
    advances = cup_sanctions.clock_advances(t, m) if away is not None else {}
    handed = m.lineup_home_at or m.lineup_away_at
    notes: list[str] = []
    if away is None:
        notes.append(f"Exempt : {home} passe au tour suivant sans jouer.")
    else:
        reported = m.reported_at or "non transmis"
        if conf.get("reported_after_midnight"):
            reported += " (après minuit : l'équipe se déplacera au tour suivant)"
        notes.append(f"Motif : {m.reason or '…'}. Résultat transmis : {reported}.")
        notes += [
            f"Composition remise en retard : pendules du "
            f"{'recevant' if side == 'home' else 'visiteur'} avancées de {minutes} min."
            for side, minutes in advances.items()
        ]
    signatures: tuple[Signature, ...] = (
        Signature("Capitaine recevant", home, conf.get("capitaine-recevant")),
        Signature("Capitaine visiteur", away or "", conf.get("capitaine-visiteur")),
        Signature("Arbitre", "", conf.get("arbitre")),
    )
    if away is None:  # a bye: no match, no captain signs; the arbiter notes it
        signatures = signatures[2:]
    return MatchSheet(
        event=event,
        key=t.key,
        match_id=int(m.id),
        round=int(m.round),
        number=int(m.number),
        home=home,
        away=away,
        boards=boards,
        home_points=m.home_points,
        away_points=m.away_points,
        winner=teams.get(m.winner_team_id),
        reason=m.reason or "",
        notes=tuple(notes),
        signatures=signatures,
        home_team_id=int(m.home_team_id),
        away_team_id=m.away_team_id,
        # handed in empty (a team that did not come) is handed in: () is not None
        lineup_home=tuple(m.lineup_home) if m.lineup_home is not None else None,
        lineup_away=tuple(m.lineup_away) if m.lineup_away is not None else None,
        match_day=dt.datetime.fromisoformat(handed).date() if handed else None,
        confirmed=tuple(k for k in conf if k != "reported_after_midnight"),
        reported_at=m.reported_at,
        reported_late=bool(conf.get("reported_after_midnight")),
        clock_advances=tuple(advances.items()),
    )
