"""A text's key in a Jet 4 index (the « General » sort order, 0x409 version 0), for the
characters real Access files show, and no other.

No public description gives this collation in full, and the project copies no other
project's tables. What is here was read off index pages written by Access: the 13 Papi
files of Sharly Chess's tests (4 311 keys: INFO's `Variable`, JOUEUR's `NrFFE`,
`FideCode`, `Nom`+`Prenom`) and Microsoft's Northwind sample (2 196 keys of names, cities
and products in French, German, Spanish, Portuguese, Scandinavian), each compared with the
row it points to; every one of them is rebuilt here. The keys written are also checked by
Jackcess (docs/papi.md). What the files show, after the flag byte:

- the letters, one byte each, a capital as its small letter and an accented letter as its
  plain one (no case is kept); digits; an inner space 0x07, and . , / & (1C 1A 1E 12);
  spaces at the end are not in the key; then 0x01;
- if a letter has an accent, one byte per letter written so far: 0x02 none, else the
  accent (0E acute, 0F grave, 12 circumflex, 13 diaeresis, 19 tilde, 1A ring, 1C cedilla,
  21 stroke), the 0x02 after the last accent left out;
- if the text has hyphens or apostrophes (not among the letters): 0x01 after the
  accents, 0x01 0x01, then for each ``80 P 06 C``, P being 4 × the letters before it + 7
  and C 0x82 for a hyphen, 0x80 for an apostrophe;
- 0x00.

Anything else (ß, œ, æ, a leading space, other punctuation, an empty text) is not known
here: ``text_key`` returns None and the caller leaves that index out rather than write a
key Jet would not compute. ß is known from Northwind (two letters, s s) but Jackcess reads
it otherwise, so nothing here could check a file that has one.
"""

from __future__ import annotations

from unicodedata import normalize

# A to Z, as read in the files (the gaps are Jet's, for letters of other alphabets)
_LETTERS = bytes.fromhex(
    "4a 4c 4d 4f 51 53 55 57 59 5b 5c 5e 60 62 64 66 68 69 6b 6d 6f 71 73 75 76 78"
)
_CODES: dict[str, int] = {
    **{chr(ord("A") + k): c for k, c in enumerate(_LETTERS)},
    **{chr(ord("a") + k): c for k, c in enumerate(_LETTERS)},
    **{str(d): 0x36 + 2 * d for d in range(10)},
    " ": 0x07, ".": 0x1C, ",": 0x1A, "/": 0x1E, "&": 0x12,
}  # fmt: skip
_NONE = 0x02
# accented letters: (plain letter, accent byte). Seen in the files: á é í ó Ó (acute), è
# (grave), â ê ô (circumflex), ä ö ü (diaeresis), ã (tilde), å Å (ring), ç (cedilla), ø
# (stroke); the other vowels with these accents, y, ñ, õ and the capitals follow the same
# rule and are checked by Jackcess in the tests.
_ACCENTS = {"\u0301": 0x0E, "\u0300": 0x0F, "\u0302": 0x12, "\u0308": 0x13, "\u0303": 0x19,
            "\u030a": 0x1A, "\u0327": 0x1C}  # fmt: skip
_ACCENTED: dict[str, tuple[str, int]] = {"ø": ("o", 0x21), "Ø": ("O", 0x21)}
for _base in "aeiouyAEIOUY":
    for _mark in "\u0301\u0300\u0302\u0308":
        _ACCENTED[normalize("NFC", _base + _mark)] = (
            _base,
            _ACCENTS[_mark],
        )
for _base, _mark in (("a", "\u0303"), ("o", "\u0303"), ("n", "\u0303"), ("a", "\u030a"),
                     ("c", "\u0327")):  # fmt: skip
    for _letter in (_base, _base.upper()):
        _ACCENTED[normalize("NFC", _letter + _mark)] = (
            _letter,
            _ACCENTS[_mark],
        )
_SPECIAL = {"-": 0x82, "'": 0x80}


def text_key(value: str) -> bytes | None:
    """The bytes after the column's flag byte, or None for a text not known here."""
    text = value.rstrip(" ")
    if not text or text[0] == " ":
        return None
    primary = bytearray()
    accents = bytearray()
    specials = bytearray()
    for ch in text:
        if ch in _SPECIAL:
            place = 4 * len(primary) + 7
            if place > 0xFF:
                return None
            specials += bytes([0x80, place, 0x06, _SPECIAL[ch]])
            continue
        base, accent = _ACCENTED.get(ch, (ch, _NONE))
        code = _CODES.get(base)
        if code is None:
            return None
        primary.append(code)
        accents.append(accent)
    key = primary + b"\x01" + accents.rstrip(bytes([_NONE]))
    if specials:
        key += b"\x01\x01\x01" + specials
    return bytes(key + b"\x00")
