"""French alphabetical order: one rule for every list.

The site's pairings by name, the PDFs and the printed pages sort names with
:func:`sort_key`, so « Émile » sorts with the E (not after Z), « Łukasz » with the L and
« BŒUF » as « BOEUF » (rules.names.fold spells the letters).
"""

from __future__ import annotations

from ..rules.names import fold


def sort_key(name: str) -> tuple[str, str, str]:
    """French dictionary order: letters first (accents, case, hyphens and apostrophes
    ignored; a space ends a word, so « LE Anne » comes before « LEANDRE Bob »), then
    accents, then case, so the order is total and stable."""
    folded = fold(name)
    letters = " ".join("".join(c for c in w if c.isalnum()) for w in folded.casefold().split())
    return letters, folded.casefold(), name
