"""Maximum-weight matching on a general graph, re-optimised after local changes.

The Dutch engine asks the same question hundreds of times a round, each time after
changing the weights around one or two players. Solving from scratch each time is
O(n³) per question; this matcher keeps the optimal matching and its dual solution,
frees only the players whose edges changed, and grows alternating trees from them,
one at a time (Edmonds' blossom algorithm, primal-dual form as in Galil's survey, with the
implementation layout of J. van Rantwijk's public-domain ``mwmatching``).

Weights are Python integers of any size: the Dutch criteria are packed into one
number, far wider than 64 bits. A weight of 0 means "no edge".

Duals are kept in the doubled scale (slack = d[i] + d[j] - 2·w) so every quantity
stays an integer: the free vertices a solve starts from all get even duals, and every
vertex of an alternating tree shares its root's parity through tight edges.
"""

from __future__ import annotations

from array import array


class Matcher:
    """A graph on vertices 0..n-1 with a maximum-weight matching kept up to date."""

    def __init__(self, n: int) -> None:
        self.n = n
        # vertices from ``real`` on are dummies: solve() reports their partners unpaired
        self.real = n
        self.w: list[list[int]] = [[0] * n for _ in range(n)]
        self.active = [True] * n
        self._mate = [-1] * n  # mate vertex, -1 when free
        self._dual = [0] * (2 * n)  # vertex duals, then blossom duals
        # blossoms live on between solves (rebuilding them is most of a solve's work)
        self.inblossom = list(range(n))
        self.blossomparent = [-1] * (2 * n)
        self.blossomchilds: list[list[int] | None] = [None] * (2 * n)
        self.blossombase = list(range(n)) + [-1] * n
        self.blossomendps: list[list[int] | None] = [None] * (2 * n)
        self.leafs: list[list[int]] = [[v] for v in range(n)] + [[] for _ in range(n)]
        self.unused = list(range(n, 2 * n))
        self._fresh = True
        # edges changed since the last solve, in order (ends u, v): a bracket's set-up
        # changes most of the graph, and a tuple per change (holding the old weight
        # alive) was the round's peak of memory
        self._changed_u = array("i")
        self._changed_v = array("i")
        self.hint: dict[int, int] = {}  # a likely partner, tried first by the first solve
        self.duals: list[int] | None = None  # a guess of the first solve's duals

    # -- graph edits ---------------------------------------------------------------
    def set_weight(self, u: int, v: int, weight: int) -> None:
        """Change one edge; ``u`` is the end to free if the change breaks feasibility."""
        old = self.w[u][v]
        if old == weight:
            return
        self.w[u][v] = weight
        self.w[v][u] = weight
        if not self._fresh:
            self._changed_u.append(u)
            self._changed_v.append(v)

    def set_row(self, u: int, vs: list[int], weights: list[int]) -> None:
        """``set_weight(u, v, weight)`` for each ``v`` in turn: a bracket's set-up sets
        its whole triangle of edges, one call per row rather than per edge."""
        w = self.w
        row = w[u]
        record = not self._fresh
        changed_u, changed_v = self._changed_u, self._changed_v
        for v, weight in zip(vs, weights, strict=True):
            if row[v] != weight:
                row[v] = weight
                w[v][u] = weight
                if record:
                    changed_u.append(u)
                    changed_v.append(v)

    def remove_pair(self, u: int, v: int) -> None:
        """Take two players out of the graph: their pairing is final."""
        for x in (u, v):
            for leaf in self._dissolve(x):
                if leaf not in (u, v):
                    self._changed_u.append(leaf)
                    self._changed_v.append(leaf)
        for x in (u, v):
            m = self._mate[x]
            if m >= 0 and m not in (u, v):
                self._mate[m] = -1
                self._changed_u.append(m)
                self._changed_v.append(m)
            self.active[x] = False
            self._mate[x] = -1
        self._mate[u] = v
        self._mate[v] = u

    def _forget_changes(self) -> None:
        del self._changed_u[:]
        del self._changed_v[:]

    def _dissolve(self, v: int) -> list[int]:
        """Undo the top-level blossom holding ``v``: its duals go to its vertices.

        Returns the vertices it held (their matched edges may no longer be tight).
        """
        n = self.n
        top = self.inblossom[v]
        if top < n:
            return []
        while self.blossomparent[top] != -1:
            top = self.blossomparent[top]
        dual = self._dual
        leaves = list(self.leafs[top])
        stack = [top]
        while stack:
            b = stack.pop()
            z = dual[b]
            if z:
                for x in self.leafs[b]:
                    dual[x] += z
            dual[b] = 0
            for c in self.blossomchilds[b] or ():
                if c >= n:
                    stack.append(c)
            self.blossomparent[b] = -1
            self.blossomchilds[b] = self.blossomendps[b] = None
            self.blossombase[b] = -1
            self.leafs[b] = []
            self.unused.append(b)
        for x in leaves:
            self.inblossom[x] = x
            self.blossomparent[x] = -1
        return leaves

    def _repair(self, act: list[int]) -> None:
        """Restore dual feasibility after weight changes, freeing as few vertices as can be.

        A changed matched edge stays matched when one end's dual can absorb the change;
        an edge that became too heavy raises one end's dual, and that end's partner
        lowers its own when its other edges allow it. Only where neither works are the
        two players freed, to be re-matched by the solve.
        """
        w = self.w
        dual = self._dual
        mate = self._mate
        active = self.active
        to_free: set[int] = set()
        check: set[int] = set()  # matched vertices whose pair may have lost tightness
        n = self.n
        inb = self.inblossom

        def dissolve(x: int) -> None:
            for leaf in self._dissolve(x):
                if active[leaf] and mate[leaf] >= 0:
                    check.add(leaf)

        # Two ways to absorb the deficits (edges now heavier than their duals allow): the
        # first-named end takes each one (a star of changes around one player), or both
        # ends share it (a region that moved together); both are gathered as the edges
        # are read (a list of the deficits was the peak of memory of a bracket set-up).
        # The one that leaves fewer matched edges slack is kept.
        first: dict[int, int] = {}
        shared: dict[int, int] = {}
        changed = self._changed_u, self._changed_v
        for u, v in zip(*changed, strict=True):  # a changed edge undoes the blossoms it touches
            for x in (u, v):
                if inb[x] >= n:
                    dissolve(x)
        for u, v in zip(*changed, strict=True):
            if u == v:
                if active[u]:
                    if mate[u] >= 0:
                        check.add(u)
                    else:
                        to_free.add(u)
                continue
            if not (active[u] and active[v]):
                continue
            if mate[u] == v:
                check.add(u)
            need = 2 * w[u][v] - dual[u] - dual[v]
            if need <= 0:
                continue
            if first.get(u, 0) < need:
                first[u] = need
            half = (need + 1) // 2
            if shared.get(u, 0) < half:
                shared[u] = half
            if shared.get(v, 0) < need - half:
                shared[v] = need - half
        self._forget_changes()

        def slack_left(r: dict[int, int]) -> int:
            bad = 0
            for a in set(r) | check:
                b = mate[a]
                if b >= 0 and dual[a] + r.get(a, 0) + dual[b] + r.get(b, 0) != 2 * w[a][b]:
                    bad += 1
            return bad

        raise_by = first if slack_left(first) <= slack_left(shared) else shared
        for t, r in raise_by.items():
            dual[t] += r
            if mate[t] >= 0:
                check.add(t)
            else:
                to_free.add(t)
        work = list(check)
        while work:
            a = work.pop()
            b = mate[a]
            if b < 0 or not active[a]:
                continue
            for x in (a, b):  # duals about to move: no blossom may hold them
                if inb[x] >= n:
                    before = set(check)
                    dissolve(x)
                    work.extend(check - before)
            sl = dual[a] + dual[b] - 2 * w[a][b]
            if sl < 0:
                dual[a] -= sl
            elif not w[a][b] or (sl > 0 and not self._lower(a, b, sl, act)):
                mate[a] = mate[b] = -1
                to_free.add(a)
                to_free.add(b)
        for v in act:
            if mate[v] < 0 and (v in to_free or dual[v] > 0):
                if inb[v] >= n:
                    before = set(check)
                    dissolve(v)
                    for x in check - before:  # freed blossom partners: repair or free
                        y = mate[x]
                        if y >= 0 and dual[x] + dual[y] != 2 * w[x][y]:
                            mate[x] = mate[y] = -1
                            to_free.update((x, y))
                self._least_dual(v, act)
        for v in to_free:
            if active[v] and mate[v] < 0:
                self._least_dual(v, act)

    def _least_dual(self, v: int, act: list[int]) -> None:
        """Give free ``v`` the least even dual its edges allow (a root starts there)."""
        dual = self._dual
        row = self.w[v]
        need = 0
        for x in act:
            wx = row[x]
            if wx and x != v:
                d = 2 * wx - dual[x]
                if d > need:
                    need = d
        dual[v] = need + (need & 1)

    def _room(self, a: int, b: int, act: list[int]) -> int:
        """How far ``a``'s dual can go down with every edge but (a, b) still feasible."""
        dual = self._dual
        da = dual[a]
        room = da
        row = self.w[a]
        for x in act:
            wx = row[x]
            if wx and x != b and x != a:
                sl = da + dual[x] - 2 * wx
                if sl < room:
                    room = sl
                    if room <= 0:
                        return 0
        return room

    def _lower(self, a: int, b: int, amount: int, act: list[int]) -> bool:
        """Lower the duals of matched ``a`` and ``b`` by ``amount`` in all, if they can."""
        ra = self._room(a, b, act)
        if ra >= amount:
            self._dual[a] -= amount
            return True
        rb = self._room(b, a, act)
        if ra + rb < amount:
            return False
        self._dual[a] -= ra
        self._dual[b] -= amount - ra
        return True

    # -- solving -------------------------------------------------------------------
    def solve(self) -> list[int]:
        n = self.n
        w = self.w
        dual = self._dual
        mate = self._mate
        active = self.active
        act = [v for v in range(n) if active[v]]
        if self._fresh:
            self._fresh = False
            self._forget_changes()
            guess = self.duals
            for v in act:
                row = w[v]
                if guess is None:
                    dual[v] = max((row[x] for x in act), default=0)
                else:  # a caller's guess, raised wherever an edge needs more
                    dv = guess[v]
                    for x in act:
                        need = 2 * row[x] - guess[x]
                        if need > dv and x != v:
                            dv = need
                    dual[v] = dv
                mate[v] = -1
            # pairs whose edge is the heaviest for both are tight: match them at once,
            # the hinted partner first (a good first guess saves most of the work)
            for v in act:
                if mate[v] >= 0:
                    continue
                row = w[v]
                dv = dual[v]
                hint = self.hint.get(v)
                first = [hint] if hint is not None and active[hint] else []
                for x in first + act:
                    if x != v and mate[x] < 0 and row[x] and dv + dual[x] == 2 * row[x]:
                        mate[v] = x
                        mate[x] = v
                        break
            for v in act:
                if mate[v] < 0:
                    dual[v] += dual[v] & 1
        else:
            self._repair(act)
        return _Solver(self, act).run()


