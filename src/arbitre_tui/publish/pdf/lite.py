"""A light PDF writer for the printed lists (issue 56.2): importing fpdf2 alone took
0.55–0.65 s, more than the whole list may take; this writes the same page without it.

It knows only what a list needs: the header and footer of :class:`sheet.Sheet` (the
event's name, the subtitle, « page n / N » centred), text at a position, horizontal
lines, a table through ``rows`` and a one-line paragraph. The text is set in DejaVu Sans
(regular and bold) embedded as CIDFontType2 (Identity-H: a glyph's id is its code) with
a ToUnicode map, so ``pdftotext`` reads back « Œ », « Ł », « Š »; the widths and every
position follow fpdf2's own formulas, so the page is fpdf2's. Anything else — a table
whose line does not fit its column, a paragraph of several lines, a QR code, the core
Helvetica when DejaVu is missing — raises :class:`Unsupported` and the document is
printed by fpdf2 (``build`` decides before fpdf2 is imported).
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from pathlib import Path

from .layout import Layout, unicode_font
from .truetype import Face, FontError, face

_NB = "\x00NB\x00"  # where the page count goes, once known
_K = 72 / 25.4  # points per mm
_A4 = (595.28, 841.89)  # points, as fpdf2 has it


class Unsupported(Exception):
    """Something the light writer does not draw: fpdf2 prints the document instead."""


class _Font:
    """One face embedded in the document: its resource name and the glyphs it printed."""

    def __init__(self, index: int, source: Face) -> None:
        self.index, self.face = index, source
        self.used: dict[int, str] = {}  # glyph id → the character it reads as
        self._hex: dict[str, str] = {}  # character → its glyph id, as the page writes it
        self._units: dict[str, int] = {}  # text → its width in thousandths of the size

    def encode(self, text: str) -> str:
        """``text`` as a PDF string of glyph ids (a hex string, two bytes a glyph)."""
        hexes = self._hex
        for ch in text:
            if ch not in hexes:
                gid = self.face.gid(ch)
                self.used.setdefault(gid, ch)
                hexes[ch] = f"{gid:04X}"
        return "<" + "".join([hexes[ch] for ch in text]) + ">"

    def units(self, text: str) -> int:
        """``text``'s width in thousandths of the type size, kept: a table measures each
        value several times (to widen its column, to break a name, to check it fits)."""
        found = self._units.get(text)
        if found is None:
            width = self.face.width
            found = self._units[text] = sum([width(c) for c in text])
        return found


class Canvas:
    """Pages of an A4 document in millimetres, drawn as fpdf2 draws them (the calls
    ``rows.draw`` and the sheets make: ``set_font``, ``text``, ``_out``, ``ln``…)."""

    def __init__(self, files: dict[str, Path], landscape: bool = False) -> None:
        self.k = _K
        w_pt, h_pt = _A4[::-1] if landscape else _A4
        self.w_pt, self.h_pt = w_pt, h_pt
        self.w, self.h = w_pt / _K, h_pt / _K
        self.l_margin = self.t_margin = self.r_margin = 12.0
        self.b_margin = 15.0
        self.page_break_trigger = self.h - self.b_margin
        self.c_margin = (7200 / 254) / _K / 10.0
        self.x, self.y = self.l_margin, self.t_margin
        self.in_footer = False
        self.pages: list[list[str]] = []
        self._files = files
        self._fonts: dict[str, _Font] = {}
        self.font_family, self.font_style = "DejaVu", ""
        self.font_size_pt, self.font_size = 10.0, 10.0 / _K
        self.font_stretching, self.char_spacing = 100.0, 0.0
        self.current_font_is_set_on_page = False

    @property
    def epw(self) -> float:
        return self.w - self.l_margin - self.r_margin

    def _font(self, style: str) -> _Font:
        found = self._fonts.get(style)
        if found is None:
            try:
                source = face(self._files[style])
            except (OSError, KeyError, FontError) as error:
                raise Unsupported(str(error)) from error
            found = self._fonts[style] = _Font(len(self._fonts) + 1, source)
        return found

    def set_font(self, family: str, style: str = "", size: float = 10) -> None:
        if (family, style, size) != (self.font_family, self.font_style, self.font_size_pt):
            self.current_font_is_set_on_page = False
        self.font_family, self.font_style = family, style
        self.font_size_pt, self.font_size = size, size / _K

    def get_string_width(self, s: str, normalized: bool = False, markdown: bool = False) -> float:
        """fpdf2's width of ``s`` (its rounded widths, its order of operations)."""
        return self._font(self.font_style).units(s) * self.font_size_pt * 0.001 / self.k

    def _out(self, line: str) -> None:
        self.pages[-1].append(line)

    def _use_font(self) -> _Font:
        font = self._font(self.font_style)
        if not self.current_font_is_set_on_page:
            self._out(f"BT /F{font.index} {self.font_size_pt:.2f} Tf ET")
            self.current_font_is_set_on_page = True
        return font

    def text(self, x: float, y: float, text: str = "") -> None:
        font = self._use_font()
        self._out(f"BT {x * self.k:.2f} {(self.h - y) * self.k:.2f} Td {font.encode(text)} Tj ET")

    def _line_text(self, h: float, text: str, centred: bool = False, tail: str = "") -> None:
        """fpdf2's ``cell(0, h, text)`` (left, or centred) without its move; ``tail``
        printed after ``text`` but centred as three zeros (fpdf2's ``{nb}``)."""
        if not text and not tail:
            return
        font = self._use_font()
        room = self.w - self.r_margin - self.x
        width = self.get_string_width(text) + (self.get_string_width("000") if tail else 0)
        dx = (room - width) / 2 if centred else self.c_margin
        top = self.h - self.y - 0.5 * h - 0.3 * self.font_size
        shown = f"{font.encode(text)} Tj" if text else ""
        if tail:
            font.encode("0123456789")  # the count's figures, written at the end
            shown += f" {tail} Tj"
        self._out(f"BT {(self.x + dx) * self.k:.2f} {top * self.k:.2f} Td {shown.strip()} ET")

    def ln(self, h: float | None = None) -> None:
        self.x = self.l_margin
        self.y += self.font_size if h is None else h

    def set_y(self, y: float) -> None:
        self.x = self.l_margin
        self.y = y if y >= 0 else self.h + y

    def _perform_page_break_if_need_be(self, h: float) -> bool:
        if self.y + h > self.page_break_trigger and not self.in_footer:
            self.add_page()
            return True
        return False

    def add_page(self) -> None:
        """The next page: the footer of this one, then the header (fpdf2's order), the
        type as it was before."""
        x, font = self.x, (self.font_family, self.font_style, self.font_size_pt)
        if self.pages:
            self.in_footer = True
            self.footer()
            self.in_footer = False
        self.pages.append(["2 J", "0.57 w"])
        self.current_font_is_set_on_page = False
        self.x, self.y = self.l_margin, self.t_margin
        self.header()
        self.set_font(*font)
        self.x = x

    def header(self) -> None:
        """Nothing by default."""

    def footer(self) -> None:
        """Nothing by default."""

    def output(self) -> bytes:
        """The PDF file."""
        self.in_footer = True
        self.footer()
        self.in_footer = False
        return _Writer(self).write()


