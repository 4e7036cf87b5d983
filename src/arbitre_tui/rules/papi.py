"""Papi's players (table JOUEUR of a tournament file or of its base), as the registration
reads them: each Papi column to the registration's (rules/registration.COLUMNS), or a
refusal naming the columns not known (issue 32).

Why a mapping and not aliases: Papi says the rating's kind by a flag (`Fide`: the `Elo`
column is a FIDE rating, else the FFE's) and writes titles in its own letters (g, m, f,
gf …); the rest is one column for one field. The columns of the rounds (Rd01Adv …) and
Papi's own bookkeeping are known and left out.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from .errors import RuleError
from .models import Bye, Player, Result, System

# Papi column (lower case) -> the registration's column
PAPI_FIELDS = {
    "nrffe": "licence",
    "nom": "nom",
    "prenom": "prenom",
    "sexe": "sexe",
    "nele": "naissance",
    "fidecode": "fide_id",
    "fidetitre": "titre",
    "federation": "federation",
    "club": "club",
    "cat": "categorie",
    "tel": "telephone",
    "email": "email",
}
# known, not registration fields: Papi's references, the other cadences' ratings, the
# licence type, the league, check-in and fee bookkeeping, notes
PAPI_LEFT_OUT = frozenset(
    {"ref", "reffe", "clubref", "ligue", "afftype", "rapide", "blitz", "pointe", "note",
     "inscriptionregle", "inscriptiondu", "fixe", "flotte", "elo", "fide", "datelic",
     "nrfide", "ptsvirt",
     # the rest of a Papi 3.3.8 file's JOUEUR (docs/papi.md): Papi's own references, the
     # other cadences' kinds, the address, points, tie-breaks and places it computes
     "refffe", "nr", "rapidefide", "blitzfide", "adresse", "cp", "commentaire", "pts",
     "pta", "ptf", "dep1", "dep2", "dep3", "place", "perf", "board", "flotteur"}
)  # fmt: skip
_ROUND = re.compile(r"^rd\d{2}(adv|cl|res)$")
_PAPI_TITLES = {"g": "GM", "m": "IM", "f": "FM", "c": "CM", "gf": "WGM", "mf": "WIM",
                "ff": "WFM", "cf": "WCM"}  # fmt: skip
_TRUE = {"1", "-1", "true", "vrai", "oui", "x"}  # mdb-export writes booleans as 1/0
# `Fide` as Papi 3.3.8 writes it, a text: F a FIDE rating, N the FFE's, E estimated (no
# rating: Papi's 1399 placeholder is not kept)
_FIDE, _ESTIMATED = "f", "e"


def unknown_columns(header: list[str]) -> list[str]:
    known = PAPI_FIELDS.keys() | PAPI_LEFT_OUT
    return [h for h in header if h.strip().lower() not in known and not _ROUND.match(h.lower())]


def _is_exempt(cells: list[str], at: dict[str, int]) -> bool:
    """JOUEUR's Ref 1 « EXEMPT » line: not a player."""
    ref, nom = at.get("ref", -1), at.get("nom", -1)
    return (
        0 <= ref < len(cells)
        and cells[ref].strip() == "1"
        and 0 <= nom < len(cells)
        and cells[nom].strip().upper() == "EXEMPT"
    )


# Papi's rating columns, a cadence each, with the column of its kind (F, N, E)
CADENCE_COLUMNS = {"standard": ("elo", "fide"), "rapid": ("rapide", "rapidefide"),
                   "blitz": ("blitz", "blitzfide")}  # fmt: skip
_CADENCE_CSV = {"standard": "elo_lent", "rapid": "elo_rapide", "blitz": "elo_blitz"}
PLACEHOLDER = 1399  # Papi's rating for a player with none, kind E


