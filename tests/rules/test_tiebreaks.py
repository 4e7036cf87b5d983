"""C.07 tie-breaks on hand-built cases: forfeits, byes, withdrawals, the PAB."""

from __future__ import annotations

from decimal import Decimal

import pytest

from arbitre_tui.rules import tiebreaks as tb
from arbitre_tui.rules import trf
from arbitre_tui.rules.errors import RuleError
from arbitre_tui.rules.tiebreaks import Entry, Kind

from ..conftest import VECTORS

EXAMPLE = VECTORS / "reference" / "example-trf2026.trf"


def _example() -> tb.Crosstable:
    return tb.from_trf(trf.parse(EXAMPLE.read_text()))


def test_forfeit_win_dummy_is_capped_by_opponent_adjusted_score() -> None:
    # Player 4: R1 forfeit win vs 8 (1.0 pt). 2026: dummy = min(3.0, s*(8)=1.0) = 1.0.
    t = _example()
    calc = tb.Calculator(t)
    assert calc.value("BH", t.competitors[4]) == 12.0  # 2024 rules would give 14.0
    assert calc.value("BH/C1", t.competitors[4]) == 11.0


def test_cut1_cuts_the_vur_not_a_lower_played_value() -> None:
    t = _example()
    calc = tb.Calculator(t)
    assert calc.value("BH", t.competitors[5]) == 14.0
    assert calc.value("BH/C1", t.competitors[5]) == 12.0  # cuts the HPB 2.0, not the 1.0


def test_withdrawn_player_late_byes_count_as_draws_for_opponents() -> None:
    t = _example()
    calc = tb.Calculator(t)
    assert t.competitors[6].score == 1.5
    assert calc.adjusted_score(6) == 2.5


def _table(
    entries: dict[int, list[Entry]],
    ratings: dict[int, int] | None = None,
    round_robin: bool = False,
) -> tb.Crosstable:
    rounds = max(len(e) for e in entries.values())
    comps = {s: tb.Competitor(s, (ratings or {}).get(s, 2000), e) for s, e in entries.items()}
    return tb.Crosstable(rounds, comps, round_robin=round_robin)


G = Kind.GAME


def test_pab_dummy_capped_at_half_the_rounds_and_counts_as_win_not_won() -> None:
    t = _table(
        {
            1: [Entry(Kind.PAB, 1.0), Entry(G, 1.0, 2, "w"), Entry(G, 1.0, 3, "b")],
            2: [Entry(G, 1.0, 3, "w"), Entry(G, 0.0, 1, "b"), Entry(Kind.PAB, 1.0)],
            3: [Entry(G, 0.0, 2, "b"), Entry(Kind.PAB, 1.0), Entry(G, 0.0, 1, "w")],
        }
    )
    calc = tb.Calculator(t)
    p1 = t.competitors[1]
    assert p1.score == 3.0
    # dummy = min(3.0, 0.5 × 3) = 1.5; opponents 2 (2.0) and 3 (1.0)
    assert calc.value("BH", p1) == 1.5 + 2.0 + 1.0
    assert calc.value("WIN", p1) == 3 and calc.value("WON", p1) == 2
    assert calc.value("BPG", p1) == 1 and calc.value("BWG", p1) == 1
    assert calc.value("PS", p1) == 1 + 2 + 3
    assert calc.value("PS/C1", p1) == 2 + 3


def test_forfeit_loss_is_a_vur_and_excluded_from_rating_tiebreaks() -> None:
    t = _table(
        {
            1: [Entry(G, 1.0, 2, "w"), Entry(Kind.FORFEIT_LOSS, 0.0, 3, "b")],
            2: [Entry(G, 0.0, 1, "b"), Entry(Kind.ZPB, 0.0)],
            3: [Entry(Kind.ZPB, 0.0), Entry(Kind.FORFEIT_WIN, 1.0, 1, "w")],
        },
        ratings={1: 2000, 2: 1800, 3: 2400},
    )
    calc = tb.Calculator(t)
    p1 = t.competitors[1]
    assert calc.value("ARO", p1) == 1800  # the forfeit against 3 is not a game
    assert calc.value("TPR", p1) == 1800 + 800
    assert calc.value("REP", p1) == 1


