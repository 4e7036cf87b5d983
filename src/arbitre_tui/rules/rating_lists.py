"""Rating lists read offline: FIDE's players list (XML and TXT) and the FFE's players base.

Pure: each reader takes a binary stream the caller opened and yields one ``ListedPlayer``
at a time, so a list of a million players never sits in memory whole. The formats, as
FIDE and the FFE publish them, are described in docs/listes-elo.md.
"""

from __future__ import annotations

import csv
import datetime as dt
import re
from collections.abc import Iterator
from operator import itemgetter
from typing import IO

from .cadences import KINDS
from .cadences import rating_kind as rating_kind  # its home until issue 50
from .fide_xml import read_fide_xml
from .listed import _CONTROL, _Bad, _fide, _int, _no_control, _title
from .listed import FORMATS as FORMATS
from .listed import KIND_LABELS as KIND_LABELS
from .listed import RATING_MAX as RATING_MAX
from .listed import Kind as Kind
from .listed import ListedPlayer as ListedPlayer
from .listed import ListFault as ListFault
from .models import Player, Sex, Title
from .text import decode
from .validation import validated

# -- the event's cadence -------------------------------------------------------------------


def every_cadence(fide: ListedPlayer | None, ffe: ListedPlayer | None) -> dict[str, object]:
    """Player's fields of the three cadences' ratings from the lists: FIDE's (F), else the
    FFE's with the kind its base gives it (F a FIDE rating, N national, E its estimate:
    « 1200E » stays estimated; N when the base says nothing), as Papi files them."""
    out: dict[str, object] = {}
    kinds = ""
    for kind in KINDS:
        own = fide.rating(kind) if fide else None
        national = ffe.rating(kind) if ffe else None
        out[f"rating_{kind}"] = own or national
        said = getattr(ffe, f"{kind}_kind", "") if ffe else ""
        kinds += "F" if own else (said or "N") if national else "-"
    out["rating_kinds"] = "" if kinds == "---" else kinds
    return out


# -- the FFE's age categories --------------------------------------------------------------

_CATEGORIES = ((8, "U8"), (10, "U10"), (12, "U12"), (14, "U14"), (16, "U16"), (18, "U18"),
               (20, "U20"), (50, "Sen"), (65, "S50"))  # fmt: skip


def ffe_category(birth_year: int, sex: str, on: dt.date) -> str:
    """« U12F », « Sen », « S65 »: the age on 1 January of the season (1 September–31 August),
    by the year of birth, as the FFE counts it; « F » after a woman's category."""
    season_year = on.year + 1 if on.month >= 9 else on.year
    age = season_year - birth_year - 1
    name = next((label for limit, label in _CATEGORIES if age < limit), "S65")
    return name + ("F" if sex == "F" else "")


# -- a list player as a registration --------------------------------------------------------


def as_player(
    fide: ListedPlayer | None,
    ffe: ListedPlayer | None,
    kind: Kind,
    on: dt.date,
    fallback: bool = False,
) -> Player:
    """The registration the lists fill for one person (found in FIDE's list, the FFE's
    base, or both): name, birth (1 January when only the year is known: age categories
    count by the year), federation, title, the cadence's rating (FIDE's list as FIDE
    rating, the FFE's base as FFE rating), licence, club, category."""
    main = ffe or fide
    if main is None:
        raise ValueError("as_player: no list row")
    day = ffe.birth_date if ffe else None
    birth = day or next(
        (dt.date(p.birth_year, 1, 1) for p in (ffe, fide) if p and p.birth_year), None
    )
    title = (fide.title if fide else "") or main.title
    return validated(
        Player,
        surname=main.surname,
        first_name=main.first_name,
        sex={"M": Sex.MALE, "F": Sex.FEMALE}.get(main.sex),
        birth_date=birth,
        birth_year_only=birth is not None and day is None,
        federation=((fide.federation if fide else "") or main.federation or "FRA")[:3],
        fide_id=(fide.fide_id if fide else None) or main.fide_id,
        ffe_code=ffe.ffe_licence if ffe else None,
        club=ffe.club if ffe else "",
        title=Title(title) if title in Title.__members__ else None,
        rating_fide=fide.effective(kind, fallback) if fide else None,
        rating_ffe=ffe.effective(kind, fallback) if ffe else None,
        **every_cadence(fide, ffe),
        licence_type=(ffe.licence_type[:1] or None) if ffe else None,
        # the FFE base's keys, which Papi's JOUEUR carries (RefFFE, ClubRef, Ligue: 50.3)
        ffe_ref=ffe.ffe_ref if ffe else None,
        club_ref=ffe.club_ref if ffe else None,
        league=(ffe.league[:3] or None) if ffe else None,
        fee_category=(ffe.category if ffe else "")
        or (ffe_category(birth.year, main.sex, on) if birth else None),
    )


