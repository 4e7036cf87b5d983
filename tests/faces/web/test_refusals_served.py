"""The refusals a phone gets, in its language (issue 55): those the operations give (409:
a check-in after round 1 is paired, a result that is no result, one not to propose, a
sixth proposal), a round closed, a wrong code, too many wrong codes; asked of the real
server on 127.0.0.1 with ``Accept-Language`` and with the ``/en/`` ``/de/`` prefixes."""

from __future__ import annotations

import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from arbitre_tui.faces.web.server import ServerThread
from arbitre_tui.operations import EventService
from arbitre_tui.operations.reporting import codes, player_code
from arbitre_tui.publish.lang import words
from arbitre_tui.rules.reporting import PROPOSALS_PER_PLAYER

from ...helpers.long_names import long_names_event
from .test_languages_served import _data, _Page, french_left

# how each language says a few of the refusals (the catalogue's words, checked besides
# the absence of French: a refusal left in French, or an empty one, fails both)
SAID = {
    "en": {
        "paired": "Round 1 is paired",
        "garbled": "is not possible",
        "not proposed": "cannot be proposed",
        "sixth": f"has already made {PROPOSALS_PER_PLAYER} proposals",
        "closed round": "not (or no longer) valid",
        "too many": "Too many wrong codes",
        "405": "Method not allowed here: GET, HEAD",
    },
    "de": {
        "paired": "Runde 1 ist ausgelost",
        "garbled": "nicht möglich",
        "not proposed": "kann nicht vorgeschlagen werden",
        "sixth": f"bereits {PROPOSALS_PER_PLAYER} Vorschläge",
        "closed round": "gilt nicht (mehr)",
        "too many": "Zu viele falsche Codes",
        "405": "Methode hier nicht erlaubt: GET, HEAD",
    },
}


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A fresh event of long names (these proposals are written), served with reporting on."""
    path = long_names_event(tmp_path / "mousquetaires.sqlite")
    srv = ServerThread(path, port=0, reporting=True)
    srv.start()
    yield path, f"http://127.0.0.1:{srv.port}"
    srv.stop()


def _post(url: str, fields: dict[str, str], lang: str) -> tuple[int, str]:
    """A phone's form sent (redirects followed): the status and the page."""
    request = urllib.request.Request(
        url,
        data=urllib.parse.urlencode(fields).encode(),
        headers={"Accept-Language": lang, "Content-Type": "application/x-www-form-urlencoded"},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode()


def test_every_refusal_in_english_and_german(served: tuple[Path, str]) -> None:
    path, base = served
    data = _data(path)
    service = EventService(path, check=False)
    try:
        t = service.tournament("jeunes")
        young = service.store.players(t.id or 0)[0].id or 0
        young_code = player_code(service, young)
        seats = sorted(codes(service, "open", 3), key=lambda s: (s.board, s.side))[:8]
    finally:
        service.close()
    # each way of asking a language, two seats of its own: one for the sixth proposal
    # (a player's proposals are counted), one for the others (so are his requests)
    ways = [("en", ""), ("de", ""), ("en", "/en"), ("de", "/de")]
    wrong = {"code": "aaaaaaaaaa", "result": "1"}
    for _ in range(5):  # five wrong codes at board 7: the sixth phone is shut out
        _post(f"{base}/open/saisie/3/7/", wrong, "fr")
    for (lang, prefix), many, other in zip(ways, seats[0::2], seats[1::2], strict=True):
        asked = lang if not prefix else "fr"  # the prefix wins over the phone's French
        board = f"{base}{prefix}/open/saisie/3/{{}}/"
        checkin = f"{base}{prefix}/jeunes/pointage/{young}/"
        answers = {
            "paired": _post(checkin, {"code": young_code}, asked),
            "garbled": _post(
                board.format(other.board), {"code": other.code, "result": "x2"}, asked
            ),
            "not proposed": _post(
                board.format(other.board), {"code": other.code, "result": "--"}, asked
            ),
        }
        for _ in range(PROPOSALS_PER_PLAYER):
            status, _ = _post(board.format(many.board), {"code": many.code, "result": "="}, asked)
            assert status == 200, (lang, prefix, status)
        answers["sixth"] = _post(
            board.format(many.board), {"code": many.code, "result": "="}, asked
        )
        answers["closed round"] = _post(f"{base}{prefix}/open/saisie/2/1/", wrong, asked)
        answers["too many"] = _post(board.format(7), wrong, asked)
        expected = {"paired": 409, "garbled": 409, "not proposed": 409, "sixth": 409}
        for what, (status, text) in answers.items():
            page = _Page(text)
            assert status == expected.get(what, 429 if what == "too many" else 403), (what, lang)
            assert page.lang == lang, (what, lang, prefix)
            assert french_left(page, data) == [], (what, lang, prefix, page.texts)
            assert SAID[lang][what] in " ".join(page.texts), (what, lang, page.texts)
        # a form posted to a page (reporting off when it was sent): the 405's one line
        status, text = _post(f"{base}{prefix}/open/", {"code": many.code}, asked)
        assert status == 405 and text == SAID[lang]["405"], (lang, prefix, text)


def test_a_player_checked_in_twice_and_reporting_closed(tmp_path: Path) -> None:
    """Before round 1: a player the arbiter checked in already (409, his long name in the
    sentence), then reporting closed between the phone's page and its form (the
    operation's own refusal)."""
    from arbitre_tui.operations import reporting
    from arbitre_tui.operations.context import OperationError

    path = long_names_event(tmp_path / "avant.sqlite", played=False)
    service = EventService(path, check=False)
    try:
        reporting.set_enabled(service, True)
        here, other = service.store.players(service.tournament("open").id or 0)[:2]
        service.check_in(here.id or 0)
        code, other_code = player_code(service, here.id or 0), player_code(service, other.id or 0)
    finally:
        service.close()
    data = _data(path)
    srv = ServerThread(path, port=0, reporting=True)
    srv.start()
    try:
        base = f"http://127.0.0.1:{srv.port}"
        said = {"en": f"{here.name} is already checked in.", "de": "bereits als anwesend"}
        for lang in ("en", "de"):
            for prefix, asked in (("", lang), (f"/{lang}", "fr")):
                url = f"{base}{prefix}/open/pointage/{here.id}/"
                status, text = _post(url, {"code": code}, asked)
                page = _Page(text)
                assert status == 409 and page.lang == lang, (url, status)
                assert french_left(page, data) == [], (url, page.texts)
                assert said[lang] in " ".join(page.texts), (url, page.texts)
    finally:
        srv.stop()
    service = EventService(path, check=False)
    try:
        reporting.set_enabled(service, False)
        with pytest.raises(OperationError) as refused:
            reporting.propose_checkin(service, other.id or 0, other_code)
    finally:
        service.close()
    french = str(refused.value)
    assert "fermée" in french
    assert words("en").view(french).startswith("Reporting by the players is closed")
    assert words("de").view(french).startswith("Die Eingabe durch die Spieler ist geschlossen")
