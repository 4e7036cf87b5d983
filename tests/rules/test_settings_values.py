"""The settings read without pydantic (rules/settings/values.py, issue 56.4) are the
model's: the same names, defaults and regulations, and for every setting and many values
given, the same value read — or no light read at all, the model reading it then."""

from __future__ import annotations

import datetime as dt
import math
import random
from typing import Any

import pytest

from arbitre_tui.rules.models import System, Tournament
from arbitre_tui.rules.settings import EVENT_SETTINGS, PROFILES, SETTINGS, listed, model, values

# every shape a stored value may take: right, wrong, at and past each bound
SAMPLES: list[Any] = [
    None, True, False, 0, 1, -1, 3, 30, 2**70, 3.0, 2.5, -0.5, math.inf,
    "", " ", "x", "3", "oui", "true", "x" * 200, "x" * 201, "é" * 200,
    [], [1], [8, 9], [True], [1.0], ["a"], ["MARTIN Paul", "KLEIN Léa"], ["a" * 201],
    ["a"] * 30, ["a"] * 31, [{"place": 1}], [{"place": 1}, 3], [[1]],
    {}, {"adulte": 60}, {"a": "b"}, {"a": 1, "b": [1, {"c": None}]}, {"a": {"b": 1}},
    "09:00", "9:00", "23:59", "24:00", "09:00:00", "WBBW", "bwwb", "WWBB", "WBB", "WBBWW",
    "U10", "u10f", "U9", "U21", "Sen", "S65F", "X", " U12 ",
    "2027-01-15", "2027-02-30", "15/01/2027", "2027-1-5", dt.date(2026, 9, 1),
    "0.0.0.0", "127.0.0.1", "::1", "bad host", "arbitre.local",
    "http://192.168.1.20:8080", "192.168.1.20:8080/", "https://x.fr/résultats", "ftp://x",
    "http://[::1", "http://x:99999", "http://x/?q=1", "   ",
    "000", "002", "004", "005", "armageddon", "Blitz", "seeded", "external", "baku",
    "haley_degressive", "w", "draw", "rapid",
]  # fmt: skip


def _section(settings: dict[str, Any]) -> Tournament:
    return Tournament(
        key="open-a", name="Open A", system=System.SWISS, rounds_planned=9, settings=settings
    )


def _reads(t: Tournament) -> tuple[Any, Any]:
    """The light read and the model's, each read afresh (not from the last read kept)."""
    return values.section_values(t, NO_EVENT), model.section_settings(t, model.EventSettings())


NO_EVENT = values.event_values(None)


def _same(light: Any, full: Any, names: list[str]) -> None:
    for name in names:
        a, b = getattr(light, name), getattr(full, name)
        assert type(a) is type(b) and (a == b or (a != a and b != b)), (name, a, b)


def test_names_defaults_and_regulations_mirror_the_model() -> None:
    for table, mirror in ((SETTINGS, values.SECTION), (EVENT_SETTINGS, values.EVENT)):
        assert list(mirror) == list(table)
        for name, known in table.items():
            default, regulations, _ = mirror[name]
            assert (type(default), default) == (type(known.default), known.default), name
            assert regulations == dict(known.regulations), name
    assert values.PROFILES == PROFILES


@pytest.mark.parametrize("name", list(SETTINGS))
def test_each_section_setting_reads_as_the_model_reads_it(name: str) -> None:
    """Each value alone, under no regulation and under 002: read the same, or left to the
    model (None); the values the model writes always read without it."""
    names = list(SETTINGS)
    for regulation in (None, "002"):
        for sample in SAMPLES:
            given = {name: sample} if regulation is None else {"regulation": "002", name: sample}
            light, full = _reads(_section(given))
            if light is not None:
                _same(light, full, names)
    written = model.check(name, SETTINGS[name].default)
    assert _reads(_section({name: written}))[0] is not None


@pytest.mark.parametrize("name", list(EVENT_SETTINGS))
def test_each_event_setting_reads_as_the_model_reads_it(name: str) -> None:
    names = list(EVENT_SETTINGS)
    for sample in SAMPLES:
        row = {"settings": {name: sample}}
        light = values.event_values(row)
        if light is not None:
            _same(light, model.event_settings(row), names)
    written = model.check(name, EVENT_SETTINGS[name].default, EVENT_SETTINGS)
    assert values.event_values({"settings": {name: written}}) is not None


def test_mixed_settings_and_the_event_arbiters_read_as_the_model() -> None:
    """Random mappings of several settings at once, each value one the light read takes
    alone, with the event's arbiters given: all read without the model, as the model."""
    rng = random.Random(56)
    names = list(SETTINGS)
    taken = {n: [s for s in SAMPLES if _reads(_section({n: s}))[0] is not None] for n in names}
    event_row = {"settings": {"chief_arbiter": "MARTIN Paul", "arbiters": ["O'NEILL Ann"]}}
    event = values.event_values(event_row)
    for _ in range(200):
        given = {n: rng.choice(taken[n]) for n in rng.sample(names, rng.randint(1, 12))}
        t = _section(given)
        light = values.section_values(t, event)
        full = model.section_settings(t, model.event_settings(event_row))
        assert light is not None, given
        _same(light, full, names)
        assert listed(light) == listed(full)


def test_a_value_not_in_the_model_form_is_left_to_the_model() -> None:
    """« 30 » written as text, a list too long: the model's own reading, unchanged."""
    assert _reads(_section({"lateness_minutes": "30"}))[0] is None
    assert _reads(_section({"arbiters": ["a"] * 31}))[0] is None
    from arbitre_tui.rules.settings import section_settings

    assert section_settings(_section({"lateness_minutes": "30"})).lateness_minutes == 30
    # an int given for a float is the model's float, the default left as declared
    light = _reads(_section({"fee": 12}))[0]
    assert light is not None and light.fee == 12.0 and type(light.fee) is float
    assert type(_reads(_section({}))[0].fee) is int
    # the same settings read again: the same object, as the model keeps its last read
    t = _section({"lateness_minutes": 30})
    assert values.section_values(t) is values.section_values(_section({"lateness_minutes": 30}))
