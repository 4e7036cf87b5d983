"""One player's card: who they are (public name only) and each round's game, points and
running total (the site's player page)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .reader import PlayerRef

if TYPE_CHECKING:
    from ..rules.models import Tournament
    from .reader import Reader


@dataclass(frozen=True, slots=True)
class CardGame:
    round: int
    board: int
    colour: str  # "Blancs", "Noirs", "" for a bye
    opponent: PlayerRef | None
    bye_label: str
    points: float | None  # None: not played yet
    forfeit: bool
    total: float


@dataclass(frozen=True, slots=True)
class PlayerCard:
    tournament: str
    player: PlayerRef
    opt_out: bool
    games: tuple[CardGame, ...]

    def in_round(self, number: int) -> CardGame | None:
        """The player's game (or bye) in round ``number``: the board they look for first."""
        return next((g for g in self.games if g.round == number), None)


def build(reader: Reader, t: Tournament, player_id: int) -> PlayerCard | None:
    """None when ``player_id`` is not a player of ``t``."""
    with reader.consistent():
        people = reader.people(t)
        refs = reader.refs(t)
        me = people.get(player_id)
        if me is None:
            return None
        rounds = reader.all_games(t)
    out: list[CardGame] = []
    total = 0.0
    for number, games in sorted(rounds.items()):
        for g in games:
            if player_id not in (g.white_id, g.black_id):
                continue
            if g.black_id is None:
                pts = g.bye.points if g.bye else 0.0
                total += pts
                out.append(
                    CardGame(
                        number, g.board, "", None, g.bye.label if g.bye else "", pts, False, total
                    )
                )
                continue
            white = g.white_id == player_id
            got = g.result.points[0 if white else 1] if g.result is not None else None
            total += got or 0.0
            out.append(
                CardGame(
                    number,
                    g.board,
                    "Blancs" if white else "Noirs",
                    refs[g.black_id if white else g.white_id],
                    "",
                    got,
                    g.result is not None and not g.result.played,
                    total,
                )
            )
    return PlayerCard(t.key, refs[player_id], me.publish_opt_out, tuple(out))
