"""The crosstable: players in standings order, each round's cell (« 12b+ », « 3n=F »…)
and the points (the site's grille page and the printed grille)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .reader import PlayerRef, player_ref

if TYPE_CHECKING:
    from ..rules.models import Game, Tournament
    from .reader import Reader


@dataclass(frozen=True, slots=True)
class CrossRow:
    number: int  # place in the grid (standings order)
    player: PlayerRef
    cells: tuple[str, ...]  # one per round: opponent's number, colour, result
    points: float


@dataclass(frozen=True, slots=True)
class Crosstable:
    tournament: str
    rounds: tuple[int, ...]
    rows: tuple[CrossRow, ...]


def cell(games: list[Game], pid: int, order: dict[int, int]) -> str:
    """A player's cell of one round: « 12b+ » (opponent 12, Blacks, won), « 3n-F »."""
    for g in games:
        if g.white_id == pid and g.black_id is None:
            return g.bye.value if g.bye else ""
        if pid in (g.white_id, g.black_id) and g.black_id is not None:
            white = g.white_id == pid
            opp = g.black_id if white else g.white_id
            res = g.result.points[0 if white else 1] if g.result else None
            mark = "" if res is None else {1.0: "+", 0.5: "=", 0.0: "-"}[res]
            if g.result is not None and not g.result.played:
                mark = {1.0: "+F", 0.0: "-F"}.get(res or 0.0, "")
            return f"{order.get(opp, '?')}{'b' if white else 'n'}{mark}"
    return ""


def build(reader: Reader, t: Tournament) -> Crosstable:
    """Empty when the rules cannot rank yet (the standings refuse)."""
    from ..operations.event import OperationError
    from ..operations.standings import standings

    with reader.consistent():
        try:
            _, rows, _ = standings(reader.service, t)
        except OperationError:
            rows = []
        people = reader.people(t)
        games = reader.all_games(t)
    order = {r.start: k + 1 for k, r in enumerate(rows)}
    numbers = tuple(sorted(games))
    return Crosstable(
        t.key,
        numbers,
        tuple(
            CrossRow(
                order[r.start],
                player_ref(people[r.start]),
                tuple(cell(games[n], r.start, order) for n in numbers),
                float(r.values["PTS"] or 0),
            )
            for r in rows
        ),
    )
