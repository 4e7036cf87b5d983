"""Prize lists: Hort sharing, category prizes, non-cumulation, fund reduction.

Money in Decimal; Hort shares in cents that add up to the prizes shared (largest
remainders), never more than the fund.
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import ROUND_DOWN, Decimal
from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from .errors import RuleError

CENT = Decimal("0.01")


class Category(BaseModel):
    """Who may claim a category prize: a rule on player fields."""

    model_config = ConfigDict(defer_build=True)  # built when first checked, not at import

    name: str
    max_rating: int | None = None
    min_rating: int | None = None
    sex: Literal["m", "w"] | None = None
    max_age: int | None = None  # age on 1 January of reference_year
    min_age: int | None = None
    reference_year: int | None = None
    club: str | None = None

    def eligible(self, c: Candidate) -> bool:
        if self.max_rating is not None and c.rating > self.max_rating:
            return False
        if self.min_rating is not None and c.rating < self.min_rating:
            return False
        if self.sex is not None and c.sex != self.sex:
            return False
        if self.club is not None and c.club != self.club:
            return False
        if self.max_age is not None or self.min_age is not None:
            if c.birth_date is None:
                return False
            year = self.reference_year or dt.date.today().year
            age = (
                year
                - c.birth_date.year
                - (1 if (c.birth_date.month, c.birth_date.day) > (1, 1) else 0)
            )
            if self.max_age is not None and age > self.max_age:
                return False
            if self.min_age is not None and age < self.min_age:
                return False
        return True


class Prize(BaseModel):
    model_config = ConfigDict(defer_build=True)  # built when first checked, not at import
    label: str
    amount: Decimal = Field(default=Decimal(0), ge=0)
    goods: str | None = None  # a prize in kind: given by place, never shared
    trophy: bool = False  # a trophy by place: honours, cumulative with any prize
    category: str | None = None  # None: general list


class PrizeSettings(BaseModel):
    model_config = ConfigDict(defer_build=True)  # built when first checked, not at import
    pot_scope: Literal["group", "paid"] = "group"
    fund: Decimal | None = None
    paying_threshold: int | None = None
    presence_required: bool = False
    strictly_decreasing: bool = False
    categories: list[Category] = Field(default_factory=list)


@dataclass(frozen=True)
class Candidate:
    """A ranked player: ``order`` is the place by points then tie-breaks."""

    id: int
    order: int
    points: float
    rating: int = 0
    sex: str | None = None
    birth_date: dt.date | None = None
    club: str = ""
    place: str = ""  # the standings' place as shown (« 14–15 »): the prize list says it


@dataclass
class Award:
    player_id: int
    label: str
    amount: Decimal
    category: str | None = None
    goods: str | None = None
    presence_required: bool = False
    trophy: bool = False
    place: str = ""  # the winner's place in the standings (« 14–15 »)


@dataclass
class PrizeList:
    awards: list[Award] = field(default_factory=list)
    factor: Decimal = Decimal(1)

    def by_player(self) -> dict[int, Award]:
        """The prize each player takes (trophies aside: they are honours, cumulative)."""
        return {a.player_id: a for a in self.awards if not a.trophy}

    @property
    def total(self) -> Decimal:
        return sum((a.amount for a in self.awards), Decimal(0))


def check_prize_table(prizes: Sequence[Prize], strictly_decreasing: bool) -> None:
    general = [p for p in prizes if p.category is None and p.goods is None and not p.trophy]
    if strictly_decreasing:
        for a, b in itertools.pairwise(general):
            if b.amount >= a.amount:
                raise RuleError(
                    f"Prix non strictement décroissants : « {a.label} » {a.amount} € puis "
                    f"« {b.label} » {b.amount} € (le règlement veut des prix tous différents)."
                )


def must_decrease(regulation: str | None, prize_settings: dict[str, object]) -> bool:
    """000 art. 3 wants prizes « tous différents »: under 000 always, elsewhere when the
    organiser's prize settings ask for it."""
    return regulation == "000" or bool(prize_settings.get("strictly_decreasing"))


