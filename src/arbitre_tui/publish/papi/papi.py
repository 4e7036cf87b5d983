"""A section as Papi's three tables (INFO, JOUEUR, RES), values in Papi's own coding.

Pure: it receives the section's players and games and returns rows; writing them into a
Jet 4 file is another module's business. Papi's schema and codes were read from real Papi
files with mdbtools (docs/papi.md): JOUEUR numbers its players from 2, Ref 1 being the
« EXEMPT » line a pairing-allocated bye is paired against; each round is three columns,
RdNNCl (B White, N Black, F a requested bye, R not paired), RdNNAdv (the opponent's Ref)
and RdNNRes (0 nothing, 1 lost, 2 draw or half-point bye, 3 won, 4 lost by forfeit,
5 double forfeit, 6 won by forfeit, a pairing-allocated or full-point bye).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from ...rules.cadences import KINDS, Kind, section_kind
from ...rules.models import Bye, Game, Player, Sex, StoredPlayer, Title, Tournament
from ...rules.papi import (
    BYE_CELLS,
    EXEMPT_REF,
    NO_RESULT,
    NOT_PAIRED,
    PLACEHOLDER,
    RESULT_CODES,
    WITHDRAWN_NOTE,
)
from ...rules.papi_info import EXEMPT_REF_FFE
from ...rules.rating_lists import ffe_category
from ...rules.settings import section_settings
from . import jetindex
from .info import event_date, info_rows

if TYPE_CHECKING:
    from . import jet

PAPI_ROUNDS = 24  # JOUEUR has Rd01… Rd24, whatever the number of rounds

ColumnType = Literal["long", "int", "byte", "text", "datetime", "bool", "single"]


@dataclass(frozen=True, slots=True)
class Column:
    name: str
    kind: ColumnType
    size: int = 0  # characters, for text
    fixed: bool = False  # a text kept among the fixed bytes, as Papi's NrFFE
    auto: bool = False  # an autonumber, as Papi's JOUEUR.Ref


def _joueur_columns() -> tuple[Column, ...]:
    head = (
        Column("Ref", "long", auto=True), Column("RefFFE", "long"), Column("Nr", "int"),
        Column("NrFFE", "text", 6, fixed=True), Column("Nom", "text", 20), Column("Prenom", "text", 20),
        Column("Sexe", "text", 1), Column("NeLe", "datetime"), Column("Cat", "text", 4),
        Column("Elo", "int"), Column("Rapide", "int"), Column("Blitz", "int"),
        Column("Federation", "text", 3), Column("ClubRef", "long"), Column("Club", "text", 80),
        Column("Ligue", "text", 3), Column("Fide", "text", 1), Column("RapideFide", "text", 1),
        Column("BlitzFide", "text", 1), Column("FideCode", "text", 10),
        Column("FideTitre", "text", 2), Column("AffType", "text", 1), Column("Pointe", "bool"),
        Column("InscriptionRegle", "int"), Column("InscriptionDu", "int"),
        Column("Adresse", "text", 96), Column("CP", "text", 36), Column("Tel", "text", 10),
        Column("EMail", "text", 50), Column("Commentaire", "text", 255), Column("Pts", "int"),
        Column("PtA", "int"), Column("PtF", "int"), Column("Dep1", "single"),
        Column("Dep2", "single"), Column("Dep3", "single"), Column("Place", "int"),
        Column("Perf", "int"), Column("Board", "int"), Column("Fixe", "int"),
        Column("Flotteur", "text", 24),
    )  # fmt: skip
    rounds = tuple(
        c
        for n in range(1, PAPI_ROUNDS + 1)
        for c in (
            Column(f"Rd{n:02d}Cl", "text", 1),
            Column(f"Rd{n:02d}Adv", "int"),
            Column(f"Rd{n:02d}Res", "byte"),
        )
    )
    return head + rounds


TABLES: dict[str, tuple[Column, ...]] = {
    "INFO": (Column("Variable", "text", 50), Column("Value", "text", 50)),
    "JOUEUR": _joueur_columns(),
    "RES": (Column("Ref", "long"), Column("Str", "text", 5)),
}


def _unique(name: str) -> jetindex.IndexSpec:
    return jetindex.IndexSpec(name, ((name, True),), unique=True)


# The indexes of a Papi 3.3.8 file (docs/papi.md), in its order. A text index whose keys
# jetsort does not know (a name with œ or ß) is left out of the file (jet.add_table).
INDEXES: dict[str, tuple[jetindex.IndexSpec, ...]] = {
    "INFO": (jetindex.IndexSpec("Variable", (("Variable", True),), primary=True),),
    "JOUEUR": (
        jetindex.IndexSpec("Ref", (("Ref", True),), primary=True),
        _unique("Nr"),
        _unique("RefFFE"),
        _unique("NrFFE"),
        _unique("FideCode"),
        *(_unique(f"Rd{n:02d}Adv") for n in range(1, PAPI_ROUNDS + 1)),
        jetindex.IndexSpec("Nom", (("Nom", True), ("Prenom", True))),
        jetindex.IndexSpec("Elo", (("Elo", False),)),
        jetindex.IndexSpec("Rapide", (("Rapide", False),)),
    ),
    "RES": (jetindex.IndexSpec("Ref", (("Ref", True),), primary=True),),
}

RES_ROWS: tuple[tuple[int, str], ...] = (
    (0, "     "), (1, " 0-1 "), (2, " 1/2 "), (3, " 1-0 "),
    (4, " F-1 "), (5, " F-F "), (6, " 1-F "),
)  # fmt: skip

# Papi's age categories, from the FFE's (rules.rating_lists.ffe_category)
_CATEGORY = {"U8": "Ppo", "U10": "Pou", "U12": "Pup", "U14": "Ben", "U16": "Min",
             "U18": "Cad", "U20": "Jun", "Sen": "Sen", "S50": "Sep", "S65": "Vet"}  # fmt: skip
_TITLE = {Title.GM: "g", Title.IM: "m", Title.FM: "f", Title.CM: "c", Title.WGM: "gf",
          Title.WIM: "mf", Title.WFM: "ff", Title.WCM: "cf"}  # fmt: skip

Row = dict[str, object]


@dataclass(frozen=True, slots=True)
class PapiTables:
    info: tuple[tuple[str, str | None], ...]
    joueur: tuple[Row, ...]
    shortened: tuple[str, ...] = ()  # the names cut to Papi's 20 characters
    # the texts holding a character Papi cannot show (outside the BMP: an emoji), each
    # written with « ? » in its place: « DUPONT 🎉 Zoé (Nom, Club) » (issue 53.4)
    replaced: tuple[str, ...] = ()
    res: tuple[tuple[int, str], ...] = RES_ROWS


def refs(players: Sequence[StoredPlayer]) -> dict[int, int]:
    """Papi's Ref of each player id: 2, 3 … by rating then name (Ref 1 is EXEMPT)."""
    order = sorted(players, key=lambda p: (-p.rating, p.name, p.id))
    return {p.id: k for k, p in enumerate(order, start=2)}