# -- FIDE, TXT (players_list_foa.txt) -------------------------------------------------------

# The header FIDE writes; each column starts where its name does (0-based):
# ID Number 0, Name 15, Fed 76, Sex 80, Tit 84, WTit 89, OTit 94, FOA 109, SRtng 113,
# SGm 119, SK 123, RRtng 126, RGm 132, Rk 136, BRtng 139, BGm 145, BK 149, B-day 152, Flag 158
TXT_COLUMNS = ("ID Number", "Name", "Fed", "Sex", "Tit", "WTit", "OTit", "FOA", "SRtng",
               "SGm", "SK", "RRtng", "RGm", "Rk", "BRtng", "BGm", "BK", "B-day", "Flag")  # fmt: skip


def _txt_columns(
    header: str, names: tuple[str, ...] = TXT_COLUMNS
) -> dict[str, tuple[int, int | None]]:
    """Each column's slice, from where the header writes its name (FIDE has moved
    columns before: the header is the authority, not fixed numbers)."""
    starts: list[tuple[int, str]] = []
    at = 0
    for name in names:
        found = re.compile(rf"(?<!\S){re.escape(name)}(?!\S)").search(header, at)
        if found is None:
            raise ListFault(
                f"liste FIDE TXT : colonne « {name} » absente de l'en-tête (ligne 1) ; "
                "attendu l'en-tête d'une liste FIDE (players_list_foa.txt, standard_rating_list.txt…)"
            )
        starts.append((found.start(), name))
        at = found.end()
    return {
        name: (start, starts[i + 1][0] if i + 1 < len(starts) else None)
        for i, (start, name) in enumerate(starts)
    }


# FIDE's lines are 162 characters, an FFE row a few hundred: a longer one is no list's
LINE_MAX = 4096


def _text_lines(
    stream: IO[bytes], what: str = "liste", ended: list[bool] | None = None
) -> Iterator[tuple[int, str]]:
    """Lines as text (rules.text.decode: older lists, a base exported on Windows), line by
    line; UTF-8 tried inline first, FIDE's million lines being UTF-8. A line is read up
    to LINE_MAX bytes: a giant one (a binary file) is refused, never held whole."""
    number = 0
    while raw := stream.readline(LINE_MAX + 1):
        number += 1
        if len(raw) > LINE_MAX and not raw.endswith(b"\n"):
            raise ListFault(
                f"{what} : ligne {number} de plus de {LINE_MAX} caractères : ce n'est pas "
                "une liste (fichier binaire ?)"
            )
        if ended is not None:  # the last line of a file cut short has no end
            ended[0] = raw.endswith(b"\n")
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            line = decode(raw)[0]
        yield number, line.rstrip("\r\n")


# FIDE's lists of one cadence (standard_rating_list.txt, rapid_…, blitz_…: the only form
# FIDE keeps of past months): the rating's column is named by its month (« JAN25 »)
TYPE_COLUMNS = ("ID Number", "Name", "Fed", "Sex", "Tit", "WTit", "OTit", "FOA", "<month>",
                "Gms", "K", "B-day", "Flag")  # fmt: skip
_MONTH = re.compile(r"(?<!\S)[A-Z]{3}\d{2}(?!\S)")


def kind_in_name(name: str) -> Kind | None:
    """The cadence a per-type list's file name says (« rapid_rating_list_… »), else None."""
    low = name.lower()
    found = [k for k in ("standard", "rapid", "blitz") if k in low]
    return found[0] if len(found) == 1 else None  # type: ignore[return-value]


def _type_columns(header: str) -> dict[str, tuple[int, int | None]]:
    """A per-type list's columns, the rating's named « <month> »."""
    month = _MONTH.search(header, header.find("FOA") + 3 if "FOA" in header else 0)
    if month is None:
        raise ListFault(
            "liste FIDE TXT : ni « SRtng » (liste complète) ni colonne du mois (« JAN25 », "
            "liste d'une cadence) dans l'en-tête (ligne 1)"
        )
    cols = _txt_columns(
        header, tuple(month.group(0) if c == "<month>" else c for c in TYPE_COLUMNS)
    )
    cols["<month>"] = cols.pop(month.group(0))
    return cols