class LiteSheet(Layout, Canvas):
    """:class:`sheet.Sheet` for a list, drawn without fpdf2 (see the module's text)."""

    def __init__(self, title: str, subtitle: str, landscape: bool = False) -> None:
        files = unicode_font()
        if not files:
            raise Unsupported("DejaVu Sans absente")
        super().__init__(files, landscape)
        self.face = "DejaVu"
        self.doc_title, self.doc_subtitle = self.text_of(title), self.text_of(subtitle)
        self.add_page()

    def font(self, style: str = "", size: float = 10) -> None:
        if style not in ("", "B"):
            raise Unsupported(f"style {style!r}")
        self.set_font(self.face, style, size)

    def header(self) -> None:
        self.font("B", 13)
        self._line_text(7, self.doc_title)
        self.ln(7)
        self.font("", 11)
        self._line_text(6, self.doc_subtitle)
        self.ln(6)
        self.ln(2)

    def footer(self) -> None:
        self.set_y(-12)
        self.font("", 8)
        self._line_text(5, f"page {len(self.pages)} / ", centred=True, tail=_NB)

    def _table(self, laid: Sequence[Sequence[str]], fitted: Sequence[float], size: float) -> None:
        raise Unsupported("un tableau que fpdf2 doit mettre en page")

    def line_of(self, text: str, size: float = 10, style: str = "", height: float = 6) -> None:
        """fpdf2's ``multi_cell(0, height, text)`` for a text that holds on one line."""
        self.font(style, size)
        shown = self.text_of(text)
        if "\n" in shown or self.get_string_width(shown) > self.epw - 2 * self.c_margin - 0.01:
            raise Unsupported("un paragraphe de plusieurs lignes")
        self._perform_page_break_if_need_be(height)
        self._line_text(height, shown)
        self.ln(height)


