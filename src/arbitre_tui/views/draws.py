"""The draws by lot, each replayed from its seed, and a knockout's lucky-loser tries
(Repêchage pane, `arbitre draws`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..rules.models import StoredTournament
    from .reader import Reader

_STATUS = {"pending": "à joindre", "accepted": "repêché", "unreachable": "injoignable"}


@dataclass(frozen=True, slots=True)
class LuckyLoserTry:
    id: int
    round: int
    slot: int  # 0-based place in the bracket
    player: str
    draw_id: int
    status: str  # « à joindre », « repêché », « injoignable »


@dataclass(frozen=True, slots=True)
class DrawLine:
    id: int
    at: str
    purpose: str
    kind: str
    seed: str
    same: bool  # replayed from its seed, the same outcome


@dataclass(frozen=True, slots=True)
class Draws:
    tournament_name: str
    holes: int | None  # a knockout's holes still to fill; None: not a knockout
    lucky_losers: tuple[LuckyLoserTry, ...]
    draws: tuple[DrawLine, ...]


def build(reader: Reader, t: StoredTournament | None) -> Draws:
    """Every draw of the event; the lucky-loser tries when ``t`` is a knockout."""
    from ..operations.formats import format_of

    holes: int | None = None
    tries: list[LuckyLoserTry] = []
    with reader.consistent():
        if t is not None and format_of(t).has_bracket:
            from ..operations import knockout

            open_holes = knockout.holes(reader.service, t)
            names = {p.id: p.name for p in reader.players(t)}
            rows = reader.lucky_losers(t)
            filled = {r["slot"] for r in rows if r["status"] == "accepted"}
            holes = len([h for h in open_holes if h not in filled])
            tries = [
                LuckyLoserTry(
                    r["id"],
                    r["round"],
                    r["slot"],
                    names[r["player_id"]],
                    r["draw_id"],
                    _STATUS[r["status"]],
                )
                for r in rows
            ]
        draws = [
            DrawLine(
                d["id"],
                d["at"],
                d["purpose"],
                d["kind"],
                str(d["seed"]),
                reader.service.replay_draw(d["id"])[0],
            )
            for d in reader.draws()
        ]
    return Draws(t.name if t else "", holes, tuple(tries), tuple(draws))
