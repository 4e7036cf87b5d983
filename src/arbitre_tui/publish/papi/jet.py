"""A Jet 4 (Access 2000) writer: user tables added to a blank database.

Learnt from mdbtools' format notes (HACKING.md) and checked by reading the result back
with mdbtools. The blank database (its system catalogue) comes from `msaccessdb`; this
module adds, for each table: a row in MSysObjects, a table definition (TDEF, over as many
pages as it needs), its data pages and its usage maps, its indexes (``jetindex``) and its
entries in MSysObjects' two indexes, through which Access and Jackcess find a table by its
name. Pages are 4 096 bytes; text is stored as UCS-2, uncompressed. Page 1's map of free
pages is kept: the pages added are claimed. A usage map is inline (type 0, 512 pages from
its first) when its pages fit, else by reference (type 1: usage-map pages of 32 736 pages
each), as Jackcess promotes one; page 1's map too, once the file is past 512 pages. Not
written: long values (no Papi column is a memo).
"""

from __future__ import annotations

import datetime as dt
import struct
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .jetindex import BuiltIndex, IndexSpec, UnknownKey, build, column_key, insert_leaf_entry

PAGE = 4096
INLINE_BITS = 8 * 64  # pages an inline (type 0) usage map covers: its 69-byte row's bits
MAP_PAGE_BITS = 8 * (PAGE - 4)  # pages a usage-map page (type 0x05) covers
REFERENCE_SLOTS = 17  # usage-map pages a reference (type 1) map names, in the same 69 bytes
TABLES_PARENT = 0x0F000001  # MSysObjects' « Tables » container

BOOL, BYTE, INT, LONG, SINGLE, DATETIME, BINARY, TEXT = 1, 2, 3, 4, 6, 8, 9, 10
_FIXED = {BYTE: ("<B", 1), INT: ("<h", 2), LONG: ("<i", 4), SINGLE: ("<f", 4),
          DATETIME: ("<d", 8)}  # fmt: skip
_EPOCH = dt.datetime(1899, 12, 30)


class JetError(Exception):
    """A database this writer cannot extend (not a Jet 4 file, a page full)."""


@dataclass(frozen=True, slots=True)
class JetColumn:
    """A column as the TDEF describes it."""

    name: str
    kind: int
    number: int
    length: int  # bytes (text: twice the characters)
    var_index: int = 0  # place among the variable columns
    fixed_offset: int = 0  # place among the fixed bytes
    flags: int = 0

    @property
    def fixed(self) -> bool:
        return bool(self.flags & 0x01)

    @property
    def auto(self) -> bool:
        return bool(self.flags & 0x04)


@dataclass(frozen=True, slots=True)
class ColumnSpec:
    """A column to create: its name, Jet type and, for text, its characters."""

    name: str
    kind: int
    size: int = 0
    required: bool = False
    fixed_text: bool = False  # a text of exactly its size, kept among the fixed bytes
    auto: bool = False  # an autonumber (Jet gives the next row max + 1)


def layout(specs: Sequence[ColumnSpec]) -> list[JetColumn]:
    """Numbers and offsets of new columns: fixed bytes in column order, var slots too."""
    out: list[JetColumn] = []
    fixed_at = var_at = 0
    for number, s in enumerate(specs):
        if s.kind == BOOL:  # its value is its null-mask bit: no fixed byte
            out.append(JetColumn(s.name, BOOL, number, 1, 0, 0, 0x03))
        elif s.kind in _FIXED or s.fixed_text:
            size = s.size * 2 if s.fixed_text else _FIXED[s.kind][1]
            flags = 0x01 | (0 if s.required else 0x02) | (0x04 if s.auto else 0)
            out.append(JetColumn(s.name, s.kind, number, size, 0, fixed_at, flags))
            fixed_at += size
        else:
            size = s.size * 2 if s.kind == TEXT else s.size
            flags = 0 if s.required else 0x02
            out.append(JetColumn(s.name, s.kind, number, size, var_at, 0, flags))
            var_at += 1
    return out


