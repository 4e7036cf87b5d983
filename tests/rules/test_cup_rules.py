"""Coupe d'Alsace rules (regulation 004): composition, scoring, decision, byes, hosting."""

from __future__ import annotations

import datetime as dt

import pytest

from arbitre_tui.rules import cup
from arbitre_tui.rules.cup import Board, LineupInfo, Outcome, RosterPlayer, Season
from arbitre_tui.rules.errors import RuleError

SEASON = Season(licence_deadline=dt.date(2027, 1, 15), match_date=dt.date(2027, 2, 7))
D = dt.date


def _p(i: int, **kw: object) -> RosterPlayer:
    base: dict[str, object] = {"id": i, "name": f"J{i}", "club": "Colmar", "rating": 1800 + i}
    base.update(kw)
    return RosterPlayer(**base)  # type: ignore[arg-type]


def _faults(lineup: list[RosterPlayer], played: dict[int, set[int]] | None = None) -> list[str]:
    return cup.lineup_faults(lineup, "Colmar", 1, SEASON, played or {})


def test_eligible_lineup() -> None:
    assert _faults([_p(1), _p(2), _p(3), _p(4)]) == []


@pytest.mark.parametrize(
    ("lineup", "message"),
    [
        ([_p(1), _p(2), _p(3), _p(4), _p(5)], "5 joueurs"),
        (
            [
                _p(
                    1,
                    eu=False,
                    nationality="USA",
                    residence_since=D(2010, 1, 1),
                    ffe_licence_since=D(2010, 1, 1),
                ),
                _p(
                    2,
                    eu=False,
                    nationality="CAN",
                    residence_since=D(2010, 1, 1),
                    ffe_licence_since=D(2010, 1, 1),
                ),
                _p(3),
                _p(4),
            ],
            "non ressortissants",
        ),
        (
            [_p(1, transferred=True), _p(2, transferred=True), _p(3, transferred=True), _p(4)],
            "3 mutés",
        ),
        ([_p(1, licence_date=D(2027, 1, 16)), _p(2), _p(3), _p(4)], "après le 15/01/2027"),
        (
            [_p(1, nationality="GER"), _p(2, nationality="ITA"), _p(3), _p(4)],
            "2 joueur(s) français",
        ),
        ([_p(1, plays_national_for="Mulhouse"), _p(2), _p(3), _p(4)], "Nationale pour Mulhouse"),
        ([_p(1, club="Sélestat"), _p(2), _p(3), _p(4)], "autre club"),
    ],
)
def test_each_composition_rule(lineup: list[RosterPlayer], message: str) -> None:
    faults = _faults(lineup)
    assert len(faults) == 1 and message in faults[0], faults


def test_national_league_for_own_club_is_fine_and_team_history_counts() -> None:
    assert _faults([_p(1, plays_national_for="Colmar"), _p(2), _p(3), _p(4)]) == []
    faults = _faults([_p(1), _p(2), _p(3), _p(4)], played={1: {2}})
    assert faults == ["J1 a déjà joué pour une autre équipe du club cette saison"]


def test_foreigner_counts_as_french_after_five_years() -> None:
    settled = _p(
        1,
        nationality="GER",
        residence_since=D(2020, 1, 1),
        ffe_licence_since=D(2021, 9, 1),
        fide_federation="FRA",
    )
    recent = _p(
        2, nationality="ITA", residence_since=D(2024, 1, 1), ffe_licence_since=D(2024, 9, 1)
    )
    assert cup.counts_as_french(settled, SEASON.match_date)
    assert not cup.counts_as_french(recent, SEASON.match_date)
    listed_abroad = _p(
        3,
        nationality="GER",
        residence_since=D(2010, 1, 1),
        ffe_licence_since=D(2010, 1, 1),
        fide_federation="GER",
    )
    assert not cup.counts_as_french(listed_abroad, SEASON.match_date)
    assert _faults([settled, recent, _p(3), _p(4)]) == []


H, X, A = Board.HOME_WINS, Board.DRAW, Board.AWAY_WINS
INFO = LineupInfo([2000, 1900, 1800, 1700], [D(1990, 1, 1)] * 4)


def _decide(
    results: list[Board], final: bool = False, home: LineupInfo = INFO, away: LineupInfo = INFO
) -> cup.MatchResult:
    return cup.decide(results, home, away, final=final, on=SEASON.match_date)


