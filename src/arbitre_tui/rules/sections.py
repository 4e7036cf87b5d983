"""An organiser's own section, as typed: its system, rounds, tie-breaks and dates.

Why: a club's event is not one of the four regulations' templates. A section the
organiser adds follows plain FIDE rules unless it names a regulation: the Dutch system
(C.04.3) for a Swiss, Berger tables (C.05) for a round robin, and a C.07 tie-break list.
Everything typed is checked here, once, for the command line and the app alike.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from .errors import RuleError
from .models import SECTION_KEY, System
from .text import beyond_bmp_fault, text_fault, visible_fault

# the French words the organiser types, and what the app shows
SYSTEM_WORDS: dict[str, System] = {
    "suisse": System.SWISS,
    "toutes-rondes": System.ROUND_ROBIN,
    "ko": System.KNOCKOUT,
    "coupe": System.TEAM_CUP,
}
SYSTEM_LABELS: dict[System, str] = {
    System.SWISS: "suisse",
    System.ROUND_ROBIN: "toutes rondes",
    System.KNOCKOUT: "K.O.",
    System.TEAM_CUP: "coupe par équipes",
}
REGULATIONS = ("000", "002", "003", "004")
ROUNDS_MAX = 30  # models.Tournament's bound: no event plays more

# Our choice where no regulation is named (C.07 lets the organiser choose; these are the
# usual lists of C.07's recommendations): a Swiss by Buchholz Cut-1, Buchholz, direct
# encounter, wins; a round robin by direct encounter, wins, Sonneborn-Berger, Koya.
DEFAULT_TIEBREAKS: dict[System, list[str]] = {
    System.SWISS: ["BH/C1", "BH", "DE", "WIN"],
    System.ROUND_ROBIN: ["DE", "WIN", "SB", "KS"],
    System.KNOCKOUT: [],
    System.TEAM_CUP: [],
}


def system_of(word: str) -> System:
    """« suisse », « toutes-rondes », « ko », « coupe » (or the stored English name)."""
    w = word.strip().lower()
    if w in SYSTEM_WORDS:
        return SYSTEM_WORDS[w]
    try:
        return System(w)
    except ValueError:
        raise RuleError(f"Système « {word} » inconnu : {', '.join(SYSTEM_WORDS)}.") from None


def check_key(key: str) -> str:
    """A section's key: short, lower case, typed after -t by the arbiter."""
    if not SECTION_KEY.fullmatch(key):
        raise RuleError(
            f"Clé de tournoi « {key} » refusée : de 1 à 40 caractères, minuscules sans "
            "accent, chiffres et tirets, commençant par une lettre ou un chiffre "
            "(ex. open-a, u12)."
        )
    return key


def check_name(name: str, what: str = "Nom du tournoi", limit: int = 80) -> str:
    """A name shown in every header: not blank, one line, not a paragraph."""
    text = name.strip()
    if not text:
        raise RuleError(f"{what} vide : écrivez-le (ex. « Open principal »).")
    if fault := text_fault(what, text, limit):  # the one rule of typed text (rules/text.py)
        raise RuleError(fault)
    if fault := visible_fault(what, text) or beyond_bmp_fault(what, text):
        raise RuleError(fault)
    return text


def check_rounds(rounds: int) -> int:
    if not 1 <= rounds <= ROUNDS_MAX:
        raise RuleError(f"Nombre de rondes {rounds} refusé : de 1 à {ROUNDS_MAX}.")
    return rounds


def check_regulation(code: str | None) -> str | None:
    if code is None:
        return None
    if code not in REGULATIONS:
        raise RuleError(f"Règlement « {code} » inconnu : {', '.join(REGULATIONS)}.")
    return code


# what each regulation governs: its articles make sense for that system only
REGULATION_SYSTEMS: dict[str, frozenset[System]] = {
    "000": frozenset({System.KNOCKOUT}),
    "002": frozenset({System.SWISS}),
    "003": frozenset({System.SWISS, System.ROUND_ROBIN}),
    "004": frozenset({System.TEAM_CUP}),
}


def check_regulation_fits(code: str | None, system: System) -> None:
    """000 runs a knockout, 002 a Swiss, 003 a Swiss or a round robin, 004 a team cup."""
    if code is None or system in REGULATION_SYSTEMS[code]:
        return
    allowed = " ou ".join(sorted(SYSTEM_LABELS[s] for s in REGULATION_SYSTEMS[code]))
    raise RuleError(
        f"Le règlement {code} régit un tournoi {allowed}, pas un tournoi {SYSTEM_LABELS[system]}."
    )


def check_dates(start: dt.date | None, end: dt.date | None) -> None:
    """The event ends on or after its first day."""
    if start is not None and end is not None and end < start:
        raise RuleError(
            f"Dates refusées : la fin ({end:%d/%m/%Y}) précède le début ({start:%d/%m/%Y})."
        )


def check_federation(code: str) -> str:
    """A FIDE federation code: three letters (FRA, GER, ITA)."""
    text = code.strip().upper()
    if text and not re.fullmatch(r"[A-Z]{3}", text):
        raise RuleError(f"Fédération « {code} » refusée : trois lettres (ex. FRA).")
    return text


def check_tiebreaks(text: str) -> list[str]:
    """A comma list of C.07 codes (« BH/C1,BH,PS,WIN »), each read, none twice, each a
    variant C.07 defines (:func:`variant_fault`)."""
    from .tiebreaks import parse_code, parse_list  # only when a list is typed: large tables

    codes = parse_list(text)
    for code in codes:
        if fault := variant_fault(parse_code(code)):
            raise RuleError(f"Départage « {code} » refusé : {fault}.")
    return [code for code in codes if code != "PTS"]


def variant_fault(spec: Any) -> str | None:
    """What an organiser's tie-break asks that C.07 (2026) does not define: a cut of more
    than two values (14.1–14.4: Cut-1, Cut-2, Median-1, Median-2), a Koya limit outside
    0–100 % (14.5), a rating for the unrated outside 0–3500 (Art. 10). A TRF written by
    another program is still read as FIDE's checker reads it (`arbitre tiebreaks`)."""
    if spec.low > 2 or spec.high > 2:
        cut = max(spec.low, spec.high)
        kind = "M" if spec.high else "C"
        return (
            f"une coupe de {cut} valeurs, C.07 n'en définit que deux au plus "
            f"({spec.base}/{kind}1 ou {spec.base}/{kind}2)"
        )
    if not 0 <= spec.limit_percent <= 100:
        return "une limite de Koya entre 0 et 100 % (ex. KS/L50)"
    if spec.unrated is not None and not 0 <= spec.unrated <= 3500:
        return "un Elo des non classés entre 0 et 3500 (ex. TPR/U1400)"
    return None


def check_min_rounds(rounds: int, played: int) -> None:
    """A section keeps at least the rounds it has already paired."""
    if rounds < played:
        raise RuleError(f"{rounds} rondes refusées : {played} ronde(s) déjà appariée(s).")
