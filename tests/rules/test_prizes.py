"""Hort sharing, non-cumulative category prizes, fund reduction — worked examples."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from fractions import Fraction

import pytest

from arbitre_tui.rules.errors import RuleError
from arbitre_tui.rules.prizes import Candidate, Category, Prize, PrizeSettings, distribute, hort

D = Decimal
GENERAL = [Prize(label=f"{i + 1}e", amount=D(a)) for i, a in enumerate([1500, 1000, 600, 400, 200])]


def _field(u2000: set[str], youth: set[str], women: set[str]) -> list[Candidate]:
    """A 1st; B, C, D tied 7.0 (places 2–4); E, F 6.5; G, H, I below."""
    points = {
        "A": 8.0,
        "B": 7.0,
        "C": 7.0,
        "D": 7.0,
        "E": 6.5,
        "F": 6.5,
        "G": 6.0,
        "H": 5.5,
        "I": 5.0,
    }
    out = []
    for order, (name, pts) in enumerate(points.items(), start=1):
        out.append(
            Candidate(
                id=order,
                order=order,
                points=pts,
                rating=1900 if name in u2000 else 2200,
                sex="w" if name in women else "m",
                birth_date=dt.date(2012, 5, 5) if name in youth else dt.date(1980, 5, 5),
            )
        )
    return out


NAMES = dict(enumerate("ABCDEFGHI", start=1))
CATS = [
    Category(name="U2000", max_rating=1999),
    Category(name="jeune", max_age=17, reference_year=2027),
    Category(name="femme", sex="w"),
]


def _amounts(result) -> dict[str, Decimal]:  # type: ignore[no-untyped-def]
    return {NAMES[a.player_id]: a.amount for a in result.awards}


def test_hort_three_tied_for_second() -> None:
    field = _field(set(), set(), set())
    shares = hort(field, [p.amount for p in GENERAL])
    assert shares[1] == 1500
    assert shares[2] == Fraction(2500, 3)  # 833.33…
    assert shares[3] == Fraction(1900, 3)  # 633.33…
    assert shares[4] == Fraction(1600, 3)  # 533.33…
    assert sum(shares.values()) == 3700


def test_example_1_small_category_prizes() -> None:
    field = _field(u2000={"C", "E", "G"}, youth={"D", "I"}, women={"E", "H"})
    prizes = [
        *GENERAL,
        Prize(label="1er U2000", amount=D(300), category="U2000"),
        Prize(label="1er jeune", amount=D(250), category="jeune"),
        Prize(label="1re femme", amount=D(250), category="femme"),
    ]
    got = _amounts(distribute(field, prizes, PrizeSettings(categories=CATS)))
    assert got == {
        "A": D(1500),
        "B": D("833.34"),  # issue 52.12: the odd cent of the thirds to the better placed
        "C": D("633.33"),
        "D": D("533.33"),
        "E": D(300),
        "F": D(200),
        "H": D(250),
        "I": D(250),
    }


def test_example_2_category_prize_higher_than_general_share() -> None:
    field = _field(u2000={"C", "D", "E", "G"}, youth={"D", "I"}, women={"E", "H"})
    prizes = [
        *GENERAL,
        Prize(label="1er U2000", amount=D(600), category="U2000"),
        Prize(label="2e U2000", amount=D(150), category="U2000"),
        Prize(label="1er jeune", amount=D(250), category="jeune"),
        Prize(label="1re femme", amount=D(250), category="femme"),
    ]
    got = _amounts(distribute(field, prizes, PrizeSettings(categories=CATS)))
    assert got == {
        "A": D(1500),
        "B": D(900),
        "C": D(700),
        "D": D(600),
        "E": D(350),
        "F": D(250),
        "G": D(150),
        "H": D(250),
        "I": D(250),
    }


def test_every_player_takes_one_prize_at_most() -> None:
    field = _field(u2000={"C", "D", "E", "G"}, youth={"D", "I"}, women={"E", "H"})
    prizes = [*GENERAL, Prize(label="U2000", amount=D(600), category="U2000")]
    result = distribute(field, prizes, PrizeSettings(categories=CATS))
    ids = [a.player_id for a in result.awards]
    assert len(ids) == len(set(ids))


def test_pot_scope_paid_vs_group_for_a_tie_straddling_the_last_paid_place() -> None:
    field = [Candidate(1, 1, 5.0), Candidate(2, 2, 4.0), Candidate(3, 3, 4.0), Candidate(4, 4, 4.0)]
    amounts = [D(300), D(200), D(100)]
    group = hort(field, amounts, "group")
    assert group == {1: 300, 2: 100 + 50, 3: 50 + 50, 4: 50}
    paid = hort(field, amounts, "paid")
    assert paid == {1: 300, 2: 100 + 75, 3: 50 + 75, 4: 0}
    assert sum(group.values()) == sum(paid.values()) == 600


def test_fund_reduced_in_proportion_and_rounded_down_to_the_cent() -> None:
    field = _field(set(), set(), set())
    settings = PrizeSettings(fund=D(3700), paying_threshold=150)
    result = distribute(field, GENERAL, settings, paying_entries=100)
    assert result.factor == D(100) / D(150)
    assert _amounts(result)["A"] == D(1000)
    assert result.total <= D(3700) * result.factor
    assert all(a.amount == a.amount.quantize(D("0.01")) for a in result.awards)


def test_three_way_split_never_exceeds_the_fund() -> None:
    field = [Candidate(i, i, 5.0) for i in range(1, 4)]
    prizes = [
        Prize(label="1er", amount=D(100)),
        Prize(label="2e", amount=D(0)),
        Prize(label="3e", amount=D(0)),
    ]
    result = distribute(field, prizes, PrizeSettings(fund=D(100)))
    # issue 52.12: the cents add up to the prize (they were truncated: 99.98)
    assert result.total == D(100)
    assert sorted(a.amount for a in result.awards) == [D("16.66"), D("16.67"), D("66.67")]


def test_strictly_decreasing_prize_table_refused() -> None:
    prizes = [Prize(label="1er", amount=D(500)), Prize(label="2e", amount=D(500))]
    with pytest.raises(RuleError, match="strictement décroissants"):
        distribute([Candidate(1, 1, 1.0)], prizes, PrizeSettings(strictly_decreasing=True))


def test_goods_by_place_and_presence_marked() -> None:
    field = [Candidate(i, i, 6.0 - i) for i in range(1, 5)]
    prizes = [
        Prize(label="1er", amount=D(100)),
        Prize(label="lot 1", goods="échiquier"),
        Prize(label="lot 2", goods="livre"),
    ]
    result = distribute(field, prizes, PrizeSettings(presence_required=True))
    assert [(a.player_id, a.goods) for a in result.awards] == [
        (1, None),
        (2, "échiquier"),
        (3, "livre"),
    ]
    assert all(a.presence_required for a in result.awards)


def test_unknown_category_refused() -> None:
    with pytest.raises(RuleError, match="inconnue"):
        distribute(
            [Candidate(1, 1, 1.0)],
            [Prize(label="x", amount=D(1), category="nope")],
            PrizeSettings(),
        )


def test_trophies_by_place_are_cumulative_with_money() -> None:
    field = [Candidate(i, i, 6.0 - i) for i in range(1, 5)]
    prizes = [
        Prize(label="1er", amount=D(100)),
        Prize(label="2e", amount=D(50)),
        *[Prize(label=f"trophée {i}", trophy=True) for i in (1, 2, 3)],
    ]
    result = distribute(field, prizes, PrizeSettings())
    trophies = [(a.player_id, a.label) for a in result.awards if a.trophy]
    assert trophies == [(1, "trophée 1"), (2, "trophée 2"), (3, "trophée 3")]
    assert result.by_player()[1].amount == D(100) and result.by_player()[2].amount == D(50)
    assert result.total == D(150)
