"""The players' results site: phone-first HTML pages rendered from the event file.

The same pages serve the live server (faces/web) and the static export. Nothing private
is ever rendered: no phone number, e-mail or birth date, and a player who objected to
publication appears as « Joueur n° N ». Pages work without JavaScript; the pairings pages
refresh themselves every minute. Every page goes through the escaping builder.

Every link is relative to the page it is on, so the site works at a domain's root, under
any sub-folder, behind a proxy and opened from disk (the static export links to
``…/index.html``, since a browser does not open a folder's index from ``file://``).

Paths (each ends with a slash, so a static copy is ``…/index.html``): ``/`` the event,
then one :class:`Page` each under ``/KEY/`` (see :data:`PAGES`): the current round, a
round, its pairings by name, the standings, the crosstable, a player, the knockout's
bracket, a cup match. A new page is one more :func:`register` call.
"""

from __future__ import annotations

import datetime as dt
import posixpath
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING

from ...operations.event import EventService, OperationError
from ...operations.formats import format_of
from ...rules.models import StoredTournament
from ...rules.names import fold
from ...views.match_sheet import match_sheets
from ...views.reader import PlayerRef, Reader
from ..figures import french, half
from ..lang import LANGS, NAMES, Words, words
from .builder import Child, Markup, document, el, raw
from .builder import NotFound as NotFound
from .builder import row as _row
from .builder import table as _table
from .style import CSS, SEARCH_SCRIPT

if TYPE_CHECKING:
    from ...views.player_card import PlayerCard
    from ...views.player_card import Progress as PlayerProgress
    from ...views.round_sheet import RoundSheet

_KEY = re.compile(r"^/(?P<key>[a-z0-9][a-z0-9-]*)/(?P<tail>.*)$")


Render = Callable[["Site", StoredTournament, "re.Match[str]"], str]


@dataclass(frozen=True)
class Page:
    """One kind of page of a section: where it is (``pattern``, the path after
    ``/KEY/``), how it renders, which of them the export writes, and the menu's label."""

    pattern: re.Pattern[str]
    render: Render
    paths: Callable[[Site, StoredTournament], Iterable[str]]
    nav: str | None = None  # the label in the section's menu; None: not in the menu
    applies: Callable[[StoredTournament], bool] = lambda t: True


PAGES: list[Page] = []


def register(
    pattern: str,
    render: Render,
    paths: Callable[[Site, StoredTournament], Iterable[str]],
    nav: str | None = None,
    applies: Callable[[StoredTournament], bool] = lambda t: True,
) -> None:
    """Adds a page to every section it ``applies`` to (a new page: one call)."""
    PAGES.append(Page(re.compile(f"^{pattern}$"), render, paths, nav, applies))


def _letter(name: str) -> str:
    """The index letter of a name as the list's collation files it: its first letter
    folded (Œ under O, É under E), « # » when it has none (never « < » or « OE »)."""
    return next((c for c in fold(name).upper() if "A" <= c <= "Z"), "#")


def relative(here: str, target: str) -> str:
    """``target`` (a site path, maybe with ``#anchor``) as seen from the page ``here``."""
    path, _, anchor = target.partition("#")
    rel = posixpath.relpath(path, here) if path != here else "."
    rel = "./" if rel == "." else rel + "/"
    return rel + (f"#{anchor}" if anchor else "")


