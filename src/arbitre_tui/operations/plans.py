"""What a pairing reads before the write lock and hands to the transaction that writes it.

Why apart: the formats (operations/formats) and the round's orchestration
(operations/rounds) name these records without importing the Swiss actions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..rules.swiss.model import RoundPairing, SwissState
    from .engines import Opinion
    from .youth_format import YouthFormat


class StalePlan(Exception):
    """What a pairing computed on changed before its write transaction: compute again."""


@dataclass
class Pairing:
    """A Swiss round computed (our engine, the external one), ready to be written."""

    number: int
    state: SwissState
    ids: list[int]
    ours: RoundPairing
    chosen: RoundPairing
    opinion: Opinion | None
    colour_seed: int | None  # the initial colour's draw, to record with the round


@dataclass
class Plan:
    """What a pairing read before the write lock: the round it pairs, the digest of the
    data, and for a Swiss round the pairing computed (None: paired inside the lock)."""

    fingerprint: str
    number: int
    youth: YouthFormat | None
    pairing: Pairing | None