def test_more_game_points_wins() -> None:
    r = _decide([H, H, X, A])
    assert (r.home_points, r.away_points, r.winner) == (2.5, 1.5, Outcome.HOME)


def test_forfeit_counts_minus_one_and_total_floors_at_zero() -> None:
    r = _decide([Board.HOME_FORFEITS, A, A, A])
    assert (r.home_points, r.away_points, r.winner) == (0.0, 4.0, Outcome.AWAY)
    r = _decide([Board.HOME_FORFEITS, H, X, A])
    assert (r.home_points, r.away_points) == (0.5, 2.5)


def test_more_than_one_forfeit_loses_three_nil() -> None:
    r = _decide([Board.AWAY_FORFEITS, Board.AWAY_FORFEITS, A, A])
    assert (r.home_points, r.away_points, r.winner, r.forfeit_score) == (
        3.0,
        0.0,
        Outcome.HOME,
        True,
    )
    # the score is in its own column: the reason said « 3-0 » beside a home loss « 0-3 »
    lost = _decide([Board.HOME_FORFEITS, Board.HOME_FORFEITS, H, H])
    assert (lost.home_points, lost.away_points) == (0.0, 3.0)
    assert lost.reason == "plus d'un joueur forfait au recevant (art. 3.2)"


def test_board_chain_on_equal_points() -> None:
    assert _decide([A, H, H, A]).reason == "égalité, victoire à l'échiquier 1"
    r = _decide([X, A, H, X])
    assert (r.winner, r.reason) == (Outcome.AWAY, "égalité, victoire à l'échiquier 2")
    r = _decide([X, X, H, A])
    assert (r.winner, r.reason) == (Outcome.HOME, "égalité, victoire à l'échiquier 3")


def test_all_drawn_lower_rating_sum_then_lower_average_age_then_final() -> None:
    weaker = LineupInfo([1500, 1500, 1500, 1500], [D(1990, 1, 1)] * 4)
    r = _decide([X, X, X, X], away=weaker)
    assert r.winner is Outcome.AWAY and "somme Elo la plus faible" in r.reason
    younger = LineupInfo([2000, 1900, 1800, 1700], [D(2005, 1, 1)] * 4)
    r = _decide([X, X, X, X], home=younger)
    assert r.winner is Outcome.HOME and "âge moyen" in r.reason
    assert _decide([X, X, X, X], final=True, away=weaker).winner is Outcome.DIRECTOR


def test_equipment_missing_board_four_then_three() -> None:
    """With the setting that counts them as player forfeits (issue 16: a setting)."""
    results: list[Board | None] = [H, H, H, H]
    once = cup.equipment_forfeits(
        results, home_at_fault=True, boards_lost=1, as_player_forfeits=True
    )
    assert once == [H, H, H, Board.HOME_FORFEITS]
    twice = cup.equipment_forfeits(
        results, home_at_fault=True, boards_lost=2, as_player_forfeits=True
    )
    assert twice[2:] == [Board.HOME_FORFEITS, Board.HOME_FORFEITS]


def test_equipment_missing_is_an_administrative_loss_by_default() -> None:
    """Issue 16, decided: the players were present — two boards lost for equipment are not
    art. 3.2's « plus d'un joueur forfait » (3-0); issue 52.2: each counts −1, as art. 4.1
    counts a game lost by forfeit (it was 0)."""
    results: list[Board | None] = [H, H, H, H]
    twice = cup.equipment_forfeits(results, home_at_fault=True, boards_lost=2)
    assert twice == [H, H, Board.HOME_ADMIN, Board.HOME_ADMIN]
    assert Board.HOME_ADMIN.points == (-1.0, 1.0) and Board.HOME_ADMIN.forfeits == (False, False)
    r = cup.decide(
        [H, H, Board.HOME_ADMIN, Board.HOME_ADMIN], INFO, INFO, final=False, on=SEASON.match_date
    )
    assert (r.home_points, r.away_points) == (0.0, 2.0) and not r.forfeit_score
    assert r.winner is cup.Outcome.AWAY and "plus de points" in r.reason
    assert cup.parse_board("a-1") is Board.HOME_ADMIN


def test_breach_loses_the_match_with_its_reason() -> None:
    r = cup.decide(
        [H, H, H, H],
        INFO,
        INFO,
        final=False,
        on=SEASON.match_date,
        breach=Outcome.HOME,
        breach_reason="2 joueurs non UE",
    )
    assert r.winner is Outcome.AWAY and "2 joueurs non UE" in r.reason


