"""The FIDE Dutch system (C.04.3, in force from 1 February 2026).

All quality criteria are packed, most important first, into one integer weight per
possible pair; a maximum-weight matching then gives the best pairing of the whole
round at once, bracket after bracket. Inside a bracket the remaining choices (which
moved-down players are paired, which residents are exchanged, who meets whom) are
fixed one player at a time, each time asking the matching whether the optimum still
holds. This is the construction of bbpPairings (the reference FIDE-endorsed engine),
re-implemented here; the reference vectors check that both agree.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import RuleError
from .acceleration import GROUP_NAMES, group_of, group_sizes, virtual_points
from .explain import explain
from .matching import Matcher
from .model import (
    BLACK,
    DOWN,
    NOFLOAT,
    NONE,
    UP,
    WHITE,
    Board,
    Game,
    RoundPairing,
    SwissState,
    VirtualPoints,
)


def _invert(c: int) -> int:
    return NONE if c == NONE else 1 - c


class PairingImpossible(RuleError):
    """No pairing satisfies the absolute criteria."""


@dataclass
class _Match:
    opponent: int  # player index; own index when none
    colour: int
    score: int  # 0 loss, 1 draw, 2 win
    played: bool
    paired: bool  # took part in the pairing (game, forfeit or pairing-allocated bye)


@dataclass
class _Player:
    id: int
    rating: int
    matches: list[_Match]
    present: int  # entries written, byes for the round to pair included
    accelerations: list[int]
    valid: bool = True
    rank: int = 0
    score: int = 0  # without acceleration
    forbidden: set[int] = field(default_factory=set)
    imbalance: int = 0
    preference: int = NONE
    repeated: int = NONE
    strong: bool = False
    played_games: int = 0

    @property
    def absolute_imbalance(self) -> bool:
        return self.imbalance > 1

    @property
    def absolute(self) -> bool:
        return self.imbalance > 1 or self.repeated != NONE


_RESULT = {
    "1": (2, True), "W": (2, True), "=": (1, True), "D": (1, True), "0": (0, True),
    "L": (0, True), "+": (2, False), "-": (0, False), "H": (1, False), "F": (2, False),
    "U": (2, False), "Z": (0, False), " ": (0, False),
}  # fmt: skip


class _Tournament:
    def __init__(self, state: SwissState) -> None:
        sc = state.scoring
        self.win, self.draw, self.loss = sc.win, sc.draw, sc.loss
        self.zpb = self.forfeit_loss = sc.absence
        self.pab = sc.pab
        self.expected = state.total_rounds
        ids = sorted(e.number for e in state.entrants)
        size = ids[-1] if ids else 0
        self.players: list[_Player | None] = [None] * size
        played = 0
        for e in state.entrants:
            pid = e.number - 1
            matches: list[_Match] = []
            for g in e.games:
                code = g.result.upper() if g.result else " "
                score, played_flag = _RESULT[code]
                opp = g.opponent - 1 if g.opponent else pid
                colour = WHITE if g.colour == "w" else BLACK if g.colour == "b" else NONE
                played_flag = played_flag and opp != pid and colour != NONE
                paired = opp != pid or code in ("U", "+")
                matches.append(_Match(opp, colour, score, played_flag, paired))
            while matches and _blank(e.games[len(matches) - 1]):
                matches.pop()
            for k, m in enumerate(matches):
                if m.paired:
                    played = max(played, k + 1)
            self.players[pid] = _Player(pid, e.rating, matches, len(matches), list(e.accelerations))
        valid = [p for p in self.players if p is not None]
        # a last column holding only byes counts as a round of its own
        if valid and all(p.present > played for p in valid):
            played += 1
        self.played = played
        for p in valid:
            while len(p.matches) < played:
                p.matches.append(_Match(p.id, NONE, 0, False, False))
        self.initial = WHITE if state.initial_colour == "w" else BLACK
        rank = 0
        for p in valid:  # pairing-number order
            p.valid = p.present <= played or any(m.paired for m in p.matches)
            if p.valid:
                p.rank = rank
                rank += 1
        self.system = ""
        self.groups: dict[int, int] = {}  # player index -> group (0 = A) of an accelerated system
        if state.baku or state.acceleration == "baku":
            self._baku([p for p in valid if p.valid])
        elif state.acceleration is not None:
            self._french(
                [p for p in valid if p.valid], state.acceleration, state.acceleration_groups
            )
        for p in valid:
            p.score = sum(self.points(p, m) for m in p.matches[:played])
            self._colour_data(p)
            for m in p.matches:
                if m.played:
                    p.forbidden.add(m.opponent)
        this_round = played + 1
        for first, last, group in state.prohibited:
            if first <= this_round and (last == 0 or this_round <= last):
                for a in group:
                    pa = self.player(a - 1)
                    if pa is not None:
                        pa.forbidden.update(b - 1 for b in group if b != a)

    def player(self, pid: int) -> _Player | None:
        return self.players[pid] if 0 <= pid < len(self.players) else None

    def _baku(self, ranked: list[_Player]) -> None:
        """Baku acceleration (C.04.5.1).

        GA is the first half of the list rounded up to an even number (2·⌈N/4⌉); the
        accelerated rounds are the first half of the rounds, rounded up; GA players
        get one virtual point in the first half of those (rounded up), half a point
        in the others.
        """
        ga = 2 * -(-len(ranked) // 4)
        accelerated = -(-self.expected // 2)
        full = -(-accelerated // 2)
        self.system = "baku"
        for p in ranked:
            self.groups[p.id] = 0 if p.rank < ga else 1
            if p.rank < ga:
                p.accelerations = [self.win if r < full else self.draw for r in range(accelerated)]

    def _french(self, ranked: list[_Player], system: str, given: list[int]) -> None:
        """Haley, Haley dégressif, SAD (rules/swiss/acceleration.py): each round's virtual
        points from the group and, for the SAD, the score before that round — the rounds
        already played keep the points they were paired with (their floats read them)."""
        cuts = group_sizes(system, len(ranked), given)
        self.system = system
        for p in ranked:
            group = group_of(p.rank, cuts)
            self.groups[p.id] = group
            score = 0
            points = []
            for r in range(self.played + 1):
                points.append(
                    virtual_points(system, group, r + 1, self.expected, score, self.win, self.draw)
                )
                if r < len(p.matches):
                    score += self.points(p, p.matches[r])
            p.accelerations = points

    def points(self, p: _Player, m: _Match) -> int:
        if m.score == 0:
            return (self.loss if m.played else self.forfeit_loss) if m.paired else self.zpb
        if m.score == 2:
            return self.pab if (m.opponent == p.id and m.paired) else self.win
        return self.draw

    def _colour_data(self, p: _Player) -> None:
        white = black = run = 0
        repeated = NONE
        for m in p.matches:
            if m.played:
                p.played_games += 1
                if m.colour == WHITE:
                    white += 1
                else:
                    black += 1
                run = 1 if (not run or m.colour != repeated) else run + 1
                repeated = m.colour
        lower = BLACK if white > black else WHITE
        p.imbalance = abs(white - black)
        if p.imbalance > 1:
            p.preference = lower
        elif run > 1:
            p.preference = _invert(repeated)
        elif p.imbalance > 0:
            p.preference = lower
        elif run:
            p.preference = _invert(repeated)
        else:
            p.preference = NONE
        p.repeated = repeated if run > 1 else NONE
        p.strong = not p.absolute and p.imbalance > 0

    # scores -------------------------------------------------------------------------
    def acc_score(self, p: _Player, back: int = 0) -> int:
        score = p.score
        idx = self.played
        for _ in range(back):
            idx -= 1
            score -= self.points(p, p.matches[idx])
        if idx < len(p.accelerations):
            score += p.accelerations[idx]
        return score

    def float_of(self, p: _Player, back: int) -> int:
        m = p.matches[self.played - back]
        if not m.played:  # A.4.3: points without playing count as a downfloat
            return DOWN if self.points(p, m) > self.loss else NOFLOAT
        mine = self.acc_score(p, back)
        opp = self.players[m.opponent]
        theirs = self.acc_score(opp, back) if opp is not None else mine
        return DOWN if mine > theirs else UP if mine < theirs else NOFLOAT

    def bye_eligible(self, p: _Player) -> bool:
        """C.2 (2026): no one gets a second bye or a point they did not play for."""
        return not any((not m.played) and self.points(p, m) >= self.win for m in p.matches)


def _blank(g: Game) -> bool:
    """A cell left empty in the TRF (no entry yet), as opposed to an explicit bye."""
    return g.opponent == 0 and g.colour is None and g.result in ("", " ")


def _compat_prefs(a: int, b: int) -> bool:
    return a != b or a == NONE or b == NONE


def _colour_difference(a: _Player, b: _Player) -> tuple[int, int]:
    """Colours of the two players in the latest round (both played) where they differed."""
    ia = [m.colour for m in a.matches if m.played]
    ib = [m.colour for m in b.matches if m.played]
    i, j = len(ia) - 1, len(ib) - 1
    while i >= 0 and j >= 0 and ia[i] == ib[j]:
        i -= 1
        j -= 1
    return (ia[i] if i >= 0 else NONE, ib[j] if j >= 0 else NONE)


def _neutral_colour(p: _Player, o: _Player) -> tuple[int, str]:
    """Colour for ``p`` from the preferences alone (E.1–E.3), or NONE."""
    if _compat_prefs(p.preference, o.preference):
        if p.preference != NONE:
            return p.preference, "E.1"
        if o.preference != NONE:
            return _invert(o.preference), "E.1"
        return NONE, ""
    if p.absolute and (p.imbalance > o.imbalance or not o.absolute):
        return p.preference, "E.2"
    if o.absolute and (o.imbalance > p.imbalance or not p.absolute):
        return _invert(o.preference), "E.2"
    if p.strong and not o.strong:
        return p.preference, "E.2"
    if o.strong and not p.strong:
        return _invert(o.preference), "E.2"
    cp, co = _colour_difference(p, o)
    if cp != NONE and co != NONE:
        return co, "E.3"
    return NONE, ""


class _Engine:
    def __init__(self, t: _Tournament) -> None:
        self.t = t
        sp = [p for p in t.players if p is not None and p.valid and p.present <= t.played]
        self.acc = {p.id: t.acc_score(p) for p in sp}
        sp.sort(key=lambda p: (-self.acc[p.id], p.rank))
        self.sp = sp
        self.s = [self.acc[p.id] for p in sp]
        self.top_threshold = (t.played * max(t.win, t.draw)) >> 1
        self.last_round = t.played >= t.expected - 1
        self.eligible = [t.bye_eligible(p) for p in sp]
        self.f1 = [t.float_of(p, 1) if t.played >= 1 else NOFLOAT for p in sp]
        self.f2 = [t.float_of(p, 2) if t.played >= 2 else NOFLOAT for p in sp]
        # the floats that count (C.14–C.21): the last round's, then the one before, if played
        self.floats = (self.f1, self.f2)[: min(t.played, 2)]
        self.index = {p.id: i for i, p in enumerate(sp)}
        # each player's facts the weights read, looked up once (weight() runs n² times)
        self._forbidden = [p.forbidden for p in sp]
        self._ids = [p.id for p in sp]
        # the preference of an absolute one (-1 otherwise): two equal ones cannot meet …
        self._abs_pref = [p.preference if p.absolute else -1 for p in sp]
        # … unless the last round pairs one of them above the threshold (C.3)
        self._over = [self.last_round and self.s[i] > self.top_threshold for i in range(len(sp))]
        self._colours = [
            (p.preference, p.absolute, p.absolute_imbalance, p.imbalance, p.repeated, p.strong)
            for p in sp
        ]
        # bit widths
        shifts: dict[int, int] = {}
        shift = 0
        biggest = 0
        run = 0
        for i in range(len(sp) - 1, -1, -1):
            run += 1
            if i == 0 or self.s[i] < self.s[i - 1]:
                shifts[self.s[i]] = shift
                biggest = max(biggest, run)
                shift += run.bit_length()
                run = 0
        self.shifts = shifts
        self.sg_shift = shift
        self.sg_bits = biggest.bit_length()
        # width of everything below the completion field (see weight())
        bits = self.sg_bits
        self.tail = (
            2 * bits + 2 * shift + 2 * bits + 4 * bits
            + len(self.floats) * (2 * bits + 2 * shift)
            + 3 * bits + 1
        )  # fmt: skip

    # criteria ------------------------------------------------------------------------
    def compatible(self, a: int, b: int) -> bool:
        if self._ids[b] in self._forbidden[a]:
            return False
        pref = self._abs_pref[a]
        if pref < 0 or pref != self._abs_pref[b]:
            return True
        return self._over[a] or self._over[b]

    def weight(
        self,
        hi: int,
        lo: int,
        in_current: bool,
        in_next: bool,
        bye_score: int,
        single: bool,
        ranks: dict[int, int],
    ) -> int:
        """The packed quality of pairing ``hi`` (higher) with ``lo`` (0 = forbidden)."""
        if self._ids[lo] in self._forbidden[hi]:  # compatible(), inlined
            return 0
        pref = self._abs_pref[hi]
        if pref >= 0 and pref == self._abs_pref[lo] and not (self._over[hi] or self._over[lo]):
            return 0
        s = self.s
        if not (in_current or single):
            # outside the bracket being paired only completion and bye eligibility count,
            # and for the next bracket its pair and the score of the higher player
            cand_hi = self.eligible[hi] and s[hi] <= bye_score
            cand_lo = self.eligible[lo] and s[lo] <= bye_score
            r = (1 + (not cand_hi) + (not cand_lo)) << self.tail
            if in_next:
                rest = self.tail - 2 * self.sg_bits - 2 * self.sg_shift
                r |= (1 << (rest + self.sg_shift)) | (1 << (self.shifts[s[hi]] + rest))
            return r
        bits = self.sg_bits
        gshift = self.sg_shift
        shifts = self.shifts
        cand_hi = self.eligible[hi] and s[hi] <= bye_score
        cand_lo = self.eligible[lo] and s[lo] <= bye_score
        r = 1 + (not cand_hi) + (not cand_lo)
        r = (r << bits) | in_current
        r <<= gshift
        if in_current:
            r |= 1 << shifts[s[hi]]
        r = (r << bits) | in_next
        r <<= gshift
        if in_next:
            r |= 1 << shifts[s[hi]]
        r <<= 2 * bits
        if single:
            if s[hi] == bye_score:
                r |= ranks[self._pg(self.sp[hi])]
            if s[lo] == bye_score:
                r += ranks[self._pg(self.sp[lo])]
        # colours (C.10–C.13): player = lower, opponent = higher; outside the bracket
        # (a single group's bye choice) they count for nothing
        if in_current:
            pp, pabs, pabs_imb, pimb, prep, pstrong = self._colours[lo]
            op, oabs, oabs_imb, oimb, orep, ostrong = self._colours[hi]
            same = pp == op
            r = (r << bits) | (not pabs_imb or not oabs_imb or not same)
            if pimb == oimb:
                rep_ok = prep == NONE or prep != orep
            else:
                rep_ok = (orep if pimb > oimb else prep) != _invert(pp)
            r = (r << bits) | (not pabs or not oabs or not same or rep_ok)
            r = (r << bits) | (not same or pp == NONE or op == NONE)
            r = (r << bits) | (
                (not pstrong and not pabs)
                or (not ostrong and not oabs)
                or (pabs and oabs)
                or not same
            )
        else:
            r <<= 4 * bits
        floats = self.floats  # the last round's first, then the one before
        for f in floats:
            r <<= bits
            if in_current:
                r |= f[lo] == DOWN
                r += s[hi] <= s[lo] and f[hi] == DOWN
            r <<= bits
            if in_current:
                r |= not (s[hi] > s[lo] and f[lo] == UP)
        for f in floats:
            r <<= gshift
            if in_current:
                r += (f[lo] == DOWN) << shifts[s[lo]]
                r += (f[hi] == DOWN) << shifts[s[hi]]
            r <<= gshift
            if in_current and not (f[lo] == UP and s[hi] > s[lo]):
                r |= 1 << shifts[s[hi]]
        # room for the bracket's own ordering rules
        return r << (3 * bits + 1)

    def _pg(self, p: _Player) -> int:
        """Unplayed games (C.9: the bye goes to whoever has the fewest)."""
        return self.t.played - p.played_games

    # the pairing -------------------------------------------------------------------------
    def pair(self) -> tuple[list[tuple[int, int]], int | None]:
        """The round's pairs (engine indices) and the bye, bracket after bracket."""
        sp, s = self.sp, self.s
        n = len(sp)
        if n == 0:
            return [], None
        # An odd field gets a dummy vertex, the same weight to every player: whoever
        # the optimum pairs with it has the bye (the matcher reports them unpaired).
        # Every perfect matching holds one dummy edge, so the optima are those of the
        # field alone, and the same pairing comes out. Without it, the bye's player
        # stayed free inside one blossom holding most of the field with the whole
        # completion weight as its dual: each pair taken out of the graph dissolved
        # it, and the next solve rebuilt it by growing a tree over every player left
        # (275 players: a third of the solving time; 757: half).
        # (handed over, not kept: an odd field's first matcher is dropped in _complete)
        m, bye_score, single, ranks = self._complete(Matcher(n + (n & 1)))
        pair_of: dict[int, int] = {}
        vi: list[int] = []
        nxt = 0
        while nxt < n and s[nxt] >= s[0]:
            vi.append(nxt)
            nxt += 1
        matched = [False] * n
        sg_begin = 0
        sg_begin_v = 0
        while len(vi) > 1 or nxt < n:
            nsg_begin = len(vi)
            sg_iter = nxt
            while nxt < n and s[nxt] >= s[sg_iter]:
                vi.append(nxt)
                nxt += 1
            br = _Bracket(
                m, s, vi, sg_begin, nsg_begin, sg_begin_v,
                sg_begin_v + (nsg_begin - sg_begin), matched, self.sg_bits,
            )  # fmt: skip
            self._set_up(br, bye_score, single, ranks)
            br.choose_moved_down()
            br.pair_moved_down()
            br.pair_remainder()
            # on to the next bracket
            new_vi: list[int] = []
            sg_begin = 0
            single = bool(n & 1) and sg_iter != n and bye_score >= s[sg_iter]
            stable = br.stable
            for pi in range(len(vi)):
                pv = vi[pi]
                if pi < nsg_begin and matched[pv]:
                    pair_of[pv] = stable[pv]
                    pair_of[stable[pv]] = pv
                else:
                    new_vi.append(pv)
                    if pi < nsg_begin:
                        sg_begin += 1
                    if single and s[stable[pv]] < s[sg_iter]:
                        single = False
            vi = new_vi
            sg_begin_v = br.nsg_begin_v
        pairs: list[tuple[int, int]] = []
        bye: int | None = None
        for v in range(n):
            if v in pair_of:
                o = pair_of[v]
                if sp[v].id < sp[o].id:
                    pairs.append((v, o))
            else:
                bye = v
        return pairs, bye

    def _complete(self, m: Matcher) -> tuple[Matcher, int, bool, dict[int, int]]:
        """First solve: can the round be paired at all, and who may get the bye.

        Returns the matcher to pair with (a new one for an odd field), holding the
        weights outside any bracket, then the score of the bye's group, whether the bye
        comes from the single (top) group, and the ranks of unplayed-game counts there
        (C.9).
        """
        s, n = self.s, len(self.sp)
        bits, gshift = self.sg_bits, self.sg_shift
        odd = n & 1
        m.real = n  # the dummy, if any, is not a player
        # the matcher is new: its rows are written directly (set_weight has no change to
        # record yet); the weights are those of weight() outside any bracket, inlined
        assert m._fresh
        w = m.w
        # compatible(a, b), inlined in the n² loops below
        ids, forbidden, abs_pref, over = self._ids, self._forbidden, self._abs_pref, self._over
        if odd:
            eligible = self.eligible
            shift_of = [self.shifts[x] for x in s]
            for pi in range(n):
                row = w[pi]
                not_el = not eligible[pi]
                sh = shift_of[pi]
                in_top = s[pi] >= s[0]
                ban, pref, pover = forbidden[pi], abs_pref[pi], over[pi]
                for oi in range(pi):
                    if ids[oi] not in ban and (
                        pref < 0 or pref != abs_pref[oi] or pover or over[oi]
                    ):
                        wgt = 1 + not_el + (not eligible[oi])
                        wgt <<= gshift
                        wgt |= sh + shift_of[oi]
                        wgt <<= bits
                        wgt |= in_top
                        row[oi] = w[oi][pi] = wgt
        else:
            # weight(oi, pi, False, False, 0, False, {}): one of three values
            values = [(1 + k) << self.tail for k in range(3)]
            no_bye = [not (self.eligible[v] and s[v] <= 0) for v in range(n)]
            for pi in range(n):
                row = w[pi]
                nb = no_bye[pi]
                pid, pref, pover = ids[pi], abs_pref[pi], over[pi]
                for oi in range(pi):
                    if pid not in forbidden[oi] and (
                        abs_pref[oi] < 0 or abs_pref[oi] != pref or over[oi] or pover
                    ):
                        row[oi] = w[oi][pi] = values[nb + no_bye[oi]]
        # Duals that make every compatible edge (nearly) tight: the completion weights
        # add one term per player, so the first solve starts next to its optimum.
        if odd:
            high = gshift + bits
            m.duals = [
                ((1 + 2 * (not self.eligible[v])) << high)
                + ((2 * self.shifts[s[v]]) << bits)
                + (s[v] >= s[0])
                for v in range(n)
            ]
            # The dummy (vertex n, see pair()): one completion unit to everyone, its dual
            # half of it, so that every player's completion edges, the dummy's included,
            # are tight from the start.
            for v in range(n):
                w[v][n] = w[n][v] = 1 << high
            m.duals.append(1 << high)
        else:
            m.duals = [
                (1 + 2 * (not (self.eligible[v] and s[v] <= 0))) << self.tail for v in range(n)
            ]
        # first guess: each score group's top half against its bottom half, in order
        start = 0
        while start < n:
            end = start
            while end < n and s[end] == s[start]:
                end += 1
            half = (end - start) // 2
            for k in range(half):
                m.hint[start + k] = start + half + k
                m.hint[start + half + k] = start + k
            start = end
        mates = m.solve()
        unpaired = [v for v in range(n) if mates[v] == v]
        if len(unpaired) > 1 or (unpaired and not self.eligible[unpaired[0]]):
            raise PairingImpossible("Aucun appariement ne respecte les critères absolus (C.1–C.3).")
        bye_score = 0
        single = False
        ranks: dict[int, int] = {}
        if odd:
            bye_score = s[unpaired[0]]
            top = s[0]
            if bye_score >= top:
                single = True
                for i in range(n):
                    if s[i] < top:
                        break
                    if s[mates[i]] < top:
                        single = False
                        break
            counts = sorted(self._pg(self.sp[i]) for i in range(n) if s[i] == bye_score)
            for rank, c in enumerate(counts):
                ranks[c] = rank
            # Every weight changes scale: a new matcher starts from the duals these
            # weights call for (the even case's guess, bye candidates now those at or
            # below the bye's score) and this optimum as its first guess. Repairing the
            # old one raised one end of every edge and could free the whole field.
            del w  # the first matcher's rows go before the new ones are made
            m = Matcher(n + 1)
            m.real = n
            w = m.w
            self._bye_weights(w, bye_score, single, ranks)
            for pi in range(n):  # the dummy's edges at the completion unit of weight()
                w[pi][n] = w[n][pi] = 1 << self.tail
            m.duals = [
                (1 + 2 * (not (self.eligible[v] and s[v] <= bye_score))) << self.tail
                for v in range(n)
            ] + [1 << self.tail]
            m.hint = {v: (n if x == v else x) for v, x in enumerate(mates)}
            m.hint[n] = unpaired[0]
        return m, bye_score, single, ranks

    def _bye_weights(
        self, w: list[list[int]], bye_score: int, single: bool, ranks: dict[int, int]
    ) -> None:
        """The odd field's weights outside any bracket, once the bye's group is known."""
        s, n = self.s, len(self.sp)
        ids, forbidden, abs_pref, over = self._ids, self._forbidden, self._abs_pref, self._over
        # weight(oi, pi, False, False, bye_score, single, ranks); outside the single
        # group's case one of three values, or 0 where the pair is incompatible
        values = [(1 + k) << self.tail for k in range(3)]
        no_bye = [not (self.eligible[v] and s[v] <= bye_score) for v in range(n)]
        for pi in range(n):
            row = w[pi]
            if single:
                for oi in range(pi):
                    row[oi] = w[oi][pi] = self.weight(
                        oi, pi, False, False, bye_score, single, ranks
                    )
                continue
            nb, pid, pref, pover = no_bye[pi], ids[pi], abs_pref[pi], over[pi]
            for oi in range(pi):
                if pid not in forbidden[oi] and (
                    abs_pref[oi] < 0 or abs_pref[oi] != pref or over[oi] or pover
                ):
                    row[oi] = w[oi][pi] = values[nb + no_bye[oi]]
                else:
                    row[oi] = w[oi][pi] = 0

    def _set_up(self, br: _Bracket, bye_score: int, single: bool, ranks: dict[int, int]) -> None:
        """The bracket's own weights (and the next group's), then the optimum under them."""
        vi, m = br.vi, br.m
        weight = self.weight
        for lo in range(br.sg_begin, len(vi)):
            lov = vi[lo]
            inc = lo < br.nsg_begin
            his = vi[:lo]
            row = [weight(hv, lov, inc, not inc, bye_score, single, ranks) for hv in his]
            br.base[lo].extend(row)
            m.set_row(lov, his, row)
        br.solve()

    # colours ----------------------------------------------------------------------------
    def higher(self, a: int, b: int) -> bool:
        pa, pb = self.sp[a], self.sp[b]
        return (self.s[a], -pa.rank) > (self.s[b], -pb.rank)

    def colour_for(self, a: int, b: int) -> tuple[int, str]:
        pa, pb = self.sp[a], self.sp[b]
        c, rule = _neutral_colour(pa, pb)
        if c != NONE:
            return c, rule
        init = self.t.initial
        if pa.preference == NONE:
            if not self.higher(a, b):
                return (init if pb.rank & 1 else _invert(init)), "E.5"
            return (_invert(init) if pa.rank & 1 else init), "E.5"
        if not self.higher(a, b):
            return _invert(pb.preference), "E.4"
        return pa.preference, "E.4"