def system_label(knockout: bool) -> str:
    """How the prizes are shared, as the documents say it: a knockout's whole prizes in
    K.O. order (000 art. 3), else the Hort system."""
    if knockout:
        return "prix entiers dans l'ordre du K.O., tous différents, non cumulables"
    return "Système Hort, prix non cumulables"


def table_fault(
    regulation: str | None, prizes: Sequence[dict[str, object]], prize_settings: dict[str, object]
) -> str | None:
    """Why a prize table cannot be set (checked when it is set, not only when the prizes
    are computed); None when it can."""
    try:
        table = [Prize.model_validate(p) for p in prizes]
    except ValueError:
        return None  # the setting's own type check speaks for a malformed row
    try:
        check_prize_table(table, must_decrease(regulation, prize_settings))
    except RuleError as exc:
        return exc.message
    return None


def reduction_factor(settings: PrizeSettings, paying_entries: int) -> Decimal:
    """Fund reduced in proportion below the paying-entries threshold (regulation 002)."""
    if settings.paying_threshold and paying_entries < settings.paying_threshold:
        return Decimal(paying_entries) / Decimal(settings.paying_threshold)
    return Decimal(1)


def hort(
    ranked: Sequence[Candidate],
    amounts: Sequence[Decimal | Fraction],
    pot_scope: Literal["group", "paid"] = "group",
) -> dict[int, Fraction]:
    """Hort sharing: half of the place prize kept, half of the group's prizes shared.

    Exact (fractions): thirds of a prize add back to the prize; rounding comes last.
    """
    out: dict[int, Fraction] = {}
    paid = len(amounts)
    i = 0
    while i < len(ranked) and i < paid:
        j = i
        while j + 1 < len(ranked) and ranked[j + 1].points == ranked[i].points:
            j += 1
        group = ranked[i : j + 1]
        places = [Fraction(amounts[k]) if k < paid else Fraction(0) for k in range(i, j + 1)]
        if len(group) == 1:
            out[group[0].id] = places[0]
        else:
            sharers = len(group) if pot_scope == "group" else min(len(group), paid - i)
            pool = sum(places, Fraction(0)) / 2 / sharers
            for k, c in enumerate(group):
                share = pool if (pot_scope == "group" or i + k < paid) else Fraction(0)
                out[c.id] = places[k] / 2 + share
        i = j + 1
    return out


def _cents(value: Decimal | Fraction) -> Decimal:
    if isinstance(value, Fraction):
        exact = Decimal(value.numerator) / Decimal(value.denominator)
        return exact.quantize(CENT, ROUND_DOWN)
    return value.quantize(CENT, ROUND_DOWN)


def in_cents(amounts: dict[int, Fraction], order: Sequence[int]) -> dict[int, Decimal]:
    """Hort shares in cents that add up to the prizes shared (issue 52.12: truncating each
    lost 6 cents on 13 100 €): each rounded down, then the cents left over go one by one to
    the largest remainders — equal, to the better placed (``order``, the tie-break order)."""
    floors = {pid: _cents(value) for pid, value in amounts.items()}
    exact = sum(amounts.values(), Fraction(0))
    total = _cents(exact)  # a reduced fund's third of a cent is not paid: never above it
    left = int((total - sum(floors.values(), Decimal(0))) / CENT)
    at = {pid: k for k, pid in enumerate(order)}
    by_remainder = sorted(
        amounts,
        key=lambda pid: (-(amounts[pid] - Fraction(str(floors[pid]))), at.get(pid, len(at))),
    )
    for pid in by_remainder[: max(left, 0)]:
        floors[pid] += CENT
    return floors


