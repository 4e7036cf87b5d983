"""The « grille américaine » as French arbiters read it (FFE, Papi): players in final
order, and in each round's cell the result, the opponent's FINAL place and the colour —
« +7B » won with White against the 7th, « =12N », « -3B ». The Classement pane's grille
mode, `arbitre print … grille-americaine` and the site's page all render this one view.

Signs (the FFE's, as its results site and Papi print them): + gain, = nulle, - perte,
> gain par forfait, < perte par forfait (both players of a double forfeit: <); B Blancs,
N Noirs. Unpaired rounds: « EXE » the pairing's bye (exempt, 1 point), « +E », « =E »,
« -E » the byes of 1, ½ and 0 point asked for; a game still to play shows no sign (« 7B »).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..rules.models import Bye, StoredGame, StoredPlayer, StoredTournament
from .reader import PlayerRef, SectionView

if TYPE_CHECKING:
    from .reader import Reader

LEGEND = (
    "+ gain, = nulle, - perte, > gain par forfait, < perte par forfait ; B Blancs, N Noirs ; "
    "EXE exempt (1 pt), +E / =E / -E bye de 1, ½ ou 0 point"
)
BYES = {
    Bye.PAIRING_ALLOCATED: "EXE",
    Bye.FULL_POINT: "+E",
    Bye.HALF_POINT: "=E",
    Bye.ZERO_POINT: "-E",
}


@dataclass(frozen=True, slots=True)
class GrilleRow:
    place: int  # final order: the number the other cells give
    shared: str  # the place as the standings print it (« 3 », « 5–8 »)
    player: PlayerRef
    title: str
    rating: str  # « 2105 F » (FIDE), « 1650 N » (national only), « » unrated
    federation: str
    cells: tuple[str, ...]  # one per round
    points: str
    tiebreaks: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Grille(SectionView):
    after_round: int
    rounds: tuple[int, ...]
    tiebreaks: tuple[str, ...]  # headings of the tie-break columns
    rows: tuple[GrilleRow, ...]
    note: str  # why it is empty (a knockout, a cup, nothing to rank), else ""
    legend: str = LEGEND


def cell(games: list[StoredGame], pid: int, place: dict[int, int]) -> str:
    """A player's cell of one round (see the module's signs); « » when not paired."""
    for g in games:
        if g.white_id == pid and g.black_id is None:
            return BYES.get(g.bye, "") if g.bye else ""
        if pid not in (g.white_id, g.black_id) or g.black_id is None:
            continue
        white = g.white_id == pid
        opponent = place.get(g.black_id if white else g.white_id, 0)
        where = f"{opponent}{'B' if white else 'N'}"
        if g.result is None:
            return where
        points = g.result.points[0 if white else 1]
        if g.result.played:
            sign = {1.0: "+", 0.5: "=", 0.0: "-"}[points]
        else:
            sign = ">" if points == 1.0 else "<"
        return sign + where
    return ""


def _rating(p: StoredPlayer) -> str:
    if p.rating_fide:
        return f"{p.rating_fide} F"
    return f"{p.rating_ffe} N" if p.rating_ffe else ""


def build(reader: Reader, t: StoredTournament) -> Grille:
    """From the standings view (the same order and tie-breaks as Classement)."""
    from ..operations.event import OperationError
    from .crosstable import by_player
    from .standings import build as standings

    with reader.consistent():
        try:
            view = standings(reader, t)
        except OperationError as exc:
            return Grille(t.key, t.name, 0, (), (), (), exc.message)
        if view.kind != "points":
            note = "La grille américaine est celle d'un système suisse ou d'un toutes rondes."
            return Grille(t.key, t.name, view.after_round, (), (), (), note)
        people = reader.people(t)
        games = reader.all_games(t)
    place = {r.player.id: k + 1 for k, r in enumerate(view.rows)}
    numbers = tuple(sorted(games))
    at = {n: by_player(games[n]) for n in numbers}
    rows = []
    for k, r in enumerate(view.rows):
        p = people[r.player.id]
        rows.append(
            GrilleRow(
                k + 1,
                r.place,
                r.player,
                p.title.value if p.title else "",
                _rating(p),
                p.federation,
                tuple(cell(at[n].get(r.player.id, []), r.player.id, place) for n in numbers),
                r.shown[0] if r.shown else "0",
                r.shown[1:],
            )
        )
    return Grille(t.key, t.name, view.after_round, numbers, view.columns[1:], tuple(rows), "")
