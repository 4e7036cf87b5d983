"""FIDE's players list in XML (players_list_xml_foa.xml), read as rules/rating_lists.py
reads the others: one player at a time, 1 MiB of the file at a time, strictly."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import IO

from .listed import Kind, ListedPlayer, ListFault, _Bad, _fide, _no_control

# -- FIDE, XML (players_list_xml_foa.xml) ---------------------------------------------------

_XML_FIELDS = ("fideid", "name", "country", "sex", "title", "w_title", "rating",
               "rapid_rating", "blitz_rating", "birthday")  # fmt: skip


def _xml_field(tag: bytes, keep: bool = True) -> bytes:
    """One element of FIDE's <player>, written ``<tag>text</tag>`` or ``<tag/>``."""
    text = b"([^<]*)" if keep else b"[^<]*"
    return rb"\s*(?:<" + tag + rb">" + text + rb"</" + tag + rb">|<" + tag + rb"\s*/>)"


# FIDE's own layout of a player, in its order (19 elements): read by one pattern, four
# times as fast as a parser's callbacks on a million players; a player written any other
# way is read by expat, alone.
_XML_ORDER = ("fideid", "name", "country", "sex", "title", "w_title", "o_title", "foa_title",
              "rating", "games", "k", "rapid_rating", "rapid_games", "rapid_k",
              "blitz_rating", "blitz_games", "blitz_k", "birthday", "flag")  # fmt: skip
_XML_PLAYER = re.compile(
    rb"<player>"
    + b"".join(_xml_field(tag.encode(), tag in _XML_FIELDS) for tag in _XML_ORDER)
    + rb"\s*</player>"
)
# the lists of one cadence (standard_rating_list_xml.xml …): one <rating>, no rapid/blitz
_XML_TYPE_ORDER = ("fideid", "name", "country", "sex", "title", "w_title", "o_title",
                   "foa_title", "rating", "games", "k", "birthday", "flag")  # fmt: skip
_XML_TYPE_PLAYER = re.compile(
    rb"<player>"
    + b"".join(_xml_field(tag.encode(), tag in _XML_FIELDS) for tag in _XML_TYPE_ORDER)
    + rb"\s*</player>"
)
_RATING_AT = {"standard": 6, "rapid": 7, "blitz": 8}  # in _XML_FIELDS' order
# XML's five entities and character references: any other was left as typed by unescape
_XML_UNKNOWN = re.compile(rb"&(?!(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);)[^;\s<]{0,20};?")
_XML_SPACE = re.compile(rb"\s*")
NL = b"\n"


def _xml_player(block: bytes) -> dict[str, str]:
    """A <player> FIDE wrote otherwise (attributes, comments, another order): expat."""
    from xml.parsers import expat

    fields: dict[str, str] = {}
    path: list[str] = []
    text: list[str] = []

    def start(tag: str, _attrs: dict[str, str]) -> None:
        path.append(tag)
        text.clear()

    def end(tag: str) -> None:
        if len(path) == 2 and tag in _XML_FIELDS:
            fields[tag] = "".join(text)
        path.pop()

    parser = expat.ParserCreate()
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text.append
    parser.Parse(block, True)
    return fields


def read_fide_xml(stream: IO[bytes], kind: Kind | None = None) -> Iterator[ListedPlayer]:
    """<playerslist><player><fideid>…</fideid><name>Surname, First</name>… one at a time,
    1 MiB read at a time (memory stays flat). A file cut short, or anything but players
    inside <playerslist>, is refused: nothing of it is imported. ``kind``: the cadence of
    a list of one cadence (its <rating> is that one; FIDE's layout of it has its own fast
    pattern)."""
    import html
    from xml.parsers import expat

    buf = stream.read(1 << 20)
    opening = re.search(
        rb"<(\w+)[^>]*>", re.sub(rb"<\?.*?\?>|<!--.*?-->", b"", buf[:4096], flags=re.S)
    )
    if opening is None or opening.group(1) != b"playerslist":
        found = opening.group(1).decode("ascii", "replace") if opening else "rien"
        raise ListFault(f"liste FIDE XML attendue (<playerslist>), trouvé <{found}>")
    pos = buf.index(b"<playerslist") + buf[buf.index(b"<playerslist") :].index(b">") + 1
    line = 1
    while True:
        pos = _XML_SPACE.match(buf, pos).end()  # type: ignore[union-attr]
        if buf.startswith(b"</playerslist>", pos):
            return
        end = buf.find(b"</player>", pos)
        if end < 0 or pos >= len(buf):
            more = stream.read(1 << 20)
            if not more:
                raise ListFault(f"liste FIDE XML illisible : coupée après la ligne {line}")
            line += buf.count(NL, 0, pos)
            buf, pos = buf[pos:] + more, 0
            continue
        if not (buf.startswith(b"<player>", pos) or buf.startswith(b"<player ", pos)):
            raise ListFault(f"liste FIDE XML illisible : ligne {line + buf.count(NL, 0, pos)}")
        end += len(b"</player>")
        try:
            fast = _XML_PLAYER.match(buf, pos, end)
            typed = None
            if fast is None or fast.end() != end:
                fast, typed = None, _XML_TYPE_PLAYER.match(buf, pos, end)
            if fast is not None:
                values = [
                    html.unescape(v) if "&" in v else v
                    for v in ((g or b"").decode("utf-8") for g in fast.groups())
                ]
            elif typed is not None and typed.end() == end:
                got = [(g or b"").decode("utf-8") for g in typed.groups()]
                got = [html.unescape(v) if "&" in v else v for v in got]
                values = [*got[:6], "", "", "", got[7]]
                values[_RATING_AT[kind or "standard"]] = got[6]
            else:
                fields = _xml_player(buf[pos:end])
                values = [fields.get(name, "") for name in _XML_FIELDS]
                if kind not in (None, "standard") and "rapid_rating" not in fields:
                    values[_RATING_AT[kind or "standard"]], values[6] = values[6], ""
        except (UnicodeDecodeError, expat.ExpatError):
            raise ListFault(
                f"liste FIDE XML illisible : ligne {line + buf.count(NL, 0, pos)}"
            ) from None
        try:
            if b"&" in buf[pos:end] and (entity := _XML_UNKNOWN.search(buf, pos, end)):
                raise _Bad(f"entité XML inconnue « {entity.group().decode('ascii', 'replace')} »")
            for value in values:
                _no_control(value)
            player = _fide(*(v.strip() for v in values))
        except _Bad as exc:
            raise ListFault(
                f"liste FIDE XML : ligne {line + buf.count(NL, 0, pos)} : {exc}"
            ) from None
        yield player
        pos = end