def _ffe_cells(cell: Callable[[str], str]) -> list[str]:
    """Every cadence's rating with its kind letter (« 1850F »), licence type, RefFFE,
    ClubRef, Ligue: the CSV's columns of rules.registration.ffe_fields."""
    out = []
    for column, kind_column in CADENCE_COLUMNS.values():
        value, kind = cell(column), cell(kind_column).upper()[:1]
        none = value in ("", "0") or (kind == "E" and value == str(PLACEHOLDER))
        out.append("" if none else f"{value}{kind if kind in ('F', 'N', 'E') else ''}")
    return [*out, cell("afftype"), cell("refffe"), cell("clubref"), cell("ligue")]


def to_registration_csv(text: str, kind: str = "standard") -> str:
    """JOUEUR as `mdb-export` writes it -> the CSV `players import` reads: licence, FIDE
    id, birth date, title; the rating of the section's cadence (``kind``: `Elo`, `Rapide`
    or `Blitz`) filed as FIDE's when its kind is F, else as the FFE's (an estimate E kept,
    but Papi's 1399 placeholder); every cadence's rating with its kind, AffType, RefFFE,
    ClubRef, Ligue kept for the Papi file written back (issue 50)."""
    rows = csv.reader(io.StringIO(text))
    header = next(rows, [])
    if "nom" not in [h.strip().lower() for h in header]:
        raise RuleError("Papi : colonne « Nom » absente de la table JOUEUR.")
    unknown = unknown_columns(header)
    if unknown:
        raise RuleError(
            "Papi : colonne(s) inconnue(s) dans la table JOUEUR : "
            + ", ".join(f"« {u} »" for u in unknown)
            + " ; rien n'est importé."
        )
    at = {h.strip().lower(): i for i, h in enumerate(header)}
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    fields = [PAPI_FIELDS[h] for h in at if h in PAPI_FIELDS]
    w.writerow([*fields, "elo_fide", "elo_ffe", *_CADENCE_CSV.values(), "type_licence",
                "ref_ffe", "ref_club", "ligue"])  # fmt: skip
    rating_column, kind_column = CADENCE_COLUMNS[kind]
    for cells in rows:
        if not any(c.strip() for c in cells):
            continue
        if _is_exempt(cells, at):  # Papi's partner of a pairing-allocated bye
            continue

        def cell(name: str, cells: list[str] = cells) -> str:
            i = at.get(name, -1)
            return cells[i].strip() if 0 <= i < len(cells) else ""

        values = []
        for h in at:
            if h in PAPI_FIELDS:
                v = cell(h)
                if h == "fidetitre":
                    v = _PAPI_TITLES.get(v.lower(), v)
                if h == "fidecode" and v == "0":
                    v = ""
                if h == "nele":
                    v = v[:10]
                values.append(v)
        elo = cell(rating_column)
        letter = cell(kind_column).lower()
        placeholder = letter == _ESTIMATED and elo == str(PLACEHOLDER)
        elo = "" if elo in ("", "0") or placeholder else elo
        rated = letter in _TRUE or letter == _FIDE
        w.writerow([*values, elo if rated else "", "" if rated else elo, *_ffe_cells(cell)])
    return out.getvalue()


# -- a Papi tournament: its rounds in Papi's coding (issue 33) ---------------------------
# One table, read both ways: publish/papi/papi.py writes these codes, read_event reads them.
# RdNNRes of (White, Black) for each result of a paired game.
RESULT_CODES: dict[Result, tuple[int, int]] = {
    Result.WHITE_WINS: (3, 1),
    Result.BLACK_WINS: (1, 3),
    Result.DRAW: (2, 2),
    Result.WHITE_FORFEIT_WIN: (6, 4),
    Result.BLACK_FORFEIT_WIN: (4, 6),
    Result.DOUBLE_FORFEIT: (5, 5),
}
RESULT_OF_CODES: dict[tuple[int, int], Result] = {v: k for k, v in RESULT_CODES.items()}
NO_RESULT = 0  # a game paired, its result not yet known (either side)
EXEMPT_REF = 1  # JOUEUR's « EXEMPT » line, the partner of a pairing-allocated bye
# A bye as (RdNNCl, against EXEMPT, RdNNRes). A full-point bye is written as Papi writes a
# pairing-allocated one (no other code for it): read back, it is the pairing-allocated bye.
BYE_CELLS: dict[Bye, tuple[str, bool, int]] = {
    Bye.PAIRING_ALLOCATED: ("B", True, 6),
    Bye.FULL_POINT: ("B", True, 6),
    Bye.HALF_POINT: ("F", False, 2),
    Bye.ZERO_POINT: ("F", False, 0),
}
BYE_OF_CELLS: dict[tuple[str, bool, int], Bye] = {
    **{v: k for k, v in reversed(BYE_CELLS.items())},
    ("F", False, 6): Bye.FULL_POINT,  # a full-point bye asked for, as Papi may code it
}
NOT_PAIRED = "R"
_RES_CODES = frozenset({NO_RESULT, *(c for pair in RESULT_CODES.values() for c in pair)})
WITHDRAWN_NOTE = "Forfait général"  # Commentaire of a withdrawn player (the export's)
_GENRES = {"suisse": System.SWISS, "toutesrondes": System.ROUND_ROBIN}


