"""Papi's words for what a section is (issue 50), read both ways: the export writes INFO
with them (publish/papi/info.py), the import reads INFO back (operations/papi.py): the
tie-breaks and pairings Papi names, the rating kind (ClassElo), the cadence's wording.
"""

from __future__ import annotations

import re

from .cadences import Kind
from .models import TimeControl

# the imported file's EXEMPT RefFFE (a number of Papi's own, per file), kept in papi_info
EXEMPT_REF_FFE = "JOUEUR.EXEMPT.RefFFE"

# Papi's prize groups by category, three prizes each
_PRIZE_GROUPS = ("Feminin", "Francais", "Ligue", "Club")
_AGE_PRIZES = ("NC", "Veteran", "Junior", "Cadet", "Minime", "Benjamin", "Pupille", "Poussin")


def _variables() -> tuple[tuple[str, str], ...]:
    """(Variable, Papi's default) in the order of a Papi 3.3.8 file."""
    head = (
        ("Nom", ""), ("UserRef", ""), ("Version", "3.3.8"), ("NbrRondes", ""),
        ("DateDebut", ""), ("DateFin", ""), ("Cadence", ""), ("Lieu", ""),
        ("ClassElo", "Elo"), ("InscriptionDefaut", ""), ("InscriptionJeune", ""),
        ("InscriptionTitre", ""), ("InscriptionDateMajoration", ""),
        ("InscriptionMajoreeDefaut", ""), ("InscriptionMajoreeJeune", ""),
        ("InscriptionMajoreeTitre", ""), ("ClassementClubMethode", "SommeDesPoints"),
        ("ClassementClubPlaceMaxi", "6"), ("ClassementClubNbrMini", "4"),
        ("ClassementLigueMethode", "SommeDesPoints"), ("ClassementLiguePlaceMaxi", "6"),
        ("ClassementLigueNbrMini", "4"), ("FTPDirectory", ""), ("FTPFileName", ""),
        ("FTPLogin", ""), ("FTPPassword", ""), ("FTPURL", ""), ("Homologation", ""),
        ("Arbitre", ""), ("Genre", "Suisse"), ("Pairing", "Standard"), ("Dep1", "Brésilien"),
        ("Dep2", "Solkoff"), ("FormatSaisie", "International"), ("Protection", "Aucune"),
        ("RondeActive", "0"), ("EloBase1", "0"), ("EloBase2", "0"),
        ("PrixAttribution", "A la Place"), ("PrixSpeciauxCumul", "Non Cumulables"),
        ("PrixEloCumul", "Non Cumulables"), ("PrixCatCumul", "Non Cumulables"),
        ("PrixClubChoisi", ""), ("PrixLigueChoisie", ""), ("PrixCatInferieur", "OUI"),
    )  # fmt: skip
    prizes = [f"Prix{k}" for k in range(1, 21)]
    prizes += [f"Prix{g}{k}" for g in _PRIZE_GROUPS for k in (1, 2, 3)]
    prizes += [f"PrixElo{g}{k}" for g in range(1, 11) for k in (1, 2, 3)]
    prizes += [f"Prix{g}{k}" for g in _AGE_PRIZES for k in (1, 2, 3)]
    prizes += [f"PrixElo{g}{m}" for g in range(1, 11) for m in ("Mini", "Maxi")]
    rounds = [f"DateRd{n}" for n in range(1, 25)]
    tail = (("DecomptePoints", "NON"), ("Dep3", "Performance"))
    return (*head, *((v, "") for v in (*prizes, *rounds)), *tail)


VARIABLES = _variables()
assert len(VARIABLES) == 177  # Papi 3.3.8's INFO
DEFAULTS = dict(VARIABLES)

# C.07 code -> Papi's name; the others (DE, ARO, FB, AOB, STD, ...) Papi has not
TIEBREAKS = {"BH": "Solkoff", "BH/C1": "Brésilien", "BH/M1": "Harkness", "PS": "Cumulatif",
             "TPR": "Performance", "SB": "Sonnenborn-Berger", "WIN": "Nombre de Victoires",
             "KS": "Koya"}  # fmt: skip
TIEBREAK_OF = {v.lower(): k for k, v in TIEBREAKS.items()}
# the setting acceleration -> Papi's Pairing (Baku: Papi has none, written Standard)
PAIRINGS = {"haley": "Haley", "haley_degressive": "HaleySoft", "sad": "SAD"}
ACCELERATION_OF = {v.lower(): k for k, v in PAIRINGS.items()}
CLASS_ELO: dict[Kind, str] = {"standard": "Elo", "rapid": "Rapide", "blitz": "Blitz"}
KIND_OF: dict[str, Kind] = {v.lower(): k for k, v in CLASS_ELO.items()}


def cadence(tc: TimeControl | None, kind: Kind) -> str:
    """The cadence in Papi's words: « G90 + 30 » (a standard game), « 12+3 » (rapid or
    blitz), minutes then seconds a move; a control in periods: its moves first."""
    if tc is None:
        return ""
    inc = tc.increment_seconds
    if kind == "standard":
        text = f"G{tc.base_minutes}" + (f" + {inc}" if inc else "")
        if tc.moves is not None:
            rest = " + ".join(str(p.minutes) for p in tc.periods)
            text = f"{tc.moves}c/{tc.base_minutes} + {rest}" + (f" + {inc}" if inc else "")
        return text
    return f"{tc.base_minutes}" + (f"+{inc}" if inc else "")


_CADENCE = re.compile(r"^\s*G?\s*(\d{1,3})\s*(?:\+\s*(\d{1,3}))?\s*$", re.IGNORECASE)


def read_cadence(text: str) -> TimeControl | None:
    """« G90 + 30 », « 12+3 », « 90 » -> the time control; None when Papi's text says
    something else (periods, words): kept as text only."""
    match = _CADENCE.match(text or "")
    if not match or not 0 < int(match.group(1)) <= 600:
        return None
    return TimeControl(base_minutes=int(match.group(1)),
                       increment_seconds=int(match.group(2) or 0))  # fmt: skip
