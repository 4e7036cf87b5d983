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

from ..errors import RuleError

BASE_BYTES = 40 * 2**20  # the interpreter, pydantic and the engine's code
PER_PAIR_BYTES = 120  # per ordered pair of players (measured 80, with a margin)


def pairing_memory(players: int) -> int:
    """Upper estimate, in bytes, of the peak memory of pairing a round of ``players``."""
    return BASE_BYTES + PER_PAIR_BYTES * players * players


def _size(count: int) -> str:
    return f"{count / 2**30:.1f} Go".replace(".", ",") if count >= 2**30 else f"{count >> 20} Mo"


class FieldTooLarge(RuleError):
    """The field needs more memory than the machine has free: nothing was paired."""


def check_field(players: int, available: int | None) -> None:
    """Refuse, in French, a field the engine cannot pair in ``available`` bytes."""
    if available is None:
        return
    need = pairing_memory(players)
    if need > available:
        raise FieldTooLarge(
            f"Apparier {players} joueurs demande environ {_size(need)} de mémoire ; cette "
            f"machine n'en a que {_size(available)} de libre : rien n'a été apparié. "
            "Scindez le tournoi en sections, libérez de la mémoire ou appariez sur une "
            "machine plus grande."
        )
