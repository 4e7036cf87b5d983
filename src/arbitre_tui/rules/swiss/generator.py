"""Random Tournament Generator (FIDE endorsement, C.04.A): a whole Swiss event, paired
round by round by our Dutch engine, results drawn from the ratings.

Everything comes from one ``random.Random(seed)`` used in a fixed order, so the same
seed and options give the same file, byte for byte, on every machine (``random()`` and
``getrandbits`` are stable across Python versions; nothing here uses hashing order).

Results: the Elo expectation E of the stronger player (logistic, 400 points); a draw with
probability min(draws, 2 - 2E), else the stronger player wins with probability
E - draw/2 scaled to the rest, so that a player's expected score is E. Forfeits,
withdrawals, half-point and zero-point byes each happen with probability 1/N (per game,
per player and round).
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass

from ..errors import RuleError
from ..trf import EventHeader, TrfPlayer, TrfRound, TrfTournament, set_header
from .dutch import PairingImpossible, pair_round
from .model import Colour, Entrant, Game, SwissState

SURNAMES = [
    "Martin",
    "Bernard",
    "Dubois",
    "Thomas",
    "Robert",
    "Richard",
    "Petit",
    "Durand",
    "Leroy",
    "Moreau",
    "Simon",
    "Laurent",
    "Lefebvre",
    "Michel",
    "Garcia",
    "David",
    "Bertrand",
    "Roux",
    "Vincent",
    "Fournier",
    "Morel",
    "Girard",
    "Andre",
    "Mercier",
    "Dupont",
    "Lambert",
    "Bonnet",
    "Francois",
    "Martinez",
    "Legrand",
    "Garnier",
    "Faure",
    "Rousseau",
    "Blanc",
    "Guerin",
    "Muller",
    "Henry",
    "Roussel",
    "Nicolas",
    "Perrin",
    "Morin",
    "Mathieu",
    "Clement",
    "Gauthier",
    "Dumont",
    "Lopez",
    "Fontaine",
    "Chevalier",
    "Robin",
    "Masson",
    "Sanchez",
    "Gerard",
    "Nguyen",
    "Boyer",
    "Denis",
    "Lemaire",
    "Duval",
    "Joly",
    "Gautier",
]
FIRST_M = [
    "Leo",
    "Hugo",
    "Louis",
    "Jules",
    "Adam",
    "Lucas",
    "Arthur",
    "Gabriel",
    "Paul",
    "Noah",
    "Tom",
    "Ethan",
    "Victor",
    "Nathan",
]
FIRST_F = [
    "Emma",
    "Jade",
    "Louise",
    "Alice",
    "Chloe",
    "Lina",
    "Mila",
    "Rose",
    "Anna",
    "Lea",
    "Manon",
    "Zoe",
    "Julia",
    "Ines",
    "Lucie",
]
FEDERATIONS = ("FRA",) * 12 + ("GER", "SUI", "BEL", "ESP", "ITA", "LUX", "NED", "ENG")


class NoPairing(RuleError):
    """A round of the random tournament cannot be paired (too many rounds for the field
    left); ``partial`` is the tournament up to that round, its byes included, so that
    another engine can be asked whether it finds a pairing."""

    def __init__(self, message: str, partial: TrfTournament) -> None:
        super().__init__(message)
        self.partial = partial


@dataclass(frozen=True)
class Options:
    """What `arbitre generate` asks for; each rate is 1/N, 0 for never."""

    players: int
    rounds: int
    seed: int = 0
    draws: int = 30  # percent of the games between equal players
    forfeits: int = 0
    withdrawals: int = 0
    half_byes: int = 0
    zero_byes: int = 0


def _chance(rng: random.Random, one_in: int) -> bool:
    """True with probability 1/one_in; always draws a number so the stream stays aligned."""
    x = rng.random()
    return one_in > 0 and x * one_in < 1


def expected(rating: int, other: int) -> float:
    """Elo expectation of the player rated ``rating`` against ``other``."""
    return 1.0 / (1.0 + 10 ** ((other - rating) / 400))


def _rating(rng: random.Random) -> int:
    """A plausible open's field: around 1750, a long tail of strong players, 1000-2800."""
    x = sum(rng.random() for _ in range(4)) - 2.0  # ~ normal, sd 0.58
    strong = rng.random() < 0.08
    value = 1750 + x * 520 + (450 * rng.random() if strong else 0)
    return int(min(2800, max(1000, value)))


def _title(rng: random.Random, rating: int, woman: bool) -> str:
    x = rng.random()
    for floor, title, women in ((2500, "GM", "WGM"), (2400, "IM", "WIM"), (2300, "FM", "WFM")):
        if rating >= floor and x < 0.75:
            return women if woman and rng.random() < 0.5 else title
    if rating >= 2200 and x < 0.4:
        return "WCM" if woman else "CM"
    return ""


def _players(rng: random.Random, count: int) -> list[TrfPlayer]:
    drawn = []
    for _ in range(count):
        woman = rng.random() < 0.2
        rating = _rating(rng)
        first = (FIRST_F if woman else FIRST_M)[int(rng.random() * 14)]
        surname = SURNAMES[int(rng.random() * len(SURNAMES))]
        year = 1950 + int(rng.random() * 66)
        drawn.append(
            TrfPlayer(
                start=0,
                sex="w" if woman else "m",
                title=_title(rng, rating, woman),
                name=f"{surname}, {first}",
                rating=rating,
                federation=FEDERATIONS[int(rng.random() * len(FEDERATIONS))],
                fide_id=str(600000 + int(rng.random() * 39_000_000)),
                birth=f"{year}/{1 + int(rng.random() * 12):02d}/{1 + int(rng.random() * 28):02d}",
            )
        )
    # the starting rank: rating, then title, then name (C.04.2)
    order = {"GM": 0, "IM": 1, "WGM": 2, "FM": 3, "WIM": 4, "CM": 5, "WFM": 6, "WCM": 7, "": 8}
    drawn.sort(key=lambda p: (-p.rating, order[p.title], p.name))
    return [p.replace(start=k) for k, p in enumerate(drawn, start=1)]


