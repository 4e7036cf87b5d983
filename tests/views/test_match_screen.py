"""The cup match screen's state line is part of the view (issue 28.5): what the screen
says under the boards is built from the sheet alone, by hand-checked cases."""

from __future__ import annotations

from arbitre_tui.views.match_sheet import MatchSheet


def _sheet(**changes: object) -> MatchSheet:
    base: dict[str, object] = dict(
        event="Coupe d'Alsace", key="coupe", match_id=1, round=1, number=3,
        home="Colmar Échecs", away="Sélestat", boards=(), home_points=None,
        away_points=None, winner=None, reason="", notes=(), signatures=(),
        home_team_id=1, away_team_id=2,
    )  # fmt: skip
    base.update(changes)
    return MatchSheet(**base)  # type: ignore[arg-type]


def test_before_the_line_ups_the_results_wait() -> None:
    assert _sheet().boards_state == (
        "Les résultats se saisissent une fois les deux compositions remises (b). "
        "— résultat à transmettre avant minuit (t)"
    )


def test_a_decided_match_confirmed_reported_late_with_clocks_advanced() -> None:
    sheet = _sheet(
        lineup_home=(1, 2, 3, 4), lineup_away=(5, 6, 7, 8), home_points=2.5,
        away_points=1.5, reason="au score", confirmed=("arbitre", "capitaine recevant"),
        reported_at="2027-03-05T00:12:00", reported_late=True,
        clock_advances=(("away", 15),),
    )  # fmt: skip
    assert sheet.boards_state == (
        "Score 2½-1½ : au score — confirmé : arbitre, capitaine recevant"
        " — transmis 00:12 (après minuit !) — pendules visiteur +15 min"
    )


def test_both_line_ups_in_asks_for_the_four_results() -> None:
    sheet = _sheet(lineup_home=(1, 2, 3, 4), lineup_away=(5, 6, 7, 8))
    assert sheet.boards_state.startswith("Saisissez les 4 résultats (point de vue du recevant).")