class Site:
    """Renders the pages of one event file (one page at a time: links are relative to
    the page being rendered)."""

    def __init__(self, service: EventService, static: bool = False) -> None:
        self.service = service
        self.reader = Reader(service)
        self.static = static  # links name ``index.html`` (pages opened from disk)
        self.reporting = False  # the live server takes players' proposals (issue 36)
        self._here = "/"
        self.tr: Words = words("fr")  # the language of the page being rendered (issue 55)
        # where each language's pages are: the live server's prefixes (its unprefixed
        # pages follow Accept-Language); the export's French at its root
        self.roots = {"fr": "" if static else "/fr", "en": "/en", "de": "/de"}
        self.root = ""  # the prefix of the page being rendered
        self._progress: dict[tuple[int, int], PlayerProgress] = {}

    # -- routing --------------------------------------------------------------------------
    def use(self, lang: str, root: str | None = None) -> None:
        """The pages rendered next are in ``lang``, their site under ``root`` (the
        language's prefix by default; "" for the server's negotiated pages)."""
        self.tr = words(lang)
        self.root = self.roots[self.tr.lang] if root is None else root

    def render(self, path: str) -> str:
        """The page at ``path``; raises :class:`NotFound`."""
        self._here = path
        if path == "/":
            return self.home()
        m = _KEY.match(path)
        t = self.reader.find(m.group("key")) if m else None
        if m is None or t is None:
            raise NotFound(path)
        for page in PAGES:
            found = page.pattern.match(m.group("tail"))
            if found and page.applies(t):
                return page.render(self, t, found)
        raise NotFound(path)

    def paths(self) -> list[str]:
        """Every page of the site (for the static export and the privacy crawl)."""
        out = ["/"]
        for t in self.reader.tournaments():
            for page in PAGES:
                if page.applies(t):
                    out += [f"/{t.key}/{tail}" for tail in page.paths(self, t)]
        return out

    def not_found(self, path: str = "/") -> str:
        """The « page introuvable », its links relative to ``path``."""
        tr = self.tr
        self._here = path if path.endswith("/") else posixpath.dirname(path) + "/"
        return self._page(
            tr("Page introuvable"),
            el("h1", tr("Page introuvable")),
            el(
                "p",
                tr(
                    "Cette page n'existe pas (ou plus) : la ronde n'est peut-être pas encore "
                    "appariée, ou l'adresse est incomplète."
                ),
            ),
            el("nav", self.link("/", tr("Retour à l'accueil"))),
        )

    # -- pieces ----------------------------------------------------------------------------
    def link(self, path: str, *label: Child, **attrs: str | None) -> Markup:
        """A link to one of the site's own pages (every href of the site is made here)."""
        href = relative(self._here, path)
        if self.static:
            href = re.sub(r"/(#|$)", r"/index.html\1", href, count=1)
        return el("a", *label, href=href, **attrs)

    def _updated(self) -> str:
        """« mis à jour à 14:22 »: the last change written to the file (else now)."""
        last = self.reader.journal_entries(1)
        at = str(last[0]["at"]) if last else dt.datetime.now().isoformat(timespec="minutes")
        return self.tr("mis à jour à {time}", time=at[11:16])

    def _languages(self) -> tuple[Markup, Markup]:
        """This page in the other languages: the head's alternates, the visible links."""
        here = self.root + self._here
        alternates, links = [], []
        for lang in LANGS:
            href = relative(here, self.roots[lang] + self._here)
            if self.static:
                href = re.sub(r"/(#|$)", r"/index.html\1", href, count=1)
            alternates.append(el("link", rel="alternate", hreflang=lang, href=href))
            if lang != self.tr.lang:
                links.append(el("a", NAMES[lang], href=href, hreflang=lang, lang=lang))
        return Markup("".join(alternates)), el("span", links, cls="lg")

    def _page(self, title: str, *body: Child, refresh: bool = False) -> str:
        ev = self.reader.event()
        alternates, languages = self._languages()
        meta = [
            el("meta", name="color-scheme", content="light dark"),
            el("meta", http_equiv="refresh", content="60") if refresh else None,
            alternates,
        ]
        top = el(
            "p",
            self.link("/", str(ev.get("name", ""))),
            el("span", self._updated(), " ", languages, cls="m"),
            cls="m top",
        )
        return document(title, CSS, top, *body, head=meta, lang=self.tr.lang)

    def _nav(self, t: StoredTournament, on: str = "") -> Markup:
        links = [
            self.link(f"/{t.key}/{tail}", self.tr(page.nav), cls="on" if tail == on else None)
            for page in PAGES
            if page.nav and page.applies(t)
            for tail in [next(iter(page.paths(self, t)), "")]
        ]
        return Markup(el("h1", t.name) + el("nav", links))

    def _link(self, t: StoredTournament, ref: PlayerRef | None, rating: bool = True) -> Markup:
        """A player's public name, linked to their page, and rating."""
        if ref is None:
            return Markup("—")
        name = self.link(f"/{t.key}/joueur-{ref.id}/", ref.public)
        return (
            Markup(name + " " + el("span", ref.rating, cls="m"))
            if rating and ref.rating and not ref.anonymous
            else name
        )

    def _round_tab(self, t: StoredTournament, number: int) -> str:
        """The menu entry a round's page is under: « Ronde en cours » for the current one."""
        rnd = self.reader.round(t)
        return "" if rnd is not None and rnd.number == number else f"ronde-{number}/"

    def _round_nav(self, t: StoredTournament, number: int, by_name: bool) -> Markup:
        tail = "noms/" if by_name else ""
        rounds = [
            self.link(
                f"/{t.key}/ronde-{r.number}/{tail}",
                f"R{r.number}",
                cls="on" if r.number == number else None,
            )
            for r in self.reader.rounds(t)
        ]
        other = (
            self.link(f"/{t.key}/ronde-{number}/", self.tr("Par échiquier"))
            if by_name
            else self.link(f"/{t.key}/ronde-{number}/noms/", self.tr("Par nom"))
        )
        return el("nav", rounds, other)

    # -- pages -------------------------------------------------------------------------------
    def home(self) -> str:
        ev = self.reader.event()
        items = []
        for t in self.reader.tournaments():
            items.append(
                el("li", self.link(f"/{t.key}/", t.name), " ", el("span", self._state(t), cls="m"))
            )
        name = str(ev.get("name", ""))
        where = [str(ev.get("city") or ""), self.tr.dates(ev.get("start_date"), ev.get("end_date"))]
        body = [el("h1", name), el("p", " · ".join(filter(None, where)), cls="m"), el("ul", items)]
        return self._page(name, *body)

    def _state(self, t: StoredTournament) -> str:
        """Where a section stands: « ronde 3 », « tour 2 », else « inscriptions »."""
        if format_of(t).by_teams:
            from ...views.cup import build as cup

            last = cup(self.reader, t).last_round
            return self.tr("tour {n}", n=last) if last else self.tr("inscriptions")
        rnd = self.reader.round(t)
        return self.tr("ronde {n}", n=rnd.number) if rnd else self.tr("inscriptions")

    def current_page(self, t: StoredTournament) -> str:
        if format_of(t).by_teams:
            return self.cup_page(t)
        rnd = self.reader.round(t)
        return self.round_page(t, rnd.number if rnd else 0, current=True)

    def round_page(self, t: StoredTournament, number: int, current: bool = False) -> str:
        from ...views.bracket import round_matches

        sheet = self._sheet(t, number) if number else None
        if sheet is None or not sheet.number:
            if number and not current:
                raise NotFound(f"/{t.key}/ronde-{number}/")
            return self._page(
                t.name, self._nav(t), el("p", self.tr("Pas encore d'appariements.")), refresh=True
            )
        n = sheet.number  # a knockout's deciders:
        ko = self.reader.keep(("ko", t.id, n), lambda: round_matches(self.reader, t, n))
        started = (rnd := self.reader.round(t, sheet.number)) and rnd.start_time
        tr = self.tr
        rows = []
        for b in sheet.boards:
            m = ko.get(b.board)
            won = m.winner.id if m and m.winner else None
            shown = m.short if m else b.shown if b.black else b.bye_label or "attend un adversaire"
            shown = tr.view(shown)
            rows.append(
                _row(
                    el("td", b.board, cls="n"),
                    el("td", self._through(t, b.white, won, rating=False), cls="p"),
                    el("td", shown, cls="r"),
                    el("td", self._through(t, b.black, won, rating=False), cls="p"),
                    id=f"b{b.board}",
                )
            )
        legend = (
            el("p", tr("Entre parenthèses : le départage d'une nulle ; ✓ : qualifié."), cls="m")
            if ko
            else None
        )
        stage = f" ({tr.view(sheet.named_stage)})" if sheet.named_stage else ""
        head = [el("th", tr("Éch."), cls="n"), el("th", tr("Blancs")), el("th", tr("Rés."))]
        head.append(el("th", tr("Noirs")))
        resting = (  # a round robin's rest (issue 29.6)
            el(
                "p",
                tr("Ne joue pas cette ronde : "),
                [
                    [", " if i else "", self._link(t, p, rating=False)]
                    for i, p in enumerate(sheet.sitting_out)
                ],
                ".",
            )
            if sheet.sitting_out
            else None
        )
        return self._page(
            f"{t.name} — {tr('ronde {n}', n=sheet.number)}",
            self._nav(t, self._round_tab(t, sheet.number)),
            el("h2", tr("Ronde {n}", n=sheet.number) + stage),
            el("p", tr.started(started), cls="m") if started else None,
            self._round_nav(t, sheet.number, by_name=False),
            _table(head, rows),
            resting,
            legend,
            refresh=not sheet.closed,
        )

    def _sheet(self, t: StoredTournament, number: int) -> RoundSheet:
        """Round ``number``'s sheet: built once per export for its pages in each language."""
        from ...views.round_sheet import build

        return self.reader.keep(("sheet", t.id, number), lambda: build(self.reader, t, number))

    def by_name_page(self, t: StoredTournament, number: int) -> str:
        """The round's pairings in French alphabetical order: a player finds their name,
        then their board, colour and opponent; letters jump down the list."""
        sheet = self._sheet(t, number)
        if not sheet.number:
            raise NotFound(f"/{t.key}/ronde-{number}/noms/")
        rows, letters = [], []
        for line in sheet.by_name:
            letter = _letter(line.player.public)
            first = letter not in letters
            if first:
                letters.append(letter)
            rows.append(
                _row(
                    el("td", self._link(t, line.player, rating=False), cls="p"),
                    el(
                        "td",
                        self.link(f"/{t.key}/ronde-{number}/#b{line.board}", line.board)
                        if line.board
                        else "—",  # resting: no board
                        cls="n",
                    ),
                    el("td", self.tr.view(line.colour or line.shown)),
                    el(
                        "td",
                        self._link(t, line.opponent, rating=False) if line.opponent else None,
                        cls="p",
                    ),
                    id=f"l-{letter}" if first else None,
                )
            )
        index = el("nav", [self.link(f"/{t.key}/ronde-{number}/noms/#l-{x}", x) for x in letters])
        tr = self.tr
        head = [el("th", tr("Joueur")), el("th", tr("Éch."), cls="n"), el("th", tr("Couleur"))]
        head.append(el("th", tr("Adversaire")))
        return self._page(
            f"{t.name} — {tr('ronde {n} par nom', n=sheet.number)}",
            self._nav(t, self._round_tab(t, sheet.number)),
            el("h2", tr("Ronde {n} : appariements par nom", n=sheet.number)),
            self._round_nav(t, sheet.number, by_name=True),
            index,
            _table(head, rows),
            refresh=not sheet.closed,
        )

    def standings_page(self, t: StoredTournament) -> str:
        """Points and tie-breaks; a knockout's ranking; a cup's matches and scores."""
        from ...views.standings import build

        try:
            view = self.reader.keep(("standings", t.id), lambda: build(self.reader, t))
        except OperationError:
            view = None
        tr = self.tr
        if view is not None and view.kind == "cup":
            return self.cup_page(t, title=f"{t.name} — {tr('classement')}")
        codes = view.codes if view is not None else ("PTS",)
        names = {c: tr.tiebreak(c) for c, _ in view.legend} if view is not None else {}
        head = [el("th", tr("Pl."), cls="n"), el("th", tr("Nom"))]
        head += [
            el("th", el("abbr", c, title=names[c]) if c in names else tr("Pts"), cls="n")
            for c in codes
        ]
        lines = [
            _row(
                el("td", r.place, cls="n"),
                el("td", self._link(t, r.player), cls="p"),
                *[
                    el("td", french(v, c == "PTS"), cls="n")
                    for c, v in zip(codes, r.shown, strict=False)
                ],
            )
            for r in (view.rows if view is not None else ())
        ]
        title = tr.view(view.title if view is not None else "classement après la ronde 0")
        legend = (
            el("dl", [[el("dt", c), el("dd", name)] for c, name in names.items()])
            if names
            else None
        )
        return self._page(
            f"{t.name} — {tr('classement')}",
            self._nav(t, "classement/"),
            el("h2", title[0].upper() + title[1:]),
            _table(head, lines),
            [el("p", tr.view(note)) for note in view.notes] if view is not None else None,
            legend,
        )

    def crosstable_page(self, t: StoredTournament) -> str:
        from ...views.crosstable import build

        grid = self.reader.keep(("crosstable", t.id), lambda: build(self.reader, t))
        lines = [
            _row(
                el("td", r.place, cls="n"),
                el("td", r.number, cls="n"),
                el("td", self.link(f"/{t.key}/joueur-{r.player.id}/", r.player.public), cls="p"),
                *[el("td", c, cls="r") for c in r.cells],
                el("td", half(r.points), cls="n"),
            )
            for r in grid.rows
        ]
        tr = self.tr
        head = [el("th", tr("Pl."), cls="n"), el("th", tr("N°"), cls="n"), el("th", tr("Nom"))]
        head += [el("th", n, cls="r") for n in grid.rounds] + [el("th", tr("Pts"), cls="n")]
        return self._page(
            f"{t.name} — {tr('grille')}",
            self._nav(t, "grille/"),
            el("h2", tr("Grille")),
            _table(head, lines),
        )

    def player_page(self, t: StoredTournament, pid: int) -> str:
        """The player's card: each round's game, points, total and place after the round,
        the performance, and where they play now (chess-results' « fiche joueur »)."""
        from ...views.player_card import build, progress

        key = (t.id, self.reader.data_version())
        if key not in self._progress:  # once per section and state: the export's every card
            self._progress = {key: progress(self.reader, t)}
        seen = self._progress[key]
        card = self.reader.keep(("card", t.id, pid), lambda: build(self.reader, t, pid, seen))
        if card is None:
            raise NotFound(f"/{t.key}/joueur-{pid}/")
        tr, rows = self.tr, []
        for g in card.games:
            if g.opponent is None:
                colour, opponent, pts = None, tr.view(g.bye_label), half(g.points or 0)
            else:
                colour, opponent = tr.view(g.colour), self._link(t, g.opponent)
                pts = "" if g.points is None else half(g.points)
                pts += tr(" (forfait)") if g.forfeit and g.points is not None else ""
            rows.append(
                _row(
                    el("td", self.link(f"/{t.key}/ronde-{g.round}/#b{g.board}", g.round), cls="n"),
                    el("td", colour),
                    el("td", opponent, cls="p"),
                    el("td", pts, cls="r"),
                    el("td", half(g.total), cls="n"),
                    el("td", g.place, cls="n"),
                )
            )
        p = card.player
        about = "" if card.opt_out else f"{p.club} {p.rating or ''}"
        total = card.games[-1].total if card.games else 0.0
        summary = [tr("n° {n}", n=p.number), tr.plural("{n} pt", "{n} pts", total, n=half(total))]
        if card.performance:
            summary.append(tr("performance {n}", n=card.performance))
        head = [el("th", tr("R."), cls="n"), el("th", tr("Coul.")), el("th", tr("Adversaire"))]
        head += [el("th", tr("Pts")), el("th", tr("Total"), cls="n"), el("th", tr("Pl."), cls="n")]
        return self._page(
            f"{p.public} — {t.name}",
            self._nav(t, "joueurs/"),
            el("h2", p.public),
            self._now_playing(t, card),
            self._report_form(t, card),
            el("p", about, cls="m"),
            el("p", " · ".join(summary), cls="sum"),
            _table(head, rows),
        )

    def players_page(self, t: StoredTournament) -> str:
        """Every player, in French order, with a search box by name: a few lines of script
        filter the list in the page itself (the static export too, with no server); without
        script the whole list shows."""
        from ...views.collation import sort_key

        refs = sorted(self.reader.refs(t).values(), key=lambda r: sort_key(r.public))
        items = [el("li", self._link(t, r), **{"data-k": fold(r.public).lower()}) for r in refs]
        box = el(
            "input",
            type="search",
            id="q",
            placeholder=self.tr("Chercher un nom"),
            aria_label=self.tr("Chercher un joueur par son nom"),
            autocomplete="off",
        )
        return self._page(
            f"{t.name} — {self.tr('joueurs')}",
            self._nav(t, "joueurs/"),
            el("h2", self.tr("Joueurs ({n})", n=len(refs))),
            el("p", box),
            el("ul", items, id="joueurs"),
            el("script", raw(SEARCH_SCRIPT)),
        )

    def _report_form(self, t: StoredTournament, card: PlayerCard) -> Child:
        """The small form proposing the result, only on the live server taking proposals
        while the organiser has reporting on (never in the export)."""
        if not self.reporting or self.static:
            return None
        from ...operations.reporting import is_open
        from .reporting import player_form

        return player_form(self, t, card) if is_open(self.service) else None

    def _now_playing(self, t: StoredTournament, card: PlayerCard) -> Child:
        """« Ronde 3 : échiquier 12, Blancs, contre X » — what a player looks for first."""
        rnd = self.reader.round(t)
        g = card.in_round(rnd.number) if rnd else None
        if rnd is None or g is None:
            return None
        tr = self.tr
        if g.opponent is None:
            what: list[Child] = [tr.view(g.bye_label or "exempt")]
        else:
            where = tr("échiquier {n}", n=g.board)
            what = [
                self.link(f"/{t.key}/ronde-{g.round}/#b{g.board}", where),
                tr(", {colour}, contre ", colour=tr.view(g.colour)),
                self._link(t, g.opponent),
            ]
        return el("div", el("strong", tr("Ronde {n} : ", n=g.round)), what, cls="me")

    def cup_page(self, t: StoredTournament, title: str | None = None) -> str:
        """A cup's matches: its current page and its standings (publish/html/teams.py)."""
        from .teams import cup_page

        return cup_page(self, t, title)

    def _through(
        self, t: StoredTournament, ref: PlayerRef | None, won: int | None, rating: bool = True
    ) -> Child:
        """A knockout's player, marked « ✓ » when they went through."""
        if ref is None:
            return None
        link = self._link(t, ref, rating)
        return el("strong", link, " ✓") if ref.id == won else link


