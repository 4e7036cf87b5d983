"""Input built through rules.validation.validated: the records are dataclasses whose bounds
live in their annotations; pydantic coerces and checks them there, and refuses in French."""

from __future__ import annotations

import datetime as dt

import pytest

from arbitre_tui.rules.models import Player, Sex, StoredPlayer, TimeControl, Title, Tournament
from arbitre_tui.rules.validation import InputError, validated


def test_what_was_typed_is_coerced_to_the_fields_types() -> None:
    p = validated(
        Player, surname="Durand", rating_fide="1850", sex="w", title="FM", birth_date="2001-02-03"
    )
    assert p.rating_fide == 1850 and p.sex is Sex.FEMALE and p.title is Title.FM
    assert p.birth_date == dt.date(2001, 2, 3)


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"surname": "X" * 61}, "le nom a plus de 60 caractères"),
        ({"surname": ""}, "le nom est trop court"),
        ({"surname": "X", "rating_fide": 4000}, "le classement FIDE « 4000 » dépasse le maximum"),
        ({"surname": "X", "rating_fide": "abc"}, "le classement FIDE « abc » n'est pas un nombre"),
        (
            {"surname": "X", "birth_date": "hier"},
            "la date de naissance « hier » n'est pas une date",
        ),
    ],
)
def test_a_bound_broken_is_refused_in_french(values: dict[str, object], message: str) -> None:
    with pytest.raises(InputError) as refused:
        validated(Player, values)
    assert refused.value.message.startswith(message)


def test_a_section_key_is_lower_case_letters_digits_and_hyphens() -> None:
    base = {"name": "Open", "system": "swiss", "rounds_planned": 7}
    assert validated(Tournament, base, key="open-a").key == "open-a"
    for bad in ("Open A", "-open", "open_a", "x" * 41):
        with pytest.raises(InputError, match="la clé"):
            validated(Tournament, base, key=bad)
    with pytest.raises(InputError, match="le nombre de rondes"):
        validated(Tournament, base, key="open", rounds_planned=31)


def test_a_cadence_s_periods_are_checked_as_a_whole() -> None:
    tc = validated(TimeControl, {"base_minutes": 90, "moves": 40, "periods": [{"minutes": 30}]})
    assert tc.trf == "40/5400+0:1800+0"
    with pytest.raises(InputError):
        validated(TimeControl, base_minutes=90, moves=40)  # 40 moves, then nothing
    with pytest.raises(InputError):
        validated(TimeControl, base_minutes=0)


def test_a_stored_record_needs_its_ids() -> None:
    with pytest.raises(InputError, match="la valeur « id »"):
        validated(StoredPlayer, surname="X", tournament_id=1)
    with pytest.raises(TypeError):
        StoredPlayer(surname="X", tournament_id=1)  # type: ignore[call-arg]
