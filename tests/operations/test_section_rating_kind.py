"""A rating kind per section (issue 50.1): the cadence's by FIDE's definitions (Laws of
Chess A.1: rapid more than 10 and less than 60 minutes, increments × 60 moves counted;
B.1: blitz 10 minutes or less), unless the setting rating_kind says otherwise."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from arbitre_tui.operations.rating_lists import kind_of
from arbitre_tui.rules.models import StoredTournament, System, TimeControl

from ..helpers.cli import run_here


def section(minutes: int, increment: int, **settings: object) -> StoredTournament:
    tc = TimeControl(base_minutes=minutes, increment_seconds=increment)
    return StoredTournament(id=1, key="s", name="S", system=System.SWISS, rounds_planned=7,
                      time_controls={1: tc}, settings=dict(settings))  # fmt: skip


@pytest.mark.parametrize(
    ("minutes", "increment", "kind"),
    [(90, 30, "standard"), (50, 10, "standard"), (45, 10, "rapid"), (12, 3, "rapid"),
     (10, 1, "rapid"), (10, 0, "blitz"), (5, 3, "blitz"), (3, 2, "blitz")],
)  # fmt: skip
def test_the_cadence_says_the_rating(minutes: int, increment: int, kind: str) -> None:
    assert kind_of(section(minutes, increment)) == kind


def test_the_setting_wins_over_the_cadence() -> None:
    assert kind_of(section(90, 30, rating_kind="rapid")) == "rapid"
    assert kind_of(section(12, 3, rating_kind="standard")) == "standard"


def _imported(tmp_path: Path, cadence: str, fallback: bool = False) -> dict[str, int | None]:
    f = str(tmp_path / f"e{cadence.replace('+', '_')}{int(fallback)}.sqlite")
    run_here("new", f, "--nom", "Open", "--du", "2027-07-01")
    run_here("section", "add", f, "s", "--nom", "S", "--systeme", "suisse", "--rondes", "5",
             "--cadence", cadence)  # fmt: skip
    if fallback:
        run_here("settings", "set", f, "rating_standard_fallback", "oui", "-t", "s")
    csv = tmp_path / "joueurs.csv"
    csv.write_text(
        "nom,prenom,elo_lent,elo_rapide,elo_blitz\n"
        "D'ARTAGNAN,Charles,2000F,1900F,1850F\nO'NEILL,Siobhan,1700N,,\n",
        "utf-8",
    )
    run_here("players", "import", f, str(csv), "-t", "s")
    con = sqlite3.connect(f)
    try:
        return dict(con.execute("SELECT surname, coalesce(rating_fide, rating_ffe) FROM players"))
    finally:
        con.close()


@pytest.mark.slow
def test_a_csv_rates_each_section_by_its_cadence(tmp_path: Path) -> None:
    """elo_lent, elo_rapide, elo_blitz: the section takes its cadence's; the standard one
    for a rapid section only with rating_standard_fallback."""
    assert _imported(tmp_path, "90+30") == {"D'ARTAGNAN": 2000, "O'NEILL": 1700}
    assert _imported(tmp_path, "12+3") == {"D'ARTAGNAN": 1900, "O'NEILL": None}
    assert _imported(tmp_path, "3+2") == {"D'ARTAGNAN": 1850, "O'NEILL": None}
    assert _imported(tmp_path, "12+3", fallback=True) == {"D'ARTAGNAN": 1900, "O'NEILL": 1700}


def _ratings(f: str) -> dict[str, tuple[int | None, int | None]]:
    con = sqlite3.connect(f)
    try:
        rows = con.execute("SELECT surname, rating_fide, rating_ffe FROM players")
        return {name: (fide, ffe) for name, fide, ffe in rows}
    finally:
        con.close()


@pytest.mark.slow
def test_the_registrations_follow_a_change_of_the_sections_kind(tmp_path: Path) -> None:
    """Registered at 90+30, then the section made rapid — by its setting, then back, then
    by its cadence (`section edit --cadence 12+3`): each registration takes the new kind's
    rating from the ones the CSV gave (issue 50.1's gap: they kept the standard one); a
    rating typed by hand stays; undo puts the previous ones back."""
    _imported(tmp_path, "90+30")
    f = str(tmp_path / "e90_300.sqlite")
    run_here("register", f, "CHÂTEAUBRIAND-SAINT-ÉVREMOND", "--prenom", "Marie-Thérèse",
             "--elo", "1600", "-t", "s")  # fmt: skip
    standard = {"D'ARTAGNAN": (2000, None), "O'NEILL": (None, 1700)}
    by_hand = {"CHÂTEAUBRIAND-SAINT-ÉVREMOND": _ratings(f)["CHÂTEAUBRIAND-SAINT-ÉVREMOND"]}
    assert _ratings(f) == standard | by_hand
    rapid = {"D'ARTAGNAN": (1900, None), "O'NEILL": (None, None)}
    run_here("settings", "set", f, "rating_kind", "rapid", "-t", "s")
    assert _ratings(f) == rapid | by_hand
    run_here("undo", f)
    assert _ratings(f) == standard | by_hand
    run_here("section", "edit", f, "s", "--cadence", "12+3")
    assert _ratings(f) == rapid | by_hand
