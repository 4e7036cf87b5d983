"""The French accelerated systems for large opens: Haley, Haley dégressif and the SAD.

Each adds virtual points to the score the pairing reads — never to the score ranked —,
by group and by round. Groups are taken down the pairing numbers (the initial order,
rating first), as the FFE's arbiters cut the pairing cards; the organiser may give the
last pairing number of each group (setting ``acceleration_groups``). The readings and
their sources are in docs/accelerations.md; Baku (C.04.5.1) stays in dutch.py.

All points are in tenths, as the engine counts (a win is ``win``, a draw ``draw``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

French = Literal["haley", "haley_degressive", "sad"]
FRENCH: tuple[str, ...] = ("haley", "haley_degressive", "sad")
LABELS = {
    "baku": "accélération de Bakou (FIDE C.04.5.1)",
    "haley": "système Haley",
    "haley_degressive": "système Haley dégressif",
    "sad": "système accéléré dégressif (SAD)",
}
GROUP_NAMES = "ABC"


def group_sizes(system: str, count: int, given: Sequence[int] = ()) -> list[int]:
    """The last pairing rank (1-based, among the players paired) of each group but the
    last: [A] for Haley, [A, B] for the SAD.

    ``given``: the organiser's boundaries (kept, cut to the field). Else Haley's groups
    A+B are the top half rounded up to an even number (2·⌈N/4⌉: four groups as equal as
    possible, A meeting B whole); the SAD's A is the third rounded to an even number and
    B half of the rest rounded to an even number (C: the rest).
    """
    wanted = 1 if system in ("haley", "haley_degressive") else 2
    if given:
        cuts = sorted(min(max(int(g), 0), count) for g in given)[:wanted]
        while len(cuts) < wanted:
            cuts.append(count)
        return cuts
    if wanted == 1:
        return [min(2 * -(-count // 4), count)]
    a = 2 * ((count + 3) // 6)  # 2·round(N/6): an even third
    a = min(max(a, 2), count)
    b = a + 2 * ((count - a + 2) // 4)  # an even half of the rest
    return [a, min(b, count)]


def group_of(rank: int, cuts: Sequence[int]) -> int:
    """0 for A, 1 for B, 2 for C: ``rank`` is 0-based among the players paired."""
    for k, last in enumerate(cuts):
        if rank < last:
            return k
    return len(cuts)


def virtual_points(
    system: str,
    group: int,
    round_number: int,
    rounds: int,
    score_before: int,
    win: int,
    draw: int,
) -> int:
    """The virtual points a player of ``group`` carries into round ``round_number``.

    - Haley: group A (the top half) has one win's worth in rounds 1 and 2, then none.
    - Haley dégressif: as Haley, and group B half a point in round 2.
    - SAD: A starts with 2 points, B with 1, C with 0; half a point more for each full
      1½ points scored; 2 at most, and 2 as soon as the score reaches half the rounds'
      points; none in the last two rounds.
    """
    if system == "haley":
        return win if group == 0 and round_number <= 2 else 0
    if system == "haley_degressive":
        if round_number > 2:
            return 0
        if group == 0:
            return win
        return draw if round_number == 2 else 0
    if system == "sad":
        if round_number >= rounds - 1:
            return 0
        top = 2 * win
        if 2 * score_before >= rounds * win:
            return top
        start = (2 - min(group, 2)) * win
        earned = draw * (score_before // (3 * draw)) if draw > 0 else 0
        return min(top, start + earned)
    return 0
