"""Text from files other programs wrote (a TRF, a rating list): UTF-8, or what older
programs on Windows write, read the same way everywhere."""

from __future__ import annotations

UTF8 = "utf-8"


def decode(data: bytes) -> tuple[str, str]:
    """``data`` as text, and the encoding it was read in: UTF-8; else Windows-1252 (its Œ
    and ’ are no Latin-1 letters); else Latin-1, for the five bytes Windows-1252 leaves
    undefined. Never a « � » in place of an accent."""
    for encoding in (UTF8, "cp1252"):
        try:
            return data.decode(encoding), encoding
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1"), "latin-1"
