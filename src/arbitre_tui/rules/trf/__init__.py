"""TRF-2026 (FIDE Technical Commission report format) reader and writer.

Fixed columns as in the TRF-2026 text (successor of TRF16); also reads the JaVaFo
codes XXR (rounds), XXC (initial colour), XXA and XXP. Lines may end in CR, LF or CRLF.
Faults are reported with the line number and the reason.

Positions and encoding. The TRF-2026 text numbers the positions of a line (the name in
15-47, the rating in 49-52 …) and names no character encoding: a position is one
character and one byte only when the line is plain ASCII. A byte-based reader (the
reference pairing programs read the line as bytes) and a character-based one agree on
every column only then. So every line written here is ASCII: names and texts keep their
letters without accents, as FIDE's own rating lists spell them (« Bérénice-Hélène, Zoé »
→ « Berenice-Helene, Zoe », « ЖУКОВ » → « ZHUKOV », rules/names.fold), a character with no
Latin reading left out, never « ? ». The reader still accepts UTF-8 (see :func:`_player`).
"""

from .model import (
    BYE_CODES,
    COMPLEMENT,
    MAX_ROUNDS,
    RATING_MAX,
    RESULT_CODES,
    ResultCode,
    TrfAcceleration,
    TrfError,
    TrfPlayer,
    TrfRound,
    TrfTournament,
)
from .reader import POINTS_END, acceleration_records, parse
from .writer import (
    ROUND_DATES_COLUMN,
    SCORING_DEFAULTS,
    EventHeader,
    ascii_text,
    format_player,
    round_dates_line,
    set_header,
    write,
)

__all__ = [
    "BYE_CODES",
    "COMPLEMENT",
    "MAX_ROUNDS",
    "POINTS_END",
    "RATING_MAX",
    "RESULT_CODES",
    "ROUND_DATES_COLUMN",
    "SCORING_DEFAULTS",
    "EventHeader",
    "ResultCode",
    "TrfAcceleration",
    "TrfError",
    "TrfPlayer",
    "TrfRound",
    "TrfTournament",
    "acceleration_records",
    "ascii_text",
    "format_player",
    "parse",
    "round_dates_line",
    "set_header",
    "write",
]
