"""Jet 4 indexes: the keys in Jet's sort encoding and the B-tree pages that hold them.

Learnt from real Papi files read byte by byte and from Jackcess's reading code (read, not
copied), and checked with Jackcess, a reader that searches through indexes (its own
validator, a walk of each index in key order and a search of every row by its key:
docs/papi.md, « Indexes »). Written here:

- a key: per column a flag byte (0x7F ascending, 0x80 descending; a null is one byte only,
  0x00 ascending, 0xFF descending), then the value big-endian with its sign bit flipped,
  every byte inverted when descending; a text as ``jetsort`` encodes it;
- a leaf entry: the key, the row's data page (3 bytes, big-endian) and row number;
- a leaf page (type 0x04): its header (the TDEF page, the previous and next leaf), a bitmap
  from byte 27 where bit n marks the end of an entry n bytes into the entries, the entries
  from byte 480, sorted by key then row; no shared prefix (as Papi's numeric pages);
- when the entries need more than one leaf, intermediate pages (type 0x03) above them:
  an entry per child but the last (the child's last entry — a node's, the last leaf entry
  under it — and the child's page, 4 bytes big-endian), the last child named in the
  header's « child tail » field, as Access does with one node. When a level's entries
  need more than one node page, the node pages of that level are grouped under a level
  above, as deep as needed, up to a root of one page; the node pages under one parent are
  linked (previous, next), those of two parents are not, and the leaves are linked end to
  end, as Jackcess reads and writes them (no real file here has an index of more than one
  node page to learn Access's own from: docs/papi.md).
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass

PAGE = 4096
ENTRIES_AT = 27 + 453  # after the header and the bitmap of entry ends
ROOM = PAGE - ENTRIES_AT  # 3 616 bytes of entries on a page (the bitmap covers 3 624)
LEAF, NODE = 0x04, 0x03

INT, LONG, TEXT = 3, 4, 10


class IndexBuildError(ValueError):
    """An index this writer cannot build (a duplicate key in a unique index, a type)."""


@dataclass(frozen=True, slots=True)
class IndexSpec:
    """An index to write: its name, its columns (name, ascending), what it enforces."""

    name: str
    columns: tuple[tuple[str, bool], ...]
    primary: bool = False
    unique: bool = False

    @property
    def flags(self) -> int:
        """The real index's flags, as Papi's files have them: 0x80 always (Access 2000+),
        0x01 unique, 0x08 required (a primary key is both)."""
        if self.primary:
            return 0x89
        return 0x81 if self.unique else 0x80


class UnknownKey(IndexBuildError):
    """A text whose key in Jet's General sort order is not known here (jetsort)."""


def column_key(kind: int, value: object, ascending: bool) -> bytes:
    """One column's part of a key."""
    if value is None:
        return b"\x00" if ascending else b"\xff"
    if kind == TEXT:
        from .jetsort import text_key

        key = text_key(str(value))
        if key is None:
            raise UnknownKey(f"« {value} » : clé d'index inconnue.")
        return (b"\x7f" + key) if ascending else (b"\x80" + bytes(b ^ 0xFF for b in key))
    if kind == LONG:
        raw = bytearray(struct.pack(">i", int(str(value))))
    elif kind == INT:
        raw = bytearray(struct.pack(">h", int(str(value))))
    else:
        raise IndexBuildError(f"type de colonne {kind} non pris en charge dans un index.")
    raw[0] ^= 0x80
    if ascending:
        return b"\x7f" + bytes(raw)
    return b"\x80" + bytes(b ^ 0xFF for b in raw)


@dataclass(frozen=True, slots=True)
class BuiltIndex:
    """An index's pages once written: its root (first page), its pages, distinct keys."""

    root: int
    pages: tuple[int, ...]
    distinct: int


def _pointer(page: int, row: int) -> bytes:
    return page.to_bytes(3, "big") + bytes([row])


