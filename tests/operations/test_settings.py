"""Every choice a setting (issue 16): typed, one default, a profile per regulation,
unknown names refused with a suggestion, changed from the command line and the app,
journaled and undone, template typos refused when the event is created."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from arbitre_tui.operations import EventService, OperationError
from arbitre_tui.operations import templates as tpl
from arbitre_tui.operations.templates import create_from_template
from arbitre_tui.rules.errors import RuleError
from arbitre_tui.rules.settings import PROFILES, SETTINGS, parse, section_settings, where
from tests.helpers.screen import app_on, bottom_line

from ..helpers.cli import arbitre


def test_an_unknown_name_is_refused_with_a_suggestion() -> None:
    with pytest.raises(RuleError, match=r"vouliez-vous dire « lateness_minutes » \?"):
        parse("lateness", "5")
    with pytest.raises(RuleError, match="attendu : armageddon ou blitz ou rating"):
        parse("decider", "pile")
    with pytest.raises(RuleError, match="une heure hh:mm"):
        parse("match_start", "25:99")
    assert parse("half_point_byes_forbidden_rounds", "[8, 9]") == [8, 9]
    assert parse("third_place_game", "oui") is True and parse("holder", "aucun") is None


def test_a_number_out_of_bounds_is_refused() -> None:
    """A minute count, a rating, a count of players or moves: no negative value, nothing a
    clock cannot hold (the campaign set a lateness of 3·10**24 minutes: `d` in Cadence
    then crashed the app)."""
    with pytest.raises(RuleError, match=r"de 0 à 1440"):
        parse("lateness_minutes", "3099999999999999999999999")
    with pytest.raises(RuleError, match=r"de 0 à 1440"):
        parse("break_minutes", "-5")
    with pytest.raises(RuleError, match=r"de 1 à"):
        parse("illegal_moves_to_lose", "0")
    with pytest.raises(RuleError, match=r"de 0 à 4000"):
        parse("min_rating", "99999")
    with pytest.raises(RuleError, match=r"de 0 à"):
        parse("fee", "-10")
    assert parse("lateness_minutes", "1440") == 1440 and parse("fee", "12.5") == 12.5


def test_the_value_that_applies_tournament_then_regulation_then_default(tmp_path: Path) -> None:
    service = create_from_template(tmp_path / "k.sqlite", "open-ko")
    t = service.tournament("open-ko")
    assert (
        section_settings(t).illegal_moves_to_lose == 3
        and where(t, "illegal_moves_to_lose") == "tournoi"
    )
    bare = replace(t, settings={"regulation": "002"})
    assert (
        section_settings(bare).lateness_minutes == 30
        and where(bare, "lateness_minutes") == "règlement"
    )
    assert section_settings(bare).break_minutes == 10 and where(bare, "break_minutes") == "défaut"
    assert set(PROFILES["002"]) <= set(SETTINGS)


def test_every_template_setting_is_known() -> None:
    for name in tpl.TEMPLATES:
        for spec in tpl.load_template(name)["tournaments"]:
            for key in spec.get("settings", {}):
                assert key in SETTINGS, (name, key)


def test_a_template_typo_fails_when_the_event_is_created(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = tpl.load_template

    def with_typo(name: str) -> dict[str, object]:
        data = real(name)
        data["tournaments"][0]["settings"]["lateness_minute"] = 5
        return data

    monkeypatch.setattr(tpl, "load_template", with_typo)
    with pytest.raises(OperationError, match="vouliez-vous dire « lateness_minutes »"):
        create_from_template(tmp_path / "k.sqlite", "open-ko")


def test_set_and_show_from_the_command_line_journaled_and_undone(tmp_path: Path) -> None:
    path = tmp_path / "k.sqlite"
    create_from_template(path, "open-ko").close()
    before = EventService(path).store.snapshot()
    bad = arbitre("settings", "set", str(path), "lateness", "7")
    assert bad.returncode == 2 and "vouliez-vous dire « lateness_minutes »" in bad.stderr
    assert EventService(path).store.snapshot() == before
    out = arbitre("settings", "set", str(path), "third_place_game", "oui")
    assert out.returncode == 0, out.stderr
    shown = arbitre("settings", "show", str(path), "--json")
    assert json.loads(shown.stdout)["third_place_game"] is True
    text = arbitre("settings", "show", str(path)).stdout
    assert any(
        line.split()[:3] == ["third_place_game", "oui", "tournoi"] for line in text.splitlines()
    )
    assert arbitre("undo", str(path)).returncode == 0
    assert (
        json.loads(arbitre("settings", "show", str(path), "--json").stdout)["third_place_game"]
        is False
    )


async def test_the_settings_screen_changes_one(tmp_path: Path) -> None:
    path = tmp_path / "k.sqlite"
    create_from_template(path, "open-ko").close()
    async with app_on(path, "comma") as (app, pilot):
        from textual.widgets import DataTable

        table = app.screen.query_one(DataTable)
        table.move_cursor(row=list(SETTINGS).index("break_minutes"))
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("backspace", "backspace", "2", "5", "enter")
        await pilot.pause()
        assert "break_minutes = 25 — enregistré" in bottom_line(app)
        await pilot.press("enter", "backspace", "backspace", *"xx", "enter")
        await pilot.pause()
        assert "✗" in bottom_line(app) and "nombre entier" in bottom_line(app)  # still asking
    t = EventService(path).tournament("open-ko")
    assert section_settings(t).break_minutes == 25