@dataclass(frozen=True)
class PapiGame:
    """One board of a round: Papi Refs (``black`` None: a bye)."""

    white: int
    black: int | None
    result: Result | None = None
    bye: Bye | None = None


@dataclass(frozen=True)
class PapiEvent:
    """A Papi tournament as arbitre-tui keeps one: every field checked, every round's
    two sides agreeing."""

    name: str
    section: str
    city: str
    start: dt.date | None
    end: dt.date | None
    arbiter: str
    system: System
    rounds_planned: int
    players: tuple[tuple[int, Player], ...]  # (Ref, player) in Ref order
    rounds: dict[int, tuple[PapiGame, ...]] = field(default_factory=dict)
    bye_requests: tuple[tuple[int, int], ...] = ()  # (Ref, round): a half-point bye asked
    pairing: str = ""  # INFO's Pairing: Standard, Berger, or an acceleration (SAD, Haley…)
    info: dict[str, str] = field(default_factory=dict)  # INFO whole, as the file has it
    kind: str = "standard"  # INFO's ClassElo: the rating the section is rated by
    exempt_ref_ffe: str = ""  # the EXEMPT line's RefFFE (a number of Papi's, per file)

    @property
    def notes(self) -> list[str]:
        """What the arbiter must know before pairing the next round here."""
        known = ("", "standard", "berger", "haley", "haleysoft", "sad")
        if self.pairing.lower() in known or len(self.rounds) >= (self.rounds_planned):
            return []
        return [
            f"Papi appariait en « {self.pairing} » : la suite sera appariée ici au système "
            "suisse néerlandais de la FIDE, sans cette accélération."
        ]

    @property
    def complete(self) -> list[int]:
        """The rounds whose every game has its result (closed on import)."""
        return [
            n for n, gs in self.rounds.items() if all(g.bye or g.result is not None for g in gs)
        ]


def _table(text: str, what: str) -> tuple[list[str], list[list[str]]]:
    rows = [r for r in csv.reader(io.StringIO(text)) if any(c.strip() for c in r)]
    if not rows:
        raise RuleError(f"Papi : la table {what} est vide ; ce n'est pas un tournoi Papi.")
    return [h.strip() for h in rows[0]], rows[1:]


def _papi_date(text: str, what: str) -> dt.date | None:
    text = text.strip()
    if not text:
        return None
    try:
        return dt.datetime.strptime(text, "%d/%m/%Y").date()
    except ValueError:
        raise RuleError(f"Papi : {what} « {text} » n'est pas une date JJ/MM/AAAA.") from None


def _whole(text: str, what: str) -> int:
    text = text.strip()
    if not text:
        return 0
    if not re.fullmatch(r"-?\d{1,6}", text):
        raise RuleError(f"Papi : {what} « {text} » n'est pas un nombre entier.")
    return int(text)


def _info(text: str) -> dict[str, str]:
    header, rows = _table(text, "INFO")
    if [h.lower() for h in header[:2]] != ["variable", "value"]:
        raise RuleError("Papi : la table INFO n'a pas les colonnes Variable et Value.")
    return {r[0].strip(): (r[1].strip() if len(r) > 1 else "") for r in rows if r}


