"""The initial order of a Swiss (FIDE C.04.2): who gets pairing number 1, 2, 3…"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..models import StoredPlayer, Title

_TITLE_ORDER = [Title.GM, Title.IM, Title.WGM, Title.FM, Title.WIM, Title.CM, Title.WFM, Title.WCM]


def ranking_key(p: StoredPlayer) -> tuple[int, int, str, int]:
    """C.04.2 initial order: rating, then title, then name."""
    title = _TITLE_ORDER.index(p.title) if p.title in _TITLE_ORDER else len(_TITLE_ORDER)
    return (-p.rating, title, p.name, p.id)


def pairing_numbers(drawn: Sequence[int], players: Iterable[StoredPlayer]) -> dict[int, int]:
    """Each player's tournament pairing number (TPN, C.07 7.8): the numbers a round robin
    drew (``drawn``, by number), else the C.04.2 initial order — never the store's ids."""
    taken = set(drawn)
    rest = sorted((p for p in players if p.id not in taken), key=ranking_key)
    return {pid: k for k, pid in enumerate([*drawn, *(p.id for p in rest)], start=1) if pid}
