"""Knockout stage names and cadences (regulation 000, art. 5)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from .errors import RuleError
from .models import Result, TimeControl

_LAST_THREE = [
    ("Quart de finale", TimeControl(base_minutes=20, increment_seconds=10)),
    ("Demi-finale", TimeControl(base_minutes=25, increment_seconds=10)),
    ("Finale", TimeControl(base_minutes=30, increment_seconds=15)),
]


def ko_stages(rounds: int) -> tuple[dict[int, str], dict[int, TimeControl]]:
    """Stage names and time controls by round number.

    The last three rounds are keyed by stage (QF, SF, F); the earlier ones by number:
    rounds 1–3 10+5, rounds 4–5 15+5. So in 7 rounds round 5 is the quarter-final.
    """
    stages: dict[int, str] = {}
    controls: dict[int, TimeControl] = {}
    for number in range(1, rounds + 1):
        from_end = rounds - number  # 0 = final
        if from_end <= 2:
            name, tc = _LAST_THREE[2 - from_end]
        else:
            name = f"Ronde {number}"
            tc = TimeControl(base_minutes=10 if number <= 3 else 15, increment_seconds=5)
        stages[number] = name
        controls[number] = tc
    return stages, controls


# -- entries decide the format (regulation 000, art. 2.1) ------------------------------


MIN_ENTRIES = 100


@dataclass(frozen=True)
class Entrant:
    id: int
    name: str
    rating: int = 0
    phone: str | None = None
    paid: bool = True
    payment_method: str | None = None


@dataclass
class Refund:
    id: int
    name: str
    amount: float
    means: str


@dataclass
class KoFormat:
    case: str
    rounds: int
    bracket: int
    validated: list[int] = field(default_factory=list)
    waiting: list[int] = field(default_factory=list)
    byes: list[int] = field(default_factory=list)
    refunds: list[Refund] = field(default_factory=list)
    entries: int = 0  # every entry counted, validated, waiting or refunded

    @property
    def cancelled(self) -> bool:
        return self.bracket == 0


def refund_means(method: str | None) -> str:
    """Card payments are refunded by crediting the card ("recrédit CB")."""
    m = (method or "").strip().lower()
    if m in ("cb", "carte", "card", "carte bancaire"):
        return "recrédit CB"
    return {"chèque": "chèque", "cheque": "chèque", "espèces": "espèces", "especes": "espèces"}.get(
        m, m or "à préciser"
    )


def ko_format(entrants: list[Entrant], fee: float) -> KoFormat:
    """The format the entries decide, in registration order (entrants as registered)."""
    n = len(entrants)

    def refunds(people: list[Entrant]) -> list[Refund]:
        return [
            Refund(e.id, e.name, fee if e.paid else 0.0, refund_means(e.payment_method))
            for e in people
            if e.paid
        ]

    if n < MIN_ENTRIES:
        return KoFormat(
            f"annulé : {n} inscrits, moins de {MIN_ENTRIES} ; tous remboursés",
            0,
            0,
            entries=n,
            refunds=refunds(entrants),  # all refunded: no waiting list (000 art. 2.1)
        )
    if n <= 128:
        fmt = KoFormat(f"confirmé : {n} inscrits (100 à 128), 7 rondes, tableau de 128", 7, 128)
        kept = entrants
    elif n < 200:
        fmt = KoFormat(
            f"{n} inscrits (129 à 199) : les 128 premiers validés, {n - 128} en liste "
            "d'attente remboursés ; 7 rondes, tableau de 128",
            7,
            128,
        )
        kept = entrants[:128]
    else:
        kept = entrants[:256]
        extra = f", {n - 256} au-delà de 256 remboursés" if n > 256 else ""
        fmt = KoFormat(f"{n} inscrits (200 et plus) : 8 rondes, tableau de 256{extra}", 8, 256)
    fmt.entries = n
    fmt.validated = [e.id for e in kept]
    rest = entrants[len(kept) :]
    fmt.waiting = [e.id for e in rest]
    fmt.refunds = refunds(rest)
    fmt.byes = fmt.validated[: fmt.bracket - len(kept)]  # to the earliest registrants
    return fmt


def plain_format(entrants: list[Entrant]) -> KoFormat:
    """A knockout under plain FIDE rules (no regulation 000): every entry plays, in the
    smallest bracket that holds them all; its empty places are byes, to the highest
    rated (the seeds), as a club's knockout is usually drawn."""
    n = len(entrants)
    if n < 2:
        return KoFormat(f"{n} inscrit(s) : il en faut au moins 2", 0, 0, entries=n)
    bracket = 2
    while bracket < n:
        bracket *= 2
    rounds = bracket.bit_length() - 1
    byes = bracket - n
    fmt = KoFormat(
        f"{n} inscrits : tableau de {bracket}, {rounds} ronde(s)"
        + (f", {byes} exempt(s) au premier tour (les mieux classés)" if byes else ""),
        rounds,
        bracket,
        entries=n,
    )
    fmt.validated = [e.id for e in entrants]
    fmt.byes = [e.id for e in sorted(entrants, key=lambda e: (-e.rating, e.id))[:byes]]
    return fmt


