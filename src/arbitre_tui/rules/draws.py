"""Random draws that can be replayed.

A draw is a pure function of (seed, inputs): the store records the three and anyone
can recompute the outcome later to show the draw was fair. Draws are named so the
record says which function produced it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

DrawFunction = Callable[[int, Sequence[Any]], Any]


def shuffle(seed: int, items: Sequence[Any]) -> list[Any]:
    """A uniformly random order of ``items``."""
    out = list(items)
    random.Random(seed).shuffle(out)
    return out


def choose(seed: int, items: Sequence[Any]) -> Any:
    """One of ``items``, uniformly."""
    if not items:
        raise ValueError("tirage parmi une liste vide")
    return random.Random(seed).choice(list(items))


def coin(seed: int, items: Sequence[Any]) -> Any:
    """Heads or tails between exactly two outcomes (colours, who is at home)."""
    if len(items) != 2:
        raise ValueError("un tirage à pile ou face demande exactement deux issues")
    return items[random.Random(seed).randrange(2)]


def coins(seed: int, items: Sequence[Any]) -> list[bool]:
    """One fair coin per item, in order (colours of every game of a round)."""
    rng = random.Random(seed)
    return [rng.random() < 0.5 for _ in items]


DRAWS: dict[str, DrawFunction] = {
    "shuffle": shuffle,
    "choose": choose,
    "coin": coin,
    "coins": coins,
}


def run_draw(kind: str, seed: int, items: Sequence[Any]) -> Any:
    """Run the named draw; the same arguments always give the same outcome."""
    try:
        function = DRAWS[kind]
    except KeyError:
        raise ValueError(f"tirage inconnu : {kind}") from None
    return function(seed, items)
