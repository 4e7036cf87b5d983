"""Text from files other programs wrote (a TRF, a rating list): UTF-8, or what older
programs on Windows write, read the same way everywhere."""

from __future__ import annotations

UTF8 = "utf-8"
# tried in this order, line by line; Latin-1 reads any byte, so it comes last
NAMES = {UTF8: "UTF-8", "cp1252": "Windows-1252", "latin-1": "Latin-1"}
_ORDER = tuple(NAMES)


def decode(data: bytes) -> tuple[str, str]:
    """``data`` as text, and how its lines that are not UTF-8 were read: each line in
    UTF-8; else Windows-1252 (its Œ and ’ are no Latin-1 letters); else Latin-1, for the
    five bytes Windows-1252 leaves undefined. Line by line: one stray byte does not turn
    the file's correct UTF-8 into « Ã© ». Never a « � » in place of an accent."""
    try:
        return data.decode(UTF8), UTF8
    except UnicodeDecodeError:
        pass
    used = UTF8
    lines = []
    for raw in data.splitlines(keepends=True):
        text, encoding = _line(raw)
        lines.append(text)
        used = max(used, encoding, key=_ORDER.index)
    return "".join(lines), used


def _line(raw: bytes) -> tuple[str, str]:
    for encoding in _ORDER[:-1]:
        try:
            return raw.decode(encoding), encoding
        except UnicodeDecodeError:
            continue
    return raw.decode(_ORDER[-1]), _ORDER[-1]