# -- reading what the blank database holds -------------------------------------------------


class Database:
    """A Jet 4 file in memory, pages appended as tables are added, written whole."""

    def __init__(self, data: bytes) -> None:
        if len(data) < 3 * PAGE or data[0x14] != 1 or len(data) % PAGE:
            raise JetError("ce fichier n'est pas une base Jet 4 (Access 2000).")
        self.pages = [bytearray(data[k : k + PAGE]) for k in range(0, len(data), PAGE)]
        self.left_out: list[str] = []  # « TABLE.index »: a text index whose keys are unknown

    def save(self, path: Path) -> None:
        self._claim_pages()
        path.write_bytes(b"".join(self.pages))

    def _claim_pages(self) -> None:
        """Page 1's first row maps the file's free pages (a set bit: free, as the blank's
        pages past its end and a Papi file's show): every page written is claimed, else
        Jet would take them for free and write over the tables. Inline (type 0) while the
        file fits its 512 pages, as the blank has it; beyond, the same row becomes a
        reference (type 1) map, its bitmaps on usage-map pages of their own."""
        start, size = self._row_span(1, 0)
        umap = bytes(self.pages[1][start : start + size])
        if umap[0] != 0 or struct.unpack_from("<I", umap, 1)[0] != 0:
            raise JetError("carte des pages libres inattendue (page 1).")
        if len(self.pages) <= 8 * (size - 5):
            for page in range(len(self.pages)):
                self.pages[1][start + 5 + page // 8] &= ~(1 << (page % 8)) & 0xFF
            return
        slots = (size - 1) // 4
        # the map's own pages are pages of the file too: as many as cover them all
        needed = 0
        while needed * MAP_PAGE_BITS < len(self.pages) + needed:
            needed += 1
        if needed > slots:
            raise JetError(f"{len(self.pages)} pages : trop pour la carte des pages libres.")
        own = [self.new_page() for _ in range(needed)]
        row = bytearray(size)
        row[0] = 1
        for k, page in enumerate(own):
            buf = self.pages[page]
            buf[0:2] = b"\x05\x01"
            buf[4:] = b"\xff" * (PAGE - 4)  # free, but for the pages the file has
            first = k * MAP_PAGE_BITS
            for bit in range(min(len(self.pages) - first, MAP_PAGE_BITS)):
                buf[4 + bit // 8] &= ~(1 << (bit % 8)) & 0xFF
            struct.pack_into("<I", row, 1 + 4 * k, page)
        self.pages[1][start : start + size] = row

    def _row_span(self, page: int, row: int) -> tuple[int, int]:
        """Where a row starts on its page, and its length."""
        buf = self.pages[page]
        start = struct.unpack_from("<H", buf, 14 + 2 * row)[0] & 0x1FFF
        end = PAGE if row == 0 else struct.unpack_from("<H", buf, 12 + 2 * row)[0] & 0x1FFF
        return start, end - start

    def mapped(self, umap: bytes) -> list[int]:
        """The pages a usage map's row sets: inline (type 0: its first page, then its
        bits) or by reference (type 1: usage-map pages, each for 32 736 pages)."""
        if umap[0] == 0:
            first = struct.unpack_from("<I", umap, 1)[0]
            return [first + bit for bit in _bits(umap[5:])]
        if umap[0] != 1:
            raise JetError(f"carte d'usage de type {umap[0]} inconnue.")
        out: list[int] = []
        for k in range((len(umap) - 1) // 4):
            page = struct.unpack_from("<I", umap, 1 + 4 * k)[0]
            if page:
                if self.pages[page][0] != 5:
                    raise JetError(f"la page {page} n'est pas une page de carte d'usage.")
                out += [k * MAP_PAGE_BITS + bit for bit in _bits(self.pages[page][4:])]
        return out

    def free_pages(self) -> list[int]:
        """The pages page 1's map says are free (within what the map covers)."""
        return self.mapped(self.row_at(1 << 8 | 0))

    def new_page(self) -> int:
        self.pages.append(bytearray(PAGE))
        return len(self.pages) - 1

    # the TDEF of a table, its pages joined (a continuation page adds from byte 8)
    def tdef(self, page: int) -> bytes:
        blob = bytes(self.pages[page])
        nxt = struct.unpack_from("<I", blob, 4)[0]
        while nxt:
            blob += bytes(self.pages[nxt][8:])
            nxt = struct.unpack_from("<I", self.pages[nxt], 4)[0]
        return blob

    def columns(self, page: int) -> list[JetColumn]:
        blob = self.tdef(page)
        num_cols = struct.unpack_from("<H", blob, 45)[0]
        num_real_idx = struct.unpack_from("<I", blob, 51)[0]
        at = 63 + 12 * num_real_idx
        raw = []
        for _ in range(num_cols):
            kind = blob[at]
            number, var_index = struct.unpack_from("<HH", blob, at + 5)
            flags = blob[at + 15]
            fixed_offset, length = struct.unpack_from("<HH", blob, at + 21)
            raw.append((kind, number, var_index, flags, fixed_offset, length))
            at += 25
        out = []
        for kind, number, var_index, flags, fixed_offset, length in raw:
            size = struct.unpack_from("<H", blob, at)[0]
            name = blob[at + 2 : at + 2 + size].decode("utf-16-le")
            at += 2 + size
            out.append(JetColumn(name, kind, number, length, var_index, fixed_offset, flags))
        return out

    def row_at(self, pointer: int) -> bytes:
        """A row by its data pointer (page << 8 | row)."""
        page, row = pointer >> 8, pointer & 0xFF
        buf = self.pages[page]
        start = struct.unpack_from("<H", buf, 14 + 2 * row)[0] & 0x1FFF
        end = PAGE if row == 0 else struct.unpack_from("<H", buf, 12 + 2 * row)[0] & 0x1FFF
        return bytes(buf[start:end])

    def owned_pages(self, tdef_page: int) -> list[int]:
        """The pages a table's usage map gives it."""
        pointer = struct.unpack_from("<I", self.pages[tdef_page], 55)[0]
        return self.mapped(self.row_at(pointer))

    # -- writing ------------------------------------------------------------------------

    def insert_row(self, page: int, row: bytes) -> int | None:
        """The row put on a data page, its number; None when it does not fit."""
        buf = self.pages[page]
        (free,) = struct.unpack_from("<H", buf, 2)
        count = int(struct.unpack_from("<H", buf, 12)[0])
        if len(row) + 2 > free:
            return None
        low = PAGE if count == 0 else struct.unpack_from("<H", buf, 12 + 2 * count)[0] & 0x1FFF
        start = low - len(row)
        buf[start:low] = row
        struct.pack_into("<H", buf, 14 + 2 * count, start)
        struct.pack_into("<H", buf, 12, count + 1)
        struct.pack_into("<H", buf, 2, free - len(row) - 2)
        return count

    def usage_map(self, pages: Sequence[int]) -> bytes:
        """A usage map's row for ``pages``: inline (type 0) when they fit its 512 pages
        from the first one's byte, as Access and Jackcess write a table's; else by
        reference (type 1), as Jackcess turns an inline map that overflows: the same
        69 bytes, 17 page numbers of usage-map pages (type 0x05, bits from byte 4),
        the k-th for pages 32 736 k onwards, 0 where it would have no page."""
        row = inline_map(pages)
        if row is not None:
            return row
        slots = [0] * REFERENCE_SLOTS
        for page in sorted(pages):
            k, bit = divmod(page, MAP_PAGE_BITS)
            if k >= REFERENCE_SLOTS:
                raise JetError(f"page {page} : au-delà de ce qu'une carte d'usage couvre.")
            if not slots[k]:
                slots[k] = self.new_page()
                self.pages[slots[k]][0:2] = b"\x05\x01"
            self.pages[slots[k]][4 + bit // 8] |= 1 << (bit % 8)
        return b"\x01" + struct.pack(f"<{REFERENCE_SLOTS}I", *slots)

    def data_page(self, tdef_page: int) -> int:
        page = self.new_page()
        buf = self.pages[page]
        buf[0:2] = b"\x01\x01"
        struct.pack_into("<HI", buf, 2, PAGE - 14, tdef_page)
        return page

    def add_table(
        self,
        name: str,
        specs: Sequence[ColumnSpec],
        rows: Iterable[Sequence[object]],
        indexes: Sequence[IndexSpec] = (),
    ) -> int:
        """A user table with its rows and indexes; its TDEF page (its id in MSysObjects)."""
        cols = layout(specs)
        by_name = {c.name: k for k, c in enumerate(cols)}
        for spec in indexes:
            if not spec.columns or any(c not in by_name for c, _ in spec.columns):
                raise JetError(f"{name} : l'index « {spec.name} » nomme une colonne absente.")
        rows_kept = [list(values) for values in rows]
        encoded = [encode_row(cols, values) for values in rows_kept]
        # each index's keys first: an index with a text whose key is not known is left out
        keyed: list[tuple[IndexSpec, list[bytes], list[bool]]] = []
        for spec in indexes:
            place = [by_name[c] for c, _ in spec.columns]
            try:
                keys = [
                    b"".join(column_key(cols[k].kind, values[k], asc)
                             for k, (_, asc) in zip(place, spec.columns, strict=True))
                    for values in rows_kept
                ]  # fmt: skip
            except UnknownKey:
                self.left_out.append(f"{name}.{spec.name}")
                continue
            null = [all(values[k] is None for k in place) for values in rows_kept]
            keyed.append((spec, keys, null))
        indexes = [spec for spec, _, _ in keyed]
        tdef_pages = self._tdef_pages(cols, indexes)
        first = tdef_pages[0]
        # the rows, on pages of their own
        data_pages: list[int] = []
        where: list[tuple[int, int]] = []
        for row in encoded:
            if len(row) > PAGE - 16:
                raise JetError(f"{name} : une ligne de {len(row)} octets dépasse une page.")
            at = self.insert_row(data_pages[-1], row) if data_pages else None
            if at is None:
                data_pages.append(self.data_page(first))
                at = self.insert_row(data_pages[-1], row)
                assert at is not None
            where.append((data_pages[-1], at))
        # the usage maps: which pages hold its rows, which have room, each index's pages
        maps = self.data_page(0)
        used = self.insert_row(maps, self.usage_map(data_pages))
        free = self.insert_row(maps, self.usage_map(data_pages))
        assert used is not None and free is not None
        built: list[tuple[IndexSpec, BuiltIndex, int]] = []
        for spec, keys, null in keyed:
            index = build(spec, keys, null, where, first, self.new_page, self.pages, name)
            umap = self.insert_row(maps, self.usage_map(index.pages))
            if umap is None:
                raise JetError(f"{name} : trop d'index pour une page de cartes d'usage.")
            built.append((spec, index, maps << 8 | umap))
        self._write_tdef(tdef_pages, cols, len(encoded), maps << 8 | used, maps << 8 | free, built)
        auto = [k for k, c in enumerate(cols) if c.auto]
        if auto:  # the last number given, as Papi's own files keep it
            last = max((int(str(r[auto[0]])) for r in rows_kept if r[auto[0]] is not None),
                       default=0)  # fmt: skip
            struct.pack_into("<I", self.pages[first], 20, last)
        self._catalogue(name, first)
        return first

    def _tdef_pages(self, cols: list[JetColumn], indexes: Sequence[IndexSpec]) -> list[int]:
        size = len(_tdef_body(cols, 0, 0, 0, [(s, BuiltIndex(0, (), 0), 0) for s in indexes]))
        count = 1 if size <= PAGE else 1 + -(-(size - PAGE) // (PAGE - 8))
        return [self.new_page() for _ in range(count)]

    def _write_tdef(
        self,
        pages: list[int],
        cols: list[JetColumn],
        rows: int,
        used: int,
        free: int,
        indexes: Sequence[tuple[IndexSpec, BuiltIndex, int]],
    ) -> None:
        body = _tdef_body(cols, rows, used, free, indexes)
        chunks = [body[:PAGE]]
        rest = body[PAGE:]
        while rest:
            chunks.append(rest[: PAGE - 8])
            rest = rest[PAGE - 8 :]
        for k, (page, chunk) in enumerate(zip(pages, chunks, strict=True)):
            buf = self.pages[page]
            if k:
                buf[8 : 8 + len(chunk)] = chunk
                buf[0:2] = b"\x02\x01"
                used_bytes = 8 + len(chunk)
            else:
                buf[: len(chunk)] = chunk
                used_bytes = len(chunk)
            # free space less 8, as Papi's own files have it
            struct.pack_into("<H", buf, 2, max(PAGE - used_bytes - 8, 0))
            nxt = pages[k + 1] if k + 1 < len(pages) else 0
            struct.pack_into("<I", buf, 4, nxt)

    def _catalogue(self, name: str, tdef_page: int) -> None:
        """The table's row in MSysObjects (Type 1, parent « Tables »), and its entries in
        MSysObjects' indexes (on Id, and on ParentId and Name): Access and Jackcess find a
        table by its name through the latter."""
        cols = self.columns(2)
        now = dt.datetime(2000, 1, 1)
        values: dict[str, object] = {
            "Id": tdef_page, "ParentId": TABLES_PARENT, "Name": name, "Type": 1,
            "DateCreate": now, "DateUpdate": now, "Flags": 0, "Owner": self._owner(cols),
        }  # fmt: skip
        ordered = sorted(cols, key=lambda c: c.number)
        row = encode_row(ordered, [values.get(c.name) for c in ordered])
        for page in self.owned_pages(2):
            if self.pages[page][0] == 1:
                at = self.insert_row(page, row)
                if at is not None:
                    break
        else:
            raise JetError("le catalogue (MSysObjects) est plein.")
        count = struct.unpack_from("<I", self.pages[2], 16)[0]
        struct.pack_into("<I", self.pages[2], 16, count + 1)
        by_number = {c.number: c for c in cols}
        for k, (columns, first) in enumerate(self.real_indexes(2)):
            key = b"".join(
                column_key(by_number[n].kind, values.get(by_number[n].name), asc)
                for n, asc in columns
            )
            if not insert_leaf_entry(
                self.pages[first], key + page.to_bytes(3, "big") + bytes([at])
            ):
                raise JetError("un index du catalogue (MSysObjects) est plein.")
            # its number of distinct keys, in the TDEF's first page (a new name, a new id)
            where = 63 + 12 * k + 4
            distinct = struct.unpack_from("<I", self.pages[2], where)[0]
            struct.pack_into("<I", self.pages[2], where, distinct + 1)

    def real_indexes(self, tdef_page: int) -> list[tuple[list[tuple[int, bool]], int]]:
        """Each real index of a table: its columns (number, ascending) and first page."""
        blob = self.tdef(tdef_page)
        num_cols = struct.unpack_from("<H", blob, 45)[0]
        num_real = struct.unpack_from("<I", blob, 51)[0]
        at = 63 + 12 * num_real + 25 * num_cols
        for _ in range(num_cols):
            at += 2 + struct.unpack_from("<H", blob, at)[0]
        out = []
        for _ in range(num_real):
            columns = []
            for slot in range(10):
                number, flags = struct.unpack_from("<HB", blob, at + 4 + 3 * slot)
                if number != 0xFFFF:
                    columns.append((number, bool(flags & 0x01)))
            out.append((columns, struct.unpack_from("<I", blob, at + 38)[0]))
            at += 52
        return out

    def _owner(self, cols: list[JetColumn]) -> bytes | None:
        """The Owner of MSysObjects' own line (Id 2): the one the blank's tables have."""
        by_name = {c.name: c for c in cols}
        ident, owner = by_name["Id"], by_name["Owner"]
        for page in self.owned_pages(2):
            buf = self.pages[page]
            if buf[0] != 1:
                continue
            for k in range(struct.unpack_from("<H", buf, 12)[0]):
                if struct.unpack_from("<H", buf, 14 + 2 * k)[0] & 0xC000:
                    continue  # deleted, or pointing elsewhere
                row = self.row_at(page << 8 | k)
                if struct.unpack_from("<i", row, 2 + ident.fixed_offset)[0] == 2:
                    return var_value(row, len(cols), owner.var_index)
        return None


def var_value(row: bytes, num_cols: int, var_index: int) -> bytes:
    """A variable column's bytes in a Jet 4 row (empty when null or absent)."""
    end = len(row) - (num_cols + 7) // 8
    var_len = struct.unpack_from("<H", row, end - 2)[0]
    if var_index >= var_len:
        return b""

    def offset(k: int) -> int:
        return int(struct.unpack_from("<H", row, end - 4 - 2 * k)[0])

    return row[offset(var_index) : offset(var_index + 1)]


def inline_map(pages: Sequence[int]) -> bytes | None:
    """A type 0 usage map: its first page (a multiple of 8), then one bit per page (64
    bytes, 512 pages); None when the pages do not fit."""
    start = (min(pages) // 8 * 8) if pages else 0
    bits = bytearray(INLINE_BITS // 8)
    for p in pages:
        k = p - start
        if k >= INLINE_BITS:
            return None
        bits[k // 8] |= 1 << (k % 8)
    return b"\x00" + struct.pack("<I", start) + bytes(bits)


def _bits(bitmap: bytes | bytearray) -> list[int]:
    return [8 * k + b for k, byte in enumerate(bitmap) if byte for b in range(8) if byte >> b & 1]


def _tdef_body(
    cols: list[JetColumn],
    rows: int,
    used: int,
    free: int,
    indexes: Sequence[tuple[IndexSpec, BuiltIndex, int]] = (),
) -> bytes:
    """The TDEF of a user table, as one run of bytes (page header first). Each index is
    one real index (its columns, pages, flags) and one logical index (its name, whether
    it is the primary key), in the order and with the bytes of Papi's own files."""
    var_cols = sum(not c.fixed for c in cols)
    head = bytearray(63)
    head[0:2] = b"\x02\x01"
    struct.pack_into("<I", head, 16, rows)
    head[24] = 1
    head[40] = 0x4E  # user table
    count = len(indexes)
    struct.pack_into("<HHHIIII", head, 41, len(cols), var_cols, len(cols), count, count, used, free)
    body = bytearray(head)
    for _, index, _ in indexes:  # each real index: its number of distinct keys
        body += struct.pack("<III", 0, index.distinct, 0)
    for c in cols:
        entry = bytearray(25)
        entry[0] = c.kind
        struct.pack_into("<HHH", entry, 5, c.number, c.var_index, c.number)
        if c.kind == TEXT:
            struct.pack_into("<HH", entry, 11, 0x409, 0)  # General (legacy) sort order, version 0
        entry[15] = c.flags
        struct.pack_into("<HH", entry, 21, c.fixed_offset, c.length)
        body += entry
    for c in cols:
        name = c.name.encode("utf-16-le")
        body += struct.pack("<H", len(name)) + name
    number = {c.name: c.number for c in cols}
    for spec, index, umap in indexes:  # the real indexes
        body += struct.pack("<I", 0x783)  # as in every Papi file
        slots = [struct.pack("<HB", number[c], 1 if asc else 0) for c, asc in spec.columns]
        slots += [b"\xff\xff\x00"] * (10 - len(slots))
        body += b"".join(slots)
        body += struct.pack("<III", umap, index.root, 0) + bytes([spec.flags]) + bytes(5)
    # the logical indexes, by name as Papi's files list them, each on its real index
    named = sorted(range(count), key=lambda k: indexes[k][0].name)
    for k in named:
        kind = 1 if indexes[k][0].primary else 0
        body += struct.pack("<IIIBiIBBBI", 0x659, k, k, 0, -1, 0, 4, 4, kind, 0)
    for k in named:
        name = indexes[k][0].name.encode("utf-16-le")
        body += struct.pack("<H", len(name)) + name
    body += b"\xff\xff"
    struct.pack_into("<I", body, 8, len(body))  # as Papi's own files count it
    return bytes(body)


def _fixed_bytes(c: JetColumn, value: object) -> bytes:
    if c.kind == TEXT:  # a fixed text: UCS-2, filled with spaces to its size
        data = str(value).encode("utf-16-le")
        if len(data) > c.length:
            raise JetError(f"{c.name} : « {value} » est trop long ({c.length // 2} caractères).")
        return data + " ".encode("utf-16-le") * ((c.length - len(data)) // 2)
    fmt = _FIXED[c.kind][0]
    if c.kind == DATETIME:
        when = value if isinstance(value, dt.datetime) else None
        if when is None and isinstance(value, dt.date):
            when = dt.datetime(value.year, value.month, value.day)
        if when is None:
            raise JetError(f"{c.name} : une date est attendue.")
        return struct.pack(fmt, (when - _EPOCH).total_seconds() / 86400)
    if c.kind == SINGLE:
        return struct.pack(fmt, float(str(value)))
    try:
        return struct.pack(fmt, int(str(value)))
    except struct.error:  # past an Integer's 32 767 (Papi's Nr, RdNNAdv: a player's Ref)
        raise JetError(f"{c.name} : {value} ne tient pas dans la colonne.") from None


def _var_bytes(c: JetColumn, value: object) -> bytes:
    if c.kind == TEXT:
        data = str(value).encode("utf-16-le")
    elif isinstance(value, bytes | bytearray):
        data = bytes(value)
    else:
        raise JetError(f"{c.name} : type de colonne non pris en charge.")
    if len(data) > c.length:
        raise JetError(f"{c.name} : « {value} » est trop long ({c.length // 2} caractères).")
    return data


def encode_row(cols: Sequence[JetColumn], values: Sequence[object]) -> bytes:
    """A Jet 4 row: column count, fixed bytes, variable bytes, their offsets reversed,
    their count, the null mask (a set bit: not null; a boolean's value)."""
    fixed_size = max(
        (c.fixed_offset + c.length for c in cols if c.fixed and c.kind != BOOL), default=0
    )
    fixed = bytearray(fixed_size)
    mask = bytearray((len(cols) + 7) // 8)
    var_cols = sorted((c for c in cols if not c.fixed), key=lambda c: c.var_index)
    by_number = {c.number: v for c, v in zip(cols, values, strict=True)}
    for c in cols:
        value = by_number[c.number]
        if c.kind == BOOL:
            if value:
                mask[c.number // 8] |= 1 << (c.number % 8)
        elif c.fixed and value is not None:
            fixed[c.fixed_offset : c.fixed_offset + c.length] = _fixed_bytes(c, value)
            mask[c.number // 8] |= 1 << (c.number % 8)
    row = bytearray(struct.pack("<H", len(cols))) + fixed
    offsets = []
    for c in var_cols:
        offsets.append(len(row))
        value = by_number[c.number]
        if value is not None:
            row += _var_bytes(c, value)
            mask[c.number // 8] |= 1 << (c.number % 8)
    if not var_cols:
        return bytes(row + mask)
    eod = len(row)
    tail = struct.pack("<H", eod) + b"".join(struct.pack("<H", o) for o in reversed(offsets))
    return bytes(row + tail + struct.pack("<H", len(var_cols)) + mask)


def blank() -> Database:
    """A blank Jet 4 database (msaccessdb's), in memory."""
    import tempfile

    import msaccessdb  # type: ignore[import-untyped]

    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / "blank.mdb"
        msaccessdb.create(str(target))
        return Database(target.read_bytes())
