"""The incidents of a round, board by board: illegal moves of each side, device
warnings, who was excluded, the result (Incidents pane)."""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.models import StoredTournament
from .reader import Reader


@dataclass(frozen=True, slots=True)
class IncidentLine:
    board: int
    white: str
    white_illegal: int
    black: str
    black_illegal: int
    rings: int  # device warnings, both sides
    excluded: str | None  # the name of a player excluded (device use)
    result: str
    match: int = 0  # a cup: the match of the tour (``board`` is its board, 1 to 4)

    @property
    def key(self) -> str:
        """The line's key and first cell: « 12 », or « 2.3 » (match 2, board 3) in a cup."""
        return f"{self.match}.{self.board}" if self.match else str(self.board)


@dataclass(frozen=True, slots=True)
class IncidentSheet:
    tournament_name: str
    limit: int  # the illegal move that loses
    fide_warning: bool  # FIDE-rated, yet a limit other than the Laws' 2
    round: int  # 0: nothing paired
    boards: tuple[IncidentLine, ...]


def build(reader: Reader, t: StoredTournament) -> IncidentSheet:
    from ..rules.settings import section_settings

    s = section_settings(t)
    limit = s.illegal_moves_to_lose
    warn = s.fide_rated and limit != 2
    from ..operations.formats import format_of

    if format_of(t).by_teams:
        return _cup(reader, t, limit, warn)
    with reader.consistent():
        rnd = reader.round(t)
        if rnd is None:
            return IncidentSheet(t.name, limit, warn, 0, ())
        people = reader.people(t)
        counts: dict[tuple[int | None, int, str], int] = {}
        for i in reader.incidents(t):
            key = (i.game_id, i.player_id, i.kind.value)
            counts[key] = counts.get(key, 0) + 1
        games = reader.games(rnd)
    lines = []
    for g in games:
        if g.black_id is None:
            continue
        w, b = people[g.white_id], people[g.black_id]

        def n(pid: int, kind: str, gid: int | None = g.id) -> int:
            return counts.get((gid, pid, kind), 0)

        excluded = [x.name for x in (w, b) if x.excluded]
        lines.append(
            IncidentLine(
                g.board,
                w.name,
                n(g.white_id, "illegal_move"),
                b.name,
                n(g.black_id, "illegal_move"),
                n(g.white_id, "device_ring") + n(g.black_id, "device_ring"),
                excluded[0] if excluded else None,
                g.result.label if g.result else "",
            )
        )
    return IncidentSheet(t.name, limit, warn, rnd.number, tuple(lines))


def _cup(reader: Reader, t: StoredTournament, limit: int, warn: bool) -> IncidentSheet:
    """A cup's boards (issue 30.23): each match of the tour drawn last whose two line-ups
    are in, board by board, White and Black by art. 3.4; the incidents read back by the
    place their note begins with (operations.cup.incident_place)."""
    from ..operations.cup import board_player, incident_place, matches

    with reader.consistent():
        played = matches(reader.service, t)
        people = reader.people(t)
        incidents = reader.incidents(t)
    last = max((m.round for m in played), default=0)
    counts: dict[tuple[str, int, str], int] = {}
    for i in incidents:
        place = i.note.split(" — ")[0]
        key = (place, i.player_id, i.kind.value)
        counts[key] = counts.get(key, 0) + 1
    lines = []
    for m in (x for x in played if x.round == last and x.away_team_id):
        if m.lineup_home is None or m.lineup_away is None:
            continue
        for board in range(1, min(len(m.lineup_home), len(m.lineup_away)) + 1):
            place = incident_place(m.round, m.number, board)
            white_id, white_side = board_player(t, m, board, "white")
            black_id, _ = board_player(t, m, board, "black")
            if white_id is None or black_id is None:
                continue
            w, b = people[white_id], people[black_id]
            result = m.results[board - 1] or ""
            if white_side == "away" and "-" in result:  # stored from the home team's view
                home, away = result.split("-")
                result = f"{away}-{home}"
            lines.append(
                IncidentLine(
                    board,
                    w.name,
                    counts.get((place, white_id, "illegal_move"), 0),
                    b.name,
                    counts.get((place, black_id, "illegal_move"), 0),
                    counts.get((place, white_id, "device_ring"), 0)
                    + counts.get((place, black_id, "device_ring"), 0),
                    next((x.name for x in (w, b) if x.excluded), None),
                    result,
                    m.number,
                )
            )
    return IncidentSheet(t.name, limit, warn, last, tuple(lines))
