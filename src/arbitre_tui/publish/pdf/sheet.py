"""The printed page (fpdf2): A4, the event's name and the document's subtitle on every
page, page numbers, tables whose headings come back on every page, QR codes.

The layout (fitted columns, broken names) is :class:`layout.Layout`'s, shared with the
light writer (``lite``), which prints the lists without importing fpdf2 (issue 56.2). A
table follows fpdf2's own layout: a name too long for its column wraps onto a second line
of its row, whole, and never runs over the next column. Once every line fits its column,
the table is drawn line by line (``rows``), the same page several times faster than
fpdf2's ``table()`` (issue 56.1).
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from pathlib import Path

from fpdf import FPDF
from fpdf.fonts import FontFace

from ..qr import write_png
from .layout import _PAD, WIDTH, Layout, latin1, unicode_font

__all__ = ["WIDTH", "Sheet", "latin1", "unicode_font"]

# The faces read with the document: fpdf2's tables set the bold one themselves (headings).
# The oblique one is read when first set (``font``): add_font parses the whole file, 37 ms,
# and only a match sheet's signatures use it.
_EAGER = ("", "B")


class Sheet(Layout, FPDF):
    """An A4 document already on its first page."""

    def __init__(
        self,
        title: str,
        subtitle: str,
        unicode: bool = True,
        corner_qr: str | None = None,
        landscape: bool = False,
    ) -> None:
        super().__init__(orientation="L" if landscape else "P", unit="mm", format="A4")
        self.corner_qr = corner_qr  # a poster: this address's QR on every page's corner
        self._widths: dict[tuple[object, ...], float] = {}
        files = unicode_font() if unicode else None
        self.face = "DejaVu" if files else "Helvetica"
        for style in _EAGER:
            self._read_face(style)
        self.doc_title, self.doc_subtitle = self.text_of(title), self.text_of(subtitle)
        self.set_margins(12, 12, 12)
        self.set_auto_page_break(True, 15)
        self.alias_nb_pages()
        self.add_page()

    def get_string_width(self, s: str, normalized: bool = False, markdown: bool = False) -> float:
        """fpdf2's width of ``s``, kept: a table measures each value several times (to widen
        its column, to break a name, to check it fits) and fpdf2 builds it anew each time."""
        key = (self.font_family, self.font_style, self.font_size_pt, self.font_stretching,
               self.char_spacing, s, normalized, markdown)  # fmt: skip
        width = self._widths.get(key)
        if width is None:
            width = self._widths[key] = super().get_string_width(s, normalized, markdown)
        return width

    def _read_face(self, style: str) -> None:
        files = unicode_font() if self.face == "DejaVu" else None
        if files and f"dejavu{style}" not in self.fonts:
            self.add_font("DejaVu", style, str(files[style]))

    def font(self, style: str = "", size: float = 10) -> None:
        self._read_face(style)  # the oblique, when first set
        self.set_font(self.face, style, size)

    def header(self) -> None:
        if self.corner_qr:
            import io

            from ..qr import png_bytes

            self.image(io.BytesIO(png_bytes(self.corner_qr)), x=self.w - 12 - 22, y=4, w=22, h=22)
            self.set_xy(12, 12)
        self.font("B", 13)
        self.cell(0, 7, self.doc_title, new_x="LMARGIN", new_y="NEXT")
        self.font("", 11)
        self.cell(0, 6, self.doc_subtitle, new_x="LMARGIN", new_y="NEXT")
        self.ln(2)

    def footer(self) -> None:
        self.set_y(-12)
        self.font("", 8)
        self.cell(0, 5, f"page {self.page_no()} / {{nb}}", align="C")

    def _table(self, laid: Sequence[Sequence[str]], fitted: Sequence[float], size: float) -> None:
        with self.table(
            col_widths=fitted,
            # the page's width when the sum only passes it by a float's rounding (fpdf2
            # refuses 273.00008333333335 mm on a 273.0000833333333 mm page)
            width=min(sum(fitted), self.epw),
            align="LEFT",
            text_align="LEFT",
            line_height=size * 0.45,
            padding=(0.5, _PAD),
            borders_layout="HORIZONTAL_LINES",
            headings_style=FontFace(emphasis="BOLD"),
            repeat_headings=1,
        ) as table:
            self.font("", size)
            for values in laid:
                row = table.row()
                for value in values:
                    row.cell(value)

    def line_of(self, text: str, size: float = 10, style: str = "", height: float = 6) -> None:
        """One line of text across the page (wrapped if it is longer)."""
        self.font(style, size)
        self.multi_cell(0, height, self.text_of(text), new_x="LMARGIN", new_y="NEXT")

    def qr(self, url: str, size: float, below: float = 0) -> None:
        """The QR code of ``url``, centred, with the address written under it and
        ``below`` mm more kept on its page (a poster's Wi-Fi never alone on the next)."""
        with tempfile.TemporaryDirectory() as tmp:
            png = Path(tmp) / "qr.png"
            write_png(url, png)
            if self.will_page_break(4 + size + 6 + below):
                self.add_page()
            self.ln(4)
            self.image(str(png), x=(self.w - size) / 2, w=size, h=size)
            self.font("", 10)
            self.cell(0, 6, self.text_of(url), align="C", new_x="LMARGIN", new_y="NEXT")

    def wifi(self, name: str, key: str) -> None:
        """The venue's Wi-Fi, centred: its name and password, else room to write them."""
        blank = "_" * 24
        self.font("", 12)
        line = f"Wi-Fi : {name or blank}    mot de passe : {key or blank}"
        self.cell(0, 8, self.text_of(line), align="C", new_x="LMARGIN", new_y="NEXT")
