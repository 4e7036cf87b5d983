"""One player's card, as chess-results gives it: who they are (public name only), each
round's game, points, running total and place after that round, and the performance
(the site's player page)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .reader import PlayerRef

if TYPE_CHECKING:
    from ..rules.models import StoredTournament
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
    place: str = ""  # the place after this round (« 3 », « 5–8 »), once the round is complete


@dataclass(frozen=True, slots=True)
class Progress:
    """A section's places after each complete round and each player's performance (TPR,
    C.07): read once for every card of the section, the static export renders them all."""

    places: dict[int, dict[int, str]]  # round -> player id -> place
    performance: dict[int, int]


def progress(reader: Reader, t: StoredTournament) -> Progress:
    """Empty for a knockout or a cup (no ranking by points), or when the rules cannot rank."""
    from ..operations.event import OperationError
    from ..operations.formats import format_of
    from ..operations.standings import completed, rank, table_of
    from ..rules import tiebreaks as tb
    from ..rules.errors import RuleError
    from ..rules.settings import section_settings

    fmt = format_of(t)
    if fmt.by_teams or fmt.has_bracket:
        return Progress({}, {})
    places: dict[int, dict[int, str]] = {}
    performance: dict[int, int] = {}
    with reader.consistent():  # the section read once for every round (issue 56)
        players, numbers = reader.players(t), reader.numbers(t)
        games = reader.all_games(t)
        done = completed(reader.rounds(t), games)
    for n in range(1, done + 1):
        try:
            _, rows = rank(t, table_of(t, players, games, numbers, n))
        except OperationError:
            continue
        places[n] = {r.start: r.place for r in rows}
    if done:
        table = table_of(t, players, games, numbers, done)
        try:
            rows = tb.standings(table, ["PTS", "TPR"], section_settings(t).unrated_rating)
        except RuleError:
            rows = []
        tpr = {r.start: r.values.get("TPR") for r in rows}
        performance = {pid: round(v) for pid, v in tpr.items() if v}
    return Progress(places, performance)


@dataclass(frozen=True, slots=True)
class PlayerCard:
    tournament: str
    player: PlayerRef
    opt_out: bool
    games: tuple[CardGame, ...]
    performance: int | None = None  # TPR over the complete rounds

    def in_round(self, number: int) -> CardGame | None:
        """The player's game (or bye) in round ``number``: the board they look for first."""
        return next((g for g in self.games if g.round == number), None)


def build(
    reader: Reader, t: StoredTournament, player_id: int, seen: Progress | None = None
) -> PlayerCard | None:
    """None when ``player_id`` is not a player of ``t``; ``seen``: the section's
    :func:`progress`, read once by a face that renders every card."""
    with reader.consistent():
        people = reader.people(t)
        refs = reader.refs(t)
        me = people.get(player_id)
        if me is None:
            return None
        rounds = reader.all_games(t)
        seen = progress(reader, t) if seen is None else seen
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
                        number,
                        g.board,
                        "",
                        None,
                        g.bye.label if g.bye else "",
                        pts,
                        False,
                        total,
                        seen.places.get(number, {}).get(player_id, ""),
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
                    seen.places.get(number, {}).get(player_id, ""),
                )
            )
    return PlayerCard(
        t.key, refs[player_id], me.publish_opt_out, tuple(out), seen.performance.get(player_id)
    )
