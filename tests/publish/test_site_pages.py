"""The pages a player uses (issue 17): the static export crawled from disk and from a
sub-folder of a real HTTP server, pairings by name, the player's board first, tie-break
names, the French 404, the update time, dark mode, knockout deciders and cup pages."""

from __future__ import annotations

import functools
import http.server
import re
import subprocess
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from arbitre_tui.operations import EventService, cup
from arbitre_tui.publish.html.site import Site, relative
from arbitre_tui.publish.html.static import export_site
from arbitre_tui.rules.models import Player
from arbitre_tui.views.collation import sort_key
from arbitre_tui.views.reader import Reader


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """The exported site served as a host would, without a log line per page."""

    def log_message(self, format: str, *args: Any) -> None:
        pass


class _Links(HTMLParser):
    """Every href and every id of a page."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.ids: set[str] = set()
        self.texts: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "href" and value is not None:
                self.hrefs.append(value)
            if name == "id" and value is not None:
                self.ids.add(value)

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.texts.append(data.strip())


def _crawl(
    start: str, fetch: Callable[[str], str | None], read: dict[str, _Links] | None = None
) -> tuple[set[str], int, list[str]]:
    """Follows every link from ``start``: (pages, links, broken links with their page).
    A link's ``#anchor`` must name an element of the page it opens. ``read``: the pages
    already parsed, by their text — the same page fetched another way (from disk, then
    over HTTP) is parsed once."""
    parsed: dict[str, _Links | None] = {}
    by_text = {} if read is None else read

    def page(url: str) -> _Links | None:
        if url not in parsed:
            html = fetch(url)
            if html is not None and html not in by_text:
                by_text[html] = _Links(html)
            parsed[url] = by_text[html] if html is not None else None
        return parsed[url]

    todo: list[str] = [start]
    done: set[str] = set()
    links, broken = 0, []
    while todo:
        url = todo.pop()
        if url in done:
            continue
        done.add(url)
        found = page(url)
        if found is None:
            broken.append(url)
            continue
        for href in found.hrefs:
            links += 1
            target, _, anchor = urllib.parse.urljoin(url, href).partition("#")
            opened = page(target)
            if opened is None or (anchor and anchor not in opened.ids):
                broken.append(f"{url} -> {href}")
            elif target not in done:
                todo.append(target)
    return done, links, broken


@pytest.mark.slow
def test_static_export_links_resolve_from_disk_and_from_a_sub_folder(
    demo_file: Path, tmp_path: Path
) -> None:
    service = EventService(demo_file)
    cup.draw(service, "coupe", seed=3)
    root = tmp_path / "www"
    site = root / "clubs" / "strasbourg" / "open-2026"
    count = export_site(service, site)
    # French at the root, English under en/, German under de/ (issue 55): three trees
    assert count == 3 * len(Site(service).paths()) > 1500
    assert "Page introuvable" in (site / "404.html").read_text()
    assert "<html lang='en'>" in (site / "en" / "open-a" / "index.html").read_text()
    assert "Seite nicht gefunden" in (site / "de" / "404.html").read_text()

    @functools.cache
    def from_disk(url: str) -> str | None:
        parsed = urllib.parse.urlparse(url)
        assert parsed.scheme == "file", url  # no link leaves the copy
        path = Path(urllib.parse.unquote(parsed.path))
        return path.read_text() if path.is_file() else None  # a folder does not open

    read: dict[str, _Links] = {}  # each page's text parsed once for both crawls
    pages, links, broken = _crawl((site / "index.html").as_uri(), from_disk, read)
    assert broken == [] and links > 5000
    written = {p.as_uri() for p in site.rglob("index.html")}
    assert pages <= written | {(site / "404.html").as_uri()}
    # the only pages no link reaches: the cup's players, before any line-up is handed in,
    # and the K.O.'s waiting list (never paired, refunded: not ranked, issue 30.14)
    ko = service.store.ko_registration(service.tournament("open-ko").id or 0)
    waiting = {f"/open-ko/joueur-{pid}/" for pid in (ko["waiting"] if ko else [])}
    assert (
        all("/coupe/joueur-" in p or any(w in p for w in waiting) for p in written - pages)
        and len(pages) > 1500  # each language reached through the links between languages
    )

    handler = functools.partial(_QuietHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}/clubs/strasbourg/open-2026/"

    @functools.cache
    def over_http(url: str) -> str | None:
        assert url.startswith(base), url  # every link stays under the sub-folder
        try:
            with urllib.request.urlopen(url, timeout=10) as r:
                return str(r.read().decode())
        except urllib.error.HTTPError:
            return None

    try:
        pages, links, broken = _crawl(base, over_http, read)
    finally:
        server.shutdown()
        server.server_close()
    assert broken == [] and len(pages) > 1500 and links > 5000


def test_links_are_relative_to_the_page() -> None:
    assert relative("/open-a/ronde-3/", "/open-a/joueur-7/") == "../joueur-7/"
    assert relative("/open-a/ronde-3/noms/", "/") == "../../../"
    assert relative("/open-a/", "/open-a/#b3") == "./#b3"
    assert relative("/", "/open-a/classement/") == "open-a/classement/"


def _text(html: str) -> str:
    return " ".join(_Links(html).texts)


def test_pairings_by_name_in_french_order(demo_file: Path) -> None:
    service = EventService(demo_file)
    t = service.tournament("open-a")
    players = service.store.players(t.id or 0)
    accented = [
        ("ÉCHARD", "Émile"),
        ("BŒUF", "Anne"),
        ("ŁUKASZEWICZ", "Łukasz"),
        ("ZAHRA", "Šimon"),
    ]
    for p, (surname, first) in zip(players, accented, strict=False):
        with service.journal.operation("rename", {}) as tx:
            tx.update("players", p.id or 0, {"surname": surname, "first_name": first})
    site = Site(service)
    html = site.render("/open-a/ronde-3/noms/")
    rows = re.findall(r"<tr id='l-[A-Z]'>|<tr>", html)
    names = re.findall(r"<tr[^>]*><td[^>]*><a href='\.\./\.\./joueur-\d+/'>([^<]+)</a>", html)
    assert len(rows) - 1 == len(names) >= 2 * 59  # a line for each player of the round
    assert names == sorted(names, key=sort_key)
    e_names = [n for n in names if n[0] in "EÉ"]
    assert "ÉCHARD Émile" in e_names and names.index(e_names[-1]) < names.index(
        next(n for n in names if n.startswith("F"))
    )  # É sorts with E, before F (not after Z)
    assert names.index("ŁUKASZEWICZ Łukasz") < names.index(
        next(n for n in names if n.startswith("M"))
    )
    assert "BŒUF Anne" in names and names[-1][0] in "YZ"
    # each line: board (linked to the board's row), colour, opponent
    line = re.search(r"<tr[^>]*><td[^>]*><a [^>]*>ÉCHARD Émile</a></td>(.*?)</tr>", html)
    assert line and re.search(r"href='\.\./#b\d+'>\d+</a>", line.group(1))
    assert re.search(r"<td>(Blancs|Noirs)</td>", line.group(1))
    assert "l-E" in _Links(html).ids and "l-L" in _Links(html).ids  # letters jump down


def test_player_page_shows_the_current_board_first(demo_file: Path) -> None:
    service = EventService(demo_file)
    t = service.tournament("open-a")
    rnd = service.current_round(t)
    assert rnd is not None
    game = next(g for g in service.store.games(rnd.id or 0) if g.black_id)
    html = Site(service).render(f"/open-a/joueur-{game.black_id}/")
    first = html.index("class='me'")
    assert first < html.index("<table")
    card = _text(html[first : html.index("</div>", first)])
    white = service.store.player(game.white_id)
    assert white is not None
    assert f"Ronde {rnd.number} : échiquier {game.board} , Noirs, contre {white.name}" in card


def test_every_page_french_timed_dark_and_touchable(demo_file: Path) -> None:
    service = EventService(demo_file)
    site = Site(service)
    stamp = service.store.journal_entries(1)[0]["at"][11:16]
    for path in ("/", "/open-a/", "/open-a/classement/", "/open-ko/tableau/", "/coupe/"):
        html = site.render(path)
        assert f"mis à jour à {stamp}" in html, path
        assert "prefers-color-scheme:dark" in html and "color-scheme" in html
        assert "min-height:44px" in html  # links in tables and menus are 44 px targets
    page = site.not_found("/open-a/ronde-99/")
    assert "Page introuvable" in page and "lang='fr'" in page
    assert "href='../../'" in page  # back to the home page, from where it was asked


def test_tiebreak_headings_have_french_names_and_a_legend(demo_file: Path) -> None:
    html = Site(EventService(demo_file)).render("/open-a/classement/")
    assert "<abbr title='Buchholz tronqué'>BH/C1</abbr>" in html
    legend = html[html.index("<dl>") :]
    assert "<dt>BH/C1</dt><dd>Buchholz tronqué</dd>" in legend
    assert "<dt>BH</dt><dd>Buchholz</dd>" in legend


def test_knockout_pages_show_the_decider_and_the_ranking(demo_file: Path) -> None:
    service = EventService(demo_file)
    site = Site(service)
    bracket = _text(site.render("/open-ko/tableau/"))
    assert "½-½, Armageddon 1-0" in bracket or "½-½, Armageddon 0-1" in bracket
    assert "½-½, Armageddon ½-½ (nulle : les Noirs passent)" in bracket
    assert "✓" in bracket
    first = _text(site.render("/open-ko/ronde-1/"))  # the round page too, narrower
    assert re.search(r"½-½ \((1-0|0-1|½-½)\) \S+ \S+ ✓", first)
    assert "Entre parenthèses : le départage d'une nulle ; ✓ : qualifié." in first
    ranking = site.render("/open-ko/classement/")
    assert "Classement K.O. après la ronde" in ranking and "Pts" not in ranking


def test_cup_pages_show_scores_winner_and_why(demo_file: Path) -> None:
    service = EventService(demo_file)
    site = Site(service)
    assert "coupe/' >" not in site.render("/")
    home = _text(site.render("/"))
    assert re.search(r"Coupe d'Alsace inscriptions", home)
    cup.draw(service, "coupe", seed=3)
    home = _text(site.render("/"))
    assert "Coupe d'Alsace tour 1" in home
    standings = site.render("/coupe/classement/")
    assert (
        "Matchs" in standings and "0 pts" not in standings and "<th class='n'>Pts" not in standings
    )
    assert re.search(r"href='\.\./match-\d+/'", standings)


def test_opted_out_player_hidden_on_by_name_page(demo_file: Path) -> None:
    service = EventService(demo_file)
    t = service.tournament("open-a")
    p = service.store.players(t.id or 0)[0]
    with service.journal.operation("optout", {}) as tx:
        tx.update("players", p.id or 0, {"publish_opt_out": 1})
    html = Site(service).render("/open-a/ronde-3/noms/")
    number = Reader(service).numbers(t)[p.id or 0]  # the public (pairing) number, issue 31
    assert p.name not in html and f"Joueur n° {number}" in html
    assert isinstance(p, Player)


def test_the_letter_index_follows_the_lists_collation(demo_file: Path) -> None:
    """Issue 31, point 9: Œ under O, a name beginning with a sign under its first letter."""
    service = EventService(demo_file)
    t = service.tournament("open-a")
    players = service.store.players(t.id or 0)
    for p, surname in zip(players, ("ŒHLER", "<ZORRO>", "'T HOOFT"), strict=False):
        with service.journal.operation("rename", {}) as tx:
            tx.update("players", p.id or 0, {"surname": surname})
    html = Site(service).render("/open-a/ronde-3/noms/")
    index = html.split("<nav>")[3].split("</nav>")[0]
    letters = re.findall(r">([^<]+)</a>", index)
    assert "OE" not in letters and "<" not in letters and "&lt;" not in letters
    assert letters == sorted(letters) and all(len(x) == 1 for x in letters), letters


def test_the_knockout_standings_title_names_the_round_it_ranks(demo_file: Path) -> None:
    """Issue 31, point 9: the ranking already places the losers of round 2's decided
    matches, so its title says so; a drawn game waiting for its decider keeps its round
    in progress (every game has a result, the match is not decided)."""
    from ..helpers.cli import arbitre

    service = EventService(demo_file)

    def title() -> str:
        page = _text(Site(service).render("/open-ko/classement/"))
        return page.split("Classement K.O. ")[1].split(" Pl. ")[0]

    assert title() == "après la ronde 1, ronde 2 en cours (16 matchs décidés sur 32)"
    page = Site(service).render("/open-ko/classement/")
    assert page.count("<td class='n'>49–64</td>") == 16  # those sixteen losers, ranked
    current = service.current_round(service.tournament("open-ko"))
    assert current is not None
    games = Reader(service).games(current)
    todo = [g.board for g in games if g.black_id and g.result is None]
    for board in todo[:-1]:
        service.record_result("open-ko", board, "1-0")
    service.record_result("open-ko", todo[-1], "=-=")
    assert title() == "après la ronde 1, ronde 2 en cours (31 matchs décidés sur 32)"
    run = arbitre("decider", str(demo_file), "-t", "open-ko", str(todo[-1]), "1")
    assert run.returncode == 0, run.stderr
    assert title() == "après la ronde 2"
    from arbitre_tui.publish import pdf

    text = subprocess.run(
        ["pdftotext", "-", "-"],
        input=pdf.build(service, "classement", "open-ko"),
        capture_output=True,
        check=True,
    ).stdout.decode()
    assert "Classement K.O. après la ronde 2\n" in text
