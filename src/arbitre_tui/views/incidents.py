"""The incidents of a round, board by board: illegal moves of each side, device
warnings, who was excluded, the result (Incidents pane)."""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.models import Tournament
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


@dataclass(frozen=True, slots=True)
class IncidentSheet:
    tournament_name: str
    limit: int  # the illegal move that loses
    fide_warning: bool  # FIDE-rated, yet a limit other than the Laws' 2
    round: int  # 0: nothing paired
    boards: tuple[IncidentLine, ...]


def build(reader: Reader, t: Tournament) -> IncidentSheet:
    from ..rules.settings import section_settings

    s = section_settings(t)
    limit = s.illegal_moves_to_lose
    warn = s.fide_rated and limit != 2
    with reader.consistent():
        rnd = reader.round(t)
        if rnd is None or rnd.id is None:
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
