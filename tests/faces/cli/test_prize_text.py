"""Prizes typed without JSON (issue 49.8): `settings set FILE prizes "300, 200, 100"`,
category prizes « 1re féminine=80:femme », and each winner's place in the standings, on an
event created from nothing with long accented names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbitre_tui.rules.errors import RuleError
from arbitre_tui.rules.prize_text import parse_prizes, prizes_text

from ...helpers.cli import arbitre, run_here
from ...helpers.desk_event import KEY, new_event, play_round

TABLE = "300, 200, 100, 1re féminine=80:femme, Moins de 1900=40:U1900, Coupe=trophée"


@pytest.fixture
def played(tmp_path: Path) -> Path:
    path = new_event(tmp_path)
    play_round(path, ["1", "=", "0", "1"])
    play_round(path, ["1", "=", "0", "="])
    return path


def _settings(path: Path) -> dict[str, object]:
    values = json.loads(run_here("settings", "show", str(path), "-t", KEY, "--json"))
    assert isinstance(values, dict)
    return values


def test_a_table_typed_in_words_is_the_table_and_its_categories(played: Path) -> None:
    out = run_here("settings", "set", str(played), "prizes", TABLE, "-t", KEY)
    assert "6 prix — enregistré" in out
    assert "catégorie ajoutée : femme (femmes)" in out
    assert "catégorie ajoutée : U1900 (Elo jusqu'à 1899)" in out
    values = _settings(played)
    assert values["prizes"] == [
        {"label": "1er prix", "amount": 300},
        {"label": "2e prix", "amount": 200},
        {"label": "3e prix", "amount": 100},
        {"label": "1re féminine", "amount": 80, "category": "femme"},
        {"label": "Moins de 1900", "amount": 40, "category": "U1900"},
        {"label": "Coupe", "trophy": True},
    ]
    assert values["prize_settings"] == {
        "categories": [{"name": "femme", "sex": "w"}, {"name": "U1900", "max_rating": 1899}]
    }
    shown = run_here("settings", "show", str(played), "-t", KEY)
    assert f"prix : {TABLE}" in shown  # read back as it is typed


def test_the_prize_list_gives_each_winner_place_in_the_standings(played: Path) -> None:
    run_here("settings", "set", str(played), "prizes", TABLE, "-t", KEY)
    lines = run_here("prizes", str(played), "-t", KEY).splitlines()
    names = ["PERRIN Gaël", "BŒUF François", "GARÇON Zoé", "LEFÈVRE Hélène",
             "CHÂTEAUBRIAND-SAINT-ÉVREMOND Marie-Thérèse"]  # fmt: skip
    rows = {name: next(line for line in lines if name in line) for name in names}
    # PERRIN 2 pts alone; BŒUF and GARÇON 1½ share 2nd–3rd (Hort: 175 and 125);
    # CHÂTEAUBRIAND-SAINT-ÉVREMOND 4th takes the women's prize; LEFÈVRE, 7th, the Elo one
    assert rows["PERRIN Gaël"].split()[0] == "1"
    assert rows["BŒUF François"].split()[0] == "2–3"
    assert "175 €" in rows["BŒUF François"] and "125 €" in rows["GARÇON Zoé"]
    assert rows["GARÇON Zoé"].split()[0] == "2–3"
    assert rows["CHÂTEAUBRIAND-SAINT-ÉVREMOND Marie-Thérèse"].split()[0] == "4"
    assert "80 € [femme]" in rows["CHÂTEAUBRIAND-SAINT-ÉVREMOND Marie-Thérèse"]
    assert rows["LEFÈVRE Hélène"].split()[0] == "7"  # not the row number (5)
    assert "40 € [U1900]" in rows["LEFÈVRE Hélène"]
    assert lines[-1].strip() == "total 720 €"
    awards = json.loads(run_here("prizes", str(played), "-t", KEY, "--json"))["awards"]
    money = [a for a in awards if not a["trophy"]]
    assert [a["place"] for a in money] == ["1", "2–3", "2–3", "4", "7"]
    assert money[1]["amount"] == "175.00"  # --json keeps machine numbers


def test_cents_with_a_decimal_comma_when_separated_by_semicolons(played: Path) -> None:
    run_here("settings", "set", str(played), "prizes", "300; 212,50; 1re féminine=80,25:femme",
             "-t", KEY)  # fmt: skip
    values = _settings(played)
    assert values["prizes"] == [
        {"label": "1er prix", "amount": 300},
        {"label": "2e prix", "amount": 212.5},
        {"label": "1re féminine", "amount": 80.25, "category": "femme"},
    ]
    out = run_here("prizes", str(played), "-t", KEY)
    assert "212,50 €" in run_here("settings", "set", str(played), "prizes", "300; 212,50",
                                  "-t", KEY)  # fmt: skip
    assert "€" in out and ".5" not in out and ".00" not in out


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("300, 2x0", "montant « 2x0 » illisible"),
        ("300, 1re=80:zozo", "Catégorie « zozo » inconnue"),
        ("300, =80:femme", "le nom avant « = » manque"),
        ("300, 1re féminine=80:", "la catégorie après « : » manque"),
        ("300,,100", "Prix vide"),
    ],
)
def test_a_table_that_does_not_read_is_refused_in_french_and_nothing_changes(
    played: Path, typed: str, said: str
) -> None:
    run_here("settings", "set", str(played), "prizes", "300, 200", "-t", KEY)
    before = played.read_bytes()
    done = arbitre("settings", "set", str(played), "prizes", typed, "-t", KEY)
    assert done.returncode == 2, done.stdout
    assert said in done.stderr and "Traceback" not in done.stderr
    assert played.read_bytes() == before


def test_json_is_still_taken(played: Path) -> None:
    run_here("settings", "set", str(played), "prizes", '[{"label": "1er", "amount": 50}]',
             "-t", KEY)  # fmt: skip
    assert _settings(played)["prizes"] == [{"label": "1er", "amount": 50}]


def test_the_typed_text_and_the_table_read_each_other() -> None:
    table, added = parse_prizes(TABLE, (), 2027)
    assert prizes_text(table) == TABLE
    assert [c["name"] for c in added] == ["femme", "U1900"]
    young, _ = parse_prizes("Meilleur jeune=50:U16", (), 2027)
    assert parse_prizes("x=1:U16", (), 2027)[1] == [
        {"name": "U16", "max_age": 15, "reference_year": 2027}
    ]
    assert young[0]["category"] == "U16"
    known = [{"name": "femme", "sex": "w", "club": "Colmar Échecs"}]
    assert parse_prizes("1re=80:femme", known)[1] == []  # a defined category kept as is
    with pytest.raises(RuleError):
        parse_prizes("300, 1re=80:U99")
