"""What a printed page lays out whichever writer draws it: the type, the table's
columns fitted to their values, names broken between words, cut names on table cards.

:class:`Layout` holds it for both writers: fpdf2's (``sheet.Sheet``) and the light one
(``lite.LiteSheet``, issue 56.2), which must not import fpdf2. The text is set in DejaVu
Sans, which has the whole Latin alphabet (« BŒUF », « Łukasz », « Šimon »): the system's
copy (Debian's fonts-dejavu-core) or matplotlib's. Without it the core Helvetica is used
and what Latin-1 lacks is transliterated (« BOEUF », « Lukasz »), never printed as « ? ».
"""

from __future__ import annotations

import functools
import importlib.util
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ...rules.names import fold
from .rows import draw as rows_draw

WIDTH = 186  # mm between the margins of an A4 page
_STYLES = {"": "DejaVuSans.ttf", "B": "DejaVuSans-Bold.ttf", "I": "DejaVuSans-Oblique.ttf"}
_FOLDERS = (
    "/usr/share/fonts/truetype/dejavu",  # Debian, Ubuntu, Raspberry Pi OS
    "/usr/share/fonts/dejavu",  # Fedora, Arch
    "/usr/share/fonts/TTF",
    "/usr/local/share/fonts",
)
_SMALLEST = 0.7  # a table's type shrinks to 70 % of its size at most…
_TINY = 0.4  # …unless its short columns alone would not fit the page: then to 40 %
_PAD = 0.8  # mm of room on each side of a table's cell
_SURNAME = 10  # letters a cut surname keeps on a table card
_NAME_ROOM = 25.0  # mm a name column keeps before a table's type is set smaller


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