class _Bracket:
    """One bracket being paired, and the next score group below it.

    ``vi`` lists matcher vertices: the players moved down into the bracket, then its
    residents (from ``sg_begin``), then the next score group (from ``nsg_begin``). The
    steps below fix the bracket's choices one at a time, in the order of the reference
    construction, each time keeping ``stable`` an optimum of the matcher.
    """

    def __init__(
        self,
        m: Matcher,
        s: list[int],
        vi: list[int],
        sg_begin: int,
        nsg_begin: int,
        sg_begin_v: int,
        nsg_begin_v: int,
        matched: list[bool],
        bits: int,
    ) -> None:
        self.m, self.s, self.vi = m, s, vi
        self.sg_begin, self.nsg_begin = sg_begin, nsg_begin
        self.sg_begin_v, self.nsg_begin_v = sg_begin_v, nsg_begin_v
        self.matched = matched
        self.bits = bits
        self.base: list[list[int]] = [[] for _ in range(len(vi))]  # base[lo][hi]
        self.stable: list[int] = []
        self.remainder: list[int] = []
        self.rem_pairs = 0

    def solve(self) -> None:
        self.stable = self.m.solve()

    def in_bracket(self, v: int) -> bool:
        return self.sg_begin_v <= v < self.nsg_begin_v

    def ewc(self, small: int, large: int, small_rem: int) -> int:
        """Base weight plus the exchange terms: fewest exchanges, closest BSNs."""
        wgt = self.base[large][small]
        if wgt:
            wgt += (((small_rem < self.rem_pairs) << 2 * self.bits) - small_rem) << 1
        return wgt

    def choose_moved_down(self) -> None:
        """Which moved-down players are paired in this bracket (the highest first)."""
        m, s, vi, base = self.m, self.s, self.vi, self.base
        sg_begin, nsg_begin = self.sg_begin, self.nsg_begin
        md_score = 0
        rem_md = rem_matched = 0
        for pi in range(sg_begin):
            if pi == 0 or s[vi[pi]] < md_score:
                md_score = s[vi[pi]]
                rem_matched = rem_md = 0
                k = pi
                while k < len(vi) and s[vi[k]] >= md_score:
                    rem_md += 1
                    if self.in_bracket(self.stable[vi[k]]):
                        rem_matched += 1
                    k += 1
            if not rem_matched:
                continue
            pv = vi[pi]
            if rem_md <= rem_matched:
                self.matched[pv] = True
                continue
            rem_md -= 1
            if not self.in_bracket(self.stable[pv]):
                for oi in range(sg_begin, nsg_begin):
                    wgt = base[oi][pi]
                    if wgt:
                        m.set_weight(pv, vi[oi], wgt | 1)
                self.solve()
            if self.in_bracket(self.stable[pv]):
                self.matched[pv] = True
                rem_matched -= 1
                for oi in range(sg_begin, nsg_begin):
                    wgt = base[oi][pi]
                    if wgt:
                        m.set_weight(pv, vi[oi], (wgt | (nsg_begin - sg_begin)) + 1)

    def pair_moved_down(self) -> None:
        """The opponents of the moved-down players paired here, the highest first."""
        residents = list(range(self.sg_begin, self.nsg_begin))
        for pi in range(self.sg_begin):
            if self.matched[self.vi[pi]]:
                self.take_first(pi, residents, len(self.vi), False)

    def take_first(self, pi: int, candidates: list[int], addend: int, gaps: bool) -> None:
        """Pair ``vi[pi]`` with the first of ``candidates`` that keeps the optimum.

        Weights favouring the candidates in order (``addend`` and up, the last
        candidate lowest; ``gaps``: forbidden pairs take a step too) are set and
        solved, unless the optimum already pairs it with the first candidate still
        free, or a partner swap of equal weight does: then it stays optimal unsolved.
        """
        m, vi, base, matched = self.m, self.vi, self.base, self.matched
        pv = vi[pi]
        free = [o for o in candidates if not matched[vi[o]]]
        first = next((vi[o] for o in free if base[o][pi]), -1)
        if self.stable[pv] != first and not _swap_to(m, self.stable, pv, first):
            for o in reversed(free):
                wgt = base[o][pi]
                if wgt:
                    m.set_weight(pv, vi[o], wgt + addend)
                if wgt or gaps:
                    addend += 1
            self.solve()
        mv = self.stable[pv]
        matched[pv] = matched[mv] = True
        m.remove_pair(pv, mv)

    def pair_remainder(self) -> None:
        """The remainder: S1 and S2, the exchanges, then who meets whom."""
        m, vi, base = self.m, self.vi, self.base
        stable = self.stable
        remainder = self.remainder
        for pi in range(self.sg_begin, self.nsg_begin):
            pv = vi[pi]
            if stable[pv] < self.sg_begin_v:
                continue
            remainder.append(pi)
            if stable[pv] < pv:
                self.rem_pairs += 1
        for a, oi in enumerate(remainder):
            ov = vi[oi]
            for b in range(a):
                pi = remainder[b]
                m.set_weight(vi[pi], ov, self.ewc(pi, oi, b))
        # Without exchanges the optimum already earns every exchange term the
        # weights above can give: it stays optimal, no solve needed.
        if self.exchanges():
            self.solve()
        exchanges = self.exchanges()
        self.exchange_s1(exchanges)
        self.exchange_s2(exchanges)
        nsg_begin_v = self.nsg_begin_v
        stable = self.stable
        for a, pi in enumerate(remainder):
            pv = vi[pi]
            for o in remainder[a + 1 :]:
                ov = vi[o]
                if stable[pv] <= pv or stable[pv] >= nsg_begin_v or ov < stable[ov] < nsg_begin_v:
                    base[o][pi] = 0
                m.set_weight(pv, ov, base[o][pi])
        self.pair_s1()

    def exchanges(self) -> int:
        """How many S1 players are not paired with an S2 player of the bracket."""
        remainder, rem_pairs = self.remainder, self.rem_pairs
        if not remainder or rem_pairs >= len(remainder):
            return 0
        stable, vi, next_v = self.stable, self.vi, self.nsg_begin_v
        return sum(
            stable[vi[pi]] <= vi[pi] or stable[vi[pi]] >= next_v for pi in remainder[:rem_pairs]
        )

    def exchange_s1(self, left: int) -> None:
        """Which S1 players go to S2 (``left`` exchanges to make): the lowest first."""
        m, vi, base, remainder = self.m, self.vi, self.base, self.remainder
        rem_pairs, nsg_begin_v = self.rem_pairs, self.nsg_begin_v
        ri = rem_pairs
        it = rem_pairs
        while it != 0 and left:
            ri -= 1
            it -= 1
            pi = remainder[it]
            pv = vi[pi]
            if pv < self.stable[pv] < nsg_begin_v:
                for o in remainder[it + 1 :]:
                    wgt = self.ewc(pi, o, ri)
                    if wgt:
                        m.set_weight(pv, vi[o], wgt - 1)
                self.solve()
            exchange = self.stable[pv] <= pv or self.stable[pv] >= nsg_begin_v
            left -= exchange
            for o in remainder[it + 1 :]:
                if exchange:
                    base[o][pi] = 0
                m.set_weight(pv, vi[o], self.ewc(pi, o, ri))

    def exchange_s2(self, left: int) -> None:
        """Which S2 players come up to S1: the highest first."""
        m, vi, base, remainder = self.m, self.vi, self.base, self.remainder
        rem_pairs, nsg_begin, nsg_begin_v = self.rem_pairs, self.nsg_begin, self.nsg_begin_v
        ri = rem_pairs
        for it in range(rem_pairs, len(remainder)):
            if left <= 1:
                break
            pi = remainder[it]
            pv = vi[pi]
            already = pv < self.stable[pv] < nsg_begin_v
            if not already:
                for o in remainder[it + 1 :]:
                    wgt = self.ewc(pi, o, ri)
                    if wgt:
                        m.set_weight(pv, vi[o], wgt + 1)
                self.solve()
            if pv < self.stable[pv] < nsg_begin_v:
                left -= 1
                for o in remainder[:it]:
                    base[pi][o] = 0
                    m.set_weight(pv, vi[o], 0)
                for oi in range(nsg_begin, len(vi)):
                    base[oi][pi] = 0
                    m.set_weight(pv, vi[oi], 0)
                for ov in range(vi[-1] + 1, len(self.s)):  # nor float below the next group
                    m.set_weight(pv, ov, 0)
            if not already:
                for o in remainder[it + 1 :]:
                    m.set_weight(pv, vi[o], self.ewc(pi, o, ri))
            ri += 1

    def pair_s1(self) -> None:
        """Who meets whom: each S1 player takes the first opponent that keeps the optimum."""
        remainder, vi = self.remainder, self.vi
        for k, pi in enumerate(remainder):
            pv = vi[pi]
            if pv < self.stable[pv] < self.nsg_begin_v:
                self.take_first(pi, remainder[k + 1 :], 0, True)


