"""The initial order of a Swiss (FIDE C.04.2): who gets pairing number 1, 2, 3…"""

from __future__ import annotations

from ..models import StoredPlayer, Title

_TITLE_ORDER = [Title.GM, Title.IM, Title.WGM, Title.FM, Title.WIM, Title.CM, Title.WFM, Title.WCM]


def ranking_key(p: StoredPlayer) -> tuple[int, int, str, int]:
    """C.04.2 initial order: rating, then title, then name."""
    title = _TITLE_ORDER.index(p.title) if p.title in _TITLE_ORDER else len(_TITLE_ORDER)
    return (-p.rating, title, p.name, p.id)