def test_tpr_rounds_percentage_half_up_and_dp_table() -> None:
    assert tb.dp(Decimal("0.50")) == 0
    assert tb.dp(Decimal("0.75")) == 193
    assert tb.dp(Decimal("0.25")) == -193
    assert tb.dp(Decimal("1.00")) == 800 and tb.dp(Decimal("0")) == -800


def test_ptp_exact_integer_search() -> None:
    t = _table(
        {
            1: [Entry(G, 1.0, 2, "w"), Entry(G, 0.5, 3, "b")],
            2: [Entry(G, 0.0, 1, "b"), Entry(G, 0.5, 3, "w")],
            3: [Entry(G, 0.5, 2, "b"), Entry(G, 0.5, 1, "w")],
        },
        ratings={1: 2000, 2: 2000, 3: 2000},
    )
    calc = tb.Calculator(t)
    r = calc.value("PTP", t.competitors[1])
    assert isinstance(r, int)
    # 1.5 / 2 expected: lowest R with 2 × PD(R − 2000) ≥ 150 → PD ≥ 75 → R − 2000 ≥ 189
    assert r == 2189
    assert 2 * tb.pd(r - 2000) >= 150 > 2 * tb.pd(r - 1 - 2000)


def test_round_robin_free_round_is_not_an_element_but_forfeits_are_games() -> None:
    t = _table(
        {
            1: [Entry(Kind.PAB, 1.0), Entry(Kind.FORFEIT_WIN, 1.0, 2, "w"), Entry(G, 0.0, 3, "b")],
            2: [Entry(G, 1.0, 3, "w"), Entry(Kind.FORFEIT_LOSS, 0.0, 1, "b"), Entry(Kind.PAB, 1.0)],
            3: [Entry(G, 0.0, 2, "b"), Entry(Kind.PAB, 1.0), Entry(G, 1.0, 1, "w")],
        },
        round_robin=True,
    )
    calc = tb.Calculator(t)
    # SB of 1: forfeit win vs 2 counts as a win over 2 (score 2.0); the free round adds nothing.
    assert calc.value("SB", t.competitors[1]) == 2.0
    assert calc.value("KS", t.competitors[1]) == 1.0  # threshold 1.0 = half of 2 games


def test_shared_places_and_de() -> None:
    t = _table(
        {
            1: [Entry(G, 1.0, 2, "w"), Entry(G, 0.0, 3, "b")],
            2: [Entry(G, 0.0, 1, "b"), Entry(G, 1.0, 3, "w")],
            3: [Entry(G, 0.0, 2, "b"), Entry(G, 1.0, 1, "w")],
        },
        round_robin=True,
    )
    rows = tb.standings(t, ["PTS", "DE"])
    assert all(r.place == "1–3" for r in rows)  # a perfect cycle: DE separates nobody
    assert all(r.values["DE"] == 0 for r in rows)


def test_unknown_code_is_refused() -> None:
    t = _example()
    with pytest.raises(RuleError, match="non pris en charge"):
        tb.Calculator(t).value("XYZ", t.competitors[1])


def test_ptp_perfect_score_is_searched_not_plus_800() -> None:
    # 10.3: lowest R with ΣPD(R − R_opp) ≥ 2.0; PD is 1.00 from a difference of 736.
    t = _table(
        {1: [Entry(G, 1.0, 2, "w"), Entry(G, 1.0, 3, "b")], 2: [], 3: []},
        ratings={1: 2000, 2: 2000, 3: 2100},
    )
    assert tb.Calculator(t).value("PTP", t.competitors[1]) == 2100 + 736