def _swap_to(m: Matcher, stable: list[int], pv: int, first: int) -> bool:
    """Pair ``pv`` with ``first`` by swapping partners, if the total weight stays optimal.

    ``stable`` is an optimal matching; if exchanging pv's and first's partners keeps its
    weight, the swapped matching is optimal too, and it gives pv the opponent the
    favouring weights would make the solve choose: the solve is not needed.
    """
    if first < 0:
        return False
    w = m.w
    x, y = stable[pv], stable[first]
    if x in (pv, first):
        return False
    if y == first:  # first is unpaired: pv simply changes partner
        if w[pv][first] != w[pv][x]:
            return False
        stable[x] = x
    else:
        if y == x or not w[x][y] or w[pv][first] + w[x][y] != w[pv][x] + w[first][y]:
            return False
        stable[x], stable[y] = y, x
    stable[pv], stable[first] = first, pv
    return True


def pair_round(state: SwissState) -> RoundPairing:
    """Pair the next round of ``state`` by the Dutch system.

    Raises :class:`PairingImpossible` when the absolute criteria leave no pairing.
    """
    t = _Tournament(state)
    engine = _Engine(t)
    pairs, bye = engine.pair()

    boards: list[Board] = []
    notes = []
    for a, b in pairs:
        colour, rule = engine.colour_for(a, b)
        white, black = (a, b) if colour == WHITE else (b, a)
        boards.append(Board(white=engine.sp[white].id + 1, black=engine.sp[black].id + 1))
        notes.append((engine.sp[white].id + 1, engine.sp[black].id + 1, rule))
    boards.sort(key=lambda bd: _board_key(engine, bd))
    result = RoundPairing(
        round=t.played + 1,
        boards=boards,
        bye=None if bye is None else engine.sp[bye].id + 1,
    )
    result.explanation = explain(engine, result, notes)
    result.explanation.virtual = _virtual(t)
    if t.system and result.explanation.virtual:
        result.explanation.system = t.system
    return result


