"""Domain models shared by every format.

They carry what the four regulations need; fields a format does not use stay empty.

They are plain dataclasses, not pydantic models: every read of the store builds them
(120 players, 60 games at the first paint) and importing pydantic alone cost the app's
start 40 ms. Their bounds are written in the annotations (``annotated_types``, loaded with
pydantic: ``load_bounds``) and pydantic checks them where input comes in:
``rules.validation.validated(Player, data)`` coerces and checks what a form, a file or a
command gave, in one place, lazily.

Every record takes keyword arguments only (it has many optional fields) and has
``__slots__`` (120 players read at each refresh: lighter and faster to build).

A model comes in two forms. The plain one (``Player``, ``Tournament``…) is what is built
before it is saved: its ``id`` is None until the store numbers its row. The stored one
(``StoredPlayer``…), a subclass, is what every read of the store returns: its ``id`` is an
``int``, never None, so that the code reading it need not check.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import asdict, dataclass, field, fields
from enum import Enum, StrEnum
from typing import TYPE_CHECKING, Annotated, Any, Literal

if TYPE_CHECKING:  # at run time, given by load_bounds() to the one reader of the bounds
    from annotated_types import Ge, Le, MaxLen, MinLen, Predicate

# A section's key, typed after -t: 1 to 40 lower-case letters, digits and hyphens
# (rules.sections.check_key says it in French; Tournament's annotation checks it too).
SECTION_KEY = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")


def _is_key(text: str) -> bool:
    return SECTION_KEY.fullmatch(text) is not None


def load_bounds() -> None:
    """Give this module the names its annotations' bounds use (``Ge``, ``MaxLen``…).

    The annotations are text (PEP 563) until someone evaluates them, and pydantic is the
    only one: it reads them in this module's namespace when ``rules.validation`` first
    builds a record's schema, which calls this first. annotated_types (its own dataclasses,
    ≈ 7 ms) is thus imported with pydantic, not by every start of the app and of every
    command that only reads the store (issue 34.4).
    """
    if "Ge" in globals():
        return
    import annotated_types as bounds

    globals().update(
        Ge=bounds.Ge,
        Le=bounds.Le,
        MaxLen=bounds.MaxLen,
        MinLen=bounds.MinLen,
        Predicate=bounds.Predicate,
    )


def as_data(
    record: Any, *, json: bool = False, exclude: frozenset[str] = frozenset()
) -> dict[str, Any]:
    """A record as a dict (nested records too); with ``json`` dates as ISO text and enums
    as their values, what the store writes."""
    data = {k: v for k, v in asdict(record).items() if k not in exclude}
    return {k: _json(v) for k, v in data.items()} if json else data


def fields_of(record: Any) -> dict[str, Any]:
    """A record's fields as they are (nested records kept): to build its stored form."""
    return {f.name: getattr(record, f.name) for f in fields(record)}


def _json(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, dt.date):  # datetime too
        return value.isoformat()
    if isinstance(value, dict):
        return {k: _json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json(v) for v in value]
    return value


class Sex(StrEnum):
    MALE = "m"
    FEMALE = "w"


class Title(StrEnum):
    GM = "GM"
    IM = "IM"
    WGM = "WGM"
    FM = "FM"
    WIM = "WIM"
    CM = "CM"
    WFM = "WFM"
    WCM = "WCM"


class System(StrEnum):
    KNOCKOUT = "knockout"
    SWISS = "swiss"
    ROUND_ROBIN = "round_robin"
    TEAM_CUP = "team_cup"


class Result(StrEnum):
    """Result of a paired game, as TRF result pairs (white/black)."""

    WHITE_WINS = "1-0"
    DRAW = "=-="
    BLACK_WINS = "0-1"
    WHITE_FORFEIT_WIN = "+--"  # black absent
    BLACK_FORFEIT_WIN = "--+"  # white absent
    DOUBLE_FORFEIT = "---"

    @property
    def points(self) -> tuple[float, float]:
        return _RESULT_POINTS[self]

    @property
    def played(self) -> bool:
        """Played over the board (forfeits are not games for colour, floats or ratings)."""
        return self in (Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS)

    @property
    def label(self) -> str:
        return _RESULT_LABELS[self]