def entries(buf: bytes | bytearray) -> list[bytes]:
    """The entries of an index page, whole (a shared prefix put back in front)."""
    (prefix_len,) = struct.unpack_from("<H", buf, 24)
    out: list[bytes] = []
    start = 0
    prefix = b""
    for k in range(ROOM + 1):
        if buf[27 + k // 8] >> (k % 8) & 1:
            entry = bytes(buf[ENTRIES_AT + start : ENTRIES_AT + k])
            if out:
                entry = prefix + entry
            else:
                prefix = entry[:prefix_len]
            out.append(entry)
            start = k
    return out


def insert_leaf_entry(buf: bytearray, entry: bytes) -> bool:
    """An entry added in its place on a leaf page (rewritten without a shared prefix);
    False when the page is not a leaf or has no room."""
    if buf[0] != LEAF:
        return False
    old = entries(buf)
    if sum(map(len, old)) + len(entry) > ROOM:
        return False
    new = sorted([*old, entry], key=lambda e: (e[:-4], e[-4:]))
    (tdef_page,) = struct.unpack_from("<I", buf, 4)
    prev, nxt, tail = struct.unpack_from("<III", buf, 12)
    buf[:] = index_page(LEAF, tdef_page, new, prev, nxt, tail)
    return True


def index_page(
    kind: int, tdef_page: int, entries: Sequence[bytes], prev: int, nxt: int, tail: int
) -> bytearray:
    buf = bytearray(PAGE)
    buf[0], buf[1] = kind, 0x01
    used = sum(len(e) for e in entries)
    struct.pack_into("<HI", buf, 2, PAGE - ENTRIES_AT - used, tdef_page)
    struct.pack_into("<III", buf, 12, prev, nxt, tail)
    at = 0
    for e in entries:
        buf[ENTRIES_AT + at : ENTRIES_AT + at + len(e)] = e
        at += len(e)
        buf[27 + at // 8] |= 1 << (at % 8)
    return buf


def _pack(entries: Sequence[bytes], room: int) -> list[list[bytes]]:
    """Entries in runs that fit a page, in order."""
    runs: list[list[bytes]] = [[]]
    size = 0
    for e in entries:
        if runs[-1] and size + len(e) > room:
            runs.append([])
            size = 0
        runs[-1].append(e)
        size += len(e)
    return runs


Child = tuple[int, bytes]  # an index page, and the last leaf entry under it


def build(
    spec: IndexSpec,
    keys: Sequence[bytes],
    null: Sequence[bool],
    rows: Sequence[tuple[int, int]],
    tdef_page: int,
    new_page: Callable[[], int],
    pages: list[bytearray],
    table: str,
) -> BuiltIndex:
    """Write an index's pages: ``keys[k]`` is row k's key, ``null[k]`` whether all its
    columns are null (a unique index takes several such rows, as Access's), ``rows[k]``
    its (data page, row number)."""
    order = sorted(range(len(keys)), key=lambda k: (keys[k], rows[k]))
    distinct = 0
    previous: bytes | None = None
    for k in order:
        key = keys[k]
        if key == previous and spec.unique and not null[k]:
            raise IndexBuildError(
                f"{table} : deux lignes ont la même valeur pour l'index unique « {spec.name} »."
            )
        if key != previous:
            distinct += 1
        previous = key
    leaf_entries = [keys[k] + _pointer(*rows[k]) for k in order]
    runs = _pack(leaf_entries, ROOM)
    if len(runs) == 1:
        root = new_page()
        pages[root] = index_page(LEAF, tdef_page, runs[0], 0, 0, 0)
        return BuiltIndex(root, (root,), distinct)
    root = new_page()
    leaves = [new_page() for _ in runs]
    for k, (page, run) in enumerate(zip(leaves, runs, strict=True)):
        prev = leaves[k - 1] if k else 0
        nxt = leaves[k + 1] if k + 1 < len(leaves) else 0
        pages[page] = index_page(LEAF, tdef_page, run, prev, nxt, 0)
    # the levels of nodes, from the leaves up, until one page holds a level: the root.
    # A child is named by its last entry (a node's: the last leaf entry under it) and its
    # page; a node page stores each child's entry but its last child's, its « child tail »
    children = [(page, run[-1]) for page, run in zip(leaves, runs, strict=True)]
    levels: list[list[tuple[int, list[Child]]]] = []
    while True:
        groups = _node_groups(children)
        if len(groups) == 1:
            levels.append([(root, groups[0])])
            break
        parents = [new_page() for _ in groups]
        levels.append(list(zip(parents, groups, strict=True)))
        children = [(page, group[-1][1]) for page, group in zip(parents, groups, strict=True)]
    for depth, level in enumerate(levels):
        # a node page's peers: the node pages of its parent (none for the root); the leaves
        # alone are linked end to end, node pages only within one parent
        peers: dict[int, tuple[int, int]] = {}
        for _, group in levels[depth + 1] if depth + 1 < len(levels) else ():
            run_pages = [page for page, _ in group]
            for k, page in enumerate(run_pages):
                prev = run_pages[k - 1] if k else 0
                nxt = run_pages[k + 1] if k + 1 < len(run_pages) else 0
                peers[page] = (prev, nxt)
        for page, group in level:
            node = [last + struct.pack(">I", child) for child, last in group[:-1]]
            prev, nxt = peers.get(page, (0, 0))
            pages[page] = index_page(NODE, tdef_page, node, prev, nxt, group[-1][0])
    owned = [root, *leaves, *(page for level in levels[:-1] for page, _ in level)]
    return BuiltIndex(root, tuple(owned), distinct)


def _node_groups(children: Sequence[Child]) -> list[list[Child]]:
    """Children grouped by node page, in order. A page stores an entry (the child's last
    entry and its page, 4 bytes) for each child but the last, its « child tail »: a page
    takes children while the entries before the newest one fit. Never one child alone on
    the last page (Jet keeps a lone child as an entry, not as a tail): the page before
    gives it one."""
    groups: list[list[Child]] = [[]]
    size = 0
    for child in children:
        if groups[-1] and size > ROOM:
            groups.append([])
            size = 0
        groups[-1].append(child)
        size += len(child[1]) + 4
    if len(groups) > 1 and len(groups[-1]) == 1:
        groups[-1].insert(0, groups[-2].pop())
    return groups
