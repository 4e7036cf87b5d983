"""Player lists from CSV: parsing and checking, all or nothing.

Pure: it takes the file's bytes and returns players or a list of faults, each with
its line number, so the store can refuse the whole import before writing anything.
"""

from __future__ import annotations

import csv
import datetime as dt
import re
from collections.abc import Callable, Generator, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .columns import COLUMNS, KNOWN, Header, header_key, read_header
from .errors import RuleError
from .models import Player, Sex, Title, as_data
from .persons import LABELS, field_fault, whole_fault
from .text import bad_character, character_fault
from .validation import InputError, validated

_RATING = re.compile(r"^(\d{3,4})\s*([FNE])?$")
# « 1 850 », « 1.850 » (a spreadsheet's thousands separator: space, no-break space, dot)
_THOUSANDS = re.compile(r"^(\d)[ .\u00a0\u202f](\d{3})(?=\s*[FNE]?$)")
_FIDE_ID = re.compile(r"[0-9]{1,10}")
_TRUE = {"1", "oui", "o", "yes", "y", "true", "vrai", "x"}
_FALSE = {"", "0", "non", "n", "no", "false", "faux"}


@dataclass
class ImportRow:
    line: int
    player: Player
    tournament: str | None
    team: str | None = None


@dataclass
class ImportReport:
    rows: list[ImportRow] = field(default_factory=list)
    errors: list[tuple[int, str]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors

    def error_text(self) -> str:
        return "\n".join(f"ligne {line} : {msg}" for line, msg in self.errors)


_LATIN_1 = ("latin-1", "latin1", "latin", "iso-8859-1", "iso8859-1", "l1", "cp1252", "windows-1252")


def decode(data: bytes, encoding: str = "utf-8") -> str:
    """Decode the file, refusing to guess: a wrong guess would corrupt every accent."""
    name = encoding.lower().replace("_", "-")
    utf8 = name in ("utf-8", "utf8")
    if name in _LATIN_1:
        # what a French spreadsheet saves as « CSV » is Windows-1252: its Œ, ’ and € are no
        # Latin-1 letters (read as Latin-1, control characters refused as a binary file)
        try:
            return data.decode("cp1252")
        except UnicodeDecodeError:
            pass  # one of the five bytes Windows-1252 leaves out: Latin-1 says which
    try:
        return data.decode("utf-8-sig" if utf8 else encoding)
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        if utf8:
            raise EncodingFault(
                f"ligne {line} : le fichier n'est pas en UTF-8 (probablement Latin-1 / "
                "Windows-1252). Réimportez avec --encoding latin-1, ou enregistrez-le en UTF-8.",
                line,
            ) from None
        raise EncodingFault(
            f"ligne {line} : le fichier n'est pas en {encoding} (essayez utf-8 ou latin-1)", line
        ) from None
    except (LookupError, UnicodeError):  # unknown, or no text codec (« undefined »)
        raise EncodingFault(
            f"encodage « {encoding} » inconnu (par exemple utf-8, latin-1, cp1252)"
        ) from None


class EncodingFault(RuleError):
    """The bytes are not text in the encoding given; the message says which line."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(message)
        self.line = line


_DATE_SHAPES = {
    "%Y-%m-%d": re.compile(r"\d{4}-\d{1,2}-\d{1,2}"),
    "%d/%m/%Y": re.compile(r"\d{1,2}/\d{1,2}/\d{4}"),
    "%Y/%m/%d": re.compile(r"\d{4}/\d{1,2}/\d{1,2}"),
}
EARLIEST_BIRTH = dt.date(1900, 1, 1)


def _parse_date(value: str) -> dt.date | None:
    value = value.strip()
    if not value:
        return None
    for fmt, shape in _DATE_SHAPES.items():
        if shape.fullmatch(value):
            try:
                return dt.datetime.strptime(value, fmt).date()
            except ValueError:
                raise RuleError(f"date impossible « {value} » : ce jour n'existe pas") from None
    raise RuleError(f"date illisible « {value} » (attendu AAAA-MM-JJ ou JJ/MM/AAAA)")


def parse_birth_date(value: str, today: dt.date | None = None) -> dt.date | None:
    """A birth date that can be true: a real day, from 1900 to today."""
    birth = _parse_date(value)
    today = today or dt.date.today()
    if birth is not None and not EARLIEST_BIRTH <= birth <= today:
        raise RuleError(
            f"date de naissance « {value.strip()} » invraisemblable (entre 1900 et aujourd'hui)"
        )
    return birth


def _parse_rating(value: str, label: str) -> int | None:
    value = _THOUSANDS.sub(r"\1\2", value.strip())
    if not value or value == "0":
        return None
    match = _RATING.match(value)
    if not match:
        raise ValueError(
            f"classement {label} illisible « {value} » (attendu 1850, 1850F, 1850N ou 1850E)"
        )
    if int(match.group(1)) > 3500:
        raise ValueError(f"le classement {label} « {value} » dépasse le maximum (3500)")
    return int(match.group(1))


def ffe_fields(cell: Callable[[str], str]) -> dict[str, Any]:
    """Schema 10's fields of one CSV line: the three cadences' ratings with their kind
    letters (« 1850F »; a rating without a letter is the FFE's, N), licence type, FFE
    references, league."""
    out: dict[str, Any] = {}
    kinds = ""
    for name, label in (("standard", "lent"), ("rapid", "rapide"), ("blitz", "blitz")):
        text = cell(f"rating_{name}")
        out[f"rating_{name}"] = rating = _parse_rating(text, label)
        letter = text.strip()[-1:].upper()
        kinds += "-" if rating is None else letter if letter in "FNE" else "N"
    out["rating_kinds"] = "" if kinds == "---" else kinds
    for name in ("ffe_ref", "club_ref"):
        text = cell(name)
        if text and not text.isdigit():
            raise ValueError(f"référence FFE « {text} » illisible (un nombre)")
        out[name] = int(text) if text else None
    out["licence_type"] = cell("licence_type").upper()[:1] or None
    out["league"] = cell("league").upper()[:3] or None
    return out


def _parse_bool(value: str, label: str) -> bool:
    v = value.strip().lower()
    if v in _TRUE:
        return True
    if v in _FALSE:
        return False
    raise ValueError(f"valeur « {value} » illisible pour {label} (oui/non)")


def _parse_fide_id(value: str) -> int | None:
    """Digits only, ten at most: the store keeps it as a 64-bit integer."""
    if not value:
        return None
    if not _FIDE_ID.fullmatch(value):
        raise ValueError(f"identifiant FIDE « {value} » illisible (des chiffres, 10 au plus)")
    return int(value)


def _parse_title(value: str) -> Title | None:
    if not value:
        return None
    try:
        return Title(value.upper())
    except ValueError:
        raise ValueError(f"titre inconnu « {value} »") from None


_SEXES = {"m": Sex.MALE, "h": Sex.MALE, "f": Sex.FEMALE, "w": Sex.FEMALE}


def _parse_sex(value: str) -> Sex | None:
    v = value.strip().lower()
    if not v:
        return None
    if v not in _SEXES:
        raise ValueError(f"sexe « {value} » illisible (M ou F)")
    return _SEXES[v]


_PHONE = re.compile(r"\+?[0-9 .()/-]+")


def _parse_phone(value: str) -> str | None:
    """A telephone number: digits, with spaces, dots, dashes, brackets and a leading +
    as people write them (« 06 12 34 56 78 », « +33 6… »); 6 to 20 digits."""
    text = value.strip()
    if not text:
        return None
    digits = sum(c.isdigit() for c in text)
    if not _PHONE.fullmatch(text) or not 6 <= digits <= 20:
        raise ValueError(
            f"téléphone « {text[:40]} » illisible : un numéro en chiffres (ex. 06 12 34 56 78 "
            "ou +33 6 12 34 56 78)"
        )
    return text


# the means a fee is paid by, as arbiters write them (refunds are made the same way)
PAYMENT_MEANS = (
    "CB",
    "carte",
    "carte bancaire",
    "chèque",
    "cheque",
    "espèces",
    "especes",
    "virement",
    "en ligne",
    "HelloAsso",
    "chèque vacances",
    "ANCV",
    "gratuit",
)
_MEANS = {m.casefold(): m for m in PAYMENT_MEANS}


def _parse_payment(value: str) -> str | None:
    """How a fee was paid: one of PAYMENT_MEANS (case aside), as typed."""
    text = value.strip()
    if not text:
        return None
    if text.casefold() not in _MEANS:
        raise ValueError(
            f"moyen de paiement « {text[:40]} » inconnu : CB, chèque, espèces, virement, "
            "en ligne (HelloAsso), chèque vacances (ANCV) ou gratuit"
        )
    return text


def _parse_federation(value: str) -> str:
    v = value.strip().upper()
    if v and not re.fullmatch(r"[A-Z]{3}", v):
        raise ValueError(f"fédération « {value} » illisible (trois lettres, ex. FRA)")
    return v or "FRA"


# A person's fields typed one by one (`arbitre register`, `players edit`, the app's form),
# read by the very parsers of the CSV columns: the same text means the same thing.
FIELD_PARSERS: dict[str, Callable[[str], Any]] = {
    "surname": lambda v: v.strip(),
    "first_name": lambda v: v.strip(),
    "sex": _parse_sex,
    "birth_date": lambda v: parse_birth_date(v),
    "federation": _parse_federation,
    "fide_id": _parse_fide_id,
    "ffe_code": lambda v: v.strip().upper() or None,
    "club": lambda v: v.strip(),
    "title": lambda v: _parse_title(v.strip()),
    "rating_fide": lambda v: _parse_rating(v, "FIDE"),
    "rating_ffe": lambda v: _parse_rating(v, "FFE"),
    "phone": _parse_phone,
    "email": lambda v: v.strip() or None,
    "fee_category": lambda v: v.strip() or None,
    "paid": lambda v: _parse_bool(v, "payé"),
    "payment_method": _parse_payment,
    "nationality": lambda v: v.strip() or None,
    "eu": lambda v: _parse_bool(v, "UE") if v.strip() else None,
    "transferred": lambda v: _parse_bool(v, "muté"),
    "licence_date": lambda v: _parse_date(v),
    "plays_national_for": lambda v: v.strip() or None,
    "residence_since": lambda v: _parse_date(v),
}


def parse_fields(raw: Mapping[str, str]) -> dict[str, Any]:
    """Each field typed (Player's names) read as the CSV reads its column; the first
    fault refused in French. An empty text clears an optional field."""
    values: dict[str, Any] = {}
    for name, text in raw.items():
        try:
            values[name] = FIELD_PARSERS[name](text)
        except RuleError:
            raise
        except ValueError as exc:
            raise RuleError(str(exc)) from None
    return values


def _parse_moment(value: str) -> dt.datetime | None:
    if not value:
        return None
    try:
        return dt.datetime.fromisoformat(value)
    except ValueError:
        raise ValueError(
            f"date d'inscription illisible « {value} » (attendu AAAA-MM-JJ HH:MM)"
        ) from None


def _csv_fault(exc: csv.Error) -> str:
    if "field larger" in str(exc):
        return "champ trop long (plus de 128 Ko) : le fichier est-il bien un CSV ?"
    return "ligne illisible (guillemets ou séparateurs mal placés)"


def _separator(text: str) -> str:
    """The one of , ; tab that cuts the header line into the most known columns.

    Read from the header alone, whose names are known: csv.Sniffer guessed from the
    data too, and a name like « ";" » in a comma file made it pick the semicolon.
    """
    first = next(_lines(text), "").rstrip("\r\n")

    def known(separator: str) -> int:
        try:
            cells = next(csv.reader([first], delimiter=separator, skipinitialspace=True), [])
        except csv.Error:
            return 0
        return sum(header_key(cell) in KNOWN for cell in cells)

    return max(",;\t", key=known)  # a tie (one column, or none known): the comma


Fault = tuple[int, str]  # a line number and what is wrong there, in French
Cells = tuple[int, list[str]]


def parse_players_csv(text: str) -> ImportReport:
    """Read a player list; every fault is reported, none is fixed silently."""
    report = ImportReport()
    for item in read_players_csv(text):
        if isinstance(item, ImportRow):
            report.rows.append(item)
        else:
            report.errors.append(item)
    return report


def read_players_csv(text: str) -> Iterator[ImportRow | Fault]:
    """The players of a CSV one by one, or each line's fault: memory stays bounded.

    Two passes over the text: the first keeps only a 64-bit digest of each person's keys
    (FIDE id, FFE licence, name and birth date, the row itself) to find who is there
    twice; the second reads each player, and tells a digest collision from a true double.
    """
    index = yield from _header(text)
    if index is None:
        return
    width = len(next(_reader(text), []))  # the header's columns
    suspects = _suspected_doubles(text, index)
    firsts = set(suspects.values())
    keys_of: dict[int, dict[_Key, str]] = {}
    try:
        for line_no, cells in _records(text):
            if fault := _record_fault(cells, index, width):
                yield line_no, fault
                continue

            def cell(name: str, cells: list[str] = cells) -> str:
                i = index.get(name)
                return cells[i].strip() if i is not None and i < len(cells) else ""

            try:
                surname = cell("surname")
                if not surname:
                    raise ValueError("nom manquant")
                sex = _parse_sex(cell("sex"))
                fide_id = _parse_fide_id(cell("fide_id"))
                player = validated(
                    Player,
                    surname=surname,
                    first_name=cell("first_name"),
                    sex=sex,
                    birth_date=parse_birth_date(cell("birth_date")),
                    federation=_parse_federation(cell("federation")),
                    fide_id=fide_id,
                    ffe_code=cell("ffe_code") or None,
                    club=cell("club"),
                    title=_parse_title(cell("title")),
                    rating_fide=_parse_rating(cell("rating_fide"), "FIDE"),
                    rating_ffe=_parse_rating(cell("rating_ffe"), "FFE"),
                    phone=_parse_phone(cell("phone")),
                    email=cell("email") or None,
                    fee_category=cell("fee_category") or None,
                    paid=_parse_bool(cell("paid"), "payé"),
                    registered_at=_parse_moment(cell("registered_at")),
                    payment_method=_parse_payment(cell("payment_method")),
                    nationality=cell("nationality") or None,
                    eu=_parse_bool(cell("eu"), "UE") if cell("eu") else None,
                    transferred=_parse_bool(cell("transferred"), "muté"),
                    licence_date=_parse_date(cell("licence_date")),
                    plays_national_for=cell("plays_national_for") or None,
                    residence_since=_parse_date(cell("residence_since")),
                    **ffe_fields(cell),
                )
            except InputError as exc:
                yield line_no, exc.message
                continue
            except ValueError as exc:  # each parser above says what is wrong, in French
                yield line_no, str(exc)
                continue
            if fault := person_fault(player):  # as an entry typed by hand: the same bounds
                yield line_no, fault
                continue
            keys = _person_keys(cells, index)
            if line_no in firsts:
                keys_of[line_no] = keys
            first = suspects.get(line_no)
            if first is not None and (same := keys.keys() & keys_of.get(first, {}).keys()):
                what = keys[min(same)]
                yield line_no, f"{what} déjà à la ligne {first} (une personne deux fois)"
                continue
            yield ImportRow(line_no, player, cell("tournament") or None, cell("team") or None)
    except _Unreadable as exc:
        yield exc.fault


def _reader(text: str) -> Iterator[list[str]]:
    # a CR alone ends a line too (old Mac files), line ends kept as the csv module expects;
    # the quoting is the spreadsheets' (a quote doubled inside quotes)
    return csv.reader(_lines(text), csv.excel, delimiter=_separator(text), skipinitialspace=True)


_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")


def _lines(text: str) -> Iterator[str]:
    """The lines of ``text`` with their ends, one at a time: io.StringIO would copy the
    whole text (four bytes a character)."""
    return (match.group() for match in _LINE.finditer(text))


def sheet_header(text: str) -> Header:
    """What each column of the sheet becomes (`players import` says what it leaves aside,
    `--apercu` shows every column), or the header's fault."""
    try:
        cells = next(_reader(text))
    except StopIteration:
        return Header(fault="fichier vide")
    except csv.Error as exc:
        return Header(fault=_csv_fault(exc))
    return read_header(cells)


@dataclass
class SheetPreview:
    """`players import --apercu`: what each column becomes, the first player's cells,
    and what the rows give — read, nothing written."""

    header: Header
    separator: str
    sample: list[str]
    rows: int
    errors: list[Fault]


def sheet_preview(text: str) -> SheetPreview:
    header = sheet_header(text)
    sample: list[str] = []
    rows, errors = 0, []
    if header.fault is None:
        try:
            sample = next(_records(text), (0, []))[1]
        except _Unreadable:
            sample = []
        for item in read_players_csv(text):
            if isinstance(item, ImportRow):
                rows += 1
            else:
                errors.append(item)
    return SheetPreview(header, _separator(text), sample, rows, errors)


def _header(text: str) -> Generator[Fault, None, dict[str, int] | None]:
    """The columns of the header line (field name to position), or its fault."""
    header = sheet_header(text)
    if header.fault is not None:
        yield 1, header.fault
        return None
    return header.index


class _Unreadable(Exception):
    """A record the csv module cannot cut: nothing after it can be read reliably."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.fault = (line, message)


def _records(text: str) -> Iterator[tuple[int, list[str]]]:
    """The non-empty records after the header, with their number."""
    reader = _reader(text)
    next(reader, None)
    rows = enumerate(reader, start=2)
    line_no = 1
    while True:
        try:
            line_no, cells = next(rows)
        except StopIteration:
            return
        except csv.Error as exc:
            raise _Unreadable(line_no + 1, _csv_fault(exc)) from None
        if any(c.strip() for c in cells):
            yield line_no, cells


def _record_fault(cells: list[str], index: dict[str, int], width: int = 0) -> str | None:
    """A record no field can be read from: a line break or a control character inside, or
    more filled fields than the header has columns (a separator too many: every field
    after it would be read in the wrong column)."""
    if width and any(c.strip() for c in cells[width:]):
        return (
            f"{len(cells)} champs pour {width} colonnes dans l'en-tête : un séparateur de "
            "trop (une virgule dans un nom sans guillemets ?)"
        )
    if any("\n" in cells[i] or "\r" in cells[i] for i in index.values() if i < len(cells)):
        # a quote opened and never closed swallows the lines after it into one cell
        return "retour à la ligne dans un champ : guillemet non fermé ?"
    return _control_fault(cells, index)


def _control_fault(cells: list[str], index: dict[str, int]) -> str | None:
    for name, i in index.items():
        if i < len(cells) and (fault := _control_in(cells[i], name)):
            return f"{fault} : le fichier est-il abîmé ou binaire ?"
    return None


def _control_in(value: str, column: str) -> str | None:
    """A control character in a name is a binary or damaged file, never a person's name:
    the one rule of typed text (rules/text.py), said with the column."""
    found = bad_character(value)
    if found is None:
        return None
    label = COLUMNS[column][0] if column in COLUMNS else column
    if found[0] == "control":
        return f"caractère de contrôle (code {found[1]}) dans la colonne {label}"
    return f"colonne {label} : {character_fault(value)}"


def person_fault(player: Player) -> str | None:
    """What an entry (`arbitre register`, the screen's late entry, the player's form, a
    CSV's row) must not hold: a blank or invisible name, a control, bidi or invisible
    character, a byte the terminal sent that is not UTF-8, a text past its length, an
    emoji where Papi writes it, an e-mail that has not the shape of one."""
    if not player.surname.strip():
        return "le nom est vide"
    for column, value in as_data(player).items():
        if not isinstance(value, str):
            continue
        if fault := _control_in(value, column):
            return fault
        label = LABELS.get(column) or (COLUMNS[column][0] if column in COLUMNS else column)
        if fault := field_fault(column, label.capitalize(), value):
            return fault
    return whole_fault(player)


_Key = tuple[str, ...]


def _person_keys(cells: list[str], index: dict[str, int]) -> dict[_Key, str]:
    """What makes one person one (each key with its words): FIDE id, FFE licence, name
    and birth date; the row itself when none of them is there."""

    def cell(name: str) -> str:
        i = index.get(name)
        return cells[i].strip() if i is not None and i < len(cells) else ""

    keys: dict[_Key, str] = {}
    fide = cell("fide_id")
    if _FIDE_ID.fullmatch(fide) and int(fide):
        keys[("1fide", str(int(fide)))] = f"identifiant FIDE {int(fide)}"
    if licence := cell("ffe_code").upper():
        keys[("2ffe", licence)] = f"licence FFE {licence}"
    try:
        birth = _parse_date(cell("birth_date"))
    except RuleError:
        birth = None
    if birth is not None:
        name = f"{cell('surname')} {cell('first_name')}".strip()
        who = (cell("surname").casefold(), cell("first_name").casefold(), birth.isoformat())
        keys[("3who", *who)] = f"{name} né(e) le {birth:%d/%m/%Y}"
    if not keys:
        keys[("4row", *(c.strip() for c in cells))] = "ligne identique"
    return keys


_SEEN_BITS = 1 << 24  # 2 MiB of bits: what pass one remembers of each key, whatever the file


def _suspected_doubles(text: str, index: dict[str, int]) -> dict[int, int]:
    """Pass one: each line that shares a key digest with an earlier one, and that line.

    A bit per key digest in a fixed 2 MiB map, then a second look at the few digests
    met twice: a list of 100 000 players costs a few MB, not the players themselves.
    """
    seen, twice = bytearray(_SEEN_BITS // 8), set()
    for _, keys in _all_keys(text, index):
        for digest in keys:
            bit = digest % _SEEN_BITS
            if seen[bit >> 3] & (1 << (bit & 7)):
                twice.add(digest)
            seen[bit >> 3] |= 1 << (bit & 7)
    del seen
    first: dict[int, int] = {}
    suspects: dict[int, int] = {}
    for line_no, keys in _all_keys(text, index):
        for digest in keys & twice:
            if digest in first:
                suspects[line_no] = min(first[digest], suspects.get(line_no, line_no))
            else:
                first[digest] = line_no
    return suspects


def _all_keys(text: str, index: dict[str, int]) -> Iterator[tuple[int, set[int]]]:
    """Each record's line and the digests of its keys (to the first unreadable record)."""
    try:
        for line_no, cells in _records(text):
            yield line_no, {hash(key) for key in _person_keys(cells, index)}
    except _Unreadable:
        return  # pass two reports it