def read_fide_txt(stream: IO[bytes], kind: Kind | None = None) -> Iterator[ListedPlayer]:
    """The fixed-width list, one line at a time: the full list (three ratings) or one
    cadence's (``kind``, from its file name: the month's column is that rating)."""
    ended = [True]
    lines = _text_lines(stream, "liste FIDE TXT", ended)
    header = next(lines, (1, ""))[1].lstrip("\ufeff")
    if re.search(r"(?<!\S)SRtng(?!\S)", header):
        cols = _txt_columns(header)
        ratings: tuple[str, ...] = ("SRtng", "RRtng", "BRtng")
    else:
        if kind is None:
            raise ListFault(
                "liste FIDE d'une seule cadence : son nom doit dire laquelle (standard_, "
                "rapid_ ou blitz_rating_list), comme FIDE la nomme"
            )
        cols = _type_columns(header)
        cols["-"] = (0, 0)  # the two cadences this list does not give: empty
        ratings = tuple("<month>" if k == kind else "-" for k in ("standard", "rapid", "blitz"))
    wanted = ("ID Number", "Name", "Fed", "Sex", "Tit", "WTit", *ratings, "B-day")
    cut = itemgetter(*(slice(*cols[name]) for name in wanted))  # the ten fields, in C
    strip = str.strip
    shortest = cols["Name"][0] + 1  # an id and a name at least
    whole = cols["B-day"][0] + 4  # a line FIDE wrote to its end (its last columns empty)
    search = _CONTROL.search
    for number, line in lines:
        if len(line) < shortest or (not ended[0] and len(line.rstrip()) < whole):
            if not line.strip():
                continue
            raise ListFault(
                f"liste FIDE TXT : ligne {number} coupée ({len(line)} caractères"
                f"{'' if ended[0] else ', sans fin de ligne'}) : fichier incomplet ?"
            )
        fields = list(map(strip, cut(line)))
        try:
            if search(line):
                _no_control(line)
            if not fields[0].isdigit():
                raise _Bad("sans identifiant FIDE")
            player = _fide(*fields)
        except _Bad as exc:
            raise ListFault(f"liste FIDE TXT : ligne {number} : {exc}") from None
        yield player


# -- FFE: the players base as a CSV -----------------------------------------------------------

# The columns of the FFE's players base (table JOUEUR of Papi's Data.mdb, as `mdb-export`
# writes it) and the French headers of a spreadsheet export; one name per line, any case.
FFE_COLUMNS: dict[str, tuple[str, ...]] = {
    "licence": ("nrffe", "licence", "n° licence", "numéro de licence", "code_ffe"),
    "surname": ("nom",),
    "first_name": ("prenom", "prénom"),
    "sex": ("sexe",),
    "birth": ("nele", "naissance", "date de naissance", "date_naissance"),
    "federation": ("federation", "fédération", "fede", "fed"),
    "fide_id": ("fidecode", "fide_id", "id fide", "code fide"),
    "title": ("fidetitre", "titre"),
    "standard": ("elo", "elo lent", "elo_lent"),
    "rapid": ("rapide", "elo rapide", "elo_rapide"),
    "blitz": ("blitz", "elo blitz", "elo_blitz"),
    "club": ("club",),
    "category": ("cat", "catégorie", "categorie"),
    "licence_type": ("afftype", "type de licence", "type licence", "type_licence"),
    "ffe_ref": ("ref", "refffe"),
    "club_ref": ("clubref",),
    "league": ("ligue",),
    "standard_kind": ("fide",),
    "rapid_kind": ("rapidefide",),
    "blitz_kind": ("blitzfide",),
}
_KNOWN_FFE = {alias: field for field, aliases in FFE_COLUMNS.items() for alias in aliases}
# Papi writes titles in lower-case letters: g, m, f, gf, mf, ff (women's titles with f)
_PAPI_TITLES = {"g": "GM", "m": "IM", "f": "FM", "c": "CM", "gf": "WGM", "mf": "WIM",
                "ff": "WFM", "cf": "WCM"}  # fmt: skip
_RATING = re.compile(r"^\s*(\d{3,4})\s*[FNE]?\s*$")


def _ffe_rating(text: str, what: str = "Elo") -> int | None:
    """« 1850 », « 1850F » (Papi's suffix: F FIDE, N national, E estimated), « 0 » or
    nothing: none; anything else (« 15000 », « abcd », « -100 ») refused."""
    if not text or text == "0":
        return None
    found = _RATING.match(text)
    if found is None or int(found.group(1)) > RATING_MAX:
        raise _Bad(f"{what} « {text[:12]} » impossible (de 100 à {RATING_MAX}, ex. 1850F)")
    return int(found.group(1)) or None


