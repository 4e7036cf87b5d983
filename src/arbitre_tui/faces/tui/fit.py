"""Columns that fit the screen: a name is cut (« … »), never a column (issues 31.6, 49.1).

One rule for the wall display (`arbitre display`) and every pane of the app: the widest
columns give way first, each down to its heading's first letters, so the board, the
Elo, the result and the points stay on screen whatever the length of the names.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

FLOOR = 4  # no column narrower than this (a heading's first letters)
FIRST_FLOOR = 8  # a column that gives way first (a club) keeps this much
# the columns that hold names, in every table (a name is what is cut; ctrl+f reads them)
NAME_COLUMNS = frozenset({"Nom", "Blancs", "Noirs", "Joueur", "Recevant", "Visiteur"})


def fit_widths(
    widths: list[int],
    screen: int,
    first: Collection[int] = (),
    floors: Mapping[int, int] | None = None,
) -> list[int]:
    """Column widths that fit ``screen`` (each column takes 2 cells of padding): the columns
    in ``first`` (a club) give way first, down to ``FIRST_FLOOR``; then the widest, so a
    name is cut (« … ») rather than a column pushed off the screen; none below ``FLOOR``
    or its own floor in ``floors`` (a name on a wide grid: the rest scrolls)."""
    out = list(widths)
    room = screen - 2 * len(out)
    floor = {k: max(FLOOR, (floors or {}).get(k, FLOOR)) for k in range(len(out))}
    for pool, least in ((list(first), FIRST_FLOOR), (list(range(len(out))), 0)):
        while sum(out) > room:
            above = [k for k in pool if out[k] > max(floor[k], least)]
            if not above:
                break
            out[max(above, key=lambda k: out[k])] -= 1
    return out
