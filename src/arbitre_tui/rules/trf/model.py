"""TRF-2026's records as read and written: a tournament, its players, their rounds."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ..errors import RuleError
from ..records import Record, hidden

ResultCode = Literal["1", "=", "0", "+", "-", "W", "D", "L", "H", "F", "U", "Z", " "]
RESULT_CODES = frozenset("1=0+-WDLHFUZ ")
BYE_CODES = frozenset("HFUZ ")
MAX_ROUNDS = 999  # more is a garbled number, not a tournament (and would fill the memory)
RATING_MAX = 4000  # the ratings the settings hold (faces/cli/errors.rating)
_COLOURS: dict[str, Literal["w", "b", "-"]] = {"w": "w", "b": "b", "-": "-", " ": "-"}
COMPLEMENT = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "W": "L", "L": "W", "D": "D"}


class TrfError(RuleError):
    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"ligne {line} : {reason}")
        self.line = line
        self.reason = reason


@dataclass(slots=True, kw_only=True)
class TrfRound(Record):
    opponent: int = 0  # 0 = none
    colour: Literal["w", "b", "-"] = "-"
    result: str = "Z"

    @property
    def is_bye(self) -> bool:
        return self.opponent == 0


@dataclass(slots=True, kw_only=True)
class TrfPlayer(Record):
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
    rounds: list[TrfRound] = field(default_factory=list)
    line: int = 0
    # cells written up to the last non-blank one: a pairing program tells "no entry
    # yet" (trailing blanks) from an explicit bye
    present: int = hidden(0)


@dataclass(slots=True, kw_only=True)
class TrfAcceleration(Record):
    """Record 250 (TRF-2026, replacing XXA): ``points`` added to the pairing score of the
    players ``first``…``last`` (pairing numbers) in rounds ``first_round``…``last_round``.

    Columns: match points 5-8, game points 10-13, rounds 15-17 and 19-21, players 23-26
    and 28-31; an empty last round or player is the first one. An individual event has
    no match points: the field is left blank, as bbpPairings requires (it refuses a
    figure there), and the points are the game points, which FIDE's checker
    (TieBreakServer) reads for an individual event."""

    points: float
    first_round: int
    last_round: int
    first: int
    last: int

    def line(self) -> str:
        return (
            f"250      {self.points:4.1f} {self.first_round:3d} {self.last_round:3d} "
            f"{self.first:4d} {self.last:4d}"
        )


@dataclass(slots=True, kw_only=True)
class TrfTournament(Record):
    headers: dict[str, str] = field(default_factory=dict)
    players: dict[int, TrfPlayer] = field(default_factory=dict)
    rounds: int = 0
    initial_colour: Literal["w", "b"] | None = None
    scoring: dict[str, float] = field(
        default_factory=lambda: {"W": 1.0, "D": 0.5, "L": 0.0, "A": 0.0, "P": 1.0, "X": 0.5}
    )
    tiebreaks: list[str] = field(default_factory=list)
    announced_byes: list[tuple[str, int, list[int]]] = field(default_factory=list)
    prohibited: list[tuple[int, int, list[int]]] = field(default_factory=list)
    acceleration: list[TrfAcceleration] = field(default_factory=list)
    other: list[str] = field(default_factory=list)  # records kept verbatim (teams, 299, …)
    deputies: list[str] = field(default_factory=list)  # 112, one line each
    comments: list[str] = field(default_factory=list)

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