def _award_in_kind(
    result: PrizeList,
    ranked: Sequence[Candidate],
    goods: Sequence[Prize],
    trophies: Sequence[Prize],
    settings: PrizeSettings,
) -> None:
    """Prizes in kind go by place to players left without a prize; trophies by place."""
    awarded = {a.player_id for a in result.awards}
    free = [c for c in ranked if c.id not in awarded]
    for prize, c in zip(goods, free, strict=False):
        result.awards.append(
            Award(
                c.id,
                prize.label,
                Decimal(0),
                goods=prize.goods,
                presence_required=settings.presence_required,
            )
        )
    for prize, c in zip(trophies, ranked, strict=False):
        result.awards.append(
            Award(
                c.id,
                prize.label,
                Decimal(0),
                trophy=True,
                presence_required=settings.presence_required,
            )
        )


def distribute(
    ranked: Sequence[Candidate],
    prizes: Sequence[Prize],
    settings: PrizeSettings,
    paying_entries: int | None = None,
) -> PrizeList:
    """Every prize to one player, none cumulative: each takes the most valuable he can claim.

    Category prizes go, most valuable first, to the best-ranked eligible player without one
    whose general amount (with him in the list) is lower — equal: the general list wins.
    Those players leave the general list (the others move up, ties recomputed); repeat
    until the assignment no longer changes.
    """
    check_prize_table(prizes, settings.strictly_decreasing)
    factor = (
        reduction_factor(settings, paying_entries) if paying_entries is not None else Decimal(1)
    )
    ranked = sorted(ranked, key=lambda c: c.order)
    general = [p for p in prizes if p.category is None and p.goods is None and not p.trophy]
    goods = [p for p in prizes if p.category is None and p.goods is not None]
    trophies = [p for p in prizes if p.trophy]
    amounts: list[Decimal | Fraction] = [p.amount * factor for p in general]
    cats = {c.name: c for c in settings.categories}
    category_prizes = sorted((p for p in prizes if p.category is not None), key=lambda p: -p.amount)
    for p in category_prizes:
        if p.category not in cats:
            raise RuleError(f"Catégorie « {p.category} » inconnue pour le prix « {p.label} ».")

    def general_amounts(removed: set[int]) -> dict[int, Fraction]:
        return hort([c for c in ranked if c.id not in removed], amounts, settings.pot_scope)

    removed: set[int] = set()
    assignment: dict[int, Prize] = {}
    for _ in range(4 * len(ranked) + 4):
        assignment = {}
        for prize in category_prizes:
            rule = cats[prize.category or ""]
            value = prize.amount * factor
            for c in ranked:
                if c.id in assignment or not rule.eligible(c):
                    continue
                own = general_amounts(removed - {c.id}).get(c.id, Fraction(0))
                if own < Fraction(value):
                    assignment[c.id] = prize
                    break
        now_removed = set(assignment)
        if now_removed == removed:
            break
        removed = now_removed
    else:  # pragma: no cover - the rule converges on every list we know of
        raise RuleError("La répartition des prix ne se stabilise pas : vérifiez la liste des prix.")

    result = PrizeList(factor=factor)
    final_general = general_amounts(removed)
    label_by_place = {k: p.label for k, p in enumerate(general)}
    remaining = [c for c in ranked if c.id not in removed]
    cents = in_cents({i: a for i, a in final_general.items() if a}, [c.id for c in remaining])
    for k, c in enumerate(remaining):
        amount = final_general.get(c.id)
        if amount:
            result.awards.append(
                Award(
                    c.id,
                    label_by_place.get(k, "prix partagé"),
                    cents[c.id],
                    presence_required=settings.presence_required,
                )
            )
    for c_id, prize in assignment.items():
        result.awards.append(
            Award(
                c_id,
                prize.label,
                _cents(prize.amount * factor),
                prize.category,
                presence_required=settings.presence_required,
            )
        )
    _award_in_kind(result, ranked, goods, trophies, settings)
    order = {c.id: c.order for c in ranked}
    places = {c.id: c.place or str(c.order) for c in ranked}
    for award in result.awards:
        award.place = places[award.player_id]
    result.awards.sort(key=lambda a: (order[a.player_id], a.trophy))
    fund = settings.fund * factor if settings.fund is not None else None
    if fund is not None and result.total > fund:
        raise RuleError(f"Les prix ({result.total} €) dépassent le fonds ({_cents(fund)} €).")
    return result