def _ffe_birth(text: str) -> tuple[int | None, dt.date | None]:
    """« 2012-03-14 » (mdb-export -D '%Y-%m-%d') or « 14/03/2012 » (a spreadsheet), a
    time after it ignored; a year alone. Never a two-digit year: 1965 or 2065?"""
    text = text[:10]
    try:
        if len(text) == 10 and text[4] == "-":
            day = dt.date.fromisoformat(text)
        elif len(text) == 10 and text[2] == "/" and text[5] == "/":
            day = dt.date(int(text[6:]), int(text[3:5]), int(text[:2]))
        else:
            return (int(text), None) if len(text) == 4 and text.isdigit() else (None, None)
    except ValueError:
        return None, None
    return day.year, day


def read_ffe_csv(
    stream: IO[bytes], tally: dict[str, int] | None = None, *, strict_birth: bool = True
) -> Iterator[ListedPlayer]:
    """The FFE's players as a CSV (« ; », « , » or tab; UTF-8 or Latin-1), columns by
    header; one csv reader over the decoded lines (a quoted field may hold a newline).
    ``tally`` counts what is left out and said after: « no_licence » rows (skipped, not
    refusing the base), « birth_unreadable » cells (a birth column present but not a date:
    only with ``strict_birth`` off, Data.mdb's export through mdbtools; a CSV refuses them
    with their line)."""
    lines = _text_lines(stream, "liste FFE")
    first = next(lines, (1, ""))[1].lstrip("\ufeff")
    separator = max(";,\t", key=first.count)
    try:
        header = next(csv.reader([first], delimiter=separator), [])
    except csv.Error:
        raise ListFault(f"liste FFE : ligne 1 illisible ({_CSV_FAULT})") from None
    index: dict[str, int] = {}
    for i, title in enumerate(header):
        field = _KNOWN_FFE.get(title.strip().lower())
        if field and field not in index:
            index[field] = i
    if "surname" not in index or "licence" not in index:
        raise ListFault(
            "liste FFE : colonnes « NrFFE » (ou « licence ») et « Nom » attendues dans "
            "l'en-tête (voir docs/listes-elo.md)"
        )
    fields = tuple(FFE_COLUMNS)
    at = [index.get(name, -1) for name in fields]
    reader = csv.reader((line for _number, line in lines), delimiter=separator, strict=True)
    try:
        yield from _ffe_players(
            reader, at, fields, tally if tally is not None else {}, strict_birth
        )
    except csv.Error:
        raise ListFault(
            f"liste FFE : ligne {reader.line_num + 1} illisible ({_CSV_FAULT})"
        ) from None
    except _Bad as exc:
        raise ListFault(f"liste FFE : ligne {reader.line_num + 1} : {exc}") from None


_CSV_FAULT = "guillemets ou séparateurs mal placés"


# the FFE's licence: a letter and five digits (« K12345 »)
_LICENCE = re.compile(r"[A-Z][0-9]{5}")


