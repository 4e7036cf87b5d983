"""FIDE C.07 tie-breaks (edition applied from 1 March 2026).

Works on a neutral crosstable (built from the store or from a TRF), so one
implementation serves the app, the command line and any program's TRF.
Unplayed rounds: Art. 16 for Swiss events, Art. 15.2 for round robins.

Checked value for value against FIDE's reference checker (TieBreakServer): where C.07
can be read two ways we follow it, and docs/tiebreaks.md says where (SB cuts with several
VURs, the Koya limit, rating tie-breaks with unrated players).
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum
from fractions import Fraction

from .errors import RuleError
from .trf import TrfTournament


class Kind(StrEnum):
    GAME = "game"  # played over the board
    FORFEIT_WIN = "forfeit_win"
    FORFEIT_LOSS = "forfeit_loss"
    PAB = "pab"  # pairing-allocated bye
    FPB = "fpb"  # full-point bye
    HPB = "hpb"  # half-point bye (requested)
    ZPB = "zpb"  # zero-point bye (requested, or absent / withdrawn)


@dataclass(frozen=True)
class Entry:
    kind: Kind
    points: float
    opponent: int = 0
    colour: str = "-"

    @property
    def played(self) -> bool:
        return self.kind is Kind.GAME

    @property
    def requested_bye(self) -> bool:
        return self.kind in (Kind.HPB, Kind.ZPB)

    @property
    def vur(self) -> bool:
        """Voluntarily unplayed round (16.1.2): a requested bye or a forfeit loss."""
        return self.kind in (Kind.HPB, Kind.ZPB, Kind.FORFEIT_LOSS)


@dataclass
class Competitor:
    start: int
    rating: int
    entries: list[Entry] = field(default_factory=list)
    pairing_number: int | None = None  # TPN (7.8) when ``start`` is not it (store ids)

    @property
    def score(self) -> float:
        return sum(e.points for e in self.entries)


@dataclass
class Crosstable:
    rounds: int
    competitors: dict[int, Competitor]
    win: float = 1.0
    draw: float = 0.5
    round_robin: bool = False


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

# FIDE rating table (C.07 Art. 10 / B.02 8.1.1): percentage → rating difference dp.
_DP = [
    0,
    7,
    14,
    21,
    29,
    36,
    43,
    50,
    57,
    65,
    72,
    80,
    87,
    95,
    102,
    110,
    117,
    125,
    133,
    141,
    149,
    158,
    166,
    175,
    184,
    193,
    202,
    211,
    220,
    230,
    240,
    251,
    262,
    273,
    284,
    296,
    309,
    322,
    336,
    351,
    366,
    383,
    401,
    422,
    444,
    470,
    501,
    538,
    589,
    677,
    800,
]


def dp(p: Decimal) -> int:
    """Rating difference for a score fraction p (0..1, two decimals)."""
    hundredths = int((p * 100).to_integral_value(ROUND_HALF_UP))
    if not 0 <= hundredths <= 100:  # points per game past 1: a win worth 3 (record 162)
        raise RuleError(
            f"Performance : {p} points par partie, hors de 0 à 1 (barème non standard, "
            "record 162) : ce départage ne se calcule pas ici."
        )
    if hundredths >= 50:
        return _DP[hundredths - 50]
    return -_DP[50 - hundredths]


# Expected score PD for a rating difference D (B.02 8.1.2), as the table gives it:
# (upper bound of |D| for this PD, PD in hundredths for the higher-rated side).
_PD_STEPS = [
    (3, 50),
    (10, 51),
    (17, 52),
    (25, 53),
    (32, 54),
    (39, 55),
    (46, 56),
    (53, 57),
    (61, 58),
    (68, 59),
    (76, 60),
    (83, 61),
    (91, 62),
    (98, 63),
    (106, 64),
    (113, 65),
    (121, 66),
    (129, 67),
    (137, 68),
    (145, 69),
    (153, 70),
    (162, 71),
    (170, 72),
    (179, 73),
    (188, 74),
    (197, 75),
    (206, 76),
    (215, 77),
    (225, 78),
    (235, 79),
    (245, 80),
    (256, 81),
    (267, 82),
    (278, 83),
    (290, 84),
    (302, 85),
    (315, 86),
    (328, 87),
    (344, 88),
    (357, 89),
    (374, 90),
    (391, 91),
    (411, 92),
    (432, 93),
    (456, 94),
    (484, 95),
    (517, 96),
    (559, 97),
    (619, 98),
    (735, 99),
]


_PD_BOUNDS = [bound for bound, _ in _PD_STEPS]


def pd(diff: int) -> int:
    """Expected score in hundredths for a rating difference (no 400-point cut)."""
    index = bisect.bisect_left(_PD_BOUNDS, abs(diff))
    value = _PD_STEPS[index][1] if index < len(_PD_STEPS) else 100
    return value if diff >= 0 else 100 - value


def _half_up(value: Decimal) -> int:
    return int(value.to_integral_value(ROUND_HALF_UP))


class Calculator:
    """All tie-breaks of one crosstable, computed once per competitor on demand."""

    def __init__(self, table: Crosstable, unrated_rating: int | None = None) -> None:
        self.t = table
        self.unrated_rating = unrated_rating
        self._adjusted: dict[int, float] = {}
        self._contributions: dict[tuple[int, bool, bool], list[tuple[float, float, bool]]] = {}
        self._rated: dict[
            tuple[int, int | None, int, int, int], list[tuple[int, Decimal]] | None
        ] = {}
        # an opponent's value for AOB, APRO and APPO, by (code, base averaged, start): each
        # player's opponents share their values, computed once (APPO's PTP is a search)
        self._opponent_values: dict[tuple[Code, str, int], float | int | None] = {}
        self._fore: Calculator | None = None
        self._all_rated = all(x.rating for x in table.competitors.values())

    # -- Art. 16: unplayed rounds ------------------------------------------------

    def late_requested_bye(self, c: Competitor, index: int) -> bool:
        """16.2.5: a requested bye followed only by VURs (or in the last round)."""
        e = c.entries[index]
        return e.requested_bye and all(x.vur for x in c.entries[index + 1 :])

    def adjusted_score(self, start: int) -> float:
        """16.3: s*(q), used when q is someone else's opponent."""
        if start not in self._adjusted:
            c = self.t.competitors[start]
            total = 0.0
            for i, e in enumerate(c.entries):
                total += self.t.draw if self.late_requested_bye(c, i) else e.points
            self._adjusted[start] = total
        return self._adjusted[start]

    def opponent_score(self, start: int) -> float:
        if self.t.round_robin:
            return self.t.competitors[start].score
        return self.adjusted_score(start)

    def contributions(self, c: Competitor, spec: Code = _PLAIN) -> list[tuple[float, float, bool]]:
        """(opponent value, points scored, is VUR) per element, for BH and SB."""
        forfeits, capped = spec.forfeits_as_games(self.t.round_robin), spec.edition >= 2026
        key = (c.start, forfeits, capped)
        cached = self._contributions.get(key)
        if cached is not None:
            return cached
        out: list[tuple[float, float, bool]] = []
        own = c.score
        for e in c.entries:
            if e.opponent and (e.played or forfeits):
                out.append((self.opponent_score(e.opponent), e.points, False))
            elif self.t.round_robin:
                # 15.2: the free round of an odd round robin is not an element; a forfeit
                # under ``S`` is an element worth nothing, as the reference checker has it.
                if e.opponent:
                    out.append((0.0, e.points, e.vur))
            elif not capped:
                # Before 2026 (``V2024``): an unplayed round's dummy scores as the player.
                out.append((own, e.points, e.vur))
            elif e.kind in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS):
                cap = self.adjusted_score(e.opponent) if e.opponent else own
                out.append((min(own, cap), e.points, e.vur))
            else:
                out.append((min(own, self.t.draw * self.t.rounds), e.points, e.vur))
        self._contributions[key] = out
        return out

    # -- modifiers ------------------------------------------------------------------

    @staticmethod
    def _cut(
        items: list[tuple[float, float, bool]], lowest: int, highest: int, plain: bool = False
    ) -> float:
        """Sum of (opponent value, contribution, is VUR) elements less the cut ones.

        The least significant value (14.1) is the element of the lowest opponent value
        (lowest contribution among equals); 16.5 cuts instead the VUR element of the
        lowest opponent value unless the least significant value's contribution is
        higher. For BH both are the same number, so the VUR always goes. Among several
        VURs we take, as FIDE's reference checker does, the one with the lowest opponent
        (dummy) value, where 16.5.2 a. reads "the lowest contribution": see
        docs/tiebreaks.md. ``plain`` (``N``) cuts the least significant value, VUR or not.
        The most significant value is the highest opponent value.
        """
        items = list(items)
        for _ in range(lowest):
            if not items:
                break
            lsv = min(range(len(items)), key=lambda i: items[i][:2])
            vurs = [] if plain else [i for i in range(len(items)) if items[i][2]]
            chosen = lsv
            if vurs:
                vur = min(vurs, key=lambda i: items[i][:2])
                chosen = lsv if items[lsv][1] > items[vur][1] else vur
            items.pop(chosen)
        for _ in range(highest):
            if not items:
                break
            items.pop(max(range(len(items)), key=lambda i: items[i][:2]))
        return sum(x[1] for x in items)

    def buchholz(self, c: Competitor, spec: Code = _PLAIN) -> float:
        """BH (8.1), with its cuts (14.1–14.4)."""
        items = [(opp, opp, vur) for opp, _pts, vur in self.contributions(c, spec)]
        return self._cut(items, spec.low, spec.high, spec.plain_cut)

    def sonneborn_berger(self, c: Competitor, spec: Code = _PLAIN) -> float:
        """SB (9.1), with its cuts (14.1.2 d); ``D`` scores every Swiss round as a draw."""
        draws = spec.draw_results and not self.t.round_robin
        items = [
            (opp, opp * (self.t.draw if draws else pts), vur)
            for opp, pts, vur in self.contributions(c, spec)
        ]
        return self._cut(items, spec.low, spec.high, spec.plain_cut)

    # -- own results ------------------------------------------------------------------

    def progressive(self, c: Competitor, cut: int = 0) -> float:
        """PS (7.5); PS/C1 leaves out the score after round 1."""
        running, sums = 0.0, []
        for e in c.entries:
            running += e.points
            sums.append(running)
        return sum(sums[cut:])

    def wins(self, c: Competitor) -> int:
        """WIN (7.1): rounds with a win's points, with or without playing."""
        return sum(1 for e in c.entries if e.points >= self.t.win)

    def won(self, c: Competitor) -> int:
        """WON (7.2): games won over the board."""
        return sum(1 for e in c.entries if e.played and e.points >= self.t.win)

    def black_played(self, c: Competitor) -> int:
        """BPG (7.3)."""
        return sum(1 for e in c.entries if e.played and e.colour == "b")

    def black_won(self, c: Competitor) -> int:
        """BWG (7.4)."""
        return sum(1 for e in c.entries if e.played and e.colour == "b" and e.points >= self.t.win)

    def games_elected(self, c: Competitor) -> int:
        """REP (7.6): rounds minus requested byes and forfeit losses."""
        return len(c.entries) - sum(1 for e in c.entries if e.vur)

    def standard_points(self, c: Competitor) -> float:
        """STD (7.7): 1 a round scoring more than a draw, ½ a round scoring a draw, with
        or without playing; whatever the event's scoring (3-1-0 included)."""
        return sum(
            1.0 if e.points > self.t.draw else 0.5 if e.points == self.t.draw else 0.0
            for e in c.entries
        )

    def pairing_number(self, c: Competitor) -> int:
        """TPN (7.8): the final tournament pairing number, ascending."""
        return c.start if c.pairing_number is None else c.pairing_number

    def fore(self) -> Calculator:
        """The tournament as Fore Buchholz (8.3) sees it: every game paired in the final
        round, played or forfeited, a draw over the board. Its Buchholz is FB: the
        16.3 and 16.4 adjustments then follow from the changed final round (the
        participant's own score for dummies, no late requested bye before a final game).
        """
        if self._fore is None:
            last = self.t.rounds - 1
            comps = {}
            for start, c in self.t.competitors.items():
                entries = list(c.entries)
                if len(entries) > last and entries[last].opponent:
                    e = entries[last]
                    entries[last] = Entry(Kind.GAME, self.t.draw, e.opponent, e.colour)
                comps[start] = replace(c, entries=entries)
            self._fore = Calculator(replace(self.t, competitors=comps), self.unrated_rating)
        return self._fore

    # -- rating based (Art. 10: only games played over the board) -----------------------

    def _unrated(self, spec: Code) -> int | None:
        return spec.unrated if spec.unrated is not None else self.unrated_rating

    def rating(self, c: Competitor, spec: Code = _PLAIN) -> int | None:
        """RTNG (10.6); None for everyone when Art. 10 drops the rating tie-breaks:
        an unrated player is present and no rating is given to unrated players."""
        unrated = self._unrated(spec)
        if unrated is None and not self._all_rated:
            return None
        return c.rating or unrated

    def _ratings(self, c: Competitor, spec: Code) -> list[tuple[int, Decimal]] | None:
        """(opponent's rating, result 1 / ½ / 0) of each game played over the board, less
        the cut ones (14: the lowest rating first, then the highest); None: dropped."""
        low, high = spec.low, spec.high
        key = (c.start, self._unrated(spec), low, high, spec.edition)
        if key in self._rated:
            return self._rated[key]
        out: list[tuple[int, Decimal]] | None = None
        if self.rating(c, spec) is not None:
            games = [
                (self.rating(self.t.competitors[e.opponent], spec) or 0, self._result(e))
                for e in c.entries
                if e.played
            ]
            if spec.edition == 2022:
                # The 2022 rules (``V2022``): the unplayed rounds are cut first.
                unplayed = self.t.rounds - len(games)
                low, high = max(0, low - unplayed), max(0, high - max(0, unplayed - low))
            for _ in range(min(low, len(games))):
                games.pop(min(range(len(games)), key=lambda i: games[i][0]))
            for _ in range(min(high, len(games))):
                highest = max(r for r, _ in games)
                games.pop(max(i for i, (r, _) in enumerate(games) if r == highest))
            out = games
        self._rated[key] = out
        return out

    def _result(self, e: Entry) -> Decimal:
        """The game's result as ratings count it, whatever the event's scoring."""
        if e.points >= self.t.win:
            return Decimal(1)
        return Decimal("0.5") if e.points == self.t.draw else Decimal(0)

    def aro(self, c: Competitor, spec: Code = _PLAIN) -> int | None:
        """ARO (10.1), half up."""
        games = self._ratings(c, spec)
        if not games:
            return None
        return _half_up(Decimal(sum(r for r, _ in games)) / Decimal(len(games)))

    def tpr(self, c: Competitor, spec: Code = _PLAIN) -> int | None:
        """TPR (10.2): ARO + dp of the percentage, itself rounded half up."""
        games = self._ratings(c, spec)
        aro = self.aro(c, spec)
        if not games or aro is None:
            return None
        score = sum((p for _, p in games), Decimal(0)) / Decimal(len(games))
        return aro + dp(score.quantize(Decimal("0.01"), ROUND_HALF_UP))

    def ptp(self, c: Competitor, spec: Code = _PLAIN) -> int | None:
        """Perfect tournament performance (10.3): the lowest integer R whose expected
        score reaches the points actually scored. Integer arithmetic: no float error.

        Only a zero score has a fixed value (lowest opponent − 800); a perfect score is
        searched like any other (full scale: PD reaches 1.00 at a difference of 736).
        """
        games = self._ratings(c, spec)
        if not games:
            return None
        scored = int(sum((p for _, p in games), Decimal(0)) * 100)
        ratings = [r for r, _ in games]
        if scored <= 0:
            return min(ratings) - 800
        low, high = min(ratings) - 800, max(ratings) + 800
        while low < high:
            mid = (low + high) // 2
            if sum(pd(mid - r) for r in ratings) >= scored:
                high = mid
            else:
                low = mid + 1
        return low

    def opponents_average(self, c: Competitor, spec: Code, of: str, places: str) -> Decimal | None:
        """AOB (8.2), APRO (10.4), APPO (10.5): the average of a value of the opponents
        played over the board (those with no value left out), rounded half up."""
        values = []
        for e in c.entries:
            if e.played:
                key = (spec, of, e.opponent)
                if key not in self._opponent_values:
                    opponent = self.t.competitors[e.opponent]
                    self._opponent_values[key] = self.value(replace(spec, base=of), opponent)
                v = self._opponent_values[key]
                if v is not None:
                    values.append(Decimal(str(v)))
        if not values:
            return None
        return (sum(values, Decimal(0)) / len(values)).quantize(Decimal(places), ROUND_HALF_UP)

    # -- round robins ----------------------------------------------------------------

    def koya(self, c: Competitor, code: Code) -> float:
        """KS (9.2, limit 14.5): points against opponents with at least the limit.

        The maximum counts the games one can play: the rounds, less a round robin's
        free rounds (one per cycle when the number of players is odd) and one game per
        participant who never played (a withdrawal before round 1).
        """
        games = self.t.rounds
        if self.t.round_robin:
            n = len(self.t.competitors)
            if self.t.rounds % n == 0:
                games -= self.t.rounds // n
            games -= sum(
                1
                for x in self.t.competitors.values()
                if not any(e.opponent or e.kind is Kind.PAB for e in x.entries)
            )
        limit = code.limit_percent / 100 * Decimal(str(self.t.win)) * games + code.limit_points
        return sum(
            e.points
            for e in c.entries
            if e.opponent and Decimal(str(self.t.competitors[e.opponent].score)) >= limit
        )

    def value(self, code: str | Code, c: Competitor) -> float | int | None:
        spec = code if isinstance(code, Code) else parse_code(code)
        base = spec.base
        if base == "PTS":
            return c.score
        if base == "BH":
            return self.buchholz(c, spec)
        if base == "FB":
            return self.fore().buchholz(self.fore().t.competitors[c.start], spec)
        if base == "AOB":
            average = self.opponents_average(c, spec, "FB" if spec.fore else "BH", "0.01")
            return None if average is None else float(average)
        if base == "SB":
            return self.sonneborn_berger(c, spec)
        if base == "PS":
            return self.progressive(c, spec.low)
        if base == "KS":
            return self.koya(c, spec)
        if base in ("ARO", "TPR", "PTP", "RTNG"):
            rated = {"ARO": self.aro, "TPR": self.tpr, "PTP": self.ptp, "RTNG": self.rating}
            return rated[base](c, spec)
        if base in ("APRO", "APPO"):
            average = self.opponents_average(c, spec, {"APRO": "TPR", "APPO": "PTP"}[base], "1")
            return None if average is None else int(average)
        simple = {
            "WIN": self.wins,
            "WON": self.won,
            "BPG": self.black_played,
            "BWG": self.black_won,
            "REP": self.games_elected,
            "GE": self.games_elected,
            "STD": self.standard_points,
            "TPN": self.pairing_number,
        }
        if base in simple:
            return simple[base](c)
        raise RuleError(f"Départage « {spec.text} » : à calculer dans un classement.")


