"""What each player owes to enter a section, and the desk's totals (the pointage).

Why here: the pointage prints amounts and totals for any section, not only 002's. The
amount is, in this order: regulation 002's categories (the lowest that applies,
rules/open_rules.fee) unless the section wrote its own ``fee``; else the section's table
``fees`` by the player's category (« adulte », « jeune »… as registered); else the flat
``fee``. A category the table does not name takes the flat fee.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from .figures import euros as euros
from .models import Player, Tournament
from .settings import section_settings, where


def _amount(value: object) -> float | None:
    try:
        number = float(str(value).replace(",", ".").replace("€", "").strip())
    except ValueError:
        return None
    return number if number >= 0 else None


def entry_fee(t: Tournament, player: Player, on: dt.date) -> tuple[float, str]:
    """The fee ``player`` owes in ``t`` (euros) and the category it comes from ("")."""
    s = section_settings(t)
    if s.regulation == "002" and where(t, "fee") != "tournoi":
        from .open_models import Fees
        from .open_rules import fee

        amount, category = fee(player, Fees(**s.fees), on)
        return float(amount), category
    category = (player.fee_category or "").strip()
    if s.fees and category:
        for name, value in s.fees.items():
            if name.casefold() == category.casefold() and (got := _amount(value)) is not None:
                return got, name
    return float(s.fee), category


@dataclass(frozen=True, slots=True)
class Totals:
    """The desk's sums: owed, paid and still due, with how many players each."""

    owed: float
    paid: float
    due: float
    players: int
    paid_players: int
    due_players: int
    by_means: tuple[tuple[str, float], ...]  # (payment means, amount paid by it)


def totals(rows: Iterable[tuple[float, bool, str | None]]) -> Totals:
    """Sums of (amount, paid, payment means) rows; a free entry is neither paid nor due."""
    owed = paid = 0.0
    count = paid_count = due_count = 0
    means: dict[str, float] = {}
    for amount, is_paid, how in rows:
        count += 1
        owed += amount
        if amount <= 0:
            continue
        if is_paid:
            paid += amount
            paid_count += 1
            key = (how or "non précisé").strip() or "non précisé"
            means[key] = means.get(key, 0.0) + amount
        else:
            due_count += 1
    return Totals(
        owed, paid, owed - paid, count, paid_count, due_count, tuple(sorted(means.items()))
    )
