"""The rating family (Art. 10: ARO, TPR, PTP, RTNG): FIDE's tables and the games rated."""

from __future__ import annotations

import bisect
import functools
from decimal import ROUND_HALF_UP, Decimal

from ..errors import RuleError
from .codes import _PLAIN, Code
from .crosstable import Competitor, Crosstable, Entry, Kind

_DP = [
    0,
    7,
    14,
    21,
    29,
    36,
    43,
    50,
    57,
    65,
    72,
    80,
    87,
    95,
    102,
    110,
    117,
    125,
    133,
    141,
    149,
    158,
    166,
    175,
    184,
    193,
    202,
    211,
    220,
    230,
    240,
    251,
    262,
    273,
    284,
    296,
    309,
    322,
    336,
    351,
    366,
    383,
    401,
    422,
    444,
    470,
    501,
    538,
    589,
    677,
    800,
]


def dp(p: Decimal) -> int:
    """Rating difference for a score fraction p (0..1, two decimals)."""
    hundredths = int((p * 100).to_integral_value(ROUND_HALF_UP))
    if not 0 <= hundredths <= 100:  # points per game past 1: a win worth 3 (record 162)
        raise RuleError(
            f"Performance : {p} points par partie, hors de 0 à 1 (barème non standard, "
            "record 162) : ce départage ne se calcule pas ici."
        )
    if hundredths >= 50:
        return _DP[hundredths - 50]
    return -_DP[50 - hundredths]


# Expected score PD for a rating difference D (B.02 8.1.2), as the table gives it:
# (upper bound of |D| for this PD, PD in hundredths for the higher-rated side).
_PD_STEPS = [
    (3, 50),
    (10, 51),
    (17, 52),
    (25, 53),
    (32, 54),
    (39, 55),
    (46, 56),
    (53, 57),
    (61, 58),
    (68, 59),
    (76, 60),
    (83, 61),
    (91, 62),
    (98, 63),
    (106, 64),
    (113, 65),
    (121, 66),
    (129, 67),
    (137, 68),
    (145, 69),
    (153, 70),
    (162, 71),
    (170, 72),
    (179, 73),
    (188, 74),
    (197, 75),
    (206, 76),
    (215, 77),
    (225, 78),
    (235, 79),
    (245, 80),
    (256, 81),
    (267, 82),
    (278, 83),
    (290, 84),
    (302, 85),
    (315, 86),
    (328, 87),
    (344, 88),
    (357, 89),
    (374, 90),
    (391, 91),
    (411, 92),
    (432, 93),
    (456, 94),
    (484, 95),
    (517, 96),
    (559, 97),
    (619, 98),
    (735, 99),
]


_PD_BOUNDS = [bound for bound, _ in _PD_STEPS]


def pd(diff: int) -> int:
    """Expected score in hundredths for a rating difference (no 400-point cut)."""
    index = bisect.bisect_left(_PD_BOUNDS, abs(diff))
    value = _PD_STEPS[index][1] if index < len(_PD_STEPS) else 100
    return value if diff >= 0 else 100 - value


_ONE, _HALF, _ZERO = Decimal(1), Decimal("0.5"), Decimal(0)  # a game's result (immutable)


@functools.cache
def _pd_by_gap() -> list[int]:
    """:func:`pd` for each difference from 0 to 736 (PD is 100 beyond), read by index:
    PTP's search asks it about eleven times per game of every player."""
    return [pd(gap) for gap in range(_PD_STEPS[-1][0] + 2)]


def _expected(rating: int, ratings: list[int]) -> int:
    """The sum of :func:`pd` of ``rating`` against each of ``ratings``, in hundredths."""
    table = _pd_by_gap()
    top = len(table) - 1
    total = 0
    for r in ratings:
        gap = rating - r
        if gap >= 0:
            total += table[gap] if gap <= top else 100
        else:
            total += 100 - (table[-gap] if -gap <= top else 100)
    return total


def _half_up(value: Decimal) -> int:
    return int(value.to_integral_value(ROUND_HALF_UP))