def _own_code(g: Game, white: bool) -> int:
    """RdNNRes for one side of a paired game (rules/papi.RESULT_CODES, read both ways)."""
    if g.result is None:
        return NO_RESULT
    return RESULT_CODES[g.result][0 if white else 1]


def round_cells(
    pid: int, games: Sequence[Game], ref: Mapping[int, int]
) -> tuple[str, int | None, int]:
    """(Cl, Adv, Res) of one player in one round."""
    for g in games:
        if g.white_id == pid and g.black_id is None:
            if g.bye is None:
                return NOT_PAIRED, None, 0
            cl, exempt, res = BYE_CELLS[g.bye]
            return cl, EXEMPT_REF if exempt else None, res
        if pid in (g.white_id, g.black_id) and g.black_id is not None:
            white = g.white_id == pid
            opp = g.black_id if white else g.white_id
            return ("B" if white else "N"), ref[opp], _own_code(g, white)
    return NOT_PAIRED, None, 0


def cadence_ratings(p: Player, kind: Kind) -> dict[str, object]:
    """Elo, Rapide, Blitz with their kinds (F FIDE, N the FFE's, E an estimate): the
    section's cadence from the ratings it is rated by, the others as kept (lists, CSV, a
    Papi file); none known: Papi's 1399 E."""
    out: dict[str, object] = {}
    for k, cadence in enumerate(KINDS):
        column, kind_column = _RATING_COLUMNS[cadence]
        letter = p.rating_kinds[k : k + 1]
        kept = getattr(p, f"rating_{cadence}")
        if cadence == kind and p.rating_fide:
            value, letter = p.rating_fide, "F"
        elif cadence == kind and p.rating_ffe:
            value, letter = p.rating_ffe, "E" if letter == "E" else "N"
        elif kept:
            value, letter = kept, letter if letter in ("F", "N", "E") else "N"
        else:
            value, letter = PLACEHOLDER, "E"
        out[column], out[kind_column] = value, letter
    return out


