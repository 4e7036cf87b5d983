"""The prize form (issue 49.8): `m` in Classement's prize list, the table typed as it is
said, in the real app at 80×24 in a terminal, on an event created from nothing with long
accented names; the prize list gives each winner's place in the standings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers.cli import run_here
from tests.helpers.desk_event import KEY, new_event, play_round
from tests.helpers.procs import AppInTmux


@pytest.mark.slow
def test_prizes_typed_in_the_form_and_shown_with_places(tmp_path: Path) -> None:
    path = new_event(tmp_path)
    play_round(path, ["1", "=", "0", "1"])
    play_round(path, ["1", "=", "0", "="])
    app = AppInTmux(path)
    try:
        app.keys("s", "v")
        app.wait_screen(lambda s: "Aucune liste de prix" in s and "m : saisir" in s, what="none")
        app.keys("m")
        app.wait_screen(lambda s: "Prix — Open principal" in s and "Prix par place" in s)
        # one burst: the places, Tab, the named prizes, a typo refused, then corrected
        app.keys("300, 200, 100", "Tab", "1re féminine=80:femme, Moins de 1900=40:Z", "Enter")
        app.wait_screen(lambda s: "Catégorie « Z » inconnue" in s, what="the refusal")
        app.keys("BSpace", "U1900", "Enter")
        screen = app.wait_screen(lambda s: "5 prix — enregistré" in s, what="saved")
        # « Pl. » is the place: BŒUF and GARÇON share 2nd–3rd, LEFÈVRE is 7th (row 5)
        rows = {line.split("│")[0].strip(): line for line in screen.splitlines()}
        assert any(line.lstrip().startswith("2–3") and "BŒUF" in line for line in rows.values())
        lefevre = next(line for line in screen.splitlines() if "LEFÈVRE" in line)
        assert lefevre.split()[0] == "7" and "40 €" in lefevre
        assert "total 720 €" in screen and "." not in screen.split("total")[1].split("€")[0]
        # the form opens again on the table as typed
        app.keys("m")
        again = app.wait_screen(lambda s: "Prix par place" in s, what="the form again")
        assert "300, 200, 100" in again and "1re féminine=80:femme" in again
        app.keys("Escape")
    finally:
        app.close()
    values = json.loads(run_here("settings", "show", str(path), "-t", KEY, "--json"))
    assert [p["amount"] for p in values["prizes"]] == [300, 200, 100, 80, 40]
    assert {"name": "U1900", "max_rating": 1899} in values["prize_settings"]["categories"]
