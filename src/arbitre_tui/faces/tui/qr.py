"""A QR code drawn with half blocks, black on white whatever the theme (so it scans).

A character cell is about twice as tall as wide, so one module is one column and half a
row: square. ``QRCode`` draws the code as large as its room allows (each module ``k``
columns by ``k`` half rows) — and when even one column per module does not fit, it says
« agrandissez la fenêtre »: a code cut at the edge scans as nothing, or as a wrong page.
"""

from __future__ import annotations

from typing import Any

import qrcode
from qrcode.constants import ERROR_CORRECT_L, ERROR_CORRECT_M
from rich.style import Style
from rich.text import Text
from textual.events import Resize
from textual.widgets import Static

_BLACK = "#000000"
_WHITE = "#ffffff"
# (error correction, quiet zone in modules), best first; L is enough on a clean screen and
# keeps a 66-character address at version 4 (33 modules: 19 rows at 80×24).
_CHOICES = ((ERROR_CORRECT_M, 2), (ERROR_CORRECT_L, 2))


def qr_matrix(data: str, ecc: int = ERROR_CORRECT_M, border: int = 2) -> list[list[bool]]:
    code = qrcode.QRCode(border=border, error_correction=ecc)
    code.add_data(data)
    code.make(fit=True)
    return [list(row) for row in code.get_matrix()]


def _draw(matrix: list[list[bool]], scale: int) -> Text:
    """Two half rows per character cell: upper half block, fg = top, bg = bottom."""
    rows = [[m for m in row for _ in range(scale)] for row in matrix for _ in range(scale)]
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    text = Text(no_wrap=True, overflow="crop")
    for y in range(0, len(rows), 2):
        for a, b in zip(rows[y], rows[y + 1], strict=True):
            text.append("▀", Style(color=_BLACK if a else _WHITE, bgcolor=_BLACK if b else _WHITE))
        text.append("\n")
    text.rstrip()
    return text


def qr_text(data: str, scale: int = 1) -> Text:
    """The code at ``scale`` columns per module (error correction M, quiet zone 2)."""
    return _draw(qr_matrix(data), scale)


def size_of(modules: int, scale: int) -> tuple[int, int]:
    """(columns, rows) a code of ``modules`` modules a side takes at ``scale``."""
    return modules * scale, (modules * scale + 1) // 2


def fitted(data: str, width: int, height: int) -> Text | None:
    """The largest code of ``data`` that fits ``width`` × ``height`` cells, or None
    (at equal size, the sturdier error correction)."""
    best: tuple[int, int, list[list[bool]]] | None = None
    for rank, (ecc, border) in enumerate(_CHOICES):
        matrix = qr_matrix(data, ecc, border)
        n = len(matrix)
        scale = min(width // n, (2 * height) // n)
        if scale >= 1 and (best is None or scale > best[0]):
            best = (scale, rank, matrix)
    return _draw(best[2], best[0]) if best else None


class QRCode(Static):
    """A QR code as large as its room allows, never cut: else « agrandissez la fenêtre »."""

    DEFAULT_CSS = "QRCode { width: 1fr; height: 1fr; }"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("", **kwargs)
        self.data = ""

    def show_data(self, data: str) -> None:
        self.data = data
        self._fit()

    def on_resize(self, event: Resize) -> None:
        self._fit()

    def _fit(self) -> None:
        width, height = self.content_size
        if not self.data or not width or not height:
            return
        text = fitted(self.data, width, height)
        if text is None:
            need_w, need_h = size_of(len(qr_matrix(self.data, *_CHOICES[-1])), 1)
            text = Text(
                f"Agrandissez la fenêtre : ce QR code demande {need_w} colonnes × "
                f"{need_h} lignes (ici {width} × {height}).",
                style="bold",
            )
        self.update(text)
