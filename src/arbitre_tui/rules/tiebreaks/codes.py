"""Tie-break codes as arbiters write them: read, listed, named in French."""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from decimal import Decimal

from ..errors import RuleError


@dataclass(frozen=True)
class Code:
    """One tie-break as an arbiter writes it (202 record, settings): base and modifiers.

    Modifiers (C.07 Art. 14, spelt as FIDE's reference checker reads them): ``Cn`` cut the
    n least significant values, ``Mn`` cut n least then n most, ``L50``/``L+1``/``L-1``
    the Koya limit in percent or in half points (``L+1.5``: points), ``Un`` the rating
    given to unrated players (Art. 10), ``F`` AOB over Fore Buchholz, ``R`` reverse order.

    And the reference checker's own, which C.07 does not define (docs/tiebreaks.md):
    ``P`` forfeited games counted as played, ``S`` a round robin treated as a Swiss,
    ``D`` every Swiss result a draw in SB, ``V2022``/``V2024``/``V2026`` (or ``V0``,
    ``V1``, ``V2``) the edition of the rules for unplayed rounds and cuts, ``X`` the
    primary and secondary scores exchanged (team events), ``N`` cuts without the VUR rule.
    """

    text: str
    base: str
    low: int = 0
    high: int = 0
    limit_percent: Decimal = Decimal(50)
    limit_points: Decimal = Decimal(0)
    unrated: int | None = None
    fore: bool = False
    reverse: bool = False
    forfeits_played: bool = False  # P
    as_swiss: bool = False  # S
    draw_results: bool = False  # D
    edition: int = 2026  # V
    exchange: bool = False  # X
    plain_cut: bool = False  # N

    def forfeits_as_games(self, round_robin: bool) -> bool:
        """A forfeit counts as a game against its opponent (BH, SB, DE): a round robin's
        rule (15.2), unless ``S`` treats it as a Swiss; in a Swiss only with ``P``."""
        return self.forfeits_played or (round_robin and not self.as_swiss)


_PLAIN = Code("PTS", "PTS")


def _modifier_number(code: str, part: str) -> int:
    digits = part[1:]
    if not digits:
        return 1
    if not digits.isdigit():
        raise RuleError(f"Modificateur « {part} » illisible dans « {code} ».")
    return int(digits)


@functools.lru_cache(maxsize=256)
def parse_code(text: str) -> Code:
    """Reads ``BH/C1``, ``KS/L+1``, ``TPR/U1400``… ; refuses what it cannot read, in French."""
    upper = text.strip().upper()
    base, *parts = upper.split("/")
    if base == "CUM":
        base = "PS"
    if base not in _BASES:
        raise RuleError(
            f"Départage « {text} » non pris en charge (pris en charge : {', '.join(SUPPORTED)})."
        )
    spec = Code(upper, base)
    kinds = ["C" if part[:1] == "M" else part[:1] for part in parts]  # one cut: C or M
    twice = next((k for k in kinds if kinds.count(k) > 1), None)
    if twice is not None:
        what = "une seule coupe (C ou M)" if twice == "C" else f"« {twice} » une seule fois"
        raise RuleError(f"Départage « {text} » : {what}.")
    for part in parts:
        kind = part[:1]
        if kind == "C" and base in _CUTTABLE:
            spec = replace(spec, low=_modifier_number(upper, part))
        elif kind == "M" and base in _CUTTABLE:
            n = _modifier_number(upper, part)
            spec = replace(spec, low=n, high=n)
        elif kind == "L" and base == "KS":
            spec = _koya_limit(spec, part)
        elif kind == "K" and base == "KS" and part[1:].isdigit():
            # the reference program's « K n »: the limit moved by n whole points (= L+n.0)
            spec = replace(spec, limit_points=Decimal(part[1:]))
        elif kind == "U" and base in _RATED and part[1:].isdigit():
            spec = replace(spec, unrated=int(part[1:]))
        elif part == "F" and base == "AOB":
            spec = replace(spec, fore=True)
        elif part == "R" and base in ("TPN", "RTNG"):
            spec = replace(spec, reverse=True)
        elif part == "P" and base in _FORFEIT_AWARE:
            spec = replace(spec, forfeits_played=True)
        elif part == "S" and base in _FORFEIT_AWARE:
            spec = replace(spec, as_swiss=True)
        elif part == "D" and base == "SB":
            spec = replace(spec, draw_results=True)
        elif kind == "V" and base in _EDITIONED and part[1:] in _EDITIONS:
            spec = replace(spec, edition=_EDITIONS[part[1:]])
        elif part == "X":
            # Exchanges a team event's match and game points: an individual event has one
            # score, so the value does not change (as in the reference checker).
            spec = replace(spec, exchange=True)
        elif part == "N" and base in _BUCHHOLZ_FAMILY:
            spec = replace(spec, plain_cut=True)
        else:
            raise RuleError(f"Modificateur de départage inconnu : {text} (« {part} »).")
    return spec