def read_event(info_text: str, joueur_text: str) -> PapiEvent:
    """INFO and JOUEUR as `mdb-export -T %Y-%m-%d` writes them -> the event, its players
    and every round decoded; any fault refused in French, naming the line and the round."""
    info = _info(info_text)
    for key in ("Nom", "NbrRondes", "Genre"):
        if not info.get(key):
            raise RuleError(f"Papi : « {key} » manque dans la table INFO ; rien n'est importé.")
    system = _GENRES.get(info["Genre"].lower())
    if system is None:
        raise RuleError(
            f"Papi : système « {info['Genre']} » non repris (seuls Suisse et ToutesRondes)."
        )
    planned = _whole(info["NbrRondes"], "NbrRondes")
    name, _, section = info["Nom"].rpartition(" - ")  # as the export writes it
    name, section = (name.strip(), section.strip()) if name.strip() else (info["Nom"],) * 2
    kind = {"elo": "standard", "rapide": "rapid", "blitz": "blitz"}.get(
        info.get("ClassElo", "").lower(), "standard"
    )
    header, rows = _table(joueur_text, "JOUEUR")
    at = {h.lower(): i for i, h in enumerate(header)}
    for needed in ("ref", "nom", "rd01cl", "rd01adv", "rd01res"):
        if needed not in at:
            raise RuleError(f"Papi : colonne « {needed} » absente de la table JOUEUR.")

    def cell(cells: list[str], name: str) -> str:
        i = at.get(name.lower(), -1)
        return cells[i].strip() if 0 <= i < len(cells) else ""

    lines: dict[int, list[str]] = {}
    for cells in rows:
        ref = _whole(cell(cells, "Ref"), "Ref")
        if ref in lines:
            raise RuleError(f"Papi : deux joueurs ont la référence {ref}.")
        lines[ref] = cells
    exempt = lines.pop(EXEMPT_REF, None)
    if any(ref < 1 for ref in lines):
        raise RuleError("Papi : une référence de joueur (Ref) est nulle ou négative.")
    kept = [lines[ref] for ref in sorted(lines)]
    players = _players(header, kept, kind)
    refs = sorted(lines)
    people: list[tuple[int, Player]] = []
    for ref, player, cells in zip(refs, players, kept, strict=True):
        people.append(
            (
                ref,
                replace(
                    player,
                    checked_in=cell(cells, "Pointe").lower() in _TRUE,
                    paid=_whole(cell(cells, "InscriptionRegle"), "InscriptionRegle") > 0,
                    withdrawn=cell(cells, "Commentaire").lower() == WITHDRAWN_NOTE.lower(),
                ),
            )
        )
    names = {ref: p.name for ref, p in people}
    cells_of = {ref: lines[ref] for ref in refs}
    rounds, asked, gone = _future(_rounds(cells_of, names, cell), planned)
    people = [(ref, replace(p, withdrawn=True) if ref in gone else p)
              for ref, p in people]  # fmt: skip
    played = sorted(rounds)
    if played and played != list(range(1, played[-1] + 1)):
        gap = next(n for n in range(1, played[-1] + 1) if n not in rounds)
        raise RuleError(f"Papi : la ronde {gap} n'est pas appariée mais la suivante l'est.")
    if max(rounds, default=0) > planned:
        raise RuleError(
            f"Papi : {max(rounds)} rondes appariées pour NbrRondes = {planned} ; rien n'est importé."
        )
    event = PapiEvent(
        name=name,
        section=section,
        city=info.get("Lieu", ""),
        start=_papi_date(info.get("DateDebut", ""), "DateDebut"),
        end=_papi_date(info.get("DateFin", ""), "DateFin"),
        arbiter=info.get("Arbitre", ""),
        system=system,
        rounds_planned=planned,
        players=tuple(people),
        rounds=rounds,
        bye_requests=asked,
        pairing=info.get("Pairing", ""),
        info=info,
        kind=kind,
        exempt_ref_ffe=cell(exempt, "RefFFE") if exempt else "",
    )
    complete = set(event.complete)
    open_rounds = [n for n in rounds if n not in complete]
    if open_rounds and open_rounds[0] != max(rounds):
        raise RuleError(
            f"Papi : la ronde {open_rounds[0]} a des résultats manquants alors que la ronde "
            f"{open_rounds[0] + 1} est appariée ; rien n'est importé."
        )
    return event


