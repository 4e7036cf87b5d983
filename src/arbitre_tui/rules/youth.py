"""Youth championships (regulation 003): blitz play-off brackets and qualifiers.

Play-offs are two-game mini-matches with colours reversed; the better tie-break chooses
its colour; a level mini-match goes back to the tie-breaks (the better seed goes through).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

Pair = tuple[int, int]  # (better seed, worse seed)


# what a play-off decides, in the words every output uses: « barrage pour le titre »,
# « barrage pour la qualification » (the standings, the app, the journal, the draws)
PLAYOFF_PURPOSE = {"title": "pour le titre", "qualification": "pour la qualification"}


def playoff_stage(seeds: Sequence[int]) -> tuple[list[int], list[Pair]]:
    """One stage for players in seed order: (exempt, pairs).

    2: one mini-match. 3: the best is exempt, 2 plays 3. 4: 1–4 and 2–3. 5 to 8: the
    lowest-ranked play barrages from the outside in until four remain (5: 4–5; 6: 3–6,
    4–5; 7: 2–7, 3–6, 4–5; 8: 1–8 … 4–5). More than 8: the same pattern down to 8.
    """
    s = list(seeds)
    n = len(s)
    if n < 2:
        return s, []
    if n == 2:
        return [], [(s[0], s[1])]
    if n == 3:
        return [s[0]], [(s[1], s[2])]
    if n == 4:
        return [], [(s[0], s[3]), (s[1], s[2])]
    target = 4
    while target * 2 < n:
        target *= 2
    k = n - target
    bottom = s[n - 2 * k :]
    return s[: n - 2 * k], [(bottom[i], bottom[-1 - i]) for i in range(k)]


def mini_match_winner(better: int, worse: int, points_better: float, points_worse: float) -> int:
    """Two games, colours reversed; level: the tie-breaks decide (the better seed)."""
    return worse if points_worse > points_better else better


@dataclass
class Playoff:
    pending: list[Pair] = field(default_factory=list)  # mini-matches to play now
    places: list[int] | None = None  # the final order, once known
    lot: str | None = None  # said when a mini-match was decided by lot (complete tie)


def third_place_needed(first_place: int, qualifying_places: int) -> bool:
    """Art. 6: the losers of the semi-finals play « pour les places 3 et 4 si ces places
    sont encore qualificatives » — the group's third place must still qualify."""
    return first_place + 2 <= qualifying_places


def resolve(
    seeds: Sequence[int], winners: Mapping[frozenset[int], int], third_place_needed: bool = True
) -> Playoff:
    """Where a play-off stands: the mini-matches to play now, or the final places.

    ``winners`` holds the winner of every mini-match played, keyed by the pair.
    """
    rank = {p: i for i, p in enumerate(seeds)}
    stage = list(seeds)
    out: list[list[int]] = []  # losers of each barrage stage, latest first

    def play(pairs: list[Pair]) -> tuple[list[int], list[int]] | None:
        pending = [p for p in pairs if frozenset(p) not in winners]
        if pending:
            return None
        ws = [winners[frozenset(p)] for p in pairs]
        ls = [b if w == a else a for (a, b), w in zip(pairs, ws, strict=True)]
        return ws, ls

    while len(stage) > 4:
        exempt, pairs = playoff_stage(stage)
        done = play(pairs)
        if done is None:
            return Playoff([p for p in pairs if frozenset(p) not in winners])
        ws, ls = done
        stage = sorted(exempt + ws, key=rank.__getitem__)
        out.insert(0, sorted(ls, key=rank.__getitem__))
    tail = [p for group in out for p in group]
    if len(stage) == 2:
        done = play([(stage[0], stage[1])])
        if done is None:
            return Playoff([(stage[0], stage[1])])
        return Playoff(places=[done[0][0], done[1][0], *tail])
    if len(stage) == 3:
        first = play([(stage[1], stage[2])])
        if first is None:
            return Playoff([(stage[1], stage[2])])
        final_pair = tuple(sorted((stage[0], first[0][0]), key=rank.__getitem__))
        final = play([final_pair])  # type: ignore[list-item]
        if final is None:
            return Playoff([final_pair])  # type: ignore[list-item]
        return Playoff(places=[final[0][0], final[1][0], first[1][0], *tail])
    semis = [(stage[0], stage[3]), (stage[1], stage[2])]
    done = play(semis)
    if done is None:
        return Playoff([p for p in semis if frozenset(p) not in winners])
    ws, ls = done
    final_pair = tuple(sorted(ws, key=rank.__getitem__))
    third_pair = tuple(sorted(ls, key=rank.__getitem__))
    needed = [final_pair] + ([third_pair] if third_place_needed else [])
    played = play(needed)  # type: ignore[arg-type]
    if played is None:
        return Playoff([p for p in needed if frozenset(p) not in winners])  # type: ignore[misc]
    fw, fl = played[0][0], played[1][0]
    if third_place_needed:
        third, fourth = played[0][1], played[1][1]
    else:
        third, fourth = third_pair
    return Playoff(places=[fw, fl, third, fourth, *tail])


def qualifiers(final_order: Sequence[int], seeded_qualifiers: int) -> list[int]:
    """Titre II: the first two qualify; places 3 and 4 too when the category has no seeded
    qualifier — each seeded qualifier takes one of places 4, then 3."""
    places = 4 - min(max(seeded_qualifiers, 0), 2)
    return list(final_order[:places])


def title(girls: bool) -> str:
    """Titre II: « Champion du Bas-Rhin chez les mixtes, Championne chez les féminines »."""
    return "Championne du Bas-Rhin" if girls else "Champion du Bas-Rhin"


def qualified_for(qualifying_round: bool) -> str:
    """What the list qualifies for: the Bas-Rhin championship after a first round (Titre
    IV), the Alsace championship after the championship itself (Titre II)."""
    return "championnat du Bas-Rhin" if qualifying_round else "championnat d'Alsace"
