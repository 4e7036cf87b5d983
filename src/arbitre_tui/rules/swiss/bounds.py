"""How much memory the Dutch engine needs for a field: checked before it runs.

The engine's matching grows with the square of the field (every pair of players of a
score bracket is an edge). Measured (bench/input_bounds.py --pairing, bench/dutch_speed.py): 1 000 players
217 MiB peak for `pair-trf` (176 MiB over four rounds in-process), 3 000 players 555 MiB
and growing at round 1 (not finished in 20 minutes); a 9 998-player TRF passed 8 GB. The estimate below takes the worst figure per pair, so a field too big for
the machine is refused with the reason before any memory is taken, instead of swapping
a Raspberry Pi to a halt.
"""

from __future__ import annotations

from ..errors import RuleError

BASE_BYTES = 64 * 2**20  # the interpreter, the command line and the engine's code
PER_PAIR_BYTES = 180  # per player × player: above the 1 000-player peak of pair-trf, 217 MiB


def pairing_memory(players: int) -> int:
    """Bytes the engine may need to pair ``players`` (a generous estimate)."""
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