def _players(header: list[str], kept: list[list[str]], kind: str) -> list[Player]:
    """JOUEUR's lines as the registration reads them (the same mapping as `players
    import`), in the same order, or the first fault."""
    from .registration import parse_players_csv

    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(header)
    w.writerows(kept)
    report = parse_players_csv(to_registration_csv(out.getvalue(), kind))
    if report.errors:
        line, message = report.errors[0]
        raise RuleError(f"Papi : joueur de la ligne {line - 1} de JOUEUR : {message}.")
    if len(report.rows) != len(kept):
        raise RuleError("Papi : la table JOUEUR n'a pas pu être lue ligne à ligne.")
    return [r.player for r in report.rows]


def _rounds(
    lines: dict[int, list[str]],
    names: dict[int, str],
    cell: Callable[[list[str], str], str],
) -> dict[int, tuple[PapiGame, ...]]:
    """Each round's games, from both sides: an opponent must point back, with the
    opposite colour and the matching result code."""
    rounds: dict[int, tuple[PapiGame, ...]] = {}
    for n in range(1, 25):
        games: list[PapiGame] = []
        byes: list[PapiGame] = []
        seen: set[int] = set()
        for ref in sorted(lines):
            if ref in seen:
                continue
            cells = lines[ref]
            cl = cell(cells, f"Rd{n:02d}Cl").upper() or NOT_PAIRED
            adv = _whole(cell(cells, f"Rd{n:02d}Adv"), f"Rd{n:02d}Adv")
            res = _whole(cell(cells, f"Rd{n:02d}Res"), f"Rd{n:02d}Res")
            who = f"ronde {n}, {names[ref]}"
            if res not in _RES_CODES:
                raise RuleError(
                    f"Papi : {who} : code de résultat {res} inconnu (Papi en a de 0 à 6) ; "
                    "rien n'est importé."
                )
            if cl == NOT_PAIRED:
                if res != 0:
                    raise RuleError(f"Papi : {who} : code de résultat {res} inconnu sans partie.")
                continue
            if cl == "F" or adv == EXEMPT_REF:
                bye = BYE_OF_CELLS.get((cl, adv == EXEMPT_REF, res))
                if bye is None:
                    raise RuleError(
                        f"Papi : {who} : codes {cl}/{adv or '-'}/{res} inconnus pour un exempt."
                    )
                byes.append(PapiGame(ref, None, bye=bye))
                continue
            if cl not in ("B", "N"):
                raise RuleError(f"Papi : {who} : couleur « {cl} » inconnue (B, N, F ou R).")
            other = lines.get(adv)
            if other is None:
                raise RuleError(f"Papi : {who} : adversaire {adv} inconnu.")
            o_cl = cell(other, f"Rd{n:02d}Cl").upper()
            o_adv = _whole(cell(other, f"Rd{n:02d}Adv"), f"Rd{n:02d}Adv")
            o_res = _whole(cell(other, f"Rd{n:02d}Res"), f"Rd{n:02d}Res")
            if o_adv != ref or {cl, o_cl} != {"B", "N"}:
                raise RuleError(
                    f"Papi : {who} joue contre {names[adv]}, qui ne joue pas contre "
                    "lui/elle avec l'autre couleur ; rien n'est importé."
                )
            white, black = (ref, adv) if cl == "B" else (adv, ref)
            codes = (res, o_res) if cl == "B" else (o_res, res)
            if codes == (NO_RESULT, NO_RESULT):
                result = None
            elif codes in RESULT_OF_CODES:
                result = RESULT_OF_CODES[codes]
            else:
                raise RuleError(
                    f"Papi : {who} contre {names[adv]} : codes de résultat {codes[0]} et "
                    f"{codes[1]} inconnus ensemble ; rien n'est importé."
                )
            seen.update((ref, adv))
            games.append(PapiGame(white, black, result))
        if games or byes:
            rounds[n] = (*games, *byes)
    return rounds


