"""Reading a TRF-2026 text: fixed columns, each fault said with its line and reason."""

from __future__ import annotations

import math

from ..text import bad_character, character_name, shown
from .model import (
    _COLOURS,
    BYE_CODES,
    COMPLEMENT,
    MAX_ROUNDS,
    RATING_MAX,
    RESULT_CODES,
    TrfAcceleration,
    TrfError,
    TrfPlayer,
    TrfRound,
    TrfTournament,
)


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


def _by_bytes(raw: str) -> str | None:
    """A 001 line another program padded by bytes in UTF-8, as characters in their
    columns; None when it is not one (counted in bytes, the name ends early)."""
    data = raw.encode("utf-8")
    if len(data) == len(raw) or not data[47:48].isspace() or not data[:14].isascii():
        return None
    try:
        name = data[14:47].decode("utf-8").rstrip()
        rest = data[47:].decode("utf-8")
    except UnicodeDecodeError:  # a letter cut in two at column 47: not byte-padded
        return None
    return data[:14].decode("ascii") + name.ljust(33) + rest


def _player(raw: str, line: int) -> TrfPlayer:
    try:
        _columns(raw, line)
    except TrfError:
        # a position counted in bytes (UTF-8 written by a byte-based program)
        again = _by_bytes(raw)
        if again is None:
            raise
        _columns(again, line)
        raw = again
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
    if not 0 <= p.rating <= RATING_MAX:
        raise TrfError(line, f"classement {p.rating} impossible : de 0 à {RATING_MAX}")
    if p.rank < 0:
        raise TrfError(line, f"rang {p.rank} impossible")
    p.points = _float(raw[80:84], line, "total de points")
    end = len(raw.rstrip())
    if end > 91 + 10 * MAX_ROUNDS:  # 100 000 spaces then a character: no 10 000 rounds
        raise TrfError(
            line,
            f"ligne de {end} colonnes : plus de {MAX_ROUNDS} rondes, ce n'est pas un TRF",
        )
    k = 0
    while 91 + 10 * k < end:
        cell = raw[91 + 10 * k : 101 + 10 * k].ljust(10)
        k += 1
        if not cell.strip():
            p.rounds.append(TrfRound())
            continue
        p.present = k
        if cell[4] != " " or cell[6] != " " or cell[8:] != "  ":
            raise TrfError(
                line,
                f"ronde {k} : colonnes décalées « {cell.rstrip()} » (colonnes "
                f"{92 + 10 * (k - 1)}-{101 + 10 * (k - 1)} : adversaire, couleur, résultat)",
            )
        if not cell[0:4].strip().isdigit():
            raise TrfError(line, f"ronde {k} : adversaire « {cell[0:4].strip()} » illisible")
        opp = _int(cell[0:4], line, f"adversaire de la ronde {k}")
        colour = _COLOURS.get(cell[5].lower())
        if colour is None:
            raise TrfError(line, f"ronde {k} : couleur « {cell[5]} » inconnue")
        code = cell[7].upper() if cell[7] != " " else " "
        if code not in RESULT_CODES:
            raise TrfError(line, f"ronde {k} : code de résultat « {cell[7]} » inconnu")
        if code == " ":
            code = "Z" if opp == 0 else code
        p.rounds.append(TrfRound(opponent=opp, colour=colour, result=code))
    return p


def _refuse_bad_character(raw: str, number: int) -> None:
    """As the CSV reader: NUL, Échap, bidi, invisible refused, with their column."""
    if found := bad_character(raw):
        kind, value = found
        column = raw.index(chr(value)) + 1 if kind != "utf8" else 0
        where = f" en colonne {column}" if column else ""
        raise TrfError(
            number,
            f"{character_name(kind, value)}{where} : un fichier TRF n'en contient pas ; "
            "est-il abîmé ou binaire ?",
        )


