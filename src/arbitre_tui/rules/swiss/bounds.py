"""How much memory the Dutch engine needs to pair a field, known before it starts.

The engine keeps one weight per pair of players (a Python integer far wider than 64
bits) in an n × n table, plus what a bracket's set-up changes: its memory grows with the
square of the field. Measured peak of a whole `arbitre pair-trf` process on this
machine (issue 19, after the matcher kept its changes compactly): 400 players 41 MiB,
800 players 78 MiB, 900 players (round 9) under 130 MiB. The estimate is an upper bound
with a margin, so a field the machine cannot pair is refused in French before the
pairing starts instead of filling the memory (a 9 998-player TRF once passed 8 GB).
"""

from __future__ import annotations

BASE_BYTES = 40 * 2**20  # the interpreter, pydantic and the engine's code
PER_PAIR_BYTES = 120  # per ordered pair of players (measured 80, with a margin)


def pairing_memory(players: int) -> int:
    """Upper estimate, in bytes, of the peak memory of pairing a round of ``players``."""
    return BASE_BYTES + PER_PAIR_BYTES * players * players