def _double_round_robin() -> tb.Crosstable:
    """Four players, six rounds: player 1 has 4.5; 2, 3, 4 end on 4.0, 2.0, 1.0."""
    one = [(2, 0.0), (3, 1.0), (4, 1.0), (2, 0.5), (3, 1.0), (4, 1.0)]
    entries = {1: [Entry(G, pts, opp, "w") for opp, pts in one]}
    for start, points in ((2, 4.0), (3, 2.0), (4, 1.0)):
        entries[start] = [Entry(G, 1.0, 1, "b")] * int(points) + [Entry(G, 0.0, 1, "b")]
    return _table(entries, round_robin=True)


def test_koya_threshold_counts_the_games_of_a_double_round_robin() -> None:
    t = _double_round_robin()
    calc = tb.Calculator(t)
    p1 = t.competitors[1]
    assert calc.value("KS", p1) == 0.5  # 50 % of 6 games = 3.0: only player 2 (4.0)
    assert calc.value("KS/L-2", p1) == 2.5  # 14.5: one point lower (2.0) lets 3 in
    assert calc.value("KS/L+3", p1) == 0.0  # 4.5: nobody
    assert calc.value("KS/L25", p1) == 2.5  # 25 % of 6 = 1.5


def test_koya_limit_that_cannot_be_read_is_refused() -> None:
    t = _double_round_robin()
    with pytest.raises(RuleError, match="Limite de Koya"):
        tb.Calculator(t).value("KS/L+x", t.competitors[1])


def _games(games: list[tuple[int, int, float, Kind]], round_robin: bool = False) -> tb.Crosstable:
    """A crosstable from (white, black, white's points, kind) in round order."""
    entries: dict[int, list[Entry]] = {}
    loser = {Kind.GAME: Kind.GAME, Kind.FORFEIT_WIN: Kind.FORFEIT_LOSS}
    for white, black, points, kind in games:
        entries.setdefault(white, []).append(Entry(kind, points, black, "w"))
        entries.setdefault(black, []).append(Entry(loser[kind], 1.0 - points, white, "b"))
    return _table(entries, round_robin=round_robin)


def _de(t: tb.Crosstable) -> dict[int, float | int | None]:
    return {r.start: r.values["DE"] for r in tb.standings(t, ["PTS", "DE"])}


def test_de_leaves_out_a_swiss_forfeit_but_a_round_robin_counts_it() -> None:
    games = [(1, 2, 1.0, Kind.FORFEIT_WIN), (2, 3, 1.0, G)]
    assert _de(_games(games))[1] == 0 and _de(_games(games))[2] == 0  # 6.1.1
    assert _de(_games(games, round_robin=True))[1] == 1  # 15.2: a game
    assert _de(_games(games, round_robin=True))[2] == 2


def test_de_ranks_alone_at_the_top_whatever_the_missing_games_give() -> None:
    # 6.3: 1 beat 2 and 3, who have not met: 1 is first; 2 and 3 stay tied.
    games = [(1, 2, 1.0, G), (3, 1, 0.0, G), (2, 4, 1.0, G), (5, 2, 0.0, G)]
    games += [(3, 4, 1.0, G), (5, 3, 0.0, G)]
    de = _de(_games(games))
    assert (de[1], de[2], de[3]) == (1, 2, 2)


def test_de_examines_a_remaining_sub_tie_again() -> None:
    # 6.2: among 1–4, 1 and 2 have 2 points, 3 and 4 one; 1 beat 2, 3 beat 4.
    games = [(1, 2, 1.0, G), (3, 4, 1.0, G), (1, 3, 1.0, G), (4, 1, 1.0, G)]
    games += [(2, 3, 1.0, G), (2, 4, 1.0, G), (5, 1, 1.0, G), (5, 2, 1.0, G)]
    games += [(3, 6, 1.0, G), (4, 6, 1.0, G), (5, 6, 1.0, G)]
    t = _games(games)
    assert [t.competitors[s].score for s in range(1, 7)] == [2, 2, 2, 2, 3, 0]
    de = _de(t)
    assert [de[s] for s in range(1, 5)] == [1, 2, 3, 4]


