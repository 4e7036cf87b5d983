"""The standings' notes in the phone's language (issue 55): a tie-break C.07 art. 10 drops
(an unrated entrant), a play-off's complete ties ordered by lot (003 art. 6); asked of the
real server on 127.0.0.1 with ``Accept-Language`` and with the ``/en/`` ``/de/`` prefixes,
on events made from nothing with the command line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from arbitre_tui.faces.web.server import ServerThread
from arbitre_tui.publish.lang import words
from arbitre_tui.views.standings import _not_computed

from ...helpers.cli import run_here
from ..tui.test_playoff_order import _five_way
from .test_languages_served import _data, _get, _Page, french_left

SAID = {
    "en": ("Tie-break TPR not computed", "Play-off for the title: complete ties"),
    "de": ("Wertung TPR nicht berechnet", "Stichkampf um den Titel: vollständiger Gleichstand"),
}


def _unrated(path: Path) -> Path:
    from ...operations.test_regulation_articles_4 import _open_from_nothing

    _open_from_nothing(path)  # its last entrant unrated, no rating set for the unrated
    return path


def _play_off(path: Path) -> Path:
    _five_way(path, "nothing")
    run_here("playoff", str(path), "title", "-t", "u8")  # announced: its seeds drawn by lot
    return path


@pytest.mark.parametrize(
    ("make", "key", "said"), [(_unrated, "ob", 0), (_play_off, "u8", 1)], ids=["tpr", "playoff"]
)
def test_the_standings_notes_in_english_and_german(
    tmp_path: Path, make: Any, key: str, said: int
) -> None:
    path = make(tmp_path / "e.sqlite")
    data = _data(path)
    srv = ServerThread(path, port=0)
    srv.start()
    try:
        base = f"http://127.0.0.1:{srv.port}"
        _, _, french = _get(f"{base}/{key}/classement/", "fr")
        assert ("non calculé", "ordonnés par tirage au sort")[said] in french
        for lang in ("en", "de"):
            for url, asked in (
                (f"{base}/{key}/classement/", lang),
                (f"{base}/{lang}/{key}/classement/", "fr"),
            ):
                status, _, text = _get(url, asked)
                page = _Page(text)
                assert status == 200 and page.lang == lang, url
                assert french_left(page, data) == [], (url, french_left(page, data))
                assert SAID[lang][said] in " ".join(page.texts), (url, page.texts)
    finally:
        srv.stop()


class _Ref:
    def __init__(self, public: str) -> None:
        self.public = public


def test_more_than_three_unrated_said_in_each_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """« A, B, C et 2 autre(s) »: the note as the view writes it, read by each language."""
    from arbitre_tui.operations import standings

    monkeypatch.setattr(standings, "not_computed", lambda *a: (["TPR", "APRO"], [1, 2, 3, 4, 5]))
    refs: Any = {n: _Ref(f"D'ARTAGNAN-{n} Charles") for n in range(1, 6)}
    unused: Any = None  # the section and its crosstable: the patched function ignores them
    note = _not_computed(unused, unused, refs)
    assert note is not None and "et 2 autre(s)" in note
    assert words("en").view(note) == (
        "Tie-break TPR, APRO not computed: 5 unrated participant(s) (D'ARTAGNAN-1 Charles, "
        "D'ARTAGNAN-2 Charles, D'ARTAGNAN-3 Charles and 2 other(s)) and no rating set for "
        "the unrated (C.07 art. 10)."
    )
    assert "und 2 weitere)" in words("de").view(note)