def _future(
    rounds: dict[int, tuple[PapiGame, ...]], planned: int
) -> tuple[dict[int, tuple[PapiGame, ...]], tuple[tuple[int, int], ...], set[int]]:
    """The rounds played, the half-point byes asked for rounds to come, and who withdrew.

    Papi fills the rounds not yet paired: F with 2 for a half-point bye asked, and F with
    0 in every round left for a player who withdrew — even past NbrRondes (a Papi 3.3.7
    file read with mdbtools, December 2026). Those are not rounds played: a round counts
    from its games (or its pairing-allocated bye); after the last such round, F cells are
    read as requests (a half-point bye) or a withdrawal (0 in every round left)."""
    played = max(
        (n for n, gs in rounds.items()
         if any(g.black is not None or g.bye is Bye.PAIRING_ALLOCATED for g in gs)),
        default=0,
    )  # fmt: skip
    zero: dict[int, set[int]] = {}
    asked: list[tuple[int, int]] = []
    for n, gs in rounds.items():
        if n <= played:
            continue
        for g in gs:
            if g.bye is Bye.HALF_POINT and n <= planned:
                asked.append((g.white, n))
            elif g.bye is Bye.ZERO_POINT:
                zero.setdefault(g.white, set()).add(n)
    rest = set(range(played + 1, planned + 1))
    gone = {ref for ref, ns in zero.items() if rest <= ns}
    kept = {n: gs for n, gs in rounds.items() if n <= played}
    return kept, tuple(asked), gone


def round_robin_table(event: PapiEvent) -> list[int]:
    """The Refs at a round robin's table: every player with a game, and those not
    withdrawn who have none yet (an odd field's free round)."""
    playing = {r for gs in event.rounds.values() for g in gs for r in (g.white, g.black) if r}
    return [ref for ref, p in event.players if ref in playing or not p.withdrawn]


def berger_numbers(table: list[int], event: PapiEvent, cycles: int) -> list[int] | None:
    """Pairing numbers (the Refs, number 1 first) under which every game played is the
    Berger tables' (C.05), colours included; None when none fits. Why: the next round of a
    round robin is read from its players' numbers, which Papi's file does not name."""
    from .roundrobin import berger_schedule

    schedule = berger_schedule(len(table), cycles)
    seats = [{w: (b, True) for w, b in rnd} | {b: (w, False) for w, b in rnd} for rnd in schedule]
    plays: dict[int, list[tuple[int, int, bool]]] = {ref: [] for ref in table}
    for n, games in event.rounds.items():
        for g in games:
            if g.black is not None and n <= len(seats):
                plays[g.white].append((n, g.black, True))
                plays[g.black].append((n, g.white, False))
    size = len(table)

    def place(ref: int, number: int, numbers: dict[int, int]) -> dict[int, int] | None:
        """``numbers`` with ``ref`` at ``number`` and every opponent it forces, or None."""
        out = dict(numbers)
        taken = {v: k for k, v in out.items()}
        todo = [(ref, number)]
        while todo:
            r, k = todo.pop()
            if r in out:
                if out[r] != k:
                    return None
                continue
            if k in taken or k > size:
                return None
            out[r], taken[k] = k, r
            for n, opp, white in plays.get(r, []):
                seat = seats[n - 1].get(k)
                if seat is None or seat[1] != white or opp not in plays:
                    return None
                todo.append((opp, seat[0]))
        return out

    def search(numbers: dict[int, int]) -> dict[int, int] | None:
        free = [ref for ref in table if ref not in numbers]
        if not free:
            return numbers
        ref = free[0]
        for k in range(1, size + 1):
            if k in numbers.values():
                continue
            placed = place(ref, k, numbers)
            if placed is not None and (found := search(placed)) is not None:
                return found
        return None

    found = search({})
    if found is None:
        return None
    by_number = sorted(found, key=found.__getitem__)
    return by_number
