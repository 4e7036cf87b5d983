"""From a TRF (any program's) to the state the Dutch engine pairs."""

from __future__ import annotations

from ..trf import TrfRound, TrfTournament
from .model import Colour, Entrant, Game, Scoring, SwissState


def _tenths(value: float) -> int:
    return round(value * 10)


def state_from_trf(t: TrfTournament, *, upto: int | None = None) -> SwissState:
    """The state before pairing round ``upto`` + 1 (default: after every written cell).

    With ``upto``, only the first ``upto`` rounds are kept, plus the byes (H, Z, F)
    already written for round ``upto`` + 1: the input of that round's pairing. Without
    it, the byes that records 240 announce for the round to pair are its input too, as
    bbpPairings reads them (a bye written in the round's own cell stays as it is).
    """
    entrants = []
    announced = {} if upto is not None else announced_byes(t)
    for p in sorted(t.players.values(), key=lambda p: p.start):
        cells = p.rounds[: p.present]
        if p.start in announced:
            played, code = announced[p.start]
            if len(cells) <= played:
                cells = [*cells, *(TrfRound() for _ in range(played - len(cells)))]
                cells.append(TrfRound(result=code))
        if upto is not None:
            cells = cells[: upto + 1]
            if len(cells) == upto + 1:
                last = cells[-1]
                if last.opponent != 0 or last.result not in ("H", "Z", "F"):
                    cells = cells[:upto]
        games = [
            Game(
                opponent=r.opponent,
                colour=r.colour if r.colour in ("w", "b") else None,
                result=r.result,
            )
            for r in cells
        ]
        entrants.append(
            Entrant(
                number=p.start,
                rating=p.rating,
                games=games,
                accelerations=_accelerations(t, p.start),
            )
        )
    s = t.scoring
    scoring = Scoring(
        win=_tenths(s["W"]),
        draw=_tenths(s["D"]),
        loss=_tenths(s["L"]),
        absence=_tenths(s["A"]),
        pab=_tenths(s["P"]),
    )
    initial = t.initial_colour or _inferred_initial_colour(t) or "w"
    return SwissState(
        entrants=entrants,
        total_rounds=t.rounds,
        initial_colour=initial,
        scoring=scoring,
        prohibited=[(a, b, list(ids)) for a, b, ids in t.prohibited],
    )


def announced_byes(t: TrfTournament) -> dict[int, tuple[int, str]]:
    """Player -> (rounds played, bye code) for each bye a 240 record announces for the
    round to pair, the one after the last round with a game or a pairing-allocated bye
    (records for other rounds say what is known, the pairing does not read them)."""
    played = max(
        (
            k
            for p in t.players.values()
            for k, r in enumerate(p.rounds[: p.present], start=1)
            if r.opponent or r.result in ("U", "+")
        ),
        default=0,
    )
    out: dict[int, tuple[int, str]] = {}
    for kind, number, ids in t.announced_byes:
        if number == played + 1:
            out.update((i, (played, kind)) for i in ids if i in t.players)
    return out


def _accelerations(t: TrfTournament, start: int) -> list[int]:
    """The virtual points (tenths) of player ``start`` in each round, from the 250 / XXA
    records (a later record for the same round and player replaces an earlier one)."""
    points: dict[int, int] = {}
    for a in t.acceleration:
        if a.first <= start <= a.last:
            for r in range(a.first_round, a.last_round + 1):
                points[r] = _tenths(a.points)
    if not points:
        return []
    return [points.get(r, 0) for r in range(1, max(points) + 1)]


def _inferred_initial_colour(t: TrfTournament) -> Colour | None:
    """The initial colour a file without record 152/XXC must have used.

    In the first round where anyone had a colour, the first player (pairing-number
    order) who took part in the pairing had the initial colour if of odd rank, the
    opposite one otherwise.
    """
    players = sorted(t.players.values(), key=lambda p: p.start)
    first = min(
        (k for p in players for k, r in enumerate(p.rounds) if r.colour in ("w", "b")),
        default=None,
    )
    if first is None:
        return None
    seen = 0
    for p in players:
        if not any(r.opponent or r.result in ("U", "+") for r in p.rounds[: first + 1]):
            continue
        colour = p.rounds[first].colour
        if colour in ("w", "b"):
            if seen % 2 == 0:
                return "w" if colour == "w" else "b"
            return "b" if colour == "w" else "w"
        seen += 1
    return None