def bye_matches(bracket: int, byes: int) -> list[int]:
    """First-round matches that hold a bye, spread so no two bye-holders meet in round 2.

    Matches 2j and 2j+1 feed the same round-2 match; byes go to even matches spread
    evenly over the bracket, which is always possible with at most bracket/4 byes.
    """
    matches = bracket // 2
    if byes >= matches:
        raise RuleError(f"{byes} exempts pour un tableau de {bracket} : trop pour les répartir.")
    if byes == 0:
        return []
    pairs = matches // 2
    if byes <= pairs:
        return [2 * ((k * pairs) // byes) for k in range(byes)]
    # more byes than round-2 matches (a small club bracket, 5 in 8): every even match
    # holds one, then the odd ones from the end, so byes meet as late as they can
    return sorted(
        [2 * j for j in range(pairs)] + [matches - 1 - 2 * j for j in range(byes - pairs)]
    )


def seeding_order(size: int) -> list[int]:
    """Standard bracket positions: seed 1 and 2 in opposite halves, and so on."""
    order = [1]
    while len(order) < size:
        n = 2 * len(order)
        order = [x for s in order for x in (s, n + 1 - s)]
    return order


def first_round(
    fmt: KoFormat, shuffled: list[int], ratings: dict[int, int] | None = None, seeded: bool = False
) -> list[tuple[int, int | None]]:
    """Match by match (slot order): (player, opponent or None for a bye).

    ``shuffled`` is the recorded random order of the players without a bye; with
    ``seeded`` they are paired 1 vs N by rating instead (the setting).
    """
    bye_slots = set(bye_matches(fmt.bracket, len(fmt.byes)))
    free_slots = [m for m in range(fmt.bracket // 2) if m not in bye_slots]
    players = list(shuffled)
    if len(players) != 2 * len(free_slots):
        raise RuleError("Le nombre de joueurs ne remplit pas le tableau.")
    matches: dict[int, tuple[int, int | None]] = {}
    for slot, holder in zip(sorted(bye_slots), fmt.byes, strict=True):
        matches[slot] = (holder, None)
    if seeded:
        assert ratings is not None
        ranked = sorted(players, key=lambda p: (-ratings.get(p, 0), p))
        half = len(ranked) // 2
        pairs = [(ranked[i], ranked[len(ranked) - 1 - i]) for i in range(half)]
        positions = [p - 1 for p in seeding_order(len(free_slots))]
        for pair_index, position in enumerate(positions):
            matches[free_slots[position]] = pairs[pair_index]
    else:
        for i, slot in enumerate(free_slots):
            matches[slot] = (players[2 * i], players[2 * i + 1])
    return [matches[m] for m in range(fmt.bracket // 2)]


DECIDERS = ("armageddon", "blitz", "rating")


def winner(
    white: int,
    black: int | None,
    result: Result | None,
    decider: Result | None,
    rule: str,
    ratings: dict[int, int] | None = None,
) -> int | None:
    """Who goes through; None while unknown or when both are out (double forfeit).

    A drawn game needs its decider: Armageddon (a draw qualifies Black), a blitz pair
    (its winner entered as the decider), or the lower rating qualifies.
    """
    if black is None:
        return white
    if result is None or result is Result.DOUBLE_FORFEIT:
        return None
    if (won := _won_by(result, white, black)) is not None:
        return won
    if rule == "rating":  # the game was drawn
        assert ratings is not None
        return white if ratings.get(white, 0) < ratings.get(black, 0) else black
    if decider is None:
        return None
    if (won := _won_by(decider, white, black)) is not None:
        return won
    if rule == "armageddon" and decider is Result.DRAW:
        return black
    return None


def _won_by(result: Result, white: int, black: int) -> int | None:
    """Who a decisive result sends through, over the board or by forfeit (a game or its
    decider read alike); None for a draw or a double forfeit."""
    if result in (Result.WHITE_WINS, Result.WHITE_FORFEIT_WIN):
        return white
    if result in (Result.BLACK_WINS, Result.BLACK_FORFEIT_WIN):
        return black
    return None


@dataclass
class Match:
    slot: int
    white: int
    black: int | None
    result: Result | None = None
    decider: Result | None = None
    bye: bool = False


def next_round(
    matches: list[Match], rule: str, ratings: dict[int, int], excluded: set[int]
) -> list[tuple[int | None, int | None]]:
    """The next round's sides, slot by slot: winners of slots 2j and 2j+1 meet at j.

    ``None`` is a hole (a double forfeit, or an excluded winner) for a lucky loser.
    """
    by_slot = {m.slot: m for m in matches}
    size = max(by_slot) + 1 if by_slot else 0
    out: list[tuple[int | None, int | None]] = []
    for j in range(0, size, 2):
        sides: list[int | None] = []
        for slot in (j, j + 1):
            m = by_slot.get(slot)
            if m is None:
                sides.append(None)
                continue
            if m.black is not None and m.result is None:
                raise RuleError(f"Échiquier {slot + 1} : résultat manquant.")
            w = winner(m.white, m.black, m.result, m.decider, rule, ratings)
            if w is None and m.result is Result.DRAW:
                raise RuleError(f"Échiquier {slot + 1} : nulle, le départage n'est pas saisi.")
            sides.append(None if w in excluded else w)
        out.append((sides[0], sides[1]))
    return out


def lucky_loser_pool(
    matches: list[Match],
    rule: str,
    ratings: dict[int, int],
    phones: dict[int, str | None],
    excluded: set[int],
    tried: set[int],
) -> list[int]:
    """Losers of the round just played who left a phone number; not double forfeits,
    not excluded players, not those already drawn for this round."""
    pool = []
    for m in matches:
        if m.black is None or m.result is Result.DOUBLE_FORFEIT:
            continue
        w = winner(m.white, m.black, m.result, m.decider, rule, ratings)
        loser = m.black if w == m.white else m.white
        if w is None or loser is None:
            continue
        if loser in excluded or loser in tried or not phones.get(loser):
            continue
        pool.append(loser)
    return sorted(pool)


@dataclass(frozen=True)
class _Outcome:
    """One walk of the bracket, read by the ranking and by the prize order alike: the round
    each player went out in, who beat them, the champion, a third-place game's order."""

    eliminated_in: dict[int, int]
    beaten_by: dict[int, int]
    champion: int | None
    third: list[int]


def _outcome(
    rounds: list[list[Match]], rule: str, ratings: dict[int, int], total_rounds: int | None
) -> _Outcome:
    eliminated_in: dict[int, int] = {}
    beaten_by: dict[int, int] = {}
    champion: int | None = None
    third: list[int] = []  # a third-place game (setting): its winner, then its loser
    for number, matches in enumerate(rounds, start=1):
        final_round = number == (total_rounds or len(rounds))
        for m in matches:  # a lucky loser who plays on is not out any more
            if final_round and m.slot == 1:
                continue  # the third-place game: its players stay out of the semi-finals
            for p in (m.white, m.black):
                if p is not None:
                    eliminated_in.pop(p, None)
                    beaten_by.pop(p, None)
        for m in matches:
            if m.black is None:
                continue
            w = winner(m.white, m.black, m.result, m.decider, rule, ratings)
            if final_round and m.slot == 1:
                if w is not None:
                    third = [w, m.black if w == m.white else m.white]
                continue
            if w is None and m.result is not Result.DOUBLE_FORFEIT:
                continue  # not decided yet: nobody is out
            losers = [m.white, m.black] if w is None else [m.black if w == m.white else m.white]
            for loser in losers:
                eliminated_in[loser] = number
                if w is not None:
                    beaten_by[loser] = w
            if number == (total_rounds or len(rounds)) and w is not None:
                champion = w  # only the final's winner
    return _Outcome(eliminated_in, beaten_by, champion, third)


def ranking(
    rounds: list[list[Match]], rule: str, ratings: dict[int, int], total_rounds: int | None = None
) -> list[tuple[int, int, list[int]]]:
    """Final ranking: winner, finalist, then each round's losers ordered by how far their
    conqueror went. Returns (first place, last place, players) groups."""
    return _groups(rounds, _outcome(rounds, rule, ratings, total_rounds))


def _groups(rounds: list[list[Match]], out: _Outcome) -> list[tuple[int, int, list[int]]]:
    eliminated_in, beaten_by, champion, third = (
        out.eliminated_in,
        out.beaten_by,
        out.champion,
        out.third,
    )
    last = len(rounds) + 1

    def reach(player: int) -> int:
        return last if player == champion else eliminated_in.get(player, last)

    def standing(player: int) -> tuple[int, int]:
        """Round of elimination, then how far the conqueror went (no conqueror: 0)."""
        conqueror = beaten_by.get(player)
        return eliminated_in[player], reach(conqueror) if conqueror is not None else 0

    groups: list[tuple[int, int, list[int]]] = []
    participants = {
        p for matches in rounds for m in matches for p in (m.white, m.black) if p is not None
    }
    alive = sorted(participants - set(eliminated_in))
    if champion is not None:
        groups.append((1, 1, [champion]))
    elif alive:  # still in the competition: they share the top places for now
        groups.append((1, len(alive), alive))
    place = sum(len(g[2]) for g in groups) + 1
    ordered_out = sorted(eliminated_in, key=lambda p: tuple(-x for x in standing(p)))
    for _key, same in itertools.groupby(ordered_out, key=standing):
        group = list(same)
        groups.append((place, place + len(group) - 1, group))
        place += len(group)
    if third:
        rest = [[p for p in g[2] if p not in third] for g in groups]
        keep = [ids for ids in rest[:2] if ids]  # winner, finalist
        ordered = [*keep, [third[0]], [third[1]], *[ids for ids in rest[2:] if ids]]
        groups, place = [], 1
        for ids in ordered:
            groups.append((place, place + len(ids) - 1, ids))
            place += len(ids)
    return groups


def places_decided(
    rounds: list[list[Match]], rule: str, ratings: dict[int, int], total_rounds: int | None = None
) -> bool:
    """Whether the K.O. order is final (000 art. 3, prizes in K.O. order): every place but
    the champion's is ranked by how far the conqueror went, so none is fixed before the
    final is decided (and a third-place game, when one is paired). Decided here, the text
    being silent on the list shown during the event."""
    out = _outcome(rounds, rule, ratings, total_rounds)
    if out.champion is None:
        return False
    final = rounds[-1] if rounds else []
    third_game = any(m.slot == 1 and m.black is not None for m in final)
    return not third_game or bool(out.third)


def prize_order(
    rounds: list[list[Match]], rule: str, ratings: dict[int, int], total_rounds: int | None = None
) -> list[int]:
    """Every player in one order, for prizes that are whole and all different (000 art. 3:
    « tous différents pour marquer la hiérarchie »).

    The ranking's groups (``ranking``) stay as they are; inside a group — players out in
    the same round whose conquerors went equally far — the one beaten by the better-placed
    conqueror comes first (a conqueror is always placed before those he beat, so the order
    is built from the top). Decided here, the text being silent; no conqueror (a double
    forfeit): by rating, then registration order.
    """
    out = _outcome(rounds, rule, ratings, total_rounds)
    beaten_by = out.beaten_by
    position: dict[int, int] = {}
    order: list[int] = []
    for _first, _last, ids in _groups(rounds, out):

        def key(p: int) -> tuple[int, int, int]:
            conqueror = beaten_by.get(p)
            placed = position.get(conqueror, len(position) + 1) if conqueror else 10**9
            return (placed, -ratings.get(p, 0), p)

        for p in sorted(ids, key=key):
            position[p] = len(order)
            order.append(p)
    return order
