"""Figures as French arbiters and players read them, in every face (issue 49.9): points
with « ½ » (« 4½ », « ½ », « 3 »), other figures with a decimal comma (« 28,5 »), money
« 300 € » or « 212,50 € », dates JJ/MM/AAAA. The one place these are written: the
terminal, the command line, the site and the PDFs call these; ``--json`` and the files
other programs read (TRF, Papi) keep machine numbers."""

from __future__ import annotations

import datetime as dt
import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # named in the signatures only
    from decimal import Decimal
    from fractions import Fraction

_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?")


def half(points: float | Fraction | Decimal) -> str:
    """Points as French score sheets write them: « 2½ », « ½ », « 3 », « 1,25 »."""
    value = float(points)
    whole, rest = divmod(value, 1)
    if rest == 0.5:
        return f"{int(whole) or ''}½"
    return f"{value:g}".replace(".", ",")


def comma(value: float | int) -> str:
    """A figure with a decimal comma, at most two decimals: « 28,5 », « 1 », « 12,33 »."""
    if isinstance(value, int):
        return str(value)
    return f"{value:.2f}".rstrip("0").rstrip(".").replace(".", ",")


def french(value: str, points: bool = False) -> str:
    """A figure of a table as French readers write it: « 12,5 » (points: « 2½ »)."""
    if not _NUMBER.fullmatch(value):
        return value
    return half(float(value)) if points else value.replace(".", ",")


def score(text: str) -> str:
    """A match score's points with « ½ »: « 2.5-1.5 » → « 2½-1½ », « 2.5 – 1.5 » likewise."""
    return re.sub(r"[0-9]+(\.[0-9]+)?", lambda m: half(float(m.group(0))), text)


THOUSANDS = "\u00a0"  # a no-break space: « 1 500 € » never cut, in Latin-1 (the PDFs' core font)


def euros(value: float | Decimal) -> str:
    """« 25 € », « 12,50 € », « 1 500 € » (issue 49.9): as a French desk writes it, the
    thousands apart, the line never broken inside an amount."""
    if value == int(value):
        return f"{int(value):,} €".replace(",", THOUSANDS)
    return f"{float(value):,.2f} €".replace(",", "#").replace(".", ",").replace("#", THOUSANDS)


def date(value: dt.date | None) -> str:
    """« 10/04/2027 »: a date as a French form writes it; « — » for none."""
    return value.strftime("%d/%m/%Y") if value is not None else "—"


_FRENCH_DAY = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4})")


def parse_day(text: str) -> dt.date:
    """A day as an arbiter types it, « 10/04/2027 » (JJ/MM/AAAA) or « 2027-04-10 »: the
    one reading of every date typed (event dates, a match day, a setting). ValueError
    when it is neither, or no such day."""
    typed = text.strip()
    french = _FRENCH_DAY.fullmatch(typed)
    if french:
        return dt.date(int(french[3]), int(french[2]), int(french[1]))
    return dt.date.fromisoformat(typed)


def parse_moment(text: str) -> dt.datetime:
    """A day and a time: « 26/06/2027 14:00 » or « 2027-06-26T14:00 » (ValueError)."""
    typed = text.strip()
    day, sep, clock = typed.replace("T", " ").partition(" ")
    if sep and _FRENCH_DAY.fullmatch(day):
        return dt.datetime.combine(parse_day(day), dt.time.fromisoformat(clock.strip()))
    return dt.datetime.fromisoformat(typed)