def _ffe_players(
    reader: Iterator[list[str]],
    at: list[int],
    fields: tuple[str, ...],
    tally: dict[str, int],
    strict_birth: bool = True,
) -> Iterator[ListedPlayer]:
    """The base's rows, cell by cell as the header placed them; a cell no FFE base holds
    raises _Bad (the reader says the line)."""
    tally.setdefault("no_licence", 0)
    tally.setdefault("birth_unreadable", 0)
    seen: dict[str, int] = {}
    width = max(at) + 1
    for row, cells in enumerate(reader, start=2):
        size = len(cells)
        for cell in cells:
            _no_control(cell)
        c = dict(zip(fields, (cells[i].strip() if 0 <= i < size else "" for i in at), strict=True))
        licence = c["licence"].upper()
        if not licence:  # a member without a licence number (yet): skipped and counted
            if any(x.strip() for x in cells):
                tally["no_licence"] += 1
            continue
        if size < width:
            raise _Bad(f"{size} colonne(s), l'en-tête en a au moins {width} : ligne coupée ?")
        if not _LICENCE.fullmatch(licence):
            raise _Bad(f"licence « {licence[:12]} » illisible (une lettre et cinq chiffres)")
        if licence in seen:
            raise _Bad(f"licence {licence} en double (déjà ligne {seen[licence]})")
        seen[licence] = row
        if not c["surname"]:
            raise _Bad(f"licence {licence} sans nom")
        year, day = _ffe_birth(c["birth"])
        if year is None and c["birth"]:
            if strict_birth:
                raise _Bad(
                    f"date de naissance « {c['birth'][:12]} » illisible ou impossible "
                    "(AAAA-MM-JJ, JJ/MM/AAAA ou AAAA : jamais deux chiffres d'année)"
                )
            tally["birth_unreadable"] += 1
        if c["fide_id"].strip("'\" ") and _int(c["fide_id"].strip("'\" ")) is None:
            raise _Bad(f"identifiant FIDE « {c['fide_id'][:12]} » illisible")
        raw_title = c["title"].lower()
        yield ListedPlayer(
            "ffe", c["surname"], c["first_name"], _int(c["fide_id"].strip("'\" ")), licence,
            (c["federation"] or "FRA").upper(), c["sex"][:1].upper(),
            _PAPI_TITLES.get(raw_title) or (_title(raw_title, "") if raw_title else ""),
            _ffe_rating(c["standard"], "Elo lent"), _ffe_rating(c["rapid"], "Elo rapide"),
            _ffe_rating(c["blitz"], "Elo blitz"),
            year, day, c["club"], c["category"], c["licence_type"].upper()[:1],
            _int(c["ffe_ref"]), _int(c["club_ref"]), c["league"].upper()[:3],
            *(_kind(c[k], c[r]) for k, r in _KINDS),
        )  # fmt: skip


_KINDS = (("standard_kind", "standard"), ("rapid_kind", "rapid"), ("blitz_kind", "blitz"))


def _kind(cell: str, rating: str) -> str:
    """A rating's kind, F, N or E: its column (Papi's Fide…), else the rating's suffix."""
    letter = (cell or rating.strip()[-1:]).upper()
    return letter if letter in ("F", "N", "E") else ""


def sniff(head: bytes) -> str | None:
    """The format a list's first bytes show, or None."""
    start = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if start.startswith(b"<"):
        return "fide-xml"
    first = start.split(b"\n", 1)[0]
    if first.startswith(b"ID Number"):
        return "fide-txt"
    if b"nrffe" in first.lower() or b"licence" in first.lower():
        return "ffe-csv"
    return None


def read(
    stream: IO[bytes],
    fmt: str,
    kind: Kind | None = None,
    tally: dict[str, int] | None = None,
    *,
    strict_birth: bool = True,
) -> Iterator[ListedPlayer]:
    """The players of a list; ``kind``: the cadence of a per-type list (its file name);
    ``tally``: what the FFE's base leaves out (see :func:`read_ffe_csv`)."""
    if fmt == "fide-txt":
        return read_fide_txt(stream, kind)
    if fmt == "fide-xml":
        return read_fide_xml(stream, kind)
    return read_ffe_csv(stream, tally, strict_birth=strict_birth)


# -- a registered player against the lists ----------------------------------------------------


def differences(
    player: Player,
    fide: ListedPlayer | None,
    ffe: ListedPlayer | None,
    kind: Kind,
    *,
    fide_loaded: bool,
    ffe_loaded: bool,
    fallback: bool = False,
) -> list[str]:
    """What the lists say otherwise than the registration, in the arbiter's words; the
    rating compared is the one of the event's cadence. A list not imported says nothing."""
    said: list[str] = []
    label = KIND_LABELS[kind]
    if player.fide_id and fide_loaded:
        if fide is None:
            said.append(f"FIDE {player.fide_id} absent de la liste FIDE")
        elif fide.effective(kind, fallback) != player.rating_fide:
            said.append(
                f"{label} FIDE : inscrit {player.rating_fide or 'non classé'}, "
                f"liste {fide.effective(kind, fallback) or 'non classé'}"
            )
    if ffe_loaded:
        mine = (player.ffe_code or "").strip().upper()
        if mine and ffe is None:
            said.append(f"licence {mine} absente de la base FFE")
        elif ffe is not None and mine != ffe.ffe_licence:
            said.append(f"licence : inscrite {mine or 'aucune'}, base FFE {ffe.ffe_licence}")
        elif (
            ffe is not None
            and (player.rating_ffe or not player.rating_fide)  # an FFE rating is the one used
            and ffe.effective(kind, fallback) != player.rating_ffe
        ):
            said.append(
                f"{label} FFE : inscrit {player.rating_ffe or 'non classé'}, "
                f"base {ffe.effective(kind, fallback) or 'non classé'}"
            )
    return said
