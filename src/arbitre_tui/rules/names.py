"""Latin letters spelt in plain ASCII: « BŒUF Łukasz Šimon » → « BOEUF Lukasz Simon ».

One rule for every place a name is compared or printed without its accents: the French
order of the lists (views.collation), the PDF's fallback when no font has the whole Latin
alphabet (a letter transliterated, never printed as « ? »), the palette's search, and the
rating lists' search (« beranger » finds BÉRANGER).
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


def search_key(name: str) -> str:
    """What a name is looked up by: its letters without accents, in capitals (« Béranger »
    and « BERANGER » alike); ASCII names, most of FIDE's million, on the fast path."""
    return name.upper() if name.isascii() else fold(name).upper()