_RATING_COLUMNS = {"standard": ("Elo", "Fide"), "rapid": ("Rapide", "RapideFide"),
                   "blitz": ("Blitz", "BlitzFide")}  # fmt: skip


def _category(p: Player, on: dt.date) -> str | None:
    if p.birth_date is None:
        return None
    label = ffe_category(p.birth_date.year, "", on)
    return _CATEGORY.get(label)


def player_row(
    p: StoredPlayer,
    ref: Mapping[int, int],
    rounds: Mapping[int, Sequence[Game]],
    on: dt.date,
    ahead: range = range(0),
    exempt: Mapping[int, int] | None = None,
    kind: Kind = "standard",
    pad: bool = True,
) -> Row:
    """One JOUEUR line with every field Papi has and the product knows; ``ahead``: the
    rounds not yet paired, which Papi fills with F and 0 for a player who withdrew;
    ``exempt``: the player paired against EXEMPT in each round (``exempt_of``); ``kind``:
    the section's rating; ``pad``: FideCode as Papi 3.3.8 writes it (8 digits, then spaces to 10)."""
    exempt = exempt or {}
    row: Row = {c.name: None for c in TABLES["JOUEUR"]}
    fide_code = str(p.fide_id) if p.fide_id else None
    row.update(
        Ref=ref[p.id],
        RefFFE=p.ffe_ref,
        Nom=p.surname.upper()[:20],
        Prenom=p.first_name[:20] or None,
        Sexe="F" if p.sex is Sex.FEMALE else "M",
        NeLe=p.birth_date,
        Cat=_category(p, on),
        **cadence_ratings(p, kind),
        Federation=p.federation[:3],
        ClubRef=p.club_ref,
        Club=p.club[:80] or None,
        Ligue=p.league,
        FideCode=fide_code.zfill(8).ljust(10) if fide_code and pad else fide_code,
        FideTitre=_TITLE.get(p.title) if p.title else None,
        NrFFE=(p.ffe_code or "")[:6] or None,
        AffType=p.licence_type or ("A" if p.ffe_code else "N"),
        Pointe=p.checked_in,
        InscriptionRegle=1 if p.paid else 0,
        InscriptionDu=0,
        Tel=(p.phone or "").replace(" ", "").replace(".", "")[:10] or None,
        EMail=(p.email or "")[:50] or None,
        Commentaire=WITHDRAWN_NOTE if p.withdrawn else None,
        Fixe=0,
        Flotteur="X" * PAPI_ROUNDS,
    )
    for n in range(1, PAPI_ROUNDS + 1):
        cl, adv, res = round_cells(p.id, rounds.get(n, ()), ref)
        if adv == EXEMPT_REF and exempt.get(n, p.id) != p.id:
            cl, adv, res = FULL_POINT_ASKED  # EXEMPT is another player's this round
        if p.withdrawn and n in ahead:
            cl, res = BYE_CELLS[Bye.ZERO_POINT][0], BYE_CELLS[Bye.ZERO_POINT][2]
        row[f"Rd{n:02d}Cl"], row[f"Rd{n:02d}Adv"], row[f"Rd{n:02d}Res"] = cl, adv, res
    return row


