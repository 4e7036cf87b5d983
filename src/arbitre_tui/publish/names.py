"""The name an output may publish (site, PDFs, wall display)."""

from __future__ import annotations

from ..rules.models import Player


def public_name(p: Player | None, number: int | None = None) -> str:
    """The name a page may show: none for a player who objected to publication."""
    if p is None:
        return "exempt"
    if p.publish_opt_out:
        return f"Joueur n° {number or p.id}"
    return p.name
