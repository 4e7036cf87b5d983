"""Letters spelt in plain ASCII: « BŒUF Łukasz Šimon » → « BOEUF Lukasz Simon »,
« ЖУКОВ Сергей » → « ZHUKOV Sergey », « WEIß » → « WEISS ».

One rule for every place a name is compared or printed without its accents: the French
order of the lists (views.collation), the PDF's fallback when no font has the whole Latin
alphabet (a letter transliterated, never printed as « ? »), the palette's search, the
rating lists' search (« beranger » finds BÉRANGER) and the TRF (plain ASCII, as FIDE's
lists spell names). Cyrillic and Greek go through a table (the Latin spelling of
passports: Ж Zh, Х Kh, Ц Ts, Щ Shch; Greek after ELOT 743, Θ Th, Χ Ch, ου ou);
Vietnamese is Latin with accents, folded like French.
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

# Cyrillic (Russian, Ukrainian, Belarusian, Serbian, Macedonian, Bulgarian) and Greek:
# capital letters only, the small ones are derived below
_SCRIPTS = {
    "А": "A", "Б": "B", "В": "V", "Г": "G", "Д": "D", "Е": "E", "Ё": "Yo", "Ж": "Zh",
    "З": "Z", "И": "I", "Й": "Y", "К": "K", "Л": "L", "М": "M", "Н": "N", "О": "O",
    "П": "P", "Р": "R", "С": "S", "Т": "T", "У": "U", "Ф": "F", "Х": "Kh", "Ц": "Ts",
    "Ч": "Ch", "Ш": "Sh", "Щ": "Shch", "Ъ": "", "Ы": "Y", "Ь": "", "Э": "E", "Ю": "Yu",
    "Я": "Ya", "Є": "Ye", "І": "I", "Ї": "Yi", "Ґ": "G", "Ў": "U", "Ђ": "Dj", "Ј": "J",
    "Љ": "Lj", "Њ": "Nj", "Ћ": "C", "Џ": "Dz", "Ѓ": "Gj", "Ќ": "Kj", "Ѕ": "Dz",
    "Α": "A", "Β": "V", "Γ": "G", "Δ": "D", "Ε": "E", "Ζ": "Z", "Η": "I", "Θ": "Th",
    "Ι": "I", "Κ": "K", "Λ": "L", "Μ": "M", "Ν": "N", "Ξ": "X", "Ο": "O", "Π": "P",
    "Ρ": "R", "Σ": "S", "Τ": "T", "Υ": "Y", "Φ": "F", "Χ": "Ch", "Ψ": "Ps", "Ω": "O",
}  # fmt: skip
_SCRIPTS |= {k.lower(): v.lower() for k, v in _SCRIPTS.items()} | {"ς": "s"}
# Greek ου is one sound, « ou » (Παπαδόπουλος → Papadopoulos)
_PAIRS = {"ΟΥ": "OU", "Ου": "Ou", "ου": "ou", "οΥ": "oU"}


def _base(ch: str) -> str:
    """The character without its accents (« ễ » → « e », « ά » → « α »)."""
    return "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))


def _in_capitals(text: str, at: int) -> bool:
    """Whether the letter at ``at`` is in a word written in capitals (« WEIß », « ЖУКОВ »):
    a letter beside it is a capital and none is small."""
    near = [c for c in (text[at - 1 : at] + text[at + 1 : at + 2]) if c.isalpha() and c != "ß"]
    return bool(near) and all(c.isupper() for c in near)


def fold(text: str) -> str:
    """``text`` without accents, ligatures spelt out, Cyrillic and Greek transliterated:
    « BŒUF Łukasz Šimon » → « BOEUF Lukasz Simon ». A ß, or a capital spelt with two
    letters (Ж), in a word in capitals is in capitals (« WEIß » → « WEISS », « ЖУКОВ » →
    « ZHUKOV »). A character with no Latin reading (Chinese, Arabic…) is kept as it is."""
    if text.isascii():
        return text
    out = []
    skip = False
    for at, ch in enumerate(text):
        if skip:
            skip = False
            continue
        pair = _base(ch) + _base(text[at + 1 : at + 2])
        if pair in _PAIRS:
            out.append(_PAIRS[pair])
            skip = True
            continue
        if ch in ("ß", "ẞ"):
            out.append("SS" if ch == "ẞ" or _in_capitals(text, at) else "ss")
            continue
        if ch in _LETTERS:
            out.append(_LETTERS[ch])
            continue
        base = _base(ch) or ch
        # Й, Ё, Ї… are letters of their own before they are a letter and its accent
        latin = _SCRIPTS.get(ch, _SCRIPTS.get(base[:1]))
        if latin is None:
            out.append(base)
        elif len(latin) > 1 and ch.isupper() and _in_capitals(text, at):
            out.append(latin.upper())
        else:
            out.append(latin + (base[1:] if ch not in _SCRIPTS else ""))
    return "".join(out)


def transliterated(text: str) -> bool:
    """Whether ASCII spells ``text`` otherwise than by its letters without their accents:
    another script (Cyrillic, Greek…) or a ß. The TRF names each such name."""
    return any(
        ch in ("ß", "ẞ") or (ch.isalpha() and not _base(ch).isascii() and ch not in _LETTERS)
        for ch in text
    )


def ascii_only(text: str) -> str:
    """``text`` folded, then what has no Latin reading left out: never a « ? »."""
    if text.isascii():
        return text
    return fold(text).encode("ascii", "ignore").decode("ascii")


def search_key(name: str) -> str:
    """What a name is looked up by: its letters without accents, in capitals (« Béranger »
    and « BERANGER » alike); ASCII names, most of FIDE's million, on the fast path."""
    return name.upper() if name.isascii() else fold(name).upper()