class RatingFamily:
    """Tie-breaks on ratings, from games played over the board; part of :class:`Calculator`."""

    t: Crosstable
    unrated_rating: int | None
    _rated: dict[tuple[int, int | None, int, int, int], list[tuple[int, Decimal]] | None]
    _all_rated: bool

    # -- rating based (Art. 10: only games played over the board) -----------------------

    def _unrated(self, spec: Code) -> int | None:
        return spec.unrated if spec.unrated is not None else self.unrated_rating

    def rating(self, c: Competitor, spec: Code = _PLAIN) -> int | None:
        """RTNG (10.6); None for everyone when Art. 10 drops the rating tie-breaks:
        an unrated player is present and no rating is given to unrated players."""
        unrated = self._unrated(spec)
        if unrated is None and not self._all_rated:
            return None
        return c.rating or unrated

    def _ratings(self, c: Competitor, spec: Code) -> list[tuple[int, Decimal]] | None:
        """(opponent's rating, result 1 / ½ / 0) of each game played over the board, less
        the cut ones (14: the lowest rating first, then the highest); None: dropped."""
        low, high = spec.low, spec.high
        key = (c.start, self._unrated(spec), low, high, spec.edition)
        if key in self._rated:
            return self._rated[key]
        out: list[tuple[int, Decimal]] | None = None
        if self.rating(c, spec) is not None:
            # an opponent's rating as :meth:`rating` gives it (not dropped: c has one)
            unrated, comps, result = self._unrated(spec), self.t.competitors, self._result
            games = [
                (comps[e.opponent].rating or unrated or 0, result(e))
                for e in c.entries
                if e.kind is Kind.GAME  # Entry.played
            ]
            if spec.edition == 2022:
                # The 2022 rules (``V2022``): the unplayed rounds are cut first.
                unplayed = self.t.rounds - len(games)
                low, high = max(0, low - unplayed), max(0, high - max(0, unplayed - low))
            for _ in range(min(low, len(games))):
                games.pop(min(range(len(games)), key=lambda i: games[i][0]))
            for _ in range(min(high, len(games))):
                highest = max(r for r, _ in games)
                games.pop(max(i for i, (r, _) in enumerate(games) if r == highest))
            out = games
        self._rated[key] = out
        return out

    def _result(self, e: Entry) -> Decimal:
        """The game's result as ratings count it, whatever the event's scoring."""
        if e.points >= self.t.win:
            return _ONE
        return _HALF if e.points == self.t.draw else _ZERO

    def aro(self, c: Competitor, spec: Code = _PLAIN) -> int | None:
        """ARO (10.1), half up."""
        games = self._ratings(c, spec)
        if not games:
            return None
        return _half_up(Decimal(sum(r for r, _ in games)) / Decimal(len(games)))

    def tpr(self, c: Competitor, spec: Code = _PLAIN) -> int | None:
        """TPR (10.2): ARO + dp of the percentage, itself rounded half up."""
        games = self._ratings(c, spec)
        aro = self.aro(c, spec)
        if not games or aro is None:
            return None
        score = sum((p for _, p in games), Decimal(0)) / Decimal(len(games))
        return aro + dp(score.quantize(Decimal("0.01"), ROUND_HALF_UP))

    def ptp(self, c: Competitor, spec: Code = _PLAIN) -> int | None:
        """Perfect tournament performance (10.3): the lowest integer R whose expected
        score reaches the points actually scored. Integer arithmetic: no float error.

        Only a zero score has a fixed value (lowest opponent − 800); a perfect score is
        searched like any other (full scale: PD reaches 1.00 at a difference of 736).
        """
        games = self._ratings(c, spec)
        if not games:
            return None
        scored = int(sum((p for _, p in games), Decimal(0)) * 100)
        ratings = [r for r, _ in games]
        if scored <= 0:
            return min(ratings) - 800
        low, high = min(ratings) - 800, max(ratings) + 800
        while low < high:
            mid = (low + high) // 2
            if _expected(mid, ratings) >= scored:
                high = mid
            else:
                low = mid + 1
        return low