_RESULT_POINTS: dict[Result, tuple[float, float]] = {
    Result.WHITE_WINS: (1.0, 0.0),
    Result.DRAW: (0.5, 0.5),
    Result.BLACK_WINS: (0.0, 1.0),
    Result.WHITE_FORFEIT_WIN: (1.0, 0.0),
    Result.BLACK_FORFEIT_WIN: (0.0, 1.0),
    Result.DOUBLE_FORFEIT: (0.0, 0.0),
}

_RESULT_LABELS: dict[Result, str] = {
    Result.WHITE_WINS: "1-0",
    Result.DRAW: "½-½",
    Result.BLACK_WINS: "0-1",
    Result.WHITE_FORFEIT_WIN: "+/−",
    Result.BLACK_FORFEIT_WIN: "−/+",
    Result.DOUBLE_FORFEIT: "−/−",
}


class Bye(StrEnum):
    """Unpaired rounds, with their TRF codes."""

    PAIRING_ALLOCATED = "U"
    HALF_POINT = "H"
    ZERO_POINT = "Z"
    FULL_POINT = "F"

    @property
    def points(self) -> float:
        return {"U": 1.0, "H": 0.5, "Z": 0.0, "F": 1.0}[self.value]

    @property
    def label(self) -> str:
        return {
            "U": "exempt",
            "H": "bye ½ point",
            "Z": "bye 0 point",
            "F": "bye 1 point",
        }[self.value]


class IncidentKind(StrEnum):
    ILLEGAL_MOVE = "illegal_move"
    DEVICE_RING = "device_ring"
    DEVICE_USE = "device_use"
    DISRESPECT = "disrespect"
    LATENESS = "lateness"
    CHECK_REFUSED = "check_refused"
    OTHER = "other"

    @property
    def label(self) -> str:
        return {
            "illegal_move": "coup illégal",
            "device_ring": "sonnerie d'appareil",
            "device_use": "usage d'appareil",
            "disrespect": "manque de respect envers l'arbitre",
            "lateness": "retard",
            "check_refused": "refus de contrôle anti-triche",
            "other": "autre",
        }[self.value]


@dataclass(kw_only=True, slots=True, frozen=True)
class Period:
    """A later period of a time control: minutes added (for so many moves, or to the end)."""

    minutes: Annotated[int, Ge(1), Le(600)]
    moves: Annotated[int, Ge(1), Le(200)] | None = None  # None: to the end of the game
    increment_seconds: Annotated[int, Ge(0), Le(300)] = 0