def parse(text: str, *, check_scores: bool = True) -> TrfTournament:
    """Read a TRF; raise :class:`TrfError` with the line number on the first fault."""
    t = TrfTournament()
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    declared: tuple[int, int] | None = None  # (rounds, line) the header announces
    for number, raw in enumerate(lines, start=1):
        if not (raw.isascii() and raw.isprintable()):  # printable ASCII has none to refuse
            _refuse_bad_character(raw, number)
        if not raw.strip():
            continue
        code = raw[:3]
        rest = raw[4:] if len(raw) > 4 else ""
        if code != "###" and not _record(raw):
            raise TrfError(
                number,
                f"« {shown(raw.rstrip())} » n'est pas un "
                "enregistrement TRF (trois chiffres ou trois majuscules, puis un espace)",
            )
        if code in _COUNTS and rest.strip() and not rest.strip().isdigit():
            raise TrfError(number, f"record {code} : « {rest.strip()[:20]} » n'est pas un nombre")
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
            declared = (t.rounds, number)
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
        elif code == "250":
            t.acceleration.append(_acceleration(raw, number))
        elif code == "XXA":
            t.acceleration.extend(_legacy_acceleration(raw, number))
        elif code == "112":
            t.deputies.append(rest.strip())
        elif code[:1].isdigit() and code.endswith("2") and len(code) == 3:
            t.headers[code] = raw[4:].rstrip() if len(raw) > 4 else ""
        else:
            t.other.append(raw)
    if not t.players:
        raise TrfError(len(lines), "aucun joueur (ligne 001)")
    longest = max(t.players.values(), key=lambda p: len(p.rounds))
    played = len(longest.rounds)
    if declared is not None and declared[0] and played > declared[0]:
        raise TrfError(
            longest.line,
            f"{played} rondes pour le joueur {longest.start}, le tournoi en annonce "
            f"{declared[0]} (ligne {declared[1]})",
        )
    t.rounds = max(t.rounds, played)
    for p in t.players.values():
        p.rounds += [TrfRound() for _ in range(t.rounds - len(p.rounds))]
    _check(t, check_scores)
    return t


def acceleration_records(points: dict[int, list[int]]) -> list[TrfAcceleration]:
    """The fewest 250 records for each player's virtual points (tenths, round by round):
    a record per run of rounds with the same points, players with the same runs and
    consecutive numbers in one record."""
    runs: dict[tuple[int, int, int], list[int]] = {}
    for player, per_round in points.items():
        r = 0
        while r < len(per_round):
            value, end = per_round[r], r
            while end + 1 < len(per_round) and per_round[end + 1] == value:
                end += 1
            if value:
                runs.setdefault((r + 1, end + 1, value), []).append(player)
            r = end + 1
    out = []
    for (first_round, last_round, value), players in runs.items():
        players.sort()
        start = prev = players[0]
        for n in [*players[1:], None]:
            if n is not None and n == prev + 1:
                prev = n
                continue
            out.append(
                TrfAcceleration(
                    points=value / 10,
                    first_round=first_round,
                    last_round=last_round,
                    first=start,
                    last=prev,
                )
            )
            if n is not None:
                start = prev = n
    out.sort(key=lambda a: (a.first_round, a.last_round, a.first))
    return out


def _acceleration(raw: str, number: int) -> TrfAcceleration:
    """Record 250 in its fixed columns (see :class:`TrfAcceleration`)."""
    line = raw.rstrip()
    blanks = (4, 9, 14, 18, 22, 27)
    if not 26 <= len(line) <= 31 or any(line[i - 1] != " " for i in blanks if i <= len(line)):
        raise TrfError(number, "record 250 : points 5-8 et 10-13, rondes 15-21, joueurs 23-31")
    game = _float(line[9:13], number, "points d'accélération")
    first_round = _int(line[14:17], number, "ronde")
    last_round = _int(line[18:21], number, "ronde") or first_round
    first = _int(line[22:26], number, "joueur")
    last = _int(line[27:31], number, "joueur") or first
    if not (1 <= first_round <= last_round <= MAX_ROUNDS and 1 <= first <= last):
        raise TrfError(number, "record 250 : rondes ou joueurs hors d'ordre")
    if not 0 <= game <= 99.9:
        raise TrfError(number, f"record 250 : {game:g} points d'accélération")
    return TrfAcceleration(
        points=game, first_round=first_round, last_round=last_round, first=first, last=last
    )


def _legacy_acceleration(raw: str, number: int) -> list[TrfAcceleration]:
    """XXA (bbpPairings, JaVaFo): the player in 5-8, then each round's points in a
    field of four every five columns from 10."""
    line = raw.rstrip()
    player = _int(line[4:8], number, "joueur")
    if player < 1:
        raise TrfError(number, "XXA : numéro de joueur en colonnes 5-8")
    out = []
    for k, start in enumerate(range(9, len(line), 5), start=1):
        points = _float(line[start : start + 4], number, "points d'accélération")
        if points:
            out.append(
                TrfAcceleration(
                    points=points, first_round=k, last_round=k, first=player, last=player
                )
            )
    return out


# the header counts (062 players, 072 rated players, 082 teams): a number when given
_COUNTS = frozenset({"062", "072", "082"})


def _record(raw: str) -> bool:
    """A TRF line begins with its record's code: three digits (001, 012, 142 …), or three
    capital letters — a federation's national record (« FRA », TRF-2026) or an
    extension's (XXR, XXC …) —, then a space or the line's end."""
    code = raw[:3]
    if not (len(code) == 3 and code.isascii() and (code.isdigit() or code.isupper())):
        return False
    if not code.isdigit() and not code.isalpha():
        return False
    return len(raw) == 3 or raw[3] == " "


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