def parse_list(text: str) -> list[str]:
    """A tie-break list as written in a 202 record or ``--list`` (« PTS,BH/C1,BH »): every
    code read, none twice, at least one."""
    codes = [c.strip().upper() for c in text.split(",") if c.strip()]
    if not codes:
        raise RuleError("Liste de départages vide (ex. PTS,BH/C1,BH,TPR,WIN).")
    for code in codes:
        parse_code(code)
        if codes.count(code) > 1:
            raise RuleError(f"Départage « {code} » deux fois dans la liste.")
    return codes


def _koya_limit(spec: Code, part: str) -> Code:
    """14.5: ``L60`` is 60 % of the maximum; ``L+1``/``L-1`` move it by half a point."""
    rest = part[1:]
    if rest.isdigit():
        return replace(spec, limit_percent=Decimal(rest))
    try:
        if rest[:1] in "+-" and rest[1:]:
            points = Decimal(rest)
            return replace(spec, limit_points=points if "." in rest else points / 2)
    except ArithmeticError:
        pass
    raise RuleError(f"Limite de Koya « {part} » illisible dans « {spec.text} ».")


SUPPORTED = (
    "PTS",
    "BH",
    "BH/C1",
    "BH/C2",
    "BH/M1",
    "BH/M2",
    "FB",
    "FB/C1",
    "AOB",
    "AOB/F",
    "SB",
    "SB/C1",
    "SB/C2",
    "SB/M1",
    "PS",
    "PS/C1",
    "WIN",
    "WON",
    "BPG",
    "BWG",
    "GE",
    "REP",
    "STD",
    "TPN",
    "TPN/R",
    "RTNG",
    "RTNG/R",
    "ARO",
    "ARO/C1",
    "ARO/M1",
    "TPR",
    "PTP",
    "APRO",
    "APPO",
    "DE",
    "KS",
    "KS/L+1",
)
_BASES = {c.partition("/")[0] for c in SUPPORTED} | {"GE"}

# Each code's name in French, as the site's headings and legends and the printouts say it
# (C.07's names; the one table of them).
NAMES = {
    "PTS": "points",
    "BH": "Buchholz",
    "FB": "Buchholz avancé (Fore Buchholz)",
    "AOB": "moyenne des Buchholz des adversaires",
    "SB": "Sonneborn-Berger",
    "PS": "cumulatif (somme des scores progressifs)",
    "WIN": "victoires (forfaits et exempts compris)",
    "WON": "victoires sur l'échiquier",
    "BPG": "parties jouées avec les Noirs",
    "BWG": "victoires avec les Noirs",
    "GE": "rondes choisies de jouer",
    "REP": "rondes choisies de jouer",
    "STD": "points standard (rondes gagnées sur l'adversaire)",
    "TPN": "numéro d'appariement",
    "RTNG": "classement Elo",
    "ARO": "moyenne Elo des adversaires",
    "TPR": "performance",
    "PTP": "performance parfaite",
    "APRO": "moyenne des performances des adversaires",
    "APPO": "moyenne des performances parfaites des adversaires",
    "DE": "rencontre directe",
    "KS": "Koya",
}


def describe(text: str) -> str:
    """A code as a reader understands it: « BH/C1 » → « Buchholz tronqué »."""
    base, *parts = text.strip().upper().split("/")
    base = "PS" if base == "CUM" else base
    out = NAMES.get(base, base)
    for part in parts:
        n = part[1:] or "1"
        if part[:1] == "C":
            out += " tronqué" if n == "1" else f" tronqué de {n}"
        elif part[:1] == "M":
            out += " médian" if n == "1" else f" médian de {n}"
        elif part[:1] == "L":
            out += f", limite {part[1:]}"
        elif part[:1] == "U":
            out += f", non classés à {part[1:]}"
        elif part == "F":
            out += " (sur le Buchholz avancé)"
        elif part == "R":
            out += " (ordre inverse)"
        elif part[:1] == "V" and part[1:] in _EDITIONS:
            out += f" (règles de {_EDITIONS[part[1:]]})"
        elif part in _OWN_MODIFIERS:
            out += f" ({_OWN_MODIFIERS[part]})"
    return out


# The reference checker's own modifiers (no C.07 name), as the legends say them.
_OWN_MODIFIERS = {
    "P": "forfaits comptés comme parties jouées",
    "S": "compté comme un système suisse",
    "D": "chaque résultat compté nul",
    "X": "scores principal et secondaire échangés",
    "N": "coupe sans la règle des rondes non jouées",
}


_CUTTABLE = {"BH", "FB", "SB", "PS", "AOB", "ARO", "TPR", "PTP", "APRO", "APPO"}
_RATED = {"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"}
# Where the reference checker's own modifiers change something (docs/tiebreaks.md).
_BUCHHOLZ_FAMILY = {"BH", "FB", "SB", "AOB"}
_FORFEIT_AWARE = _BUCHHOLZ_FAMILY | {"DE"}
_EDITIONED = _BUCHHOLZ_FAMILY | {"ARO", "TPR", "PTP", "APRO", "APPO"}
_EDITIONS = {"": 2026, "0": 2022, "1": 2024, "2": 2026, "2022": 2022, "2024": 2024, "2026": 2026}
