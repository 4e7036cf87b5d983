"""Time controls with a second period, as the regulations write them (issue 16): 002
« 90 minutes pour 40 coups, puis 30 minutes supplémentaires, avec 30 secondes d'incrément
par coup », 004 art. 3.5 « 40 coups en 2 heures puis 1 heure KO »."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitre_tui.operations import trf_export
from arbitre_tui.operations.templates import create_from_template
from arbitre_tui.rules import trf
from arbitre_tui.rules.models import Period, TimeControl

from ..helpers.screen import app_on

OPEN_002 = TimeControl(
    base_minutes=90,
    moves=40,
    increment_seconds=30,
    periods=(Period(minutes=30, increment_seconds=30),),
)
CUP_004 = TimeControl(base_minutes=120, moves=40, periods=(Period(minutes=60),))


def test_a_second_period_is_said_in_full_and_encoded_as_trf_2026() -> None:
    assert OPEN_002.label == "90 min pour 40 coups, puis 30 min, + 30 s par coup"
    assert OPEN_002.trf == "40/5400+30:1800+30"
    assert CUP_004.label == "120 min pour 40 coups, puis 60 min KO"
    assert CUP_004.trf == "40/7200+0:3600+0"
    # one period: as before
    assert TimeControl(base_minutes=25, increment_seconds=10).label == "25 min + 10 s"
    assert TimeControl(base_minutes=25, increment_seconds=10).trf == "1500+10"


def test_the_projection_counts_the_second_period() -> None:
    """80 % of both clocks' whole time plus 60 increments each: 2 × (0.8 × 120 + 30)."""
    assert OPEN_002.expected_game_minutes() == 252
    assert CUP_004.expected_game_minutes() == 2 * 0.8 * 180
    assert TimeControl(base_minutes=90, increment_seconds=30).expected_game_minutes() == 204


def test_a_move_count_needs_a_period_after_it() -> None:
    with pytest.raises(ValueError, match="il faut une suite"):
        TimeControl(base_minutes=90, moves=40)
    with pytest.raises(ValueError, match="pour combien de coups"):
        TimeControl(base_minutes=90, periods=(Period(minutes=30),))


def test_the_templates_carry_the_regulations_time_controls(tmp_path: Path) -> None:
    service = create_from_template(tmp_path / "m.sqlite", "marina-viva")
    for key in ("open-a", "open-b", "open-c"):
        t = service.tournament(key)
        assert t.time_control(1) == OPEN_002 and t.time_control(9) == OPEN_002
    for p in service.store.players(service.tournament("open-c").id or 0):
        service.check_in(p.id or 0)
    rnd = service.pair_round("open-c", seed=1)
    stored = service.current_round(service.tournament("open-c"))
    assert stored is not None and stored.time_control == OPEN_002, rnd
    assert stored.time_control.label.startswith("90 min pour 40 coups, puis 30 min")
    exported = trf.parse(trf_export.export_trf(service, "open-c"), check_scores=False)
    assert exported.headers["222"] == "40/5400+30:1800+30"
    assert exported.headers["122"] == "90 min pour 40 coups, puis 30 min, + 30 s par coup"
    cup = create_from_template(tmp_path / "c.sqlite", "coupe-alsace")
    assert cup.store.tournaments()[0].time_control(1) == CUP_004


def test_a_table_column_gets_the_short_form() -> None:
    assert OPEN_002.short == "90/40 + 30 min, +30 s"
    assert CUP_004.short == "120/40 + 60 min KO"
    assert TimeControl(base_minutes=25).short == "25 min"


async def test_the_cadence_pane_shows_it_in_full_and_every_column_at_80_columns(
    tmp_path: Path,
) -> None:

    path = tmp_path / "m.sqlite"
    service = create_from_template(path, "marina-viva")
    for p in service.store.players(service.tournament("open-a").id or 0):
        service.check_in(p.id or 0)
    service.pair_round("open-a", seed=1)
    service.close()
    async with app_on(path, "c", "open-a") as (app, _pilot):
        screen = "\n".join(
            "".join(segment.text for segment in line)
            for line in app.screen._compositor.render_update(full=True).strips  # type: ignore[union-attr]
        )
    assert "90 min pour 40 coups, puis 30 min, + 30 s par coup" in screen
    assert "Fin prévue" in screen and "90/40 + 30 min, +30 s" in screen


def test_a_youth_format_decided_at_round_1_gives_every_round_its_time_control(
    tmp_path: Path,
) -> None:
    """003: 12 girls entered (Swiss, 5 rounds planned), 8 checked in: a round robin of 7
    rounds, whose rounds 6 and 7 play at the template's time control too (issue 16)."""
    service = create_from_template(tmp_path / "j.sqlite", "bas-rhin-jeunes")
    t = service.tournament("u10f")
    assert t.rounds_planned == 5 and t.time_control(6) is None
    for p in service.store.players(t.id or 0)[:8]:
        service.check_in(p.id or 0)
    service.pair_round("u10f", seed=1)
    t = service.tournament("u10f")
    assert t.rounds_planned == 7
    assert all(t.time_control(n) == TimeControl(base_minutes=25) for n in range(1, 8))