def test_entry_strength_order() -> None:
    teams = [
        cup.CupTeam(1, "Colmar", 1, 8000),
        cup.CupTeam(2, "Colmar", 2, 8100),
        cup.CupTeam(3, "Obernai", 1, 7000),
    ]
    faults = cup.entry_faults(teams)
    assert faults == ["Colmar : l'équipe 1 (8000) doit être plus forte que l'équipe 2 (8100)"]


def test_bye_priority() -> None:
    teams = [
        cup.CupTeam(i, club, n)
        for i, (club, n) in enumerate(
            [
                ("A", 1),
                ("A", 2),
                ("B", 1),
                ("C", 1),
                ("C", 2),
                ("D", 1),
                ("E", 1),
                ("F", 1),
                ("G", 1),
                ("H", 1),
                ("I", 1),
                ("J", 1),
            ],
            start=1,
        )
    ]
    assert cup.byes_needed(12) == 4
    given, pool = cup.bye_priority(teams, holder="D", finalist="B")
    assert given == [6, 3, 1, 4]  # holder D, finalist B, then team 1 of A and C (several teams)
    assert pool == []
    given, pool = cup.bye_priority(teams[:10], holder=None, finalist=None)  # 10 teams: 6 byes
    assert given == [1, 4] and len(pool) == 8  # 4 more byes to draw among the 8 others


def test_hosting_alternation_and_midnight_penalty() -> None:
    assert cup.host(1, 2, {}, set(), 1) == (1, 2, False)
    assert cup.host(1, 2, {1: False, 2: True}, set(), 2) == (2, 1, False)
    assert cup.host(1, 2, {1: True, 2: True}, set(), 2) == (1, 2, False)
    home, away, keeps = cup.host(1, 2, {1: True, 2: False}, {1}, 3)
    assert (home, away, keeps) == (2, 1, True)
    assert cup.colours() == ["w", "b", "b", "w"]
    assert cup.colours(away_keeps_white=True) == ["b", "w", "w", "b"]


def test_trophy_kept_on_third_win() -> None:
    roll = [("2020", "A"), ("2021", "B"), ("2022", "A"), ("2023", "C"), ("2024", "A")]
    assert cup.trophy_kept(roll) == "A"
    assert cup.trophy_kept(roll[:4]) is None


def test_board_input() -> None:
    assert cup.parse_board("x") is Board.DRAW and cup.parse_board("1") is Board.HOME_WINS
    with pytest.raises(RuleError, match="Résultat d'échiquier"):
        cup.parse_board("2-0")
    with pytest.raises(RuleError, match="4 résultats"):
        _decide([H, H, H])


def test_a_new_trophy_counts_its_own_wins() -> None:
    """Art. 5: after three wins the club keeps the cup « et un nouveau Trophée sera remis
    en jeu » — whose wins are counted from zero (issue 16)."""
    roll = [("2020", "A"), ("2021", "B"), ("2022", "A"), ("2023", "C"), ("2024", "A")]
    roll += [("2025", "B"), ("2026", "B"), ("2027", "C"), ("2028", "B"), ("2029", "C")]
    read = cup.trophies(roll)
    assert read.kept == [("2024", "A"), ("2028", "B")]
    assert read.at_stake == {"C": 1}  # B's two wins before 2024 count for the first trophy
    assert cup.trophy_kept(roll) == "B"
    assert cup.holder(roll) == "C" and cup.holder([]) is None


def test_a_board_without_a_player_can_only_be_forfeited() -> None:
    """Art. 3.2: a side with no player on a board (a line-up of three) forfeits it; an
    « X » or a win typed there was recorded once."""
    from arbitre_tui.rules.cup import board_fault

    assert board_fault(4, Board.DRAW, 4, 4) is None
    fault = board_fault(4, Board.DRAW, 3, 4)
    assert fault == (
        "Échiquier 4 : le recevant n'a pas de joueur (composition), "
        "le résultat ne peut être que F-1 ou F-F."
    )
    assert board_fault(4, Board.HOME_FORFEITS, 3, 4) is None
    assert board_fault(4, Board.BOTH_FORFEIT, 3, 4) is None
    assert board_fault(3, Board.AWAY_WINS, 4, 2) is not None
    assert board_fault(3, Board.AWAY_FORFEITS, 4, 2) is None
    assert board_fault(1, Board.HOME_FORFEITS, 0, 0) is not None
    assert board_fault(1, Board.BOTH_FORFEIT, 0, 0) is None
