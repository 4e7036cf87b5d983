"""TRF-2026 (FIDE Technical Commission report format) reader and writer.

Fixed columns as in the TRF-2026 text (successor of TRF16); also reads the JaVaFo
codes XXR (rounds), XXC (initial colour), XXA and XXP. Lines may end in CR, LF or CRLF.
Faults are reported with the line number and the reason.
"""

from __future__ import annotations

import math
from typing import Literal

from pydantic import BaseModel, Field

from .errors import RuleError

ResultCode = Literal["1", "=", "0", "+", "-", "W", "D", "L", "H", "F", "U", "Z", " "]
RESULT_CODES = frozenset("1=0+-WDLHFUZ ")
BYE_CODES = frozenset("HFUZ ")
MAX_ROUNDS = 999  # more is a garbled number, not a tournament (and would fill the memory)
COMPLEMENT = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "W": "L", "L": "W", "D": "D"}


class TrfError(RuleError):
    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"ligne {line} : {reason}")
        self.line = line
        self.reason = reason


class TrfRound(BaseModel):
    opponent: int = 0  # 0 = none
    colour: Literal["w", "b", "-"] = "-"
    result: str = "Z"

    @property
    def is_bye(self) -> bool:
        return self.opponent == 0


class TrfPlayer(BaseModel):
    start: int
    sex: str = " "
    title: str = ""
    name: str = ""
    rating: int = 0
    federation: str = ""
    fide_id: str = ""
    birth: str = ""
    points: float = 0.0
    rank: int = 0
    rounds: list[TrfRound] = Field(default_factory=list)
    line: int = 0
    # cells written up to the last non-blank one: a pairing program tells "no entry
    # yet" (trailing blanks) from an explicit bye
    present: int = Field(default=0, exclude=True)


class TrfTournament(BaseModel):
    headers: dict[str, str] = Field(default_factory=dict)
    players: dict[int, TrfPlayer] = Field(default_factory=dict)
    rounds: int = 0
    initial_colour: Literal["w", "b"] | None = None
    scoring: dict[str, float] = Field(
        default_factory=lambda: {"W": 1.0, "D": 0.5, "L": 0.0, "A": 0.0, "P": 1.0, "X": 0.5}
    )
    tiebreaks: list[str] = Field(default_factory=list)
    announced_byes: list[tuple[str, int, list[int]]] = Field(default_factory=list)
    prohibited: list[tuple[int, int, list[int]]] = Field(default_factory=list)
    acceleration: list[str] = Field(default_factory=list)
    other: list[str] = Field(default_factory=list)  # records kept verbatim (teams, 299, …)
    comments: list[str] = Field(default_factory=list)

    def points_for(self, code: str) -> float:
        s = self.scoring
        return {
            "1": s["W"],
            "+": s["W"],
            "W": s["W"],
            "F": s["W"],
            "U": s["P"],
            "=": s["D"],
            "D": s["D"],
            "H": s["D"],
            "0": s["L"],
            "L": s["L"],
            "-": s["A"],
            "Z": s["A"],
            " ": s["A"],
        }[code]


def _int(text: str, line: int, what: str) -> int:
    text = text.strip()
    if not text:
        return 0
    try:
        return int(text)
    except ValueError:
        raise TrfError(line, f"{what} « {text} » n'est pas un nombre") from None


def _float(text: str, line: int, what: str) -> float:
    text = text.strip()
    try:
        value = float(text) if text else 0.0
    except ValueError:
        value = math.nan
    if not math.isfinite(value):  # "nan" and "inf" are floats to Python, not to a TRF
        raise TrfError(line, f"{what} « {text} » illisible")
    return value


# 001 record: the columns that separate the fields (1-based 4, 9, 14, 48 …) are blank
_BLANK_COLUMNS = (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91)
POINTS_END = 84  # the points (81-84) are the last field a player line cannot leave out


def _columns(raw: str, line: int) -> None:
    """A 001 line in its fixed columns: long enough to hold the points, fields not shifted."""
    end = len(raw.rstrip())
    if end < POINTS_END:
        raise TrfError(
            line,
            f"ligne joueur coupée : le total de points (colonnes 81-84) manque, elle "
            f"s'arrête à la colonne {end} ; le fichier a-t-il été tronqué ?",
        )
    for column in _BLANK_COLUMNS:
        if column <= end and raw[column - 1] != " ":
            raise TrfError(
                line,
                f"colonne {column} « {raw[column - 1]} » : elle doit être vide, les champs "
                "sont décalés (colonnes fixes du TRF)",
            )