def test_sb_cut_takes_the_vur_of_the_lowest_dummy_score_as_the_reference_does() -> None:
    # Player 1 (2.5 in 4 rounds): forfeit loss (dummy 2.5, product 0), half-point bye
    # (dummy capped at 2.0, product 1.0), wins over 3 (0.5) and 4 (1.0). The LSV is the
    # win over 3 (0.5); the VUR of the lowest dummy score is the bye (1.0 ≥ 0.5): cut it.
    t = _table(
        {
            1: [
                Entry(Kind.FORFEIT_LOSS, 0.0, 2, "b"),
                Entry(Kind.HPB, 0.5),
                Entry(G, 1.0, 3, "w"),
                Entry(G, 1.0, 4, "b"),
            ],
            2: [Entry(Kind.FORFEIT_WIN, 1.0, 1, "w"), Entry(G, 1.0, 5, "w")] * 2,
            3: [Entry(G, 0.5, 5, "w"), Entry(G, 0.0, 1, "b")],
            4: [Entry(G, 1.0, 6, "w"), Entry(G, 0.0, 1, "w")],
        }
    )
    calc = tb.Calculator(t)
    assert calc.value("SB", t.competitors[1]) == 2.5
    assert calc.value("SB/C1", t.competitors[1]) == 1.5  # the text's reading would give 2.0


def _with_unrated() -> tb.Crosstable:
    """1 (2000) beats 2 (unrated), loses to 3 (1800), beats 4 (2200); 3 beats 2."""
    games = [(1, 2, 1.0, G), (3, 1, 1.0, G), (1, 4, 1.0, G), (3, 2, 1.0, G)]
    t = _games(games)
    for start, rating in ((1, 2000), (2, 0), (3, 1800), (4, 2200)):
        t.competitors[start].rating = rating
    return t


def test_rating_tiebreaks_are_dropped_with_an_unrated_player_unless_rated() -> None:
    t = _with_unrated()
    p1 = t.competitors[1]
    calc = tb.Calculator(t)
    for code in ("ARO", "TPR", "PTP", "RTNG", "APRO", "APPO"):
        assert calc.value(code, p1) is None, code  # Art. 10: dropped for everyone
    assert calc.value("ARO/U1400", p1) == 1800  # (1400 + 1800 + 2200) / 3
    assert tb.Calculator(t, unrated_rating=1400).value("ARO", p1) == 1800
    assert calc.value("RTNG/U1400", t.competitors[2]) == 1400


def test_rating_cuts_and_opponents_performances() -> None:
    t = _with_unrated()
    calc = tb.Calculator(t, unrated_rating=1400)
    p1 = t.competitors[1]
    assert calc.value("ARO/C1", p1) == 2000  # without 1400
    assert calc.value("ARO/M1", p1) == 1800  # without 1400 and 2200
    assert calc.value("TPR/C1", p1) == 2000 + 0  # 1 / 2 against 1800 and 2200
    # TPR of 2: 0 / 2 against 2000, 1800 → 1100; of 3: 2 / 2 → 1700 + 800; of 4: 1200.
    assert calc.value("APRO", p1) == (1100 + 2500 + 1200) // 3  # 10.4
    # PTP of 2: 1800 − 800; of 3: 2000 + 736; of 4: 2000 − 800 → 4936 / 3 = 1645.33.
    assert calc.value("APPO", p1) == 1645  # 10.5