@dataclass
class StandingRow:
    start: int
    rank: int
    shared_to: int
    values: dict[str, float | int | None]

    @property
    def place(self) -> str:
        return str(self.rank) if self.shared_to == self.rank else f"{self.rank}–{self.shared_to}"


def _sort_value(code: str, v: float | int | None) -> float:
    """Larger is better, except DE (a rank inside the tied group, 1 is best), TPN (7.8:
    ascending) and a code reversed by ``R`` (RTNG/R: lowest rating first).

    No value (a tie-break dropped, no game) sorts last, or first when ascending, as in
    FIDE's reference checker."""
    spec = parse_code(code)
    ascending = (spec.base in ("DE", "TPN")) != spec.reverse
    if v is None:
        return float("inf") if ascending else float("-inf")
    return -float(v) if ascending else float(v)


def standings(
    table: Crosstable, codes: Sequence[str], unrated_rating: int | None = None
) -> list[StandingRow]:
    """Rank by points then each tie-break in order; equal on all: shared place.

    DE (direct encounter, C.07 6) is computed inside each group still tied on every
    criterion before it: the rank within the group by points scored in the games among
    them, when all of them have met and it separates someone; otherwise 0 (still tied).
    """
    calc = Calculator(table, unrated_rating)
    codes = [c.upper() for c in codes]
    if not codes or codes[0] != "PTS":
        codes = ["PTS", *codes]
    values: dict[int, dict[str, float | int | None]] = {s: {} for s in table.competitors}
    for i, code in enumerate(codes):
        spec = parse_code(code)
        if spec.base == "DE":
            _direct_encounter(table, values, codes[:i], spec)
            continue
        for start, comp in table.competitors.items():
            values[start][code] = calc.value(code, comp)
    order = sorted(
        table.competitors, key=lambda s: (tuple(-_sort_value(c, values[s][c]) for c in codes), s)
    )
    rows: list[StandingRow] = []
    i = 0
    while i < len(order):
        j = i
        key = tuple(values[order[i]][c] for c in codes)
        while j + 1 < len(order) and tuple(values[order[j + 1]][c] for c in codes) == key:
            j += 1
        for k in range(i, j + 1):
            rows.append(StandingRow(order[k], i + 1, j + 1, values[order[k]]))
        i = j + 1
    return rows


