"""A player of a rating list as the readers yield it, and the cells every reader checks
the same way (FIDE's ratings, years, titles; no control character): shared by
rules/rating_lists.py and rules/fide_xml.py."""

from __future__ import annotations

import datetime as dt
import re
from typing import Literal, NamedTuple

from .cadences import Kind as Kind
from .errors import RuleError
from .models import Title

FORMATS = ("fide-xml", "fide-txt", "ffe-csv")

KIND_LABELS: dict[Kind, str] = {"standard": "Elo lent", "rapid": "Elo rapide", "blitz": "Elo blitz"}


class ListFault(RuleError):
    """A list that cannot be read as the format says; the message names the line."""


class ListedPlayer(NamedTuple):
    """One player of a list. ``birth_date`` only when the list gives the day (FFE).
    A named tuple: a million of them are made in an import, cheaply."""

    source: Literal["fide", "ffe"]
    surname: str
    first_name: str
    fide_id: int | None = None
    ffe_licence: str | None = None
    federation: str = ""
    sex: str = ""  # "M" or "F", as both lists write it
    title: str = ""
    standard: int | None = None
    rapid: int | None = None
    blitz: int | None = None
    birth_year: int | None = None
    birth_date: dt.date | None = None
    club: str = ""
    category: str = ""
    licence_type: str = ""  # the FFE's A (competition) or B (leisure) licence
    # the FFE base's keys, as Papi's JOUEUR names them: RefFFE (Data.mdb's JOUEUR.Ref),
    # ClubRef, Ligue; and each rating's kind, F (FIDE), N (national) or E (estimated)
    ffe_ref: int | None = None
    club_ref: int | None = None
    league: str = ""
    standard_kind: str = ""
    rapid_kind: str = ""
    blitz_kind: str = ""

    @property
    def name(self) -> str:
        return f"{self.surname.upper()} {self.first_name}".strip()

    def rating(self, kind: Kind) -> int | None:
        return {"standard": self.standard, "rapid": self.rapid, "blitz": self.blitz}[kind]

    def effective(self, kind: Kind, fallback: bool = False) -> int | None:
        """The cadence's rating; with ``fallback`` (setting rating_standard_fallback) the
        standard one where the list gives no rapid or blitz rating."""
        own = self.rating(kind)
        return self.standard if own is None and fallback else own


def _int(text: str | None) -> int | None:
    """A positive number, else None (FIDE writes 0 or nothing for « not rated »)."""
    text = (text or "").strip()
    return (int(text) or None) if text.isdigit() else None


class _Bad(ValueError):
    """A field a list must not hold; its reader says the line (ListFault)."""


# no one was ever rated past this; 0 or nothing is « not rated »
RATING_MAX = 3500
_DIGITS = frozenset("0123456789")


def _rating(text: str, what: str) -> int | None:
    """A list's rating: nothing or 0 (not rated), else digits up to RATING_MAX — never a
    rating guessed out of « abcd », « 99999 » or « -100 »."""
    if not text:
        return None
    if not text.isascii() or not text.isdigit() or int(text) > RATING_MAX:
        raise _Bad(f"{what} « {text[:12]} » impossible (un nombre de 0 à {RATING_MAX})")
    return int(text) or None


def _year(text: str) -> int | None:
    """FIDE's year of birth: nothing, 0000, or a year of four digits."""
    if not text or text in ("0", "0000"):
        return None
    if len(text) != 4 or not text.isascii() or not text.isdigit() or not 1850 <= int(text) <= 2100:
        raise _Bad(f"année de naissance « {text[:12]} » illisible (quatre chiffres)")
    return int(text)


# the values a list writes, read by one look-up (FIDE's million lines): anything else
# goes through _rating and _year, which say why it is refused
_RATINGS: dict[str, int | None] = {str(n): n or None for n in range(RATING_MAX + 1)}
_RATINGS[""] = None
_YEARS: dict[str, int | None] = {"": None, "0": None, "0000": None}
_YEARS |= {str(n): n for n in range(1850, 2101)}

# a control character (NUL, Échap…) is a damaged or binary file, never a list's text
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f\u202a-\u202e\u2066-\u2069]")


def _no_control(text: str) -> None:
    found = _CONTROL.search(text)
    if found is not None:
        raise _Bad(f"caractère de contrôle (code {ord(found.group())}) : fichier abîmé ?")


def _title(title: str, women: str) -> str:
    """The FIDE title, else the women's title (« WGM »), as the Player model has them."""
    for t in (title.strip().upper(), women.strip().upper()):
        if t in Title.__members__:
            return t
    return ""


def _fide(
    fide_id: str, name: str, fed: str, sex: str, title: str, w_title: str,
    standard: str, rapid: str, blitz: str, born: str,
) -> ListedPlayer:  # fmt: skip
    """One FIDE row from its fields, stripped (the hot path of an import); a field no
    FIDE list holds raises _Bad (its reader says the line)."""
    if not fide_id.isascii() or not fide_id.isdigit() or not int(fide_id):
        raise _Bad(f"identifiant FIDE « {fide_id[:12]} » illisible")
    if not name:
        raise _Bad(f"joueur {fide_id} sans nom")
    surname, _, first = name.partition(",")
    return ListedPlayer(
        "fide", surname.strip(), first.strip(), int(fide_id), None, fed.upper(),
        sex[:1].upper(), _title(title, w_title) if title or w_title else "",
        _RATINGS[standard] if standard in _RATINGS else _rating(standard, "Elo lent"),
        _RATINGS[rapid] if rapid in _RATINGS else _rating(rapid, "Elo rapide"),
        _RATINGS[blitz] if blitz in _RATINGS else _rating(blitz, "Elo blitz"),
        _YEARS[born] if born in _YEARS else _year(born),
    )  # fmt: skip
