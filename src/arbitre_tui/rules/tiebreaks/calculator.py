"""Every tie-break of one crosstable: the families together, one value by its code."""

from __future__ import annotations

from dataclasses import replace
from decimal import ROUND_HALF_UP, Decimal

from ..errors import RuleError
from .buchholz import BuchholzFamily
from .codes import Code, parse_code
from .crosstable import Competitor, Crosstable, Entry, Kind
from .rating import RatingFamily


class Calculator(BuchholzFamily, RatingFamily):
    """All tie-breaks of one crosstable, computed once per competitor on demand."""

    def __init__(self, table: Crosstable, unrated_rating: int | None = None) -> None:
        self.t = table
        self.unrated_rating = unrated_rating
        self._adjusted: dict[int, float] = {}
        self._contributions: dict[tuple[int, bool, bool], list[tuple[float, float, bool]]] = {}
        self._rated: dict[
            tuple[int, int | None, int, int, int], list[tuple[int, Decimal]] | None
        ] = {}
        # an opponent's value for AOB, APRO and APPO, by (code, base averaged, start): each
        # player's opponents share their values, computed once (APPO's PTP is a search)
        self._opponent_values: dict[tuple[Code, str, int], float | int | None] = {}
        self._fore: Calculator | None = None
        self._all_rated = all(x.rating for x in table.competitors.values())
        self._scores: dict[int, float] = {}

    def score(self, c: Competitor) -> float:
        """The competitor's points (:attr:`Competitor.score`), summed once: BH reads each
        opponent's, PTS and the cuts the player's own."""
        total = self._scores.get(c.start)
        if total is None:
            total = self._scores[c.start] = c.score
        return total

    # -- own results ------------------------------------------------------------------

    def progressive(self, c: Competitor, cut: int = 0) -> float:
        """PS (7.5); PS/C1 leaves out the score after round 1."""
        running, sums = 0.0, []
        for e in c.entries:
            running += e.points
            sums.append(running)
        return sum(sums[cut:])

    def wins(self, c: Competitor) -> int:
        """WIN (7.1): rounds with a win's points, with or without playing."""
        win = self.t.win
        return sum(1 for e in c.entries if e.points >= win)

    def won(self, c: Competitor) -> int:
        """WON (7.2): games won over the board."""
        return sum(1 for e in c.entries if e.played and e.points >= self.t.win)

    def black_played(self, c: Competitor) -> int:
        """BPG (7.3)."""
        return sum(1 for e in c.entries if e.played and e.colour == "b")

    def black_won(self, c: Competitor) -> int:
        """BWG (7.4)."""
        return sum(1 for e in c.entries if e.played and e.colour == "b" and e.points >= self.t.win)

    def games_elected(self, c: Competitor) -> int:
        """REP (7.6): rounds minus requested byes and forfeit losses."""
        return len(c.entries) - sum(1 for e in c.entries if e.vur)

    def standard_points(self, c: Competitor) -> float:
        """STD (7.7): 1 a round scoring more than a draw, ½ a round scoring a draw, with
        or without playing; whatever the event's scoring (3-1-0 included)."""
        return sum(
            1.0 if e.points > self.t.draw else 0.5 if e.points == self.t.draw else 0.0
            for e in c.entries
        )

    def pairing_number(self, c: Competitor) -> int:
        """TPN (7.8): the final tournament pairing number, ascending."""
        return c.start if c.pairing_number is None else c.pairing_number

    def fore(self) -> Calculator:
        """The tournament as Fore Buchholz (8.3) sees it: every game paired in the final
        round, played or forfeited, a draw over the board. Its Buchholz is FB: the
        16.3 and 16.4 adjustments then follow from the changed final round (the
        participant's own score for dummies, no late requested bye before a final game).
        """
        if self._fore is None:
            last = self.t.rounds - 1
            comps = {}
            for start, c in self.t.competitors.items():
                entries = list(c.entries)
                if 0 <= last < len(entries) and entries[last].opponent:
                    e = entries[last]
                    entries[last] = Entry(Kind.GAME, self.t.draw, e.opponent, e.colour)
                comps[start] = replace(c, entries=entries)
            self._fore = Calculator(replace(self.t, competitors=comps), self.unrated_rating)
        return self._fore

    def opponents_average(self, c: Competitor, spec: Code, of: str, places: str) -> Decimal | None:
        """AOB (8.2), APRO (10.4), APPO (10.5): the average of a value of the opponents
        played over the board (those with no value left out), rounded half up."""
        values = []
        for e in c.entries:
            if e.played:
                key = (spec, of, e.opponent)
                if key not in self._opponent_values:
                    opponent = self.t.competitors[e.opponent]
                    self._opponent_values[key] = self.value(replace(spec, base=of), opponent)
                v = self._opponent_values[key]
                if v is not None:
                    values.append(Decimal(str(v)))
        if not values:
            return None
        return (sum(values, Decimal(0)) / len(values)).quantize(Decimal(places), ROUND_HALF_UP)

    # -- round robins ----------------------------------------------------------------

    def koya(self, c: Competitor, code: Code) -> float:
        """KS (9.2, limit 14.5): points against opponents with at least the limit.

        The maximum counts the games one can play: the rounds, less a round robin's
        free rounds (one per cycle when the number of players is odd) and one game per
        participant who never played (a withdrawal before round 1).
        """
        games = self.t.rounds
        if self.t.round_robin:
            n = len(self.t.competitors)
            if self.t.rounds % n == 0:
                games -= self.t.rounds // n
            games -= sum(
                1
                for x in self.t.competitors.values()
                if not any(e.opponent or e.kind is Kind.PAB for e in x.entries)
            )
        limit = code.limit_percent / 100 * Decimal(str(self.t.win)) * games + code.limit_points
        return sum(
            e.points
            for e in c.entries
            if e.opponent and Decimal(str(self.t.competitors[e.opponent].score)) >= limit
        )

    def value(self, code: str | Code, c: Competitor) -> float | int | None:
        spec = code if isinstance(code, Code) else parse_code(code)
        base = spec.base
        if base == "PTS":
            return self.score(c)
        if base == "BH":
            return self.buchholz(c, spec)
        if base == "FB":
            return self.fore().buchholz(self.fore().t.competitors[c.start], spec)
        if base == "AOB":
            average = self.opponents_average(c, spec, "FB" if spec.fore else "BH", "0.01")
            return None if average is None else float(average)
        if base == "SB":
            return self.sonneborn_berger(c, spec)
        if base == "PS":
            return self.progressive(c, spec.low)
        if base == "KS":
            return self.koya(c, spec)
        if base in ("ARO", "TPR", "PTP", "RTNG"):
            rated = {"ARO": self.aro, "TPR": self.tpr, "PTP": self.ptp, "RTNG": self.rating}
            return rated[base](c, spec)
        if base in ("APRO", "APPO"):
            average = self.opponents_average(c, spec, {"APRO": "TPR", "APPO": "PTP"}[base], "1")
            return None if average is None else int(average)
        simple = {
            "WIN": self.wins,
            "WON": self.won,
            "BPG": self.black_played,
            "BWG": self.black_won,
            "REP": self.games_elected,
            "GE": self.games_elected,
            "STD": self.standard_points,
            "TPN": self.pairing_number,
        }
        if base in simple:
            return simple[base](c)
        raise RuleError(f"Départage « {spec.text} » : à calculer dans un classement.")
