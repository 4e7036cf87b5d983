"""The Buchholz family (BH, SB, and FB through them): unplayed rounds (Art. 16) and cuts."""

from __future__ import annotations

from collections.abc import Callable

from .codes import _PLAIN, Code
from .crosstable import Competitor, Crosstable, Kind

_REQUESTED = frozenset((Kind.HPB, Kind.ZPB))  # Entry.requested_bye
_VUR = frozenset((Kind.HPB, Kind.ZPB, Kind.FORFEIT_LOSS))  # Entry.vur (16.1.2)


class BuchholzFamily:
    """BH and SB over each opponent's adjusted score; part of :class:`Calculator`."""

    t: Crosstable
    _adjusted: dict[int, float]
    score: Callable[[Competitor], float]
    _contributions: dict[tuple[int, bool, bool], list[tuple[float, float, bool]]]

    # -- Art. 16: unplayed rounds ------------------------------------------------

    def late_requested_bye(self, c: Competitor, index: int) -> bool:
        """16.2.5: a requested bye followed only by VURs (or in the last round)."""
        e = c.entries[index]
        return e.requested_bye and all(x.vur for x in c.entries[index + 1 :])

    def adjusted_score(self, start: int) -> float:
        """16.3: s*(q), used when q is someone else's opponent (a late requested bye,
        :meth:`late_requested_bye`, counts as a draw)."""
        total = self._adjusted.get(start)
        if total is None:
            entries, draw = self.t.competitors[start].entries, self.t.draw
            total = 0.0
            for i, e in enumerate(entries):
                late = e.kind in _REQUESTED and all(x.kind in _VUR for x in entries[i + 1 :])
                total += draw if late else e.points
            self._adjusted[start] = total
        return total

    def opponent_score(self, start: int) -> float:
        if self.t.round_robin:
            return self.score(self.t.competitors[start])
        return self.adjusted_score(start)

    def contributions(self, c: Competitor, spec: Code = _PLAIN) -> list[tuple[float, float, bool]]:
        """(opponent value, points scored, is VUR) per element, for BH and SB."""
        forfeits, capped = spec.forfeits_as_games(self.t.round_robin), spec.edition >= 2026
        key = (c.start, forfeits, capped)
        cached = self._contributions.get(key)
        if cached is not None:
            return cached
        out: list[tuple[float, float, bool]] = []
        own = self.score(c)
        for e in c.entries:
            if e.opponent and (e.kind is Kind.GAME or forfeits):  # Entry.played
                out.append((self.opponent_score(e.opponent), e.points, False))
            elif self.t.round_robin:
                # 15.2: the free round of an odd round robin is not an element; a forfeit
                # under ``S`` is an element worth nothing, as the reference checker has it.
                if e.opponent:
                    out.append((0.0, e.points, e.vur))
            elif not capped:
                # Before 2026 (``V2024``): an unplayed round's dummy scores as the player.
                out.append((own, e.points, e.vur))
            elif e.kind in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS):
                cap = self.adjusted_score(e.opponent) if e.opponent else own
                out.append((min(own, cap), e.points, e.vur))
            else:
                out.append((min(own, self.t.draw * self.t.rounds), e.points, e.vur))
        self._contributions[key] = out
        return out

    # -- modifiers ------------------------------------------------------------------

    @staticmethod
    def _cut(
        items: list[tuple[float, float, bool]], lowest: int, highest: int, plain: bool = False
    ) -> float:
        """Sum of (opponent value, contribution, is VUR) elements less the cut ones.

        The least significant value (14.1) is the element of the lowest opponent value
        (lowest contribution among equals); 16.5 cuts instead the VUR element of the
        lowest opponent value unless the least significant value's contribution is
        higher. For BH both are the same number, so the VUR always goes. Among several
        VURs we take, as FIDE's reference checker does, the one with the lowest opponent
        (dummy) value, where 16.5.2 a. reads "the lowest contribution": see
        docs/tiebreaks.md. ``plain`` (``N``) cuts the least significant value, VUR or not.
        The most significant value is the highest opponent value.
        """
        items = list(items)
        for _ in range(lowest):
            if not items:
                break
            lsv = min(range(len(items)), key=lambda i: items[i][:2])
            vurs = [] if plain else [i for i in range(len(items)) if items[i][2]]
            chosen = lsv
            if vurs:
                vur = min(vurs, key=lambda i: items[i][:2])
                chosen = lsv if items[lsv][1] > items[vur][1] else vur
            items.pop(chosen)
        for _ in range(highest):
            if not items:
                break
            items.pop(max(range(len(items)), key=lambda i: items[i][:2]))
        return sum(x[1] for x in items)

    def buchholz(self, c: Competitor, spec: Code = _PLAIN) -> float:
        """BH (8.1), with its cuts (14.1–14.4)."""
        items = [(opp, opp, vur) for opp, _pts, vur in self.contributions(c, spec)]
        return self._cut(items, spec.low, spec.high, spec.plain_cut)

    def sonneborn_berger(self, c: Competitor, spec: Code = _PLAIN) -> float:
        """SB (9.1), with its cuts (14.1.2 d); ``D`` scores every Swiss round as a draw."""
        draws = spec.draw_results and not self.t.round_robin
        items = [
            (opp, opp * (self.t.draw if draws else pts), vur)
            for opp, pts, vur in self.contributions(c, spec)
        ]
        return self._cut(items, spec.low, spec.high, spec.plain_cut)