# A full-point bye when EXEMPT is taken: Papi's index on RdNNAdv is unique, so one player
# a round is against Ref 1; rules/papi.BYE_OF_CELLS reads this back as a full-point bye.
FULL_POINT_ASKED: tuple[str, int | None, int] = ("F", None, 6)


def exempt_of(rounds: Mapping[int, Sequence[Game]]) -> dict[int, int]:
    """Each round's player against EXEMPT: the pairing-allocated bye, else the first
    full-point bye by board."""
    out: dict[int, int] = {}
    for n, games in rounds.items():
        byes = [g for g in games if g.black_id is None and g.bye is not None
                and BYE_CELLS[g.bye][1]]  # fmt: skip
        if byes:
            first = min(byes, key=lambda g: (g.bye is not Bye.PAIRING_ALLOCATED, g.board))
            out[n] = first.white_id
    return out


def exempt_row(rounds: Mapping[int, Sequence[Game]], ref: Mapping[int, int]) -> Row:
    """Ref 1, « EXEMPT »: Papi's partner of a pairing-allocated bye."""
    row: Row = {c.name: None for c in TABLES["JOUEUR"]}
    row.update(Ref=EXEMPT_REF, Nom="EXEMPT", Sexe="M", Cat="Sen", Elo=1399, Rapide=1399,
               Blitz=1399, Federation="FRA", Fide="E", RapideFide="E", BlitzFide="E",
               AffType="N", Pointe=False, InscriptionRegle=0, InscriptionDu=0, Pts=0, PtA=0,
               Fixe=0, Flotteur="X" * PAPI_ROUNDS)  # fmt: skip
    exempt = exempt_of(rounds)
    for n in range(1, PAPI_ROUNDS + 1):
        cl, adv, res = "R", None, 0
        if n in exempt:
            cl, adv = "N", ref[exempt[n]]
        row[f"Rd{n:02d}Cl"], row[f"Rd{n:02d}Adv"], row[f"Rd{n:02d}Res"] = cl, adv, res
    return row


def _ref(row: Row) -> int:
    return int(str(row["Ref"]))


def tables(
    event: Mapping[str, object],
    t: Tournament,
    players: Sequence[StoredPlayer],
    rounds: Mapping[int, Sequence[Game]],
    genre: str,
    round_dates: Mapping[int, dt.date] | None = None,
) -> PapiTables:
    """Papi's tables for one Swiss or round-robin section; ``genre`` is the format's
    answer (operations/formats), '' when Papi has no such system."""
    if genre not in ("Suisse", "ToutesRondes"):
        raise ValueError("Papi ne connaît que le système suisse et le toutes-rondes.")
    if t.rounds_planned > PAPI_ROUNDS:
        raise ValueError(f"Papi ne connaît que {PAPI_ROUNDS} rondes au plus.")
    on = event_date(event.get("start_date")) or dt.date.today()
    ref = refs(players)
    played = [n for n, gs in rounds.items() if gs]
    info = info_rows(event, t, players, genre, max(played, default=0), round_dates)
    mine: dict[int, dict[int, list[Game]]] = {}  # each player's games: one pass, not P x G
    for n, round_games in rounds.items():
        for g in round_games:
            for pid in {g.white_id, g.black_id} - {None}:
                assert pid is not None
                mine.setdefault(pid, {}).setdefault(n, []).append(g)
    ahead = range(max(played, default=0) + 1, t.rounds_planned + 1)
    exempt = exempt_of(rounds)
    kind, version = section_kind(t), dict(info).get("Version")
    lines = sorted(
        (player_row(p, ref, mine.get(p.id, {}), on, ahead, exempt, kind, version == "3.3.8")
         for p in players),
        key=_ref,
    )  # fmt: skip
    first = exempt_row(rounds, ref)
    kept_ref = section_settings(t).papi_info.get(EXEMPT_REF_FFE, "")
    first["RefFFE"] = int(kept_ref) if kept_ref.isdigit() else None
    shown, replaced = within_bmp(info, lines)
    return PapiTables(shown, (first, *lines), shortened(players), replaced)