def _towards_base(childs: list[int], j: int) -> tuple[int, int, int]:
    """How to walk a blossom's cycle from child ``j`` to its base by the even side.

    Returns the start index (negative when walking forwards), the step, and whether
    the stored endpoints are read reversed (mwmatching's ``endptrick``).
    """
    if j & 1:
        return j - len(childs), 1, 0
    return j, -1, 1


class _Solver:
    """One solve: stages of alternating-tree growth from the free vertices with dual > 0."""

    def __init__(self, m: Matcher, act: list[int]) -> None:
        self.m = m
        self.n = n = m.n
        self.act = act
        self.w = m.w
        self.dual = m._dual  # vertex duals then blossom duals, kept between solves
        self.label = [0] * (2 * n)
        self.labelend = [-1] * (2 * n)
        self.inblossom = m.inblossom
        self.blossomparent = m.blossomparent
        self.blossomchilds = m.blossomchilds
        self.blossombase = m.blossombase
        self.blossomendps = m.blossomendps
        self.bestedge = [-1] * (2 * n)
        self.blossombestedges: list[list[int] | None] = [None] * (2 * n)
        self.unused = m.unused
        self.leafs = m.leafs
        self.bsl = [0] * (2 * n)  # cached slack of bestedge[b] …
        self.bgen = [-1] * (2 * n)  # … valid while no dual changed since
        self.queue: list[int] = []
        # what was labelled this stage, blossoms and vertices (some since absorbed or
        # expanded): the next stage starts by clearing exactly these
        self.tree: list[int] = []
        self.reached: list[int] = []  # unlabelled vertices given a best edge this stage
        # each top-level blossom's outside: the active vertices not in it, in ``act``
        # order (a blossom's leaves never change while its number lives, so the list
        # holds until the number is freed). A scan of a blossom's vertex reads only
        # these: a blossom that lives on between solves can hold most of the field.
        self.outside: dict[int, list[int]] = {}
        # mate as "pointer": v*n + mate, or -1
        self.mate = [(v * n + x) if x >= 0 else -1 for v, x in enumerate(m._mate)]

    # pointers: p = src*n + dst; endpoint(p) = dst; rev(p) = dst*n + src
    def rev(self, p: int) -> int:
        n = self.n
        return (p % n) * n + p // n

    def slack(self, p: int) -> int:
        n = self.n
        i, j = divmod(p, n)
        return self.dual[i] + self.dual[j] - 2 * self.w[i][j]

    def leaves(self, b: int) -> list[int]:
        return self.leafs[b]

    def outside_of(self, b: int) -> list[int]:
        """The active vertices outside top-level blossom ``b`` (``b`` >= n), in ``act`` order."""
        out = self.outside.get(b)
        if out is None:
            inb = self.inblossom
            out = self.outside[b] = [x for x in self.act if inb[x] != b]
        return out

    def assign_label(self, v: int, t: int, p: int) -> None:
        b = self.inblossom[v]
        self.label[v] = self.label[b] = t
        self.tree.append(b)
        if b != v:
            self.tree.append(v)
        self.labelend[v] = self.labelend[b] = p
        self.bestedge[v] = self.bestedge[b] = -1
        if t == 1:
            self.queue.extend(self.leaves(b))
        else:
            base = self.blossombase[b]
            mp = self.mate[base]
            self.assign_label(mp % self.n, 1, self.rev(mp))

    def scan_blossom(self, v: int, w: int) -> int:
        n = self.n
        path = []
        base = -1
        while v != -1 or w != -1:
            b = self.inblossom[v]
            if self.label[b] & 4:
                base = self.blossombase[b]
                break
            path.append(b)
            self.label[b] = 5
            if self.labelend[b] == -1:
                v = -1
            else:
                v = self.labelend[b] % n
                b = self.inblossom[v]
                v = self.labelend[b] % n
            if w != -1:
                v, w = w, v
        for b in path:
            self.label[b] = 1
        return base

    def add_blossom(self, base: int, p: int) -> None:
        n = self.n
        v, w = divmod(p, n)
        back = w * n + v  # pointer w -> v: its endpoint is on v's side
        inb = self.inblossom
        bb = inb[base]
        bv = inb[v]
        bw = inb[w]
        b = self.unused.pop()
        self.blossombase[b] = base
        self.blossomparent[b] = -1
        self.blossomparent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        self.blossomchilds[b] = path
        self.blossomendps[b] = endps
        while bv != bb:
            self.blossomparent[bv] = b
            path.append(bv)
            endps.append(self.labelend[bv])
            v = self.labelend[bv] % n
            bv = inb[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(back)
        while bw != bb:
            self.blossomparent[bw] = b
            path.append(bw)
            endps.append(self.rev(self.labelend[bw]))
            w = self.labelend[bw] % n
            bw = inb[w]
        label = self.label
        label[b] = 1
        self.tree.append(b)
        self.labelend[b] = self.labelend[bb]
        self.dual[b] = 0
        leafs = self.leafs
        held: list[int] = []
        for c in path:
            held += leafs[c]
        leafs[b] = held
        queue = self.queue
        outside = self.outside
        widest = -1  # the child blossom with the most leaves whose outside is known
        for c in path:
            lc = leafs[c]
            if label[c] == 2:
                queue.extend(lc)
            for x in lc:
                inb[x] = b
            if c in outside and (widest < 0 or len(lc) > len(leafs[widest])):
                widest = c
        # the new blossom's outside, from its widest child's (same order, fewer to read)
        if widest >= 0:
            outside[b] = [j for j in outside[widest] if inb[j] != b]
        for c in path:
            outside.pop(c, None)  # no longer top-level; read again if it comes back
        bestedgeto: dict[int, int] = {}
        bestslack: dict[int, int] = {}
        wm = self.w
        dual = self.dual
        outside_s: list[int] | None = None  # S-vertices of other blossoms, found once
        for cb in path:
            bl = self.blossombestedges[cb]
            if bl is None:
                if outside_s is None:
                    outside_s = [j for j in self.outside_of(b) if label[inb[j]] == 1]
                for i in self.leafs[cb]:
                    row = wm[i]
                    di = dual[i]
                    for j in outside_s:
                        wij = row[j]
                        if not wij:
                            continue
                        bj = inb[j]
                        sl = di + dual[j] - 2 * wij
                        old = bestslack.get(bj)
                        if old is None or sl < old:
                            bestslack[bj] = sl
                            bestedgeto[bj] = i * n + j
            else:
                for q in bl:
                    i, j = divmod(q, n)
                    if inb[j] == b:
                        i, j = j, i
                        q = i * n + j
                    bj = inb[j]
                    if bj != b and label[bj] == 1:
                        sl = dual[i] + dual[j] - 2 * wm[i][j]
                        old = bestslack.get(bj)
                        if old is None or sl < old:
                            bestslack[bj] = sl
                            bestedgeto[bj] = q
            self.blossombestedges[cb] = None
            self.bestedge[cb] = -1
        best = list(bestedgeto.values())
        self.blossombestedges[b] = best
        self.bgen[b] = -1
        # the first of the least slack (each edge's slack is in bestslack, by its blossom)
        top = -1
        least = 0
        for bj, q in bestedgeto.items():
            sl = bestslack[bj]
            if top == -1 or sl < least:
                top = q
                least = sl
        self.bestedge[b] = top

    def expand_blossom(self, b: int, endstage: bool) -> None:
        n = self.n
        childs = self.blossomchilds[b]
        endps = self.blossomendps[b]
        assert childs is not None and endps is not None
        if endstage:
            self._release_children(b)
        else:
            for s in childs:
                self.blossomparent[s] = -1
                if s < n:
                    self.inblossom[s] = s
                else:
                    for v in self.leaves(s):
                        self.inblossom[v] = s
        if (not endstage) and self.label[b] == 2:
            entrychild = self.inblossom[self.rev(self.labelend[b]) % n]
            j, jstep, trick = _towards_base(childs, childs.index(entrychild))
            p = self.labelend[b]
            while j != 0:
                self.label[self.rev(p) % n] = 0
                q = endps[j - trick]
                q = self.rev(q) if trick else q
                self.label[self.rev(q) % n] = 0
                self.assign_label(self.rev(p) % n, 2, p)
                j += jstep
                q = endps[j - trick]
                p = self.rev(q) if trick else q
                j += jstep
            bv = childs[j]
            x = self.rev(p) % n
            self.label[x] = self.label[bv] = 2
            self.tree.append(bv)
            self.tree.append(x)
            self.labelend[x] = self.labelend[bv] = p
            self.bestedge[bv] = -1
            j += jstep
            while childs[j] != entrychild:
                bv = childs[j]
                if self.label[bv] == 1:
                    j += jstep
                    continue
                v = -1
                for v in self.leaves(bv):
                    if self.label[v] != 0:
                        break
                if v >= 0 and self.label[v] != 0:
                    self.label[v] = 0
                    self.label[self.mate[self.blossombase[bv]] % n] = 0
                    self.assign_label(v, 2, self.labelend[v])
                j += jstep
        self._free_blossom(b)

    def _free_blossom(self, b: int) -> None:
        """Forget blossom ``b``: its number goes back to the unused ones."""
        self.outside.pop(b, None)
        self.label[b] = self.labelend[b] = -1
        self.blossomchilds[b] = self.blossomendps[b] = None
        self.blossombase[b] = -1
        self.blossombestedges[b] = None
        self.bestedge[b] = -1
        self.leafs[b] = []
        self.unused.append(b)

    def _release_children(self, top: int) -> None:
        """At a stage's end: free ``top``'s children, expanding those whose dual is 0 too.

        An explicit stack, not recursion: blossoms nest as deep as the field is wide
        (3 000 players went past Python's recursion limit). Children are visited, and
        expanded blossoms freed, in the order the recursive form did (depth first, a
        blossom after its children), so the blossom numbers reused later are the same.
        """
        n = self.n
        dual = self.dual
        inb = self.inblossom
        parent = self.blossomparent
        childs = self.blossomchilds[top]
        assert childs is not None
        stack: list[tuple[int, list[int], int]] = [(top, childs, 0)]
        while stack:
            b, kids, k = stack.pop()
            if k == len(kids):
                if b != top:
                    self._free_blossom(b)
                continue
            stack.append((b, kids, k + 1))
            s = kids[k]
            parent[s] = -1
            if s < n:
                inb[s] = s
            elif dual[s] == 0:
                grand = self.blossomchilds[s]
                assert grand is not None
                stack.append((s, grand, 0))
            else:
                for v in self.leafs[s]:
                    inb[v] = s

    def augment_blossom(self, b: int, v: int) -> None:
        """Flip the alternating path inside ``b`` from its base to ``v``: ``v`` becomes its base.

        The sub-blossoms met on the way are flipped too; each flip touches only its own
        blossom's cycle and the mates inside it, so a work list does them in any order
        (recursion went past Python's limit at 3 000 players). The new base of every
        blossom flipped is the vertex it was flipped to.
        """
        n = self.n
        mate = self.mate
        parent = self.blossomparent
        work = [(b, v)]
        while work:
            b, v = work.pop()
            t = v
            while parent[t] != b:
                t = parent[t]
            if t >= n:
                work.append((t, v))
            childs = self.blossomchilds[b]
            endps = self.blossomendps[b]
            assert childs is not None and endps is not None
            i = childs.index(t)
            j, jstep, trick = _towards_base(childs, i)
            while j != 0:
                j += jstep
                t = childs[j]
                q = endps[j - trick]
                p = (q % n) * n + q // n if trick else q
                pe = p % n
                rp = pe * n + p // n
                if t >= n:
                    work.append((t, pe))
                j += jstep
                t = childs[j]
                if t >= n:
                    work.append((t, rp % n))
                mate[pe] = rp
                mate[rp % n] = p
            self.blossomchilds[b] = childs[i:] + childs[:i]
            self.blossomendps[b] = endps[i:] + endps[:i]
            self.blossombase[b] = v

    def climb(self, s: int, p: int) -> None:
        """Flip the tree path from ``s`` to its root; ``s`` takes pointer ``p``."""
        n = self.n
        while True:
            bs = self.inblossom[s]
            if bs >= n:
                self.augment_blossom(bs, s)
            self.mate[s] = p
            if self.labelend[bs] == -1:
                break
            t = self.labelend[bs] % n
            bt = self.inblossom[t]
            s = self.labelend[bt] % n
            j = self.rev(self.labelend[bt]) % n
            if bt >= n:
                self.augment_blossom(bt, j)
            self.mate[j] = self.labelend[bt]
            p = self.rev(self.labelend[bt])

    def run(self) -> list[int]:
        """Grow one alternating tree at a time, from each free vertex whose dual is > 0.

        One tree per stage (Edmonds' original order) rather than all of them at once:
        after a re-optimisation many vertices are free, and growing every tree again
        after each augmentation rescans them all; a lone tree is small. Free vertices
        outside the tree keep their duals; the optimum needs them at 0 only at the end,
        and every stage brings one of them there or matches it.

        With exact integers a scan reads tightness from the slack itself: mwmatching's
        "allowed edge" memo is not needed (an edge found tight stays so while it
        matters, S to T, and a dual step that makes an edge tight queues its S end
        before any other step). Checked: over the vectors, random rounds and the
        certificate tests, the memo never held an edge whose slack was not zero.
        """
        n = self.n
        act = self.act
        w = self.w
        dual = self.dual
        label = self.label
        inb = self.inblossom
        bestedge = self.bestedge
        bsl = self.bsl
        bgen = self.bgen
        tree = self.tree
        reached = self.reached
        blossomparent = self.blossomparent
        leafs = self.leafs
        mate = self.mate
        blossombase = self.blossombase
        labelend = self.labelend
        gen = 0
        # a matched vertex stays matched and a free one's dual never rises: the roots
        # to come are among today's, in this order
        roots = [v for v in act if self.mate[v] == -1 and dual[v] > 0]
        # any order reaches an optimum; the last-ranked first was measured fastest
        # (1000 players: 10.4 s -> 6.5 s a round), bracket set-ups free mostly the top
        roots.reverse()
        next_root = 0
        while True:
            # every vertex labelled or given a best edge is in ``tree`` (assign_label,
            # expand_blossom) or ``reached``: their blossoms' other leaves need no reset
            for b in tree:
                label[b] = 0
                bestedge[b] = -1
                self.blossombestedges[b] = None
            for v in reached:
                bestedge[v] = -1
                label[v] = 0
            tree.clear()
            reached.clear()
            self.queue.clear()
            root = -1
            while next_root < len(roots):
                v = roots[next_root]
                next_root += 1
                if self.mate[v] == -1 and dual[v] > 0:
                    root = v
                    break
            if root < 0:
                break
            self.assign_label(root, 1, -1)
            done = False
            while True:
                while self.queue and not done:
                    v = self.queue.pop()
                    row = w[v]
                    bv = inb[v]
                    dv = dual[v]
                    vn = v * n
                    for x in act if bv < n else self.outside_of(bv):
                        wx = row[x]
                        if not wx:
                            continue
                        bx = inb[x]
                        if bv == bx:
                            continue
                        kslack = dv + dual[x] - (wx << 1)
                        lx = label[bx]
                        if kslack <= 0:  # tight
                            p = vn + x
                            if lx == 0:
                                if mate[blossombase[bx]] == -1:
                                    # a free vertex outside the tree: augment to it
                                    self.climb(v, p)
                                    if bx >= n:
                                        self.augment_blossom(bx, x)
                                    mate[x] = x * n + v
                                    done = True
                                    break
                                self.assign_label(x, 2, x * n + v)
                            elif lx == 1:  # one tree: two S-vertices close a blossom
                                base = self.scan_blossom(v, x)
                                assert base >= 0
                                self.add_blossom(base, p)
                                bv = inb[v]
                            elif label[x] == 0:
                                label[x] = 2
                                labelend[x] = x * n + v
                                reached.append(x)
                        elif lx == 1:
                            # slacks of stored best edges are cached until the next
                            # dual change (generation ``gen``)
                            q = bestedge[bv]
                            if q != -1 and bgen[bv] != gen:
                                qi, qj = divmod(q, n)
                                bsl[bv] = dual[qi] + dual[qj] - 2 * w[qi][qj]
                                bgen[bv] = gen
                            if q == -1 or kslack < bsl[bv]:
                                bestedge[bv] = vn + x
                                bsl[bv] = kslack
                                bgen[bv] = gen
                        elif label[x] == 0:
                            q = bestedge[x]
                            if q == -1:
                                reached.append(x)
                            elif bgen[x] != gen:
                                qi, qj = divmod(q, n)
                                bsl[x] = dual[qi] + dual[qj] - 2 * w[qi][qj]
                                bgen[x] = gen
                            if q == -1 or kslack < bsl[x]:
                                bestedge[x] = x * n + v
                                bsl[x] = kslack
                                bgen[x] = gen
                if done:
                    break
                # dual adjustment, over the tree and the vertices next to it
                gen += 1
                tops = {b for b in tree if blossomparent[b] == -1 and label[b] in (1, 2)}
                deltatype = 1
                delta = -1
                smin = -1
                for b in tops:
                    if label[b] == 1:
                        for v in leafs[b]:
                            if smin < 0 or dual[v] < delta:
                                delta = dual[v]
                                smin = v
                deltaedge = -1
                deltablossom = -1
                for v in reached:
                    q = bestedge[v]
                    if q != -1 and label[inb[v]] == 0:
                        qi, qj = divmod(q, n)
                        d = dual[qi] + dual[qj] - 2 * w[qi][qj]
                        if d < delta:
                            delta = d
                            deltatype = 2
                            deltaedge = q
                for b in tops:
                    q = bestedge[b]
                    if q != -1 and label[b] == 1:
                        qi, qj = divmod(q, n)
                        d = (dual[qi] + dual[qj] - 2 * w[qi][qj]) // 2
                        if d < delta:
                            delta = d
                            deltatype = 3
                            deltaedge = q
                    elif b >= n and label[b] == 2 and dual[b] < delta:
                        delta = dual[b]
                        deltatype = 4
                        deltablossom = b
                for b in tops:
                    if label[b] == 1:
                        for v in leafs[b]:
                            dual[v] -= delta
                        if b >= n:
                            dual[b] += delta
                    else:
                        for v in leafs[b]:
                            dual[v] += delta
                        if b >= n:
                            dual[b] -= delta
                if deltatype == 1:
                    self.climb(smin, -1)
                    break
                if deltatype == 2:
                    i, j = divmod(deltaedge, n)
                    if label[inb[i]] == 0:
                        i, j = j, i
                    self.queue.append(i)
                elif deltatype == 3:
                    i, j = divmod(deltaedge, n)
                    self.queue.append(i)
                else:
                    self.expand_blossom(deltablossom, False)
            for b in {b for b in tree if b >= n}:
                if (
                    blossomparent[b] == -1
                    and self.blossombase[b] >= 0
                    and label[b] == 1
                    and dual[b] == 0
                ):
                    self.expand_blossom(b, True)
        return self._finish()

    def _finish(self) -> list[int]:
        """Store the matching (the blossoms and duals stay in the matcher)."""
        n = self.n
        m = self.m
        mate = [(-1 if p < 0 else p % n) for p in self.mate]
        for v in range(n):
            if not m.active[v]:
                mate[v] = m._mate[v]
        m._mate[:] = mate
        real = m.real  # a vertex matched to a dummy is unpaired
        return [v if x < 0 or x >= real else x for v, x in enumerate(mate[:real])]