@dataclass(kw_only=True, slots=True, frozen=True)
class TimeControl:
    """A cadence as FIDE writes it: a first period (minutes for ``moves`` moves, or for the
    whole game), then the later ``periods``, each with its increment per move.

    « 90 minutes pour 40 coups, puis 30 minutes, 30 s par coup » (002) is
    ``TimeControl(base_minutes=90, moves=40, increment_seconds=30,
    periods=(Period(minutes=30, increment_seconds=30),))``; TRF-2026 222 writes it
    ``40/5400+30:1800+30``.
    """

    base_minutes: Annotated[int, Ge(1), Le(600)]
    increment_seconds: Annotated[int, Ge(0), Le(300)] = 0
    moves: Annotated[int, Ge(1), Le(200)] | None = None  # moves of the first period
    periods: tuple[Period, ...] = ()

    def __post_init__(self) -> None:
        """Checked at every build, a read of the store too (four comparisons)."""
        counted = [self.moves, *(p.moves for p in self.periods)]
        if self.periods and any(m is None for m in counted[:-1]):
            raise ValueError(
                "cadence : chaque période suivie d'une autre doit dire pour combien de coups"
            )
        if not self.periods and self.moves is not None:
            raise ValueError("cadence : après les coups de la première période, il faut une suite")

    @property
    def label(self) -> str:
        """In full, as the regulations write it (« 90 min pour 40 coups, puis 30 min, … »)."""
        if not self.periods:
            if self.increment_seconds:
                return f"{self.base_minutes} min + {self.increment_seconds} s"
            return f"{self.base_minutes} min"
        parts = [(self.base_minutes, self.moves, self.increment_seconds)]
        parts += [(p.minutes, p.moves, p.increment_seconds) for p in self.periods]
        increments = {inc for _m, _n, inc in parts}
        same = len(increments) == 1
        words = []
        for minutes, moves, inc in parts:
            word = f"{minutes} min" + (f" pour {moves} coups" if moves else "")
            if not same and inc:
                word += f" + {inc} s par coup"
            words.append(word)
        text = ", puis ".join(words)
        if same and self.increment_seconds:
            return f"{text}, + {self.increment_seconds} s par coup"
        return text + (" KO" if not self.periods[-1].increment_seconds else "")

    @property
    def short(self) -> str:
        """For a table column at 80 columns (« 90/40 + 30 min, +30 s »); ``label`` in full."""
        if not self.periods:
            return self.label
        text = f"{self.base_minutes}/{self.moves}"
        for p in self.periods:
            text += f" + {p.minutes}" + (f"/{p.moves}" if p.moves else "")
        if self.increment_seconds:
            return f"{text} min, +{self.increment_seconds} s"
        return f"{text} min KO"

    @property
    def trf(self) -> str:
        """TRF-2026 record 222 encoding, seconds (« 40/5400+30:1800+30 »)."""
        first = f"{self.base_minutes * 60}+{self.increment_seconds}"
        if self.moves is not None:
            first = f"{self.moves}/{first}"
        later = [
            (f"{p.moves}/" if p.moves else "") + f"{p.minutes * 60}+{p.increment_seconds}"
            for p in self.periods
        ]
        return ":".join([first, *later])

    def expected_game_minutes(self, moves: int = 60) -> float:
        """Average game length: both clocks, ``moves`` moves each, most of the time used.

        A game rarely uses the whole time; 80 % of both clocks' time (every period) plus
        the increments of a 60-move game is what arbiters plan with.
        """
        minutes = self.base_minutes + sum(p.minutes for p in self.periods)
        return 2 * (0.8 * minutes + moves * self.increment_seconds / 60)


@dataclass(kw_only=True, slots=True)
class Player:
    """A player as registered: what the CSV import, `register` and the forms take."""

    id: int | None = None
    tournament_id: int | None = None
    surname: Annotated[str, MinLen(1), MaxLen(60)]
    first_name: Annotated[str, MaxLen(60)] = ""
    sex: Sex | None = None
    birth_date: dt.date | None = None
    # only the year of birth_date is known (FIDE's list): 1 January stands for it
    birth_year_only: bool = False
    federation: Annotated[str, MaxLen(3)] = "FRA"
    fide_id: int | None = None
    ffe_code: str | None = None
    club: str = ""
    title: Title | None = None
    rating_fide: Annotated[int, Ge(0), Le(3500)] | None = None
    rating_ffe: Annotated[int, Ge(0), Le(3500)] | None = None
    registered_at: dt.datetime | None = None
    phone: str | None = None
    email: str | None = None
    fee_category: str | None = None
    paid: bool = False
    checked_in: bool = False
    publish_opt_out: bool = False
    withdrawn: bool = False
    excluded: bool = False
    payment_method: str | None = None
    team_id: int | None = None
    # Team cup roster fields (regulation 004).
    nationality: str | None = None
    eu: bool | None = None
    transferred: bool = False
    licence_date: dt.date | None = None
    plays_national_for: str | None = None
    residence_since: dt.date | None = None
    # Every cadence's rating, kept for the federations' files (Papi's Elo, Rapide, Blitz;
    # issue 50): the section's own cadence is rating_fide / rating_ffe, which every
    # computation reads. ``rating_kinds``: one letter per cadence (standard, rapid,
    # blitz), F a FIDE rating, N the FFE's, E the FFE's estimate, - none; '' not known.
    rating_standard: Annotated[int, Ge(0), Le(3500)] | None = None
    rating_rapid: Annotated[int, Ge(0), Le(3500)] | None = None
    rating_blitz: Annotated[int, Ge(0), Le(3500)] | None = None
    rating_kinds: Annotated[str, MaxLen(3)] = ""
    # the FFE's: licence type (A, B, N…), its references of the player and the club, league
    licence_type: Annotated[str, MaxLen(1)] | None = None
    ffe_ref: int | None = None
    club_ref: int | None = None
    league: Annotated[str, MaxLen(3)] | None = None

    @property
    def name(self) -> str:
        return f"{self.surname.upper()} {self.first_name}".strip()

    @property
    def rating(self) -> int:
        """Rating used for pairing and ranking: FIDE, else FFE, else 0 (regulation 002)."""
        return self.rating_fide or self.rating_ffe or 0