def within_bmp(
    info: Sequence[tuple[str, str | None]], lines: Sequence[Row]
) -> tuple[tuple[tuple[str, str | None], ...], tuple[str, ...]]:
    """Each character outside the BMP (an emoji) replaced by « ? », and where: Jet keeps
    it (two UTF-16 halves), but Papi, a program of one code page, shows « ?? » for it —
    said to the arbiter rather than left for Papi to garble without a word."""
    said: list[str] = []
    kept: list[tuple[str, str | None]] = []
    for name, value in info:
        if value is not None and _OUTSIDE_BMP.search(value):
            said.append(f"{name} « {value} »")
            value = _OUTSIDE_BMP.sub("?", value)
        kept.append((name, value))
    for row in lines:
        fields = [k for k, v in row.items() if isinstance(v, str) and _OUTSIDE_BMP.search(v)]
        if fields:
            who = " ".join(str(row[k]) for k in ("Nom", "Prenom") if row.get(k))
            said.append(f"{who} ({', '.join(fields)})")
            for k in fields:
                row[k] = _OUTSIDE_BMP.sub("?", str(row[k]))
    return tuple(kept), tuple(said)


_OUTSIDE_BMP = re.compile("[\U00010000-\U0010ffff]")


def shortened(players: Sequence[Player]) -> tuple[str, ...]:
    """« NAME First → NAME Fir »: each name longer than Papi's Nom or Prenom (20)."""
    return tuple(
        f"{p.name} → {p.surname.upper()[:20]} {p.first_name[:20]}".rstrip()
        for p in players
        if len(p.surname) > 20 or len(p.first_name) > 20
    )


_JET_KIND = {"long": 4, "int": 3, "byte": 2, "text": 10, "datetime": 8, "bool": 1, "single": 6}


def write(papi: PapiTables, path: Path, indexes: bool = True) -> list[str]:
    """The three tables into a blank Jet 4 database, written at ``path`` whole; with
    Papi's indexes, unless ``indexes`` is False (a test's file Papi could not hold). The
    indexes left out (« JOUEUR.Nom »: a text whose key is not known here, jetsort)."""
    from . import jet

    def of(table: str) -> tuple[jetindex.IndexSpec, ...]:
        return INDEXES[table] if indexes else ()

    db = jet.blank()
    info_cols = TABLES["INFO"]
    db.add_table("INFO", _specs(info_cols), [list(row) for row in papi.info], of("INFO"))
    cols = TABLES["JOUEUR"]
    rows = [[r[c.name] for c in cols] for r in papi.joueur]
    db.add_table("JOUEUR", _specs(cols), rows, of("JOUEUR"))
    db.add_table("RES", _specs(TABLES["RES"]), [list(row) for row in papi.res], of("RES"))
    db.save(path)
    return list(db.left_out)


def _specs(cols: Sequence[Column]) -> list[jet.ColumnSpec]:
    from . import jet

    return [
        jet.ColumnSpec(
            c.name,
            _JET_KIND[c.kind],
            c.size,
            required=c.kind == "bool",
            fixed_text=c.fixed,
            auto=c.auto,
        )
        for c in cols
    ]
