"""A QR code drawn with half blocks, black on white whatever the theme (so it scans)."""

from __future__ import annotations

import qrcode
from rich.style import Style
from rich.text import Text

_BLACK = "#000000"
_WHITE = "#ffffff"


def qr_matrix(data: str) -> list[list[bool]]:
    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(data)
    code.make(fit=True)
    return [list(row) for row in code.get_matrix()]


def qr_text(data: str) -> Text:
    """Two modules per character cell: upper half block, fg = top, bg = bottom."""
    matrix = qr_matrix(data)
    if len(matrix) % 2:
        matrix.append([False] * len(matrix[0]))
    text = Text(no_wrap=True, overflow="crop")
    for y in range(0, len(matrix), 2):
        top, bottom = matrix[y], matrix[y + 1]
        for a, b in zip(top, bottom, strict=True):
            text.append("▀", Style(color=_BLACK if a else _WHITE, bgcolor=_BLACK if b else _WHITE))
        text.append("\n")
    text.rstrip()
    return text
