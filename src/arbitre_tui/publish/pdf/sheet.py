"""The printed page (fpdf2): A4, the event's name and the document's subtitle on every
page, page numbers, plain tables, QR codes.

Core PDF fonts carry Latin-1: the few other characters (dashes, minus signs) are written
with their Latin-1 look-alikes.
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from pathlib import Path

from fpdf import FPDF

from ..qr import write_png

WIDTH = 186  # mm between the margins of an A4 page
_SUBST = str.maketrans({"—": "-", "–": "-", "−": "-", "’": "'", "…": "...", "«": '"', "»": '"'})


def latin1(text: object) -> str:
    return str(text).translate(_SUBST).encode("latin-1", "replace").decode("latin-1")


class Sheet(FPDF):
    """An A4 document already on its first page."""

    def __init__(self, title: str, subtitle: str) -> None:
        super().__init__(orientation="P", unit="mm", format="A4")
        self.doc_title, self.doc_subtitle = latin1(title), latin1(subtitle)
        self.set_margins(12, 12, 12)
        self.set_auto_page_break(True, 15)
        self.alias_nb_pages()
        self.add_page()

    def header(self) -> None:
        self.set_font("Helvetica", "B", 13)
        self.cell(0, 7, self.doc_title, new_x="LMARGIN", new_y="NEXT")
        self.set_font("Helvetica", "", 11)
        self.cell(0, 6, self.doc_subtitle, new_x="LMARGIN", new_y="NEXT")
        self.ln(2)

    def footer(self) -> None:
        self.set_y(-12)
        self.set_font("Helvetica", "", 8)
        self.cell(0, 5, f"page {self.page_no()} / {{nb}}", align="C")

    def grid(
        self, head: Sequence[str], rows: Sequence[Sequence[object]], widths: Sequence[float]
    ) -> None:
        """A plain table: a bold header line, then one line a row, cut to its width."""
        self.set_font("Helvetica", "B", 10)
        for label, w in zip(head, widths, strict=True):
            self.cell(w, 6, latin1(label), border="B")
        self.ln()
        self.set_font("Helvetica", "", 10)
        for row in rows:
            if self.will_page_break(6):
                self.add_page()
            for value, w in zip(row, widths, strict=True):
                self.cell(w, 6, latin1(value)[: int(w * 0.6)], border="B")
            self.ln()

    def fit(self, text: str, width: float) -> str:
        """``text`` in Latin-1, cut with « ... » to ``width`` mm in the current font."""
        out = latin1(text)
        if self.get_string_width(out) <= width:
            return out
        while out and self.get_string_width(out + "...") > width:
            out = out[:-1]
        return out.rstrip() + "..."

    def line_of(self, text: str, size: float = 10, style: str = "", height: float = 6) -> None:
        """One line of text across the page (wrapped if it is longer)."""
        self.set_font("Helvetica", style, size)
        self.multi_cell(0, height, latin1(text), new_x="LMARGIN", new_y="NEXT")

    def qr(self, url: str, size: float) -> None:
        """The QR code of ``url``, centred, with the address written under it."""
        with tempfile.TemporaryDirectory() as tmp:
            png = Path(tmp) / "qr.png"
            write_png(url, png)
            if self.will_page_break(size + 10):
                self.add_page()
            self.ln(4)
            self.image(str(png), x=(210 - size) / 2, w=size, h=size)
            self.set_font("Helvetica", "", 10)
            self.cell(0, 6, latin1(url), align="C", new_x="LMARGIN", new_y="NEXT")
