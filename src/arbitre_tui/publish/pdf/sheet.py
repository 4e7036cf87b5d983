"""The printed page (fpdf2): A4, the event's name and the document's subtitle on every
page, page numbers, tables whose headings come back on every page, QR codes.

The text is set in DejaVu Sans, which has the whole Latin alphabet (« BŒUF », « Łukasz »,
« Šimon »): the system's copy (Debian's fonts-dejavu-core) or matplotlib's. Without it the
core Helvetica is used and what Latin-1 lacks is transliterated (« BOEUF », « Lukasz »),
never printed as « ? ». A name too long for its column is set smaller, then cut with
« … », so it never runs over the next column.
"""

from __future__ import annotations

import functools
import importlib.util
import tempfile
from collections.abc import Sequence
from pathlib import Path

from fpdf import FPDF

from ...rules.names import fold
from ..qr import write_png

WIDTH = 186  # mm between the margins of an A4 page
_STYLES = {"": "DejaVuSans.ttf", "B": "DejaVuSans-Bold.ttf", "I": "DejaVuSans-Oblique.ttf"}
_FOLDERS = (
    "/usr/share/fonts/truetype/dejavu",  # Debian, Ubuntu, Raspberry Pi OS
    "/usr/share/fonts/dejavu",  # Fedora, Arch
    "/usr/share/fonts/TTF",
    "/usr/local/share/fonts",
)
_SMALLEST = 0.7  # a cell's text shrinks to 70 % of its size before it is cut


@functools.cache
def unicode_font() -> dict[str, Path] | None:
    """DejaVu Sans's files by style, from the system or matplotlib; None when absent."""
    folders = [Path(f) for f in _FOLDERS]
    spec = importlib.util.find_spec("matplotlib")
    if spec is not None and spec.origin:
        folders.append(Path(spec.origin).parent / "mpl-data" / "fonts" / "ttf")
    for folder in folders:
        files = {style: folder / name for style, name in _STYLES.items()}
        if all(f.is_file() for f in files.values()):
            return files
    return None


_SYMBOLS = {"✓": "(q)", "€": "EUR"}


def latin1(text: object) -> str:
    """``text`` for the core fonts (Latin-1): every other letter transliterated."""
    return "".join(
        ch if ord(ch) < 256 else _SYMBOLS.get(ch) or (fold(ch) if fold(ch).isascii() else "")
        for ch in str(text)
    )


class Sheet(FPDF):
    """An A4 document already on its first page."""

    def __init__(
        self, title: str, subtitle: str, unicode: bool = True, corner_qr: str | None = None
    ) -> None:
        super().__init__(orientation="P", unit="mm", format="A4")
        self.corner_qr = corner_qr  # a poster: this address's QR on every page's corner
        files = unicode_font() if unicode else None
        self.face = "DejaVu" if files else "Helvetica"
        for style, path in (files or {}).items():
            self.add_font("DejaVu", style, str(path))
        self.doc_title, self.doc_subtitle = self.text_of(title), self.text_of(subtitle)
        self._heads: tuple[Sequence[str], Sequence[float], float] | None = None
        self.set_margins(12, 12, 12)
        self.set_auto_page_break(True, 15)
        self.alias_nb_pages()
        self.add_page()

    def text_of(self, value: object) -> str:
        """``value`` as this document's font can print it."""
        return str(value) if self.face == "DejaVu" else latin1(value)

    def font(self, style: str = "", size: float = 10) -> None:
        self.set_font(self.face, style, size)

    def header(self) -> None:
        if self.corner_qr:
            import io

            from ..qr import png_bytes

            self.image(io.BytesIO(png_bytes(self.corner_qr)), x=210 - 12 - 22, y=4, w=22, h=22)
            self.set_xy(12, 12)
        self.font("B", 13)
        self.cell(0, 7, self.doc_title, new_x="LMARGIN", new_y="NEXT")
        self.font("", 11)
        self.cell(0, 6, self.doc_subtitle, new_x="LMARGIN", new_y="NEXT")
        self.ln(2)
        if self._heads is not None:  # a table goes on: its headings again
            self._head_row(*self._heads)

    def footer(self) -> None:
        self.set_y(-12)
        self.font("", 8)
        self.cell(0, 5, f"page {self.page_no()} / {{nb}}", align="C")

    def _head_row(self, head: Sequence[str], widths: Sequence[float], size: float) -> None:
        self.font("B", size)
        for label, w in zip(head, widths, strict=True):
            self.cell(w, size * 0.55, self.fit(label, w - 1), border="B")
        self.ln()

    def grid(
        self,
        head: Sequence[str],
        rows: Sequence[Sequence[object]],
        widths: Sequence[float],
        size: float = 10,
    ) -> None:
        """A table: a bold heading line (again at the top of every page), then one line a
        row; a value too wide for its column is set smaller, then cut with « … »."""
        height = size * 0.6
        self._head_row(head, widths, size)
        self._heads = (head, widths, size)
        for row in rows:
            if self.will_page_break(height):
                self.add_page()
            for value, w in zip(row, widths, strict=True):
                self.fitted_cell(w, height, str(value), size)
            self.ln()
        self._heads = None

    def fitted_cell(self, w: float, h: float, value: str, size: float, style: str = "") -> None:
        """One cell of a table, its text shrunk or cut to the column (1 mm kept free)."""
        self.font(style, size)
        text = self.text_of(value)
        room = w - 2 * self.c_margin - 0.5
        if self.get_string_width(text) > room:
            self.font(style, max(size * _SMALLEST, size * room / self.get_string_width(text)))
            text = self.fit(text, room)
        self.cell(w, h, text, border="B")
        self.font(style, size)

    def fit(self, text: str, width: float) -> str:
        """``text`` cut with « … » to ``width`` mm in the current font."""
        out = self.text_of(text)
        if self.get_string_width(out) <= width:
            return out
        ellipsis = "…" if self.face == "DejaVu" else "..."
        while out and self.get_string_width(out + ellipsis) > width:
            out = out[:-1]
        return out.rstrip() + ellipsis

    def line_of(self, text: str, size: float = 10, style: str = "", height: float = 6) -> None:
        """One line of text across the page (wrapped if it is longer)."""
        self.font(style, size)
        self.multi_cell(0, height, self.text_of(text), new_x="LMARGIN", new_y="NEXT")

    def qr(self, url: str, size: float) -> None:
        """The QR code of ``url``, centred, with the address written under it."""
        with tempfile.TemporaryDirectory() as tmp:
            png = Path(tmp) / "qr.png"
            write_png(url, png)
            if self.will_page_break(size + 10):
                self.add_page()
            self.ln(4)
            self.image(str(png), x=(210 - size) / 2, w=size, h=size)
            self.font("", 10)
            self.cell(0, 6, self.text_of(url), align="C", new_x="LMARGIN", new_y="NEXT")
