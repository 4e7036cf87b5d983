"""French alphabetical order, and Latin letters spelt in plain ASCII: one rule for every list.

The site's pairings by name, the PDFs and the printed pages sort names with
:func:`sort_key`, so « Émile » sorts with the E (not after Z), « Łukasz » with the L and
« BŒUF » as « BOEUF ». :func:`fold` is also the PDF's fallback when no font with the whole
Latin alphabet is found: a letter is transliterated, never printed as « ? ».
"""

from __future__ import annotations

import unicodedata

# letters that Unicode does not decompose into a base letter and an accent
_LETTERS = {
    "Œ": "OE", "œ": "oe", "Æ": "AE", "æ": "ae", "ß": "ss", "ẞ": "SS", "Ł": "L", "ł": "l",
    "Ø": "O", "ø": "o", "Đ": "D", "đ": "d", "Ð": "D", "ð": "d", "Þ": "Th", "þ": "th",
    "Ħ": "H", "ħ": "h", "ı": "i", "Ŀ": "L", "ŀ": "l", "Ŧ": "T", "ŧ": "t", "ĸ": "k",
    "Ŋ": "N", "ŋ": "n", "ƒ": "f", "—": "-", "–": "-", "−": "-", "‐": "-", "’": "'",
    "‘": "'", "“": '"', "”": '"', "«": '"', "»": '"', "…": "...", "\u00a0": " ",
}  # fmt: skip


def fold(text: str) -> str:
    """``text`` without accents, ligatures spelt out: « BŒUF Łukasz Šimon » → « BOEUF
    Lukasz Simon ». A character with no Latin reading is kept as it is."""
    out = []
    for ch in text:
        if ch in _LETTERS:
            out.append(_LETTERS[ch])
            continue
        base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
        out.append(base or ch)
    return "".join(out)


def sort_key(name: str) -> tuple[str, str, str]:
    """French dictionary order: letters first (accents, case, hyphens and apostrophes
    ignored; a space ends a word, so « LE Anne » comes before « LEANDRE Bob »), then
    accents, then case, so the order is total and stable."""
    folded = fold(name)
    letters = " ".join("".join(c for c in w if c.isalnum()) for w in folded.casefold().split())
    return letters, folded.casefold(), name