@dataclass(kw_only=True, slots=True)
class StoredPlayer(Player):
    """A player read from the store: numbered, and in a tournament."""

    id: int = field()
    tournament_id: int = field()


@dataclass(kw_only=True, slots=True)
class Club:
    """A club, with its federation code when it has one."""

    id: int | None = None
    name: Annotated[str, MinLen(1)]
    code: str | None = None


@dataclass(kw_only=True, slots=True)
class Team:
    """A club's team in a cup (004): its number within the club and its name."""

    id: int | None = None
    tournament_id: int | None = None
    club_id: int
    number: Annotated[int, Ge(1)]
    name: str


@dataclass(kw_only=True, slots=True)
class StoredTeam(Team):
    """A team read from the store."""

    id: int = field()
    tournament_id: int = field()


CupSide = Literal["home", "away"]


@dataclass(kw_only=True, slots=True, frozen=True)
class CupMatch:
    """A team cup's match as stored (004): both teams, their line-ups in board order, the
    four boards' results, the decision and the captains' confirmations. Read whole from
    its row (never built half): its id is always known."""

    id: int
    tournament_id: int
    round: int
    number: int
    home_team_id: int
    away_team_id: int | None = None  # an exempt team plays no match
    away_keeps_white: bool = False
    lineup_home: list[int] | None = None
    lineup_away: list[int] | None = None
    lineup_home_at: str | None = None
    lineup_away_at: str | None = None
    results: list[str | None]
    winner_team_id: int | None = None
    reason: str = ""
    home_points: float | None = None
    away_points: float | None = None
    reported_at: str | None = None
    confirmations: dict[str, Any] = field(default_factory=dict)

    def team(self, side: CupSide) -> int | None:
        """The home or away team (None: the away side of an exempt team's match)."""
        return self.home_team_id if side == "home" else self.away_team_id

    def lineup(self, side: CupSide) -> list[int] | None:
        """A side's line-up, board 1 first; None: not handed in."""
        return self.lineup_home if side == "home" else self.lineup_away

    def lineup_at(self, side: CupSide) -> str | None:
        """When a side handed its line-up in (ISO time), None: not yet."""
        return self.lineup_home_at if side == "home" else self.lineup_away_at


@dataclass(kw_only=True, slots=True)
class Tournament:
    """A section of the event: its system, rounds, tie-breaks, cadences and settings."""

    id: int | None = None
    key: Annotated[str, MinLen(1), MaxLen(40), Predicate(_is_key)]
    name: Annotated[str, MinLen(1)]
    system: System
    rounds_planned: Annotated[int, Ge(1), Le(30)]
    tiebreaks: list[str] = field(default_factory=list)
    time_controls: dict[int, TimeControl] = field(default_factory=dict)
    stages: dict[int, str] = field(default_factory=dict)
    settings: dict[str, Any] = field(default_factory=dict)

    def time_control(self, round_number: int) -> TimeControl | None:
        return self.time_controls.get(round_number)


@dataclass(kw_only=True, slots=True)
class StoredTournament(Tournament):
    """A tournament read from the store."""

    id: int = field()