def _teams() -> ModuleType:
    from . import teams  # imported when a bracket's or a cup's page is asked for

    return teams


def _by_teams(t: StoredTournament) -> bool:
    return format_of(t).by_teams


def _rounds(site: Site, t: StoredTournament) -> list[int]:
    return [r.number for r in site.reader.rounds(t)]


def _grille_page(site: Site, t: StoredTournament) -> str:
    from .grille import grille_body  # imported when the page is asked for

    body = grille_body(site.reader, t, site.link, site.tr)
    title = f"{t.name} — {site.tr('grille américaine')}"
    return site._page(title, site._nav(t, "grille-americaine/"), *body)


# the section's pages, in menu order (the first page of each kind is the one the menu links)
register("", lambda s, t, m: s.current_page(t), lambda s, t: [""], "Ronde en cours")
register(
    "classement/", lambda s, t, m: s.standings_page(t), lambda s, t: ["classement/"], "Classement"
)
register(
    "grille/",
    lambda s, t, m: s.crosstable_page(t),
    lambda s, t: ["grille/"],
    "Grille",
    applies=lambda t: not _by_teams(t),
)
register(
    "grille-americaine/",
    lambda s, t, m: _grille_page(s, t),
    lambda s, t: ["grille-americaine/"],
    "Grille américaine",
    applies=lambda t: not _by_teams(t),
)
register(
    "tableau/",
    lambda s, t, m: _teams().bracket_page(s, t),
    lambda s, t: ["tableau/"],
    "Tableau",
    applies=lambda t: format_of(t).has_bracket,
)
register(
    "joueurs/",
    lambda s, t, m: s.players_page(t),
    lambda s, t: ["joueurs/"],
    "Joueurs",
)
register(
    r"ronde-(?P<n>[0-9]{1,2})/",
    lambda s, t, m: s.round_page(t, int(m["n"])),
    lambda s, t: [f"ronde-{n}/" for n in _rounds(s, t)],
)
register(
    r"ronde-(?P<n>[0-9]{1,2})/noms/",
    lambda s, t, m: s.by_name_page(t, int(m["n"])),
    lambda s, t: [f"ronde-{n}/noms/" for n in _rounds(s, t)],
    applies=lambda t: not _by_teams(t),
)
register(
    r"joueur-(?P<id>[0-9]{1,6})/",
    lambda s, t, m: s.player_page(t, int(m["id"])),
    lambda s, t: [f"joueur-{p.id}/" for p in s.reader.players(t)],
)
register(
    r"match-(?P<id>[0-9]{1,6})/",
    lambda s, t, m: _teams().match_page(s, t, int(m["id"])),
    lambda s, t: [f"match-{x.match_id}/" for x in match_sheets(s.service, t)],
    applies=_by_teams,
)