def _direct_encounter(
    table: Crosstable,
    values: dict[int, dict[str, float | int | None]],
    before: Sequence[str],
    spec: Code,
) -> None:
    """DE (C.07 6) for each group still tied on every criterion before it.

    The value is the rank inside the group (1 is best, equals share), or 0 for everyone
    when the encounters separate nobody (and for a participant alone).
    """
    groups: dict[tuple[float | int | None, ...], list[int]] = {}
    for start in table.competitors:
        groups.setdefault(tuple(values[start][c] for c in before), []).append(start)
    for members in groups.values():
        ranks = _encounter_ranks(table, sorted(members), 1, spec) if len(members) > 1 else {}
        separated = len(set(ranks.values())) > 1
        for m in members:
            values[m][spec.text] = ranks[m] if separated else 0


def _encounter_ranks(
    table: Crosstable, members: list[int], first: int, spec: Code
) -> dict[int, int]:
    """Ranks from ``first`` among tied ``members``; 6.2: each sub-tie is examined again
    among its own members, as long as the previous pass separated someone."""
    ranks = _encounter_pass(table, members, first, spec)
    if len(set(ranks.values())) == 1:
        return ranks
    for rank in sorted(set(ranks.values())):
        subgroup = [m for m in members if ranks[m] == rank]
        if len(subgroup) > 1:
            ranks.update(_encounter_ranks(table, subgroup, rank, spec))
    return ranks


