"""Names in plain ASCII (issue 50 point 5): rules/names.fold spells Cyrillic and Greek
through its table, a ß as SS in a word in capitals, Vietnamese without its accents; the
TRF never writes a « ? » (a character with no Latin reading is left out)."""

from __future__ import annotations

import pytest

from arbitre_tui.rules import trf
from arbitre_tui.rules.names import ascii_only, fold, search_key, transliterated


@pytest.mark.parametrize(
    ("name", "latin"),
    [
        ("WEIß", "WEISS"),
        ("Weiß", "Weiss"),
        ("STRAßENBERG", "STRASSENBERG"),
        ("ẞ", "SS"),
        ("ЖУКОВ Сергей", "ZHUKOV Sergey"),
        ("ЩЕРБАКОВ Юрий", "SHCHERBAKOV Yuriy"),
        ("Ёлкин", "Yolkin"),
        ("Шевченко Тарас", "Shevchenko Taras"),
        ("Їжакевич Євген", "Yizhakevich Yevgen"),
        ("Ђоковић", "Djokovic"),
        ("ΠΑΠΑΔΟΠΟΥΛΟΣ Γιώργος", "PAPADOPOULOS Giorgos"),
        ("Θεοδωρίδης Χρήστος", "Theodoridis Christos"),
        ("NGUYỄN Thị Ánh", "NGUYEN Thi Anh"),
        ("Trần Đức Mạnh", "Tran Duc Manh"),
        ("BŒUF Łukasz Šimon", "BOEUF Lukasz Simon"),
    ],
)
def test_each_script_has_its_latin_spelling(name: str, latin: str) -> None:
    assert fold(name) == latin
    assert ascii_only(name) == latin


def test_only_other_scripts_and_the_sharp_s_count_as_transliterated() -> None:
    assert transliterated("WEIß") and transliterated("Жуков") and transliterated("Γιώργος")
    assert not transliterated("Béranger Zoé") and not transliterated("NGUYỄN Thị Ánh")
    assert not transliterated("Łukaszewicz") and not transliterated("O'NEILL")


def test_a_letter_without_latin_reading_is_left_out_never_a_question_mark() -> None:
    assert ascii_only("王 Wei") == " Wei"
    line = trf.format_player(trf.TrfPlayer(start=1, name="王, Wei", rating=1800))
    assert "?" not in line and line.isascii()
    assert trf.ascii_text("ИВАНОВ Иван") == "IVANOV Ivan"


def test_the_lists_search_finds_a_cyrillic_name_by_its_latin_letters() -> None:
    assert search_key("Жуков") == search_key("zhukov") == "ZHUKOV"


def test_a_240_announces_byes_for_the_round_to_pair_only() -> None:
    """Record 240 read as bbpPairings reads it: a bye of the round to pair (the player is
    not paired), a record for a later round read and left aside."""
    from arbitre_tui.rules.swiss.trf_state import state_from_trf

    def player(start: int, opponent: int, colour: str, result: str) -> str:
        cell = trf.TrfRound(opponent=opponent, colour=colour, result=result)  # type: ignore[arg-type]
        return trf.format_player(
            trf.TrfPlayer(start=start, points=float(result == "1"), rounds=[cell])
        )

    lines = [
        "142 3",
        player(1, 2, "w", "1"),
        player(2, 1, "b", "0"),
        player(3, 4, "w", "1"),
        player(4, 3, "b", "0"),
        "240 H   2    2",
        "240 F   2    3",
        "240 Z   3    4",
    ]
    t = trf.parse("\r".join(lines) + "\r")
    assert t.announced_byes == [("H", 2, [2]), ("F", 2, [3]), ("Z", 3, [4])]
    games = {e.number: [g.result for g in e.games] for e in state_from_trf(t).entrants}
    assert games == {1: ["1"], 2: ["0", "H"], 3: ["1", "F"], 4: ["0"]}
    # the checker's re-pairing of past rounds reads no 240
    assert all(len(e.games) == 1 for e in state_from_trf(t, upto=1).entrants)
    assert "240 H   2    2" in trf.write(t).split("\r")