class _Writer:
    """The PDF objects of a :class:`Canvas`: catalogue, pages, fonts."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self.objects: list[bytes] = []

    def add(self, body: bytes) -> int:
        self.objects.append(body)
        return len(self.objects)

    def stream(self, data: bytes, extra: str = "") -> int:
        packed = zlib.compress(data)
        head = f"<<{extra} /Filter /FlateDecode /Length {len(packed)}>>\nstream\n"
        return self.add(head.encode() + packed + b"\nendstream")

    def write(self) -> bytes:
        canvas = self.canvas
        count = len(canvas.pages)
        fonts = {f"/F{f.index}": self.font(f) for f in canvas._fonts.values()}
        regular = canvas._fonts.get("")
        total = regular.encode(str(count)) if regular else ""
        resources = self.add(
            (
                "<< /Font << "
                + " ".join(f"{name} {ref} 0 R" for name, ref in fonts.items())
                + " >> /ProcSet [/PDF /Text] >>"
            ).encode()
        )
        pages_ref = len(self.objects) + 2 * count + 1
        kids = []
        for lines in canvas.pages:
            content = "\n".join(lines).replace(_NB, total).encode("latin-1")
            stream = self.stream(content)
            kids.append(
                self.add(
                    f"<< /Type /Page /Parent {pages_ref} 0 R /Resources {resources} 0 R "
                    f"/Contents {stream} 0 R >>".encode()
                )
            )
        box = f"[0 0 {canvas.w_pt:.2f} {canvas.h_pt:.2f}]"
        self.add(
            f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] /Count {count} "
            f"/MediaBox {box} >>".encode()
        )
        root = self.add(f"<< /Type /Catalog /Pages {pages_ref} 0 R >>".encode())
        info = self.add(b"<< /Producer (arbitre-tui) >>")
        return self.file(root, info)

    def font(self, font: _Font) -> int:
        """The Type0 font of ``font``'s used glyphs; its object number."""
        source, used = font.face, dict(sorted(font.used.items()))
        name = f"ARBAA{chr(64 + font.index)}+{source.path.stem.replace('-', '')}"
        subset = source.subset(set(used))
        file2 = self.stream(subset, f" /Length1 {len(subset)}")
        s = source.scale
        desc = self.add(
            (
                f"<< /Type /FontDescriptor /FontName /{name} /Flags {source.flags} "
                f"/FontBBox [{source.bbox[0] * s:.0f} {source.bbox[1] * s:.0f} "
                f"{source.bbox[2] * s:.0f} {source.bbox[3] * s:.0f}] "
                f"/ItalicAngle {int(source.italic_angle)} /Ascent {round(source.ascent * s)} "
                f"/Descent {round(source.descent * s)} /CapHeight {round(source.cap_height * s)} "
                f"/StemV {source.stem_v} /MissingWidth {source.missing} /FontFile2 {file2} 0 R >>"
            ).encode()
        )
        widths = " ".join(
            f"{gid} [{round(s * source.advance(gid) + 0.001) if gid else source.missing}]"
            for gid in used
        )
        cid = self.add(
            (
                f"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /{name} "
                "/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> "
                f"/FontDescriptor {desc} 0 R /DW {source.missing} /W [{widths}] "
                "/CIDToGIDMap /Identity >>"
            ).encode()
        )
        to_unicode = self.stream(_cmap(used))
        return self.add(
            (
                f"<< /Type /Font /Subtype /Type0 /BaseFont /{name} /Encoding /Identity-H "
                f"/DescendantFonts [{cid} 0 R] /ToUnicode {to_unicode} 0 R >>"
            ).encode()
        )

    def file(self, root: int, info: int) -> bytes:
        out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
        offsets = []
        for n, body in enumerate(self.objects, 1):
            offsets.append(len(out))
            out += f"{n} 0 obj\n".encode() + body + b"\nendobj\n"
        xref = len(out)
        out += f"xref\n0 {len(offsets) + 1}\n0000000000 65535 f \n".encode()
        out += "".join(f"{o:010d} 00000 n \n" for o in offsets).encode()
        out += (
            f"trailer\n<< /Size {len(offsets) + 1} /Root {root} 0 R /Info {info} 0 R >>\n"
            f"startxref\n{xref}\n%%EOF\n"
        ).encode()
        return bytes(out)


def _cmap(used: dict[int, str]) -> bytes:
    """The ToUnicode map: each glyph printed, the character it reads as."""
    pairs = [
        f"<{gid:04X}> <{ch.encode('utf-16-be').hex().upper()}>" for gid, ch in used.items() if gid
    ]
    lines = [
        "/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap",
        "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
        "/CMapName /Adobe-Identity-UCS def", "/CMapType 2 def",
        "1 begincodespacerange", "<0000> <FFFF>", "endcodespacerange",
    ]  # fmt: skip
    for at in range(0, len(pairs), 100):
        chunk = pairs[at : at + 100]
        lines += [f"{len(chunk)} beginbfchar", *chunk, "endbfchar"]
    lines += ["endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end"]
    return "\n".join(lines).encode()