class Layout:
    """A sheet's layout, on top of a writer giving ``font``, ``get_string_width``,
    ``face`` and ``epw``."""

    face: str

    if TYPE_CHECKING:

        @property
        def epw(self) -> float: ...

        def font(self, style: str = "", size: float = 10) -> None: ...

        def get_string_width(
            self, s: str, normalized: bool = False, markdown: bool = False
        ) -> float: ...

    def text_of(self, value: object) -> str:
        """``value`` as this document's font can print it."""
        return str(value) if self.face == "DejaVu" else latin1(value)

    def _table(self, laid: Sequence[Sequence[str]], fitted: Sequence[float], size: float) -> None:
        """The table that ``rows`` declined (a line too wide for its column)."""
        raise NotImplementedError

    def grid(
        self,
        head: Sequence[str],
        rows: Sequence[Sequence[object]],
        widths: Sequence[float],
        size: float = 10,
        names: Sequence[int] | None = None,
    ) -> None:
        """A table laid out by fpdf2 (its headings again at the top of every page) where no
        value is cut: a column of short values (a number, « +107B », « FRA ») is widened to
        its widest, the name columns (``names``; by default those of 30 mm and more) share
        what is left and wrap a long name onto a second line of its row, whole. The type
        is set smaller (down to 70 %) only when the names would be left less than 25 mm."""
        heads = [self.text_of(h) for h in head]
        cells = [[self.text_of(v) for v in row] for row in rows]
        wide = [i for i, w in enumerate(widths) if w >= 30] if names is None else list(names)
        size, fitted = self._fitted(heads, cells, widths, size, wide)
        self.font("", size)
        laid = [heads] + [
            [
                self.wrapped(value, fitted[i] - 2 * _PAD - 0.5) if i in wide else value
                for i, value in enumerate(row)
            ]
            for row in cells
        ]
        if rows_draw(self, laid, fitted, size * 0.45, (0.5, _PAD)):
            return
        self._table(laid, fitted, size)

    def _fitted(
        self,
        heads: Sequence[str],
        cells: Sequence[Sequence[str]],
        widths: Sequence[float],
        size: float,
        wide: Sequence[int],
    ) -> tuple[float, list[float]]:
        """The type size and the columns' widths (mm, summing to ``widths``'): short
        columns at least as wide as their widest value, the rest to the names."""
        total = sum(widths)
        step = size
        while True:
            fitted = self._short(heads, cells, widths, step, wide)
            room = total - sum(fitted[i] for i in range(len(widths)) if i not in wide)
            share = sum(widths[i] for i in wide) or 1.0
            roomy = all(room * widths[i] / share >= _NAME_ROOM for i in wide)
            for i in wide:
                fitted[i] = max(room * widths[i] / share, _NAME_ROOM)
            scale = total / sum(fitted)  # < 1: every column scaled down to the page
            squeezed = any(  # a short column left narrower than its value and padding
                fitted[i] * scale < fitted[i] - 0.5 for i in range(len(widths)) if i not in wide
            )
            if roomy or (step <= size * _SMALLEST and not squeezed) or step <= size * _TINY:
                return step, [w * scale for w in fitted]
            # below 70 % only when the columns' values would not fit their page at all
            # (sixteen tie-breaks and more): smaller type rather than a value cut or a crash
            step = max(size * (_SMALLEST if step > size * _SMALLEST else _TINY), step - 0.5)

    def _short(
        self,
        heads: Sequence[str],
        cells: Sequence[Sequence[str]],
        widths: Sequence[float],
        size: float,
        wide: Sequence[int],
    ) -> list[float]:
        """``widths`` with each short column widened to its widest value at ``size``."""
        fitted = list(widths)
        for i in range(len(widths)):
            if i in wide:
                continue
            self.font("B", size)
            need = self.get_string_width(heads[i])
            self.font("", size)
            for row in cells:
                need = max(need, self.get_string_width(row[i]))
            fitted[i] = max(widths[i], need + 2 * _PAD + 0.5)
        return fitted

    def room_for_names(
        self,
        head: Sequence[str],
        rows: Sequence[Sequence[object]],
        widths: Sequence[float],
        size: float,
        names: Sequence[int],
    ) -> float:
        """The mm the name columns would share at ``size`` in this page's width: a table
        asks it to choose landscape when a portrait page leaves its names too little."""
        heads = [self.text_of(h) for h in head]
        cells = [[self.text_of(v) for v in row] for row in rows]
        fitted = self._short(heads, cells, widths, size, names)
        return self.epw - sum(fitted[i] for i in range(len(widths)) if i not in names)

    def wrapped(self, text: str, width: float) -> str:
        """``text`` in lines of ``width`` mm at most in the current font, broken between
        words, and a word too long for one line after one of its hyphens
        (« FONTAINE-MONTMORENCY- » / « SAINT-ÉMILION »): the whole name, never cut."""
        pieces: list[tuple[str, bool]] = []  # (piece, joined to the one before)
        for word in text.split():
            parts = word.split("-")
            if self.get_string_width(word) <= width or len(parts) == 1:
                pieces.append((word, False))
                continue
            for n, part in enumerate(parts):
                pieces.append((part + ("-" if n < len(parts) - 1 else ""), n > 0))
        lines: list[str] = []
        for piece, joined in pieces:
            line = (lines[-1] + ("" if joined else " ") + piece) if lines else piece
            if lines and self.get_string_width(line) <= width:
                lines[-1] = line
            else:
                lines.append(piece)
        return "\n".join(lines)

    def fit(self, text: str, width: float) -> str:
        """``text`` cut with « … » to ``width`` mm in the current font."""
        out = self.text_of(text)
        if self.get_string_width(out) <= width:
            return out
        ellipsis = "…" if self.face == "DejaVu" else "..."
        while out and self.get_string_width(out + ellipsis) > width:
            out = out[:-1]
        return out.rstrip() + ellipsis

    def fit_name(self, text: str, width: float, prefix: str = "") -> str:
        """``prefix`` and a player's name « SURNAME First name » in ``width`` mm, keeping
        the first name: the surname is cut with « … » (ten of its letters kept at least,
        else the first name is given by its initials, « J.-C.-M. »); whole when it fits."""
        whole = self.text_of(prefix + text)
        if self.get_string_width(whole) <= width:
            return whole
        words = text.split()
        k = next((n for n, w in enumerate(words) if w != w.upper()), len(words))
        surname, first = " ".join(words[:k]), " ".join(words[k:])
        if not surname or not first:
            return self.fit(whole, width)
        initials = "-".join(f"{part[:1]}." for part in first.split("-") if part)
        for given in (first, initials):
            tail = self.text_of(" " + given)
            room = width - self.get_string_width(tail)
            cut = self.fit(prefix + surname, room)
            kept = len(cut) - len(self.text_of(prefix)) - 1  # the surname's letters left
            if kept >= min(len(surname), _SURNAME) and self.get_string_width(cut) <= room:
                return cut + tail
        return self.fit(whole, width)
