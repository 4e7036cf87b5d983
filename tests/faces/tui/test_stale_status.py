"""The status line drops a stale message once another station changed the round (issue
49.10): the real app at 80×24 in a terminal, the other station the command line, on an
event created from nothing with long accented names."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitre_tui.faces.tui.round_watch import changed
from tests.helpers.cli import run_here
from tests.helpers.desk_event import KEY, new_event
from tests.helpers.procs import AppInTmux


def test_what_another_station_did_to_a_round() -> None:
    before = {"open": ("Open", 1, False), "ko": ("K.O.", 2, True)}
    assert changed(before, dict(before), "open") is None
    assert changed(before, {**before, "open": ("Open", 1, True)}, "open") == (
        "Autre poste : Open, ronde 1 close."
    )
    now = {"open": ("Open", 2, False), "ko": ("K.O.", 3, False)}
    assert changed(before, now, "ko") == "Autre poste : K.O., ronde 3 appariée."  # shown first
    assert changed(before, {**before, "ko": ("K.O.", 2, False)}, "open") == (
        "Autre poste : K.O., ronde 2 rouverte."
    )


@pytest.mark.slow
def test_a_message_about_the_round_before_goes_when_the_other_station_pairs(
    tmp_path: Path,
) -> None:
    path = new_event(tmp_path)
    run_here("pair", str(path), "-t", KEY, "--seed", "1")
    app = AppInTmux(path)
    try:
        app.wait_screen(lambda s: "Ronde 1" in s, what="round 1")
        app.keys("1")
        app.wait_screen(lambda s: "Échiquier 1 : 1-0" in s and "enregistré" in s, what="saved")
        for board in (2, 3, 4):  # the other station: the rest of the round, close, pair
            run_here("result", str(path), str(board), "=", "-t", KEY)
        run_here("close-round", str(path), "-t", KEY)
        run_here("pair", str(path), "-t", KEY, "--seed", "1")
        status = app.wait_screen(
            lambda s: "Autre poste : Open principal, ronde 2 appariée." in s, what="the news"
        )
        assert "Échiquier 1 : 1-0" not in status  # the stale message is gone
    finally:
        app.close()