def test_rtng_sorts_highest_first_and_reversed_lowest() -> None:
    t = _with_unrated()
    t.competitors[2].rating = 1500
    order = [r.start for r in tb.standings(t, ["PTS", "RTNG"])]
    assert order == [1, 3, 4, 2]  # 1 and 3 have 2 points: 2000 before 1800
    assert [r.start for r in tb.standings(t, ["PTS", "RTNG/R"])][:2] == [3, 1]


def test_std_counts_wins_and_draws_with_or_without_playing_whatever_the_scoring() -> None:
    entries = [Entry(G, 3.0, 2, "w"), Entry(G, 1.0, 3, "b"), Entry(G, 0.0, 4, "w")]
    entries += [Entry(Kind.HPB, 1.0), Entry(Kind.FORFEIT_WIN, 3.0, 5, "b"), Entry(Kind.ZPB, 0.0)]
    t = _table({1: entries})
    t.win, t.draw = 3.0, 1.0  # 3-1-0
    assert tb.Calculator(t).value("STD", t.competitors[1]) == 1 + 0.5 + 0 + 0.5 + 1 + 0


def test_tpn_sorts_ascending_and_reversed() -> None:
    t = _games([(1, 2, 0.5, G), (3, 4, 0.5, G)])
    t.competitors[3].pairing_number = 0  # a pairing number other than the start key
    assert [r.start for r in tb.standings(t, ["PTS", "TPN"])] == [3, 1, 2, 4]
    assert [r.start for r in tb.standings(t, ["PTS", "TPN/R"])] == [4, 2, 1, 3]


def _fore_example() -> tb.Crosstable:
    """R1: 1 beats 2, 3 beats 4; R2 (final): 1 beats 3, 4 beats 2."""
    return _games([(1, 2, 1.0, G), (3, 4, 1.0, G), (1, 3, 1.0, G), (4, 2, 1.0, G)])


def test_fore_buchholz_makes_every_final_round_game_a_draw() -> None:
    t = _fore_example()
    calc = tb.Calculator(t)
    # With final-round draws: 1 → 1.5, 2 → 0.5, 3 → 1.5, 4 → 0.5 (8.3).
    assert calc.value("BH", t.competitors[2]) == 2.0 + 1.0
    assert calc.value("FB", t.competitors[2]) == 1.5 + 0.5
    assert calc.value("FB", t.competitors[3]) == 0.5 + 1.5
    assert calc.value("FB/C1", t.competitors[3]) == 1.5


def test_aob_averages_the_opponents_buchholz_or_fore_buchholz() -> None:
    t = _fore_example()
    calc = tb.Calculator(t)
    assert calc.value("AOB", t.competitors[1]) == (3.0 + 3.0) / 2  # BH of 2 and of 3 (8.2)
    assert calc.value("AOB/F", t.competitors[1]) == (2.0 + 2.0) / 2


@pytest.mark.parametrize(
    ("code", "fields"),
    [
        ("BH/P", {"forfeits_played": True}),
        ("DE/S/P", {"as_swiss": True, "forfeits_played": True}),
        ("SB/C1/D", {"draw_results": True, "low": 1}),
        ("BH/V", {"edition": 2026}),
        ("BH/V1", {"edition": 2024}),
        ("TPR/M1/V2022", {"edition": 2022, "low": 1, "high": 1}),
        ("WIN/X", {"exchange": True}),
        ("SB/C2/N", {"plain_cut": True, "low": 2}),
    ],
)
def test_the_reference_programs_own_modifiers_are_read(
    code: str, fields: dict[str, object]
) -> None:
    """TieBreakServer's P S D V X N (docs/tiebreaks.md); their values: the vectors."""
    spec = tb.parse_code(code)
    assert {name: getattr(spec, name) for name in fields} == fields


@pytest.mark.parametrize("code", ["BH/K3", "WIN/P", "TPR/D", "BH/V5", "TPR/N", "PS/S", "KS/V1"])
def test_a_modifier_where_it_means_nothing_is_refused_in_french(code: str) -> None:
    with pytest.raises(RuleError, match="Modificateur de départage inconnu"):
        tb.parse_code(code)


