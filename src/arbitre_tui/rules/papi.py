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
import io
import re

from .errors import RuleError

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
     "nrfide", "ptsvirt"}
)  # fmt: skip
_ROUND = re.compile(r"^rd\d{2}(adv|cl|res)$")
_PAPI_TITLES = {"g": "GM", "m": "IM", "f": "FM", "c": "CM", "gf": "WGM", "mf": "WIM",
                "ff": "WFM", "cf": "WCM"}  # fmt: skip
_TRUE = {"1", "-1", "true", "vrai", "oui", "x"}  # mdb-export writes booleans as 1/0


def unknown_columns(header: list[str]) -> list[str]:
    known = PAPI_FIELDS.keys() | PAPI_LEFT_OUT
    return [h for h in header if h.strip().lower() not in known and not _ROUND.match(h.lower())]


def to_registration_csv(text: str) -> str:
    """JOUEUR as `mdb-export` writes it -> the CSV `players import` reads: licence, FIDE
    id, birth date, title; `Elo` filed as FIDE's when `Fide` is set, else as the FFE's."""
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
    w.writerow([*fields, "elo_fide", "elo_ffe"])
    for cells in rows:
        if not any(c.strip() for c in cells):
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
        elo = cell("elo")
        elo = "" if elo in ("", "0") else elo
        rated = cell("fide").lower() in _TRUE
        w.writerow([*values, elo if rated else "", "" if rated else elo])
    return out.getvalue()
