"""A text's key in a Jet 4 index (the « General » sort order, 0x409 version 0), for the
characters real Papi files show, and no other.

No public description gives this collation in full. What is here was read off the index
pages of the 13 Papi files of Sharly Chess's tests (Papi 3.3.7 and 3.3.8; INFO's key on
`Variable`, JOUEUR's on `NrFFE`, `FideCode` and `Nom`+`Prenom`: 4 311 keys, each compared
with the row it points to), and the keys written here are checked by Jackcess, whose own
encoding agrees with those files (docs/papi.md). What the files show:

- one byte per letter, the same for a capital and a small letter (no case is kept), one
  per digit; a space inside the text is 0x07; spaces at the end are not in the key;
- a hyphen or an apostrophe is not among those bytes: after them comes
  ``01 01 01 80 P 06 C``, P being 4 × its place in the text + 7 and C 0x82 for a hyphen,
  0x80 for an apostrophe (seen once in a text, at places 4 to 9);
- the key ends with 0x01 then 0x00.

Anything else (an accented letter, a second hyphen, a leading space, an empty text) is
not known here: ``text_key`` returns None and the caller leaves that index out rather
than write a key Jet would not compute.
"""

from __future__ import annotations

# A to Z, as read in the files (B and C, J and K, Q and R, X and Y, W and X… are not evenly
# spaced: the gaps are Jet's, for letters no Papi file has)
_LETTERS = bytes.fromhex(
    "4a 4c 4d 4f 51 53 55 57 59 5b 5c 5e 60 62 64 66 68 69 6b 6d 6f 71 73 75 76 78"
)
_CODES: dict[str, int] = {
    **{chr(ord("A") + k): c for k, c in enumerate(_LETTERS)},
    **{chr(ord("a") + k): c for k, c in enumerate(_LETTERS)},
    **{str(d): 0x36 + 2 * d for d in range(10)},
    " ": 0x07,
}
_SPECIAL = {"-": 0x82, "'": 0x80}


def text_key(value: str) -> bytes | None:
    """The bytes after the column's flag byte, or None for a text not known here."""
    text = value.rstrip(" ")
    if not text or text[0] == " ":
        return None
    codes = bytearray()
    special: tuple[int, int] | None = None
    for place, ch in enumerate(text):
        if ch in _SPECIAL:
            if special is not None or 4 * place + 7 > 0x7F:
                return None
            special = (place, _SPECIAL[ch])
            continue
        code = _CODES.get(ch)
        if code is None:
            return None
        codes.append(code)
    codes.append(0x01)
    if special is not None:
        place, kind = special
        codes += bytes([0x01, 0x01, 0x01, 0x80, 4 * place + 7, 0x06, kind])
    codes.append(0x00)
    return bytes(codes)