def test_the_reference_programs_modifiers_have_french_legends() -> None:
    assert tb.describe("BH/C1/V2024") == "Buchholz tronqué (règles de 2024)"
    assert tb.describe("DE/P") == "rencontre directe (forfaits comptés comme parties jouées)"


def test_de_s_in_a_double_round_robin_counts_an_opponent_met_twice_once() -> None:
    """6.1.2: two games against one opponent are one encounter (their average). Under
    ``S`` everyone of A, B, C has met the two others, so the encounters rank them:
    A 1.5 among them (1 + ½, averages of two games), B ¾ and C ¾, then B ¾ – C ¼
    between them. (The
    reference checker resets its count of opponents met to 1 at a second game, finds
    them not all met and ranks no one: docs/tiebreaks.md.)"""
    scores = {  # (player, opponent): points in the two games
        (1, 2): (1.0, 1.0),
        (1, 3): (1.0, 0.0),
        (1, 4): (0.5, 0.0),
        (2, 3): (1.0, 0.5),
        (2, 4): (1.0, 1.0),
        (3, 4): (1.0, 1.0),
    }
    entries: dict[int, list[tb.Entry]] = {p: [] for p in range(1, 5)}
    for (a, b), pair in scores.items():
        for points in pair:
            entries[a].append(tb.Entry(tb.Kind.GAME, points, b))
            entries[b].append(tb.Entry(tb.Kind.GAME, 1.0 - points, a))
    t = tb.Crosstable(6, {p: tb.Competitor(p, 0, e) for p, e in entries.items()}, round_robin=True)
    assert [t.competitors[p].score for p in range(1, 5)] == [3.5, 3.5, 3.5, 1.5]
    for code in ("DE", "DE/S"):
        rows = {r.start: r.values[code] for r in tb.standings(t, ["PTS", code])}
        assert rows == {1: 1, 2: 2, 3: 3, 4: 0}, code


def test_the_reference_programs_koya_k_is_a_limit_in_whole_points() -> None:
    """TieBreakServer reads ``KS/K2`` as the limit moved by 2 points: ours is ``KS/L+2.0``."""
    k, l_ = tb.parse_code("KS/K2"), tb.parse_code("KS/L+2.0")
    assert (
        (k.limit_points, k.limit_percent)
        == (l_.limit_points, l_.limit_percent)
        == (
            Decimal("2.0"),
            Decimal("50"),
        )
    )


def test_v2024_gives_the_2024_buchholz_of_the_worked_example() -> None:
    """The C.07 digest's worked example (player 4, a forfeit win in round 1 against
    player 8, who scored 1): in 2024 the dummy scores as the player, 3.0 → BH 14.0,
    BH/C1 13.0; in 2026 16.4 limits it to the opponent's 1.0 → BH 12.0, BH/C1 11.0."""
    t = _example()
    calc = tb.Calculator(t)
    p4 = t.competitors[4]
    assert [calc.value(c, p4) for c in ("BH/V2024", "BH/C1/V2024")] == [14.0, 13.0]
    assert [calc.value(c, p4) for c in ("BH", "BH/C1", "BH/V2026")] == [12.0, 11.0, 12.0]


def test_before_any_complete_round_every_tiebreak_is_computed_fore_buchholz_too() -> None:
    # round 1 paired, not finished: the standings are after round 0, no entry at all;
    # FB looked at the final round's entry, index -1 of an empty list (IndexError)
    t = tb.Crosstable(0, {1: tb.Competitor(1, 2000), 2: tb.Competitor(2, 1900)})
    rows = tb.standings(t, list(tb.SUPPORTED))
    assert [r.start for r in rows] == [1, 2]
    assert {r.values["FB"] for r in rows} == {r.values["BH"] for r in rows} == {0}
    assert {r.values["AOB/F"] for r in rows} == {None}  # no opponent to average
