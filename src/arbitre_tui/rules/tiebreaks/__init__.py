"""FIDE C.07 tie-breaks (edition applied from 1 March 2026).

Works on a neutral crosstable (built from the store or from a TRF), so one
implementation serves the app, the command line and any program's TRF.
Unplayed rounds: Art. 16 for Swiss events, Art. 15.2 for round robins.

Checked value for value against FIDE's reference checker (TieBreakServer): where C.07
can be read two ways we follow it, and docs/tiebreaks.md says where (SB cuts with several
VURs, the Koya limit, rating tie-breaks with unrated players).
"""

from .calculator import Calculator
from .codes import NAMES, SUPPORTED, Code, describe, parse_code, parse_list
from .crosstable import Competitor, Crosstable, Entry, Kind, from_trf
from .rating import dp, pd
from .standings import StandingRow, standings

__all__ = [
    "NAMES",
    "SUPPORTED",
    "Calculator",
    "Code",
    "Competitor",
    "Crosstable",
    "Entry",
    "Kind",
    "StandingRow",
    "describe",
    "dp",
    "from_trf",
    "parse_code",
    "parse_list",
    "pd",
    "standings",
]
