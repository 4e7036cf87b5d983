"""The players' pages in their language (issue 55), asked of the real server on 127.0.0.1:
``Accept-Language: en`` and ``de`` for every page of the demo and of an event made from
nothing with long accented names; ``lang`` right, no French word left, the links between
languages opening the same page in the other language, ``/en/`` keeping the choice."""

from __future__ import annotations

import html
import re
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest

from arbitre_tui.faces.web.server import ServerThread
from arbitre_tui.operations import EventService
from arbitre_tui.operations.reporting import player_code
from arbitre_tui.publish.html.site import Site
from arbitre_tui.views.reader import Reader

from ...helpers.long_names import long_names_event

# French words that must not be left in an English or German page (the data aside:
# names, clubs, sections, the event's name)
TELL_TALES = (
    "ronde",
    "blancs",
    "noirs",
    "exempt",
    "forfait",
    "classement",
    "échiquier",
    "résultat",
    "joueurs",
    "appariements",
    "grille",
    "nulle",
    "vainqueur",
    "adversaire",
    "inscriptions",
    "pointage",
    "arbitre",
    "tronqué",
    "introuvable",
)
_TELL = re.compile(r"(?<!\w)(" + "|".join(TELL_TALES) + r")(?!\w)", re.IGNORECASE)


class _Page(HTMLParser):
    """A page's ``lang``, its visible text and titles, its links (with their hreflang)."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.lang = ""
        self.texts: list[str] = []
        self.links: list[tuple[str, str | None]] = []
        self._skip = 0
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang") or ""
        if tag in ("style", "script"):
            self._skip += 1
        if tag in ("a", "link") and a.get("href"):
            self.links.append((a["href"] or "", a.get("hreflang")))
        for name in ("title", "placeholder", "aria-label"):
            if a.get(name):
                self.texts.append(a[name] or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.texts.append(data.strip())


def _get(url: str, lang: str = "") -> tuple[int, dict[str, str], str]:
    headers = {"Accept-Language": lang} if lang else {}
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=20) as r:
            return r.status, dict(r.headers), r.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read().decode()


def _data(path: Path) -> list[str]:
    """The event's own words (names, clubs, sections, its name and city), longest first:
    taken out of a page's text before the French words are looked for."""
    service = EventService(path, check=False)
    try:
        reader = Reader(service)
        event = reader.event()
        out = {str(event.get("name", "")), str(event.get("city", ""))}
        for t in reader.tournaments():
            out |= {t.name, *t.stages.values()}
            for p in reader.players(t):
                out |= {p.club or "", p.name}
            out |= {r.public for r in reader.refs(t).values()}
            out |= {team.name for team in reader.teams(t)}
    finally:
        service.close()
    return sorted((w for w in out if w), key=len, reverse=True)


def french_left(page: _Page, data: list[str]) -> list[str]:
    text = " | ".join(html.unescape(t) for t in page.texts)
    for word in data:
        text = text.replace(word, " ")
    return sorted({m.group(0) for m in _TELL.finditer(text)})


def _paths(path: Path) -> list[str]:
    service = EventService(path, check=False)
    try:
        return Site(service).paths()
    finally:
        service.close()


@pytest.fixture(scope="module")
def long_names(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return long_names_event(tmp_path_factory.mktemp("lang") / "mousquetaires.sqlite")


@pytest.fixture
def served(request: pytest.FixtureRequest) -> Iterator[tuple[Path, str]]:
    path: Path = request.getfixturevalue(request.param)
    srv = ServerThread(path, port=0, reporting=True)
    srv.start()
    yield path, f"http://127.0.0.1:{srv.port}"
    srv.stop()


def _check_language(base: str, path: str, lang: str, data: list[str], follow: bool) -> None:
    """One page asked in ``lang`` (Accept-Language): its language, no French word, and
    with ``follow`` its links to the other languages opened."""
    status, headers, text = _get(base + path, lang)
    assert status == 200, (path, lang, status)
    assert headers.get("Content-Language") == lang and "Accept-Language" in headers["Vary"]
    page = _Page(text)
    assert page.lang == lang, path
    assert french_left(page, data) == [], (path, lang)
    alternates = {h: href for href, h in page.links if h}
    assert set(alternates) == {"fr", "en", "de"}, path
    if not follow:
        return
    for other, href in alternates.items():
        url = urllib.parse.urljoin(base + path, href)
        assert urllib.parse.urlsplit(url).path == f"/{other}{path}", (path, href)
        status, _, there = _get(url, lang)  # the prefix wins over Accept-Language
        assert status == 200 and _Page(there).lang == other, url


@pytest.mark.slow
@pytest.mark.parametrize("served", ["demo_file", "long_names"], indirect=True)
def test_every_page_in_english_and_german(served: tuple[Path, str]) -> None:
    path, base = served
    data = _data(path)
    paths = _paths(path)
    assert len(paths) > 30
    for i, page in enumerate(paths):
        for lang in ("en", "de"):
            _check_language(base, page, lang, data, follow=i % 25 == 0)
    # French stays the default: no Accept-Language, or one we lack
    for asked in ("", "es-ES,es;q=0.9"):
        _, headers, text = _get(base + paths[1], asked)
        assert _Page(text).lang == "fr" and headers["Content-Language"] == "fr"


@pytest.mark.parametrize("served", ["long_names"], indirect=True)
def test_the_prefix_keeps_the_language_and_its_links_stay_under_it(
    served: tuple[Path, str],
) -> None:
    path, base = served
    data = _data(path)
    for lang in ("en", "de"):
        url = f"{base}/{lang}/open/joueur-3/"
        status, _, text = _get(url, "fr-FR")  # the phone says French: the prefix wins
        page = _Page(text)
        assert status == 200 and page.lang == lang and french_left(page, data) == []
        for href, hreflang in page.links:
            target = urllib.parse.urlsplit(urllib.parse.urljoin(url, href)).path
            assert hreflang or target.startswith(f"/{lang}/"), href
        status, _, text = _get(f"{base}/{lang}/open/nulle-part/", lang)
        assert status == 404 and _Page(text).lang == lang
        assert "Page introuvable" not in text
    status, _, text = _get(f"{base}/fr/open/", "en")
    assert status == 200 and _Page(text).lang == "fr" and "Ronde" in text


@pytest.mark.parametrize("served", ["long_names"], indirect=True)
def test_the_phone_pages_in_english_and_german(served: tuple[Path, str]) -> None:
    """The table card's board entrance, the check-in entrance, a player's own check-in
    page and a refusal: in the phone's language, prefixed or asked."""
    path, base = served
    data = _data(path)
    service = EventService(path, check=False)
    try:
        t = service.tournament("jeunes")
        pid = service.store.players(t.id or 0)[0].id or 0
        code = player_code(service, pid)
    finally:
        service.close()
    for lang in ("en", "de"):
        for where in (
            "/open/saisie/3/2/",
            "/jeunes/pointage/",
            f"/jeunes/pointage/{pid}/{code}/",
            "/open/saisie/3/99/",  # no such board: the refusal
            f"/jeunes/pointage/{pid}/aaaaaaaaaa/",  # a wrong code: the refusal
        ):
            for url, asked in ((base + where, lang), (f"{base}/{lang}{where}", "fr")):
                status, _, text = _get(url, asked)
                page = _Page(text)
                assert status in (200, 403, 404) and page.lang == lang, (url, status)
                assert french_left(page, data) == [], (url, french_left(page, data))