def virtual_points_by_player(state: SwissState) -> dict[int, list[int]]:
    """Each player's virtual points (tenths), round by round up to the round ``state``
    pairs, as this engine reads them (Baku, Haley, Haley dégressif, SAD, or the TRF's own
    250 records): what a TRF must carry for another program to pair the same round."""
    t = _Tournament(state)
    return {
        p.id + 1: list(p.accelerations)
        for p in t.players
        if p is not None and p.valid and any(p.accelerations)
    }


def _virtual(t: _Tournament) -> list[VirtualPoints]:
    """Who carried virtual points into this round, and how many (the explanation names
    them: the pairing read these scores, the standings never do)."""
    out = []
    for p in t.players:
        if p is None or not p.valid or t.played >= len(p.accelerations):
            continue
        points = p.accelerations[t.played]
        if points:
            group = t.groups.get(p.id)
            name = GROUP_NAMES[group] if group is not None else ""
            out.append(VirtualPoints(player=p.id + 1, points=points, group=name))
    return out


def _board_key(engine: _Engine, board: Board) -> tuple[int, int, int]:
    """Board order (C.04.2 A.9 style): higher score of the pair, then lower, then rank."""
    a = engine.index[board.white - 1]
    b = engine.index[board.black - 1]
    hi, lo = (a, b) if engine.higher(a, b) else (b, a)
    return (-engine.s[hi], -engine.s[lo], engine.sp[hi].rank)