def _player(raw: str, line: int) -> TrfPlayer:
    _columns(raw, line)
    raw = raw.ljust(91)
    p = TrfPlayer(
        start=_int(raw[4:8], line, "numéro de départ"),
        sex=raw[9],
        title=raw[10:13].strip(),
        name=raw[14:47].strip(),
        rating=_int(raw[48:52], line, "classement"),
        federation=raw[53:56].strip(),
        fide_id=raw[57:68].strip(),
        birth=raw[69:79].strip(),
        rank=_int(raw[85:89], line, "rang"),
        line=line,
    )
    if p.start <= 0:
        raise TrfError(line, "numéro de départ manquant")
    p.points = _float(raw[80:84], line, "total de points")
    k = 0
    while 91 + 10 * k < len(raw.rstrip()):
        cell = raw[91 + 10 * k : 101 + 10 * k].ljust(10)
        k += 1
        if not cell.strip():
            p.rounds.append(TrfRound())
            continue
        p.present = k
        if cell[4] != " " or cell[6] != " ":
            raise TrfError(line, f"ronde {k} : colonnes décalées « {cell.rstrip()} »")
        opp = _int(cell[0:4], line, f"adversaire de la ronde {k}")
        colour = cell[5].lower()
        if colour not in ("w", "b", "-", " "):
            raise TrfError(line, f"ronde {k} : couleur « {cell[5]} » inconnue")
        code = cell[7].upper() if cell[7] != " " else " "
        if code not in RESULT_CODES:
            raise TrfError(line, f"ronde {k} : code de résultat « {cell[7]} » inconnu")
        if code == " ":
            code = "Z" if opp == 0 else code
        p.rounds.append(
            TrfRound(opponent=opp, colour="-" if colour == " " else colour, result=code)
        )
    return p


def parse(text: str, *, check_scores: bool = True) -> TrfTournament:
    """Read a TRF; raise :class:`TrfError` with the line number on the first fault."""
    t = TrfTournament()
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        code = raw[:3]
        rest = raw[4:] if len(raw) > 4 else ""
        if code == "###":
            t.comments.append(raw[3:].strip())
        elif code == "001":
            p = _player(raw, number)
            if p.start in t.players:
                raise TrfError(number, f"numéro de départ {p.start} déjà utilisé")
            t.players[p.start] = p
        elif code == "142" or code == "XXR":
            t.rounds = _int(rest, number, "nombre de rondes")
            if not 0 <= t.rounds <= MAX_ROUNDS:
                raise TrfError(number, f"{t.rounds} rondes : entre 0 et {MAX_ROUNDS}")
        elif code == "152":
            v = rest.strip().upper()
            if v not in ("W", "B"):
                raise TrfError(number, f"couleur initiale « {rest.strip()} » (W ou B)")
            t.initial_colour = "w" if v == "W" else "b"
        elif code == "XXC":
            v = rest.strip().lower()
            if v.startswith("white"):
                t.initial_colour = "w"
            elif v.startswith("black"):
                t.initial_colour = "b"
            t.headers["XXC"] = rest.strip()
        elif code == "162":
            _scoring(t, raw, number)
        elif code == "202":
            t.tiebreaks = [x.strip() for x in rest.split(",") if x.strip()]
            t.headers["202"] = rest.strip()
        elif code == "240":
            parts = rest.split()
            if len(parts) < 2 or parts[0].upper() not in ("F", "H", "Z"):
                raise TrfError(number, "record 240 : « T RRR ID … » attendu")
            t.announced_byes.append(
                (
                    parts[0].upper(),
                    _int(parts[1], number, "ronde"),
                    [_int(x, number, "joueur") for x in parts[2:]],
                )
            )
        elif code == "260" or code == "XXP":
            parts = rest.split()
            if code == "260":
                if len(parts) < 4:
                    raise TrfError(number, "record 260 : rondes puis au moins deux joueurs")
                first, last = _int(parts[0], number, "ronde"), _int(parts[1], number, "ronde")
                ids = [_int(x, number, "joueur") for x in parts[2:]]
            else:
                first, last, ids = 1, 0, [_int(x, number, "joueur") for x in parts]
            t.prohibited.append((first, last, ids))
        elif code in ("250", "XXA"):
            t.acceleration.append(raw)
        elif code[:1].isdigit() and code.endswith("2") and len(code) == 3:
            t.headers[code] = raw[4:].rstrip() if len(raw) > 4 else ""
        else:
            t.other.append(raw)
    if not t.players:
        raise TrfError(len(lines), "aucun joueur (ligne 001)")
    played = max(len(p.rounds) for p in t.players.values())
    t.rounds = max(t.rounds, played)
    for p in t.players.values():
        p.rounds += [TrfRound() for _ in range(t.rounds - len(p.rounds))]
    _check(t, check_scores)
    return t