def _game_result(rng: random.Random, white: int, black: int, draws: int) -> tuple[str, str]:
    """Results of white and black (TRF codes) for a game played over the board."""
    stronger_white = white >= black
    e = expected(max(white, black), min(white, black))
    draw = min(draws / 100, 2 - 2 * e)
    x = rng.random()
    if x < draw:
        return "=", "="
    stronger_wins = x < e + draw / 2
    return ("1", "0") if stronger_wins == stronger_white else ("0", "1")


def generate(opts: Options) -> TrfTournament:
    """The whole tournament; refused in French when it cannot be paired."""
    if opts.players < 2 or opts.rounds < 1:
        raise RuleError("Il faut au moins 2 joueurs et 1 ronde.")
    if opts.players > 9999 or opts.rounds > 99:
        raise RuleError("Le TRF compte au plus 9999 joueurs et 99 rondes.")
    if opts.rounds >= opts.players:
        raise RuleError(
            f"{opts.rounds} rondes pour {opts.players} joueurs : un système suisse en "
            "demande moins que de joueurs (chacun doit trouver un nouvel adversaire)."
        )
    if not 0 <= opts.draws <= 100:
        raise RuleError("--draws est un pourcentage, de 0 à 100.")
    rng = random.Random(opts.seed)
    people = _players(rng, opts.players)
    initial: Colour = "w" if rng.random() < 0.5 else "b"
    entrants = [Entrant(number=p.start, rating=p.rating) for p in people]
    withdrawn: set[int] = set()
    for _ in range(opts.rounds):
        _absences(rng, opts, entrants, withdrawn)
        state = SwissState(entrants=entrants, total_rounds=opts.rounds, initial_colour=initial)
        try:
            pairing = pair_round(state)
        except PairingImpossible as exc:
            number = len(entrants[0].games)
            raise NoPairing(
                f"Ronde {number} : {exc.message} Essayez une autre graine ou moins de rondes.",
                _tournament(opts, people, entrants, initial),
            ) from None
        for board in pairing.boards:
            w, b = entrants[board.white - 1], entrants[board.black - 1]
            forfeit_w, forfeit_b = _chance(rng, opts.forfeits), _chance(rng, opts.forfeits)
            if forfeit_w or forfeit_b:
                rw = "-" if forfeit_w else "+"
                rb = "-" if forfeit_b else "+"
            else:
                rw, rb = _game_result(rng, w.rating, b.rating, opts.draws)
            w.games.append(Game(opponent=b.number, colour="w", result=rw))
            b.games.append(Game(opponent=w.number, colour="b", result=rb))
        if pairing.bye is not None:
            entrants[pairing.bye - 1].games.append(Game(result="U"))
    return _tournament(opts, people, entrants, initial)


def _absences(
    rng: random.Random, opts: Options, entrants: list[Entrant], withdrawn: set[int]
) -> None:
    """Before a round: withdrawals (absent to the end), then requested half/zero byes.

    At least two players stay in the pairing, so that a round is always possible.
    """
    present = sum(1 for e in entrants if e.number not in withdrawn)
    for e in entrants:
        leaves = _chance(rng, opts.withdrawals)
        half = _chance(rng, opts.half_byes)
        zero = _chance(rng, opts.zero_byes)
        if e.number in withdrawn:
            e.games.append(Game(result="Z"))
        elif present > 2 and (leaves or half or zero):
            present -= 1
            if leaves:
                withdrawn.add(e.number)
            e.games.append(Game(result="H" if half and not leaves else "Z"))


def _tournament(
    opts: Options, people: list[TrfPlayer], entrants: list[Entrant], initial: str
) -> TrfTournament:
    t = TrfTournament(rounds=opts.rounds, initial_colour="w" if initial == "w" else "b")
    # one round a day from 10 January 2026; record 132 puts each date over its round's
    # cell (columns 92-99, 102-109 …: "132 " then 87 blanks)
    days = [dt.date(2026, 1, 10) + dt.timedelta(days=k) for k in range(opts.rounds)]
    header = EventHeader(
        name=f"Tournoi aléatoire {opts.players} joueurs, {opts.rounds} rondes, graine {opts.seed}",
        city="Strasbourg",
        federation="FRA",
        start=days[0],
        end=days[-1],
        kind="Individual: Swiss-System",
        chief_arbiter="Générateur arbitre-tui",
        time_control="90'+30\"",
        time_control_code="5400+30",
        round_dates=tuple(days),
        controller="arbitre-tui",
        kind_code="FIDE_DUTCH_2025",
    )
    points = {e.number: sum(t.points_for(g.result) for g in e.games) for e in entrants}
    # rank: points, then starting rank (the tie-breaks are the arbiter's choice, not ours)
    ranked = sorted(points, key=lambda n: (-points[n], n))
    place = {n: k for k, n in enumerate(ranked, start=1)}
    for p, e in zip(people, entrants, strict=True):
        cells = [
            TrfRound(opponent=g.opponent, colour=g.colour or "-", result=g.result) for g in e.games
        ]
        t.players[p.start] = p.replace(
            **{"points": points[p.start], "rank": place[p.start], "rounds": cells}
        )
    set_header(t, header)  # the same records as an event's export (062, 072: the players)
    return t
