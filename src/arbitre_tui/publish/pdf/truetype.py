"""A TrueType face read with ``struct`` for the light PDF writer (issue 56.2): the
widths fpdf2 would give each character, the descriptor a PDF asks for, and a subset that
keeps the glyph ids (the glyphs not printed left empty), so the page's text is the
glyphs' ids themselves (Identity-H) and no font library is imported.

Only the tables a PDF needs are read: head, hhea, maxp, hmtx, loca, glyf, cmap, OS/2,
post; the hinting tables (cvt, fpgm, prep) are copied so the glyphs are drawn as fpdf2's
subset (fontTools, hinting kept) draws them.
"""

from __future__ import annotations

import bisect
import functools
import struct
from pathlib import Path

_COPIED = (b"cvt ", b"fpgm", b"prep")  # hinting: copied whole, as fontTools keeps it


class FontError(ValueError):
    """A font file this reader does not understand (then fpdf2 prints the page)."""


class Face:
    """One TrueType file: widths by character, glyph ids, and a subset of some glyphs."""

    def __init__(self, path: Path) -> None:
        self.path = path
        data = self.data = path.read_bytes()
        if data[:4] not in (b"\x00\x01\x00\x00", b"true"):
            raise FontError(f"{path.name} : pas une police TrueType")
        (count,) = struct.unpack_from(">H", data, 4)
        self.tables: dict[bytes, tuple[int, int]] = {}
        for n in range(count):
            tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * n)
            self.tables[tag] = (offset, length)
        for need in (b"head", b"hhea", b"maxp", b"hmtx", b"loca", b"glyf", b"cmap", b"post"):
            if need not in self.tables:
                raise FontError(f"{path.name} : table {need.decode()} absente")
        head = self.tables[b"head"][0]
        (self.units,) = struct.unpack_from(">H", data, head + 18)
        self.bbox = struct.unpack_from(">4h", data, head + 36)
        (self.long_loca,) = struct.unpack_from(">h", data, head + 50)
        hhea = self.tables[b"hhea"][0]
        self.ascent, self.descent = struct.unpack_from(">hh", data, hhea + 4)
        (self.metrics,) = struct.unpack_from(">H", data, hhea + 34)
        (self.glyphs,) = struct.unpack_from(">H", data, self.tables[b"maxp"][0] + 4)
        self.scale = 1000 / self.units
        self._cmap = self._read_cmap()
        post = self.tables[b"post"][0]
        angle, fixed = struct.unpack_from(">i4xI", data, post + 4)
        self.italic_angle = angle / 65536
        os2 = self.tables.get(b"OS/2")
        weight, cap = 400, self.ascent
        if os2:
            version, _, weight = struct.unpack_from(">HhH", data, os2[0])
            if version >= 2 and os2[1] >= 90:
                (cap,) = struct.unpack_from(">h", data, os2[0] + 88)
        flags = 4 | (1 if fixed else 0) | (64 if self.italic_angle else 0)
        self.flags = flags | (262144 if weight >= 600 else 0)
        self.cap_height = cap
        self.stem_v = round(50 + int(pow(weight / 65, 2)))
        self.missing = round(self.scale * self.advance(0))
        self._gid: dict[str, int] = {}
        self._width: dict[str, int] = {}

    def _read_cmap(self) -> tuple[str, list[int], list[tuple[int, ...]]]:
        """The Unicode subtable fontTools' getBestCmap would choose: (3,10) format 12,
        else a format 4 one; kept as sorted segment ends for a bisect per character."""
        data, cmap = self.data, self.tables[b"cmap"][0]
        (count,) = struct.unpack_from(">H", data, cmap + 2)
        found: dict[tuple[int, int], int] = {}
        for n in range(count):
            platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * n)
            found[(platform, encoding)] = cmap + offset
        for key in ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0)):
            at = found.get(key)
            if at is None:
                continue
            (fmt,) = struct.unpack_from(">H", data, at)
            if fmt == 12:
                (groups,) = struct.unpack_from(">I", data, at + 12)
                rows = [struct.unpack_from(">III", data, at + 16 + 12 * g) for g in range(groups)]
                return "12", [r[1] for r in rows], rows
            if fmt == 4:
                (seg2,) = struct.unpack_from(">H", data, at + 6)
                seg = seg2 // 2
                ends = struct.unpack_from(f">{seg}H", data, at + 14)
                starts = struct.unpack_from(f">{seg}H", data, at + 16 + seg2)
                deltas = struct.unpack_from(f">{seg}h", data, at + 16 + 2 * seg2)
                range_at = at + 16 + 3 * seg2
                ranges = struct.unpack_from(f">{seg}H", data, range_at)
                rows4: list[tuple[int, ...]] = [
                    (starts[i], deltas[i], ranges[i], range_at + 2 * i) for i in range(seg)
                ]
                return "4", [int(e) for e in ends], rows4
        raise FontError(f"{self.path.name} : pas de table Unicode")

    def gid(self, char: str) -> int:
        """The glyph id of ``char`` (0, the « notdef », when the font lacks it)."""
        found = self._gid.get(char)
        if found is not None:
            return found
        code = ord(char)
        fmt, ends, rows = self._cmap
        i = bisect.bisect_left(ends, code)
        gid = 0
        if i < len(ends):
            row = rows[i]
            if fmt == "12":
                if row[0] <= code:
                    gid = row[2] + code - row[0]
            elif row[0] <= code:
                start, delta, offset, at = row
                if offset == 0:
                    gid = (code + delta) & 0xFFFF
                else:
                    (gid,) = struct.unpack_from(">H", self.data, at + offset + 2 * (code - start))
                    gid = (gid + delta) & 0xFFFF if gid else 0
        self._gid[char] = gid = gid if gid < self.glyphs else 0
        return gid

    def advance(self, gid: int) -> int:
        """The glyph's advance width in font units."""
        at = self.tables[b"hmtx"][0] + 4 * min(gid, self.metrics - 1)
        (width,) = struct.unpack_from(">H", self.data, at)
        return 0 if width == 65535 else width

    def width(self, char: str) -> int:
        """``char``'s width in thousandths of the type size, rounded as fpdf2 does."""
        found = self._width.get(char)
        if found is None:
            gid = self.gid(char)
            found = round(self.scale * self.advance(gid) + 0.001) if gid else self.missing
            self._width[char] = found
        return found

    def _glyph(self, gid: int) -> bytes:
        loca = self.tables[b"loca"][0]
        if self.long_loca:
            start, end = struct.unpack_from(">II", self.data, loca + 4 * gid)
        else:
            start, end = (2 * v for v in struct.unpack_from(">HH", self.data, loca + 2 * gid))
        glyf = self.tables[b"glyf"][0]
        return self.data[glyf + start : glyf + end]

    def _with_components(self, gids: set[int]) -> set[int]:
        """``gids`` and every glyph a composite among them is built from."""
        todo, seen = list(gids | {0}), set[int]()
        while todo:
            gid = todo.pop()
            if gid in seen:
                continue
            seen.add(gid)
            glyph = self._glyph(gid)
            if len(glyph) < 10 or struct.unpack_from(">h", glyph, 0)[0] >= 0:
                continue
            at = 10
            while True:
                flags, part = struct.unpack_from(">HH", glyph, at)
                todo.append(part)
                at += 4 + (4 if flags & 1 else 2)
                at += 2 if flags & 8 else 4 if flags & 0x40 else 8 if flags & 0x80 else 0
                if not flags & 0x20:
                    break
        return seen

    def subset(self, gids: set[int]) -> bytes:
        """A TrueType file with the same glyph ids where only ``gids`` (and their
        composites' parts) keep their outlines and widths."""
        kept = self._with_components(gids)
        glyf, offsets = bytearray(), [0]
        for gid in range(self.glyphs):
            if gid in kept:
                glyf += self._glyph(gid)
                glyf += b"\0" * (-len(glyf) % 4)
            offsets.append(len(glyf))
        loca = struct.pack(f">{len(offsets)}I", *offsets)
        hmtx = bytearray(4 * self.metrics + 2 * (self.glyphs - self.metrics))
        source = self.tables[b"hmtx"][0]
        for gid in kept:
            size = 4 if gid < self.metrics else 2
            at = 4 * gid if gid < self.metrics else 4 * self.metrics + 2 * (gid - self.metrics)
            hmtx[at : at + size] = self.data[source + at : source + at + size]
        head = bytearray(self._table(b"head"))
        head[8:12] = b"\0\0\0\0"  # checkSumAdjustment, set below
        head[50:52] = b"\0\1"  # long offsets in loca
        post = bytearray(self._table(b"post")[:32])
        post[0:4] = b"\0\3\0\0"  # version 3: no glyph names
        cmap = struct.pack(">HHHHIHHHHHHHHHHhH", 0, 1, 3, 1, 12,
                           4, 24, 0, 2, 2, 0, 0, 0xFFFF, 0, 0xFFFF, 1, 0)  # fmt: skip
        tables = {
            b"head": bytes(head), b"hhea": self._table(b"hhea"), b"maxp": self._table(b"maxp"),
            b"hmtx": bytes(hmtx), b"loca": loca, b"glyf": bytes(glyf), b"post": bytes(post),
            b"cmap": cmap,
        }  # fmt: skip
        for tag in (*_COPIED, b"OS/2"):
            if tag in self.tables:
                tables[tag] = self._table(tag)
        font = _sfnt(tables)
        adjust = (0xB1B0AFBA - _checksum(font)) & 0xFFFFFFFF
        at = font.index(b"head") + 8
        (head_at,) = struct.unpack_from(">I", font, at)
        font[head_at + 8 : head_at + 12] = struct.pack(">I", adjust)
        return bytes(font)

    def _table(self, tag: bytes) -> bytes:
        offset, length = self.tables[tag]
        return self.data[offset : offset + length]


def _checksum(data: bytes | bytearray) -> int:
    padded = bytes(data) + b"\0" * (-len(data) % 4)
    words: tuple[int, ...] = struct.unpack(f">{len(padded) // 4}I", padded)
    return sum(words) & 0xFFFFFFFF


def _sfnt(tables: dict[bytes, bytes]) -> bytearray:
    """The font file of ``tables``: the directory sorted by tag, each table 4-aligned."""
    tags = sorted(tables)
    count = len(tags)
    power = 1 << (count.bit_length() - 1)
    out = bytearray(struct.pack(">IHHHH", 0x00010000, count, 16 * power,
                                power.bit_length() - 1, 16 * (count - power)))  # fmt: skip
    offset = 12 + 16 * count
    body = bytearray()
    for tag in tags:
        data = tables[tag]
        out += struct.pack(">4sIII", tag, _checksum(data), offset + len(body), len(data))
        body += data + b"\0" * (-len(data) % 4)
    return out + body


@functools.cache
def face(path: Path) -> Face:
    """The face of ``path``, read once a process (read-only once built, but for its
    per-character caches, which only grow)."""
    return Face(path)
