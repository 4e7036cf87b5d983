"""Dates on the players' pages as each language writes them (issue 55.4): the event's days
on the home page, a round's start on its page — JJ/MM/AAAA, DD/MM/YYYY, TT.MM.JJJJ.

An event made from nothing with long accented names (tests/helpers/long_names.py), its
dates and a round's start typed through the command line as the arbiter types them."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from arbitre_tui.operations import EventService
from arbitre_tui.publish.html.site import Site
from arbitre_tui.publish.lang import words

from ..helpers.cli import arbitre_here
from ..helpers.long_names import long_names_event

SAID = {
    "fr": ("Condom · du 14/07/2026 au 16/07/2026", "Début : 15/07/2026 à 14:05"),
    "en": ("Condom · 14/07/2026 to 16/07/2026", "Start: 15/07/2026 at 14:05"),
    "de": ("Condom · 14.07.2026 bis 16.07.2026", "Beginn: 15.07.2026, 14:05 Uhr"),
}


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = long_names_event(tmp_path_factory.mktemp("dates") / "mousquetaires.sqlite")
    for args in (
        ("event", "set", str(path), "--du", "14/07/2026", "--au", "16/07/2026"),
        ("round-start", str(path), "-t", "open", "-r", "2", "--when", "15/07/2026 14:05"),
    ):
        out = arbitre_here(*args)
        assert out.returncode == 0, out.stderr
    return path


@pytest.mark.parametrize("lang", list(SAID))
def test_the_event_days_and_a_rounds_start_in_each_language(event: Path, lang: str) -> None:
    days, start = SAID[lang]
    service = EventService(event)
    try:
        site = Site(service)
        site.use(lang)
        assert days in _text(site.render("/"))
        assert start in _text(site.render("/open/ronde-2/"))
        # a round whose clocks were never started says no start
        third = _text(site.render("/open/ronde-3/"))
        assert words(lang).started(dt.datetime(2026, 7, 15, 14, 5)) not in third
        assert not re.search(r"Début|Start:|Beginn", third)
    finally:
        service.close()


def test_one_day_or_none(tmp_path: Path) -> None:
    """A one-day event says its day alone, an event with no dates says only its town."""
    en, fr = words("en"), words("fr")
    assert fr.dates("2026-07-14", "2026-07-14") == "14/07/2026"
    assert en.dates("2026-07-14", None) == "14/07/2026"
    assert fr.dates(None, None) == "" and fr.dates("", "pas une date") == ""
    path = long_names_event(tmp_path / "sans-dates.sqlite", played=False)
    service = EventService(path)
    try:
        site = Site(service)
        site.use("de")
        home = _text(site.render("/"))
        assert "Condom" in home and not re.search(r"\d\d\.\d\d\.\d{4}", home)
    finally:
        service.close()