def _encounter_pass(
    table: Crosstable, members: list[int], first: int, spec: Code
) -> dict[int, int]:
    """One pass of Article 6 over one tied group.

    6.1.1: in a Swiss event only games played over the board count (a round robin's
    forfeits are games, 15.2; ``P`` counts them in a Swiss too); 6.1.2: several games
    against one opponent count as their average. 6.2 when everyone has met everyone
    (always, in a round robin, unless ``S`` treats it as a Swiss; never under ``S``, as
    the reference checker has it); otherwise 6.3: from the top, a participant is ranked
    alone only if their score among the group beats what any one below could still
    reach by winning every missing game.
    """
    group = set(members)
    scored: dict[int, Fraction] = {}
    best: dict[int, Fraction] = {}
    forfeits = spec.forfeits_as_games(table.round_robin)
    complete = not spec.as_swiss
    for m in members:
        games: dict[int, list[Fraction]] = {}
        for e in table.competitors[m].entries:
            counts = bool(e.opponent) if forfeits else e.played
            if counts and e.opponent in group:
                games.setdefault(e.opponent, []).append(Fraction(str(e.points)))
        scored[m] = sum((Fraction(sum(g), len(g)) for g in games.values()), Fraction(0))
        missing = len(members) - 1 - len(games)
        best[m] = scored[m] + missing * Fraction(str(table.win))
        complete = complete and (table.round_robin or missing == 0)
    ranks: dict[int, int] = {}
    if complete:
        order = sorted(members, key=lambda m: (-scored[m], m))
        for i, m in enumerate(order):
            same = i > 0 and scored[m] == scored[order[i - 1]]
            ranks[m] = ranks[order[i - 1]] if same else first + i
        return ranks
    order = sorted(members, key=lambda m: (-scored[m], -best[m], m))
    rank, alone = first, True
    for i, m in enumerate(order):
        if i > 0:
            alone = alone and scored[order[i - 1]] > max(best[o] for o in order[i:])
            rank = first + i if alone else rank
        ranks[m] = rank
    return ranks


def from_trf(t: TrfTournament, round_robin: bool = False, rounds: int | None = None) -> Crosstable:
    """A crosstable from a TRF; ``rounds`` limits it to the first N rounds."""
    n = rounds or t.rounds
    comps: dict[int, Competitor] = {}
    for p in t.players.values():
        entries = []
        for r in p.rounds[:n]:
            code = r.result
            pts = t.points_for(code)
            if r.opponent == 0:
                kind = {"U": Kind.PAB, "F": Kind.FPB, "H": Kind.HPB, "+": Kind.FPB}.get(
                    code, Kind.ZPB
                )
            elif code == "+":
                kind = Kind.FORFEIT_WIN
            elif code == "-":
                kind = Kind.FORFEIT_LOSS
            else:
                kind = Kind.GAME
            entries.append(Entry(kind, pts, r.opponent, r.colour))
        comps[p.start] = Competitor(p.start, p.rating, entries)
    return Crosstable(n, comps, t.scoring["W"], t.scoring["D"], round_robin)
