"""A cadence typed by the organiser, read into a TimeControl.

Why: an arbiter writes a time control the way the regulations and the FFE do
(« 90+30 », « 120/40:60 », « 90/40+30:30+30 »), and a TRF carries it the way TRF-2026's
222 record does, in seconds (« 40/5400+30:1800+30 »). Both are accepted and read to the
same TimeControl, so what is printed, paired and exported does not depend on how it was
typed.

The forms, period by period, separated by « : »:
- ``M+S``: M minutes (to the end of the game, or of the period), S seconds a move;
- ``M/C`` or ``M/C+S``: M minutes for C moves (the arbiters' « 120/40 »);
- ``C/T+S`` with T in seconds: TRF-2026 (« 40/5400+30 »): the second number of a slash
  is a time when it is above 200, the most moves a period can count.
A cadence is in seconds (TRF) when one of its periods is written that way, or when its
first time is above 600, the most minutes a period can last.
"""

from __future__ import annotations

import re

from .errors import RuleError
from .models import TimeControl
from .validation import InputError, validated

MOVES_MAX = 200  # the most moves a period counts (models.Period)
MINUTES_MAX = 600  # the longest period, in minutes (models.TimeControl)

_PERIOD = re.compile(r"(\d{1,5})(?:\+(\d{1,4}))?")
_SLASH = re.compile(r"(\d{1,5})/(\d{1,5})(?:\+(\d{1,4}))?")

EXAMPLES = "90+30, 120/40:60, 90/40+30:30+30 ou 40/5400+30:1800+30"


def _fault(text: str, why: str) -> RuleError:
    return RuleError(f"Cadence « {text} » illisible : {why} (exemples : {EXAMPLES}).")


def parse_cadence(text: str) -> TimeControl:
    """``text`` read as a time control, or a French refusal that says what is wrong."""
    raw = text.strip()
    compact = re.sub(r"\s+", "", raw).replace("'", "").replace("’", "")
    if not compact:
        raise _fault(text, "rien n'est écrit")
    parts = compact.split(":")
    if len(parts) > 4:
        raise _fault(text, "quatre périodes au plus")
    read: list[tuple[int | None, int, int]] = []  # (moves, time, increment) as typed
    seconds = False
    for part in parts:
        if not part:
            raise _fault(text, "une période est vide")
        if part.endswith("+"):
            raise _fault(text, "l'incrément manque après « + »")
        slash = _SLASH.fullmatch(part)
        if slash:
            first, second, inc = int(slash[1]), int(slash[2]), int(slash[3] or 0)
            if second > MOVES_MAX:  # « 40/5400 »: moves, then seconds (TRF-2026)
                seconds = True
                read.append((first, second, inc))
            else:  # « 120/40 »: minutes for so many moves
                read.append((second, first, inc))
            continue
        plain = _PERIOD.fullmatch(part)
        if plain is None:
            raise _fault(text, f"« {part} » n'est pas une période (minutes+secondes)")
        read.append((None, int(plain[1]), int(plain[2] or 0)))
    if read[0][1] > MINUTES_MAX:
        seconds = True
    periods: list[tuple[int | None, int, int]] = []
    for moves, time, inc in read:
        if seconds:
            if time % 60:
                raise _fault(text, f"{time} s ne fait pas un nombre entier de minutes")
            time //= 60
        if time < 1:
            raise _fault(text, "une période dure au moins une minute")
        if time > MINUTES_MAX:
            raise _fault(text, f"une période dure au plus {MINUTES_MAX} minutes")
        if moves is not None and not 1 <= moves <= MOVES_MAX:
            raise _fault(text, f"une période compte de 1 à {MOVES_MAX} coups")
        if inc > 300:
            raise _fault(text, "300 secondes d'incrément au plus")
        periods.append((moves, time, inc))
    if any(moves is None for moves, _t, _i in periods[:-1]):
        raise _fault(text, "chaque période suivie d'une autre dit pour combien de coups (M/C)")
    if periods[-1][0] is not None:
        raise _fault(text, "la dernière période va jusqu'à la fin de la partie (sans « /coups »)")
    (moves, minutes, inc), later = periods[0], periods[1:]
    try:
        return validated(
            TimeControl,
            base_minutes=minutes,
            moves=moves,
            increment_seconds=inc,
            periods=[{"minutes": m, "moves": c, "increment_seconds": i} for c, m, i in later],
        )
    except InputError:  # every bound is checked above; kept French whatever comes
        raise _fault(text, "valeurs hors des bornes") from None
