"""The crosstable: players in standings order with their public (pairing) number, each
round's cell (« 12b+ »: that number, colour, result)
and the points (the site's grille page and the printed grille)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .reader import PlayerRef

if TYPE_CHECKING:
    from ..rules.models import StoredGame, StoredTournament
    from .reader import Reader


@dataclass(frozen=True, slots=True)
class CrossRow:
    number: int  # the player's public number (pairing number): the cells' numbers
    player: PlayerRef  # « Joueur n° number » for a player who opted out: the same number
    cells: tuple[str, ...]  # one per round: opponent's number, colour, result
    points: float
    place: int = 0  # the row's place (standings order)


@dataclass(frozen=True, slots=True)
class Crosstable:
    tournament: str
    rounds: tuple[int, ...]
    rows: tuple[CrossRow, ...]


def cell(games: list[StoredGame], pid: int, order: dict[int, int]) -> str:
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


def by_player(games: list[StoredGame]) -> dict[int, list[StoredGame]]:
    """A round's games by player, each player's first game only: what :func:`cell` finds
    for them in the whole round, found once (a grille of 500 players searched each
    round's 250 games per cell)."""
    found: dict[int, list[StoredGame]] = {}
    for g in games:
        found.setdefault(g.white_id, [g])
        if g.black_id is not None:
            found.setdefault(g.black_id, [g])
    return found


def build(reader: Reader, t: StoredTournament) -> Crosstable:
    """Empty when the rules cannot rank yet (the standings refuse)."""
    from ..operations.event import OperationError
    from .standings import ranking

    with reader.consistent():
        try:
            ranked = ranking(reader, t)  # the players and games read once (issue 56)
            rows, refs, games = ranked.rows, ranked.refs, ranked.games
        except OperationError:
            rows, refs, games = [], reader.refs(t), reader.all_games(t)
    order = {pid: ref.number for pid, ref in refs.items()}
    numbers = tuple(sorted(games))
    at = {n: by_player(games[n]) for n in numbers}
    return Crosstable(
        t.key,
        numbers,
        tuple(
            CrossRow(
                order[r.start],
                refs[r.start],
                tuple(cell(at[n].get(r.start, []), r.start, order) for n in numbers),
                float(r.values["PTS"] or 0),
                k + 1,
            )
            for k, r in enumerate(rows)
        ),
    )