def _scoring(t: TrfTournament, raw: str, number: int) -> None:
    # Symbol at col 6, value at 7-10, next at 15/16-19, 24/25-28 … (9 columns apart)
    pos = 5
    while pos < len(raw):
        symbol = raw[pos]
        value = raw[pos + 1 : pos + 5].strip()
        if symbol.strip():
            if symbol not in t.scoring:
                raise TrfError(number, f"record 162 : symbole « {symbol} » inconnu")
            t.scoring[symbol] = _float(value, number, "record 162 : valeur")
        pos += 9


def _check(t: TrfTournament, check_scores: bool) -> None:
    for p in t.players.values():
        for k, r in enumerate(p.rounds, start=1):
            if r.opponent == 0:
                if r.result not in BYE_CODES and r.result not in ("-", "+"):
                    raise TrfError(p.line, f"ronde {k} : résultat « {r.result} » sans adversaire")
                continue
            if r.result in ("H", "F", "U", "Z"):
                raise TrfError(p.line, f"ronde {k} : exempt « {r.result} » avec un adversaire")
            opp = t.players.get(r.opponent)
            if opp is None:
                raise TrfError(p.line, f"ronde {k} : adversaire {r.opponent} inconnu")
            back = opp.rounds[k - 1]
            if back.opponent != p.start:
                raise TrfError(
                    p.line,
                    f"ronde {k} : {p.start} joue {r.opponent}, mais {r.opponent} "
                    f"joue {back.opponent or 'personne'}",
                )
            if (
                r.result in COMPLEMENT
                and back.result != COMPLEMENT[r.result]
                and not (r.result == "-" and back.result == "-")
            ):
                raise TrfError(
                    p.line, f"ronde {k} : résultats {r.result} et {back.result} incompatibles"
                )
            if r.colour != "-" and back.colour == r.colour:
                raise TrfError(p.line, f"ronde {k} : {p.start} et {r.opponent} ont la même couleur")
        if check_scores:
            total = sum(t.points_for(r.result) for r in p.rounds)
            if abs(total - p.points) > 1e-9:
                raise TrfError(
                    p.line,
                    f"le joueur {p.start} a {p.points:g} points inscrits, "
                    f"ses résultats en donnent {total:g}",
                )


def _fmt_points(value: float) -> str:
    return f"{value:4.1f}"


def format_player(p: TrfPlayer) -> str:
    head = (
        f"001 {p.start:4d} {p.sex[:1] or ' '}{p.title:>3.3} {p.name:<33.33} "
        f"{(str(p.rating) if p.rating else ''):>4} {p.federation:<3.3} {p.fide_id:>11.11} "
        f"{p.birth:<10.10} {_fmt_points(p.points)} {(str(p.rank) if p.rank else ''):>4}"
    )
    cells = []
    for r in p.rounds:
        opp = f"{r.opponent:4d}" if r.opponent else "0000"
        cells.append(f"  {opp} {r.colour} {r.result}")
    return (head + "".join(cells)).rstrip()


SCORING_DEFAULTS = {"W": 1.0, "D": 0.5, "L": 0.0, "A": 0.0, "P": 1.0, "X": 0.5}


def _scoring_line(scoring: dict[str, float]) -> str:
    """Record 162 with only the values that differ from the defaults, "" when none does.

    As the reference engine writes it: bbpPairings refuses « A » and « X » in a 162
    (it reads W D L Z P), so the usual scoring (1, ½, 0, forfeit 0, bye 1) is left to the
    defaults that every reader shares. Symbol at column 6, value in 7-10, every 9.
    """
    cells = [
        f" {k}{scoring[k]:4.1f}   "
        for k, default in SCORING_DEFAULTS.items()
        if abs(scoring[k] - default) > 1e-9
    ]
    return ("162 " + "".join(cells)).rstrip() if cells else ""


def write(t: TrfTournament, newline: str = "\r") -> str:
    """Write TRF-2026. Lines end with CR as the format says (``newline`` to change it)."""
    out: list[str] = []
    for code, value in t.headers.items():
        if code in ("202", "XXC"):
            continue
        out.append(f"{code} {value}".rstrip())
    if t.rounds:
        out.append(f"142 {t.rounds}")
    if t.initial_colour:
        out.append(f"152 {t.initial_colour.upper()}")
    scoring = _scoring_line(t.scoring)
    if scoring:
        out.append(scoring)
    if t.tiebreaks:
        out.append("202 " + ",".join(t.tiebreaks))
    for comment in t.comments:
        out.append(f"### {comment}".rstrip())
    for p in sorted(t.players.values(), key=lambda p: p.start):
        out.append(format_player(p))
    for kind, rnd, ids in t.announced_byes:
        out.append(f"240 {kind} {rnd:3d} " + " ".join(f"{i:4d}" for i in ids))
    for first, last, ids in t.prohibited:
        out.append(f"260 {first:3d} {last:3d} " + " ".join(f"{i:4d}" for i in ids))
    out.extend(t.acceleration)
    out.extend(t.other)
    return newline.join(out) + newline