@dataclass(kw_only=True, slots=True)
class Round:
    """A round of a section: its cadence, start, publication and whether it is closed."""

    id: int | None = None
    tournament_id: int
    number: Annotated[int, Ge(1)]
    stage: str | None = None
    time_control: TimeControl | None = None
    start_time: dt.datetime | None = None
    published_at: dt.datetime | None = None
    closed: bool = False


@dataclass(kw_only=True, slots=True)
class StoredRound(Round):
    """A round read from the store."""

    id: int = field()


@dataclass(kw_only=True, slots=True)
class Game:
    """A board of a round: its players, result or bye (a knockout's decider and slot)."""

    id: int | None = None
    round_id: int
    board: Annotated[int, Ge(1)]
    white_id: int
    black_id: int | None = None
    result: Result | None = None
    bye: Bye | None = None
    decider: Result | None = None  # knockout: the decider of a drawn game
    slot: int | None = None  # knockout: the match's place in the bracket

    @property
    def is_bye(self) -> bool:
        return self.black_id is None and self.bye is not None

    @property
    def awaits_opponent(self) -> bool:
        """A knockout match whose other side is a hole, until a lucky loser fills it."""
        return self.black_id is None and self.bye is None


@dataclass(kw_only=True, slots=True)
class StoredGame(Game):
    """A game read from the store."""

    id: int = field()


@dataclass(kw_only=True, slots=True)
class Incident:
    """An incident noted by the arbiter: who, what kind, when, on which board if any."""

    id: int | None = None
    game_id: int | None = None
    player_id: int
    kind: IncidentKind
    at: dt.datetime
    note: str = ""


@dataclass(kw_only=True, slots=True)
class StoredIncident(Incident):
    """An incident read from the store (its ``game_id`` stays optional: one may concern no
    game)."""

    id: int = field()


_RESULT_INPUT: dict[str, Result] = {
    "1": Result.WHITE_WINS,
    "1-0": Result.WHITE_WINS,
    "=": Result.DRAW,
    "½": Result.DRAW,
    "1/2": Result.DRAW,
    "1/2-1/2": Result.DRAW,
    "=-=": Result.DRAW,
    "½-½": Result.DRAW,
    "nulle": Result.DRAW,
    "0": Result.BLACK_WINS,
    "0-1": Result.BLACK_WINS,
    "+": Result.WHITE_FORFEIT_WIN,
    "+-": Result.WHITE_FORFEIT_WIN,
    "+/-": Result.WHITE_FORFEIT_WIN,
    "+--": Result.WHITE_FORFEIT_WIN,
    "forfait-noirs": Result.WHITE_FORFEIT_WIN,
    "-+": Result.BLACK_FORFEIT_WIN,
    "-/+": Result.BLACK_FORFEIT_WIN,
    "--+": Result.BLACK_FORFEIT_WIN,
    "forfait-blancs": Result.BLACK_FORFEIT_WIN,
    "--": Result.DOUBLE_FORFEIT,
    "-/-": Result.DOUBLE_FORFEIT,
    "---": Result.DOUBLE_FORFEIT,
    "double-forfait": Result.DOUBLE_FORFEIT,
}


def parse_result(text: str) -> Result:
    """What an arbiter types (``1``, ``=``, ``0``, ``+-`` …) to a result."""
    from .errors import RuleError

    key = text.strip().lower()
    try:
        return _RESULT_INPUT[key]
    except KeyError:
        raise RuleError(
            f"Résultat « {text} » impossible : tapez 1 (blancs gagnent), = (nulle), 0 (noirs "
            "gagnent), +- (forfait des noirs), -+ (forfait des blancs) ou -- (double forfait)."
        ) from None


def absentees(result: Result, game: Game) -> list[int]:
    """Who was absent, read from a forfeit result."""
    if result is Result.BLACK_FORFEIT_WIN:
        return [game.white_id]
    if result is Result.WHITE_FORFEIT_WIN:
        return [game.black_id] if game.black_id is not None else []
    return [pid for pid in (game.white_id, game.black_id) if pid is not None]
