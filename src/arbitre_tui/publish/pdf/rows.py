"""A table drawn line by line where fpdf2's own would break no line (issue 56.1).

fpdf2's ``table()`` lays out every cell twice through ``multi_cell`` (once to measure,
once to draw), which is most of a PDF list's time: 500 players' standings spent seconds
in it. When every line of every cell already fits its column — the names were broken by
``Sheet.wrapped``, the short columns widened to their widest value — there is nothing left
to lay out, and the same page is drawn here from fpdf2's own rules: the same column
positions, row heights (lines × line height + padding, the tallest cell of the row), text
set in the middle of its row at the same baseline, the same horizontal lines, the same
page breaks with the headings again at the top of each new page. A cell that would wrap
makes :func:`draw` decline, and fpdf2 lays the table out as before.

It imports nothing from fpdf2: the light writer (``lite``, issue 56.2) draws its tables
with it too, through the same few calls (``set_font``, ``text``, ``_out``, ``ln``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

_SLACK = 0.01  # mm: a line this close to its column's edge is left to fpdf2 to judge


def draw(
    pdf: Any,
    rows: Sequence[Sequence[str]],
    widths: Sequence[float],
    line_height: float,
    padding: tuple[float, float],
) -> bool:
    """Draw ``rows`` (the first one the headings, in bold) as ``FPDF.table`` would with
    ``col_widths=widths``, ``width=sum(widths)``, left-aligned text, ``padding`` (top and
    bottom, left and right), horizontal lines and the headings repeated on every page;
    False, drawing nothing, when a line would not fit its column."""
    vertical, side = padding
    total = sum(widths)
    cols = [w / total * total for w in widths]  # fpdf2's column widths, to the last bit
    regular = (pdf.font_family, pdf.font_style, pdf.font_size_pt)
    styles = ((regular[0], "B", regular[2]), regular)
    lines = [[str(value).split("\n") if value else [] for value in row] for row in rows]
    for k, row in enumerate(lines):
        _use(pdf, styles[k > 0])
        for width, cell in zip(cols, row, strict=True):
            room = width - 2 * side - _SLACK
            if any(pdf.get_string_width(line) > room for line in cell):
                _use(pdf, regular)
                return False
    heights = [
        max((len(c) * line_height + 2 * vertical for c in row if c), default=line_height)
        for row in lines
    ]
    xs = [pdf.l_margin]
    for width in cols[:-1]:
        xs.append(xs[-1] + width)
    if len(lines) > 1:  # the headings never alone at the foot of a page
        pdf._perform_page_break_if_need_be(heights[0] + heights[1])
    for i, height in enumerate(heights):
        if pdf._perform_page_break_if_need_be(height) and i:
            _row(pdf, lines, 0, heights[0], xs, cols, line_height, padding, styles[0])
        _row(pdf, lines, i, height, xs, cols, line_height, padding, styles[i > 0])
    _use(pdf, regular)
    pdf.x = pdf.l_margin
    return True


_Face = tuple[str, str, float]  # family, style, size in points


def _use(pdf: Any, face: _Face) -> None:
    pdf.set_font(*face)


def _row(
    pdf: Any,
    lines: Sequence[Sequence[Sequence[str]]],
    i: int,
    height: float,
    xs: Sequence[float],
    cols: Sequence[float],
    line_height: float,
    padding: tuple[float, float],
    face: _Face,
) -> None:
    """Row ``i`` at the current height: its lines, then the cursor below it."""
    vertical, side = padding
    _use(pdf, face)
    pdf.current_font_is_set_on_page = False  # as fpdf2 sets each cell's face again
    under, over = i < len(lines) - 1, i > 0
    y = pdf.y
    shift = 0.5 * line_height + 0.3 * pdf.font_size  # a line's baseline below its top
    for x, width, cell in zip(xs, cols, lines[i], strict=True):
        _border(pdf, x, y, x + width, y + height, under, over)
        top = y + (height - len(cell) * line_height - 2 * vertical) / 2 + vertical
        for n, line in enumerate(cell):
            pdf.text(x + side, top + n * line_height + shift, line)
    pdf.ln(height)


def _border(pdf: Any, x1: float, y1: float, x2: float, y2: float, bottom: bool, top: bool) -> None:
    """A cell's horizontal lines as fpdf2's ``TableCellStyle.draw_cell_border`` writes
    them (bottom, then top; both or neither make one rectangle's worth of strokes)."""
    k, h = pdf.k, pdf.h
    left, right, low, high = x1 * k, x2 * k, (h - y2) * k, (h - y1) * k
    strokes = []
    if bottom:
        strokes.append(f"{left:.2f} {low:.2f} m {right:.2f} {low:.2f} l S")
    if top:
        strokes.append(f"{left:.2f} {high:.2f} m {right:.2f} {high:.2f} l S")
    if strokes:
        pdf._out(" ".join(strokes))
