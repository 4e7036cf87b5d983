"""The players' results site: phone-first HTML pages rendered from the event file.

The same pages serve the live server (faces/web) and the static export. Nothing private
is ever rendered: no phone number, e-mail or birth date, and a player who objected to
publication appears as « Joueur n° N ». Pages work without JavaScript; the pairings pages
refresh themselves every minute. Every page goes through the escaping builder.

Paths (each ends with a slash, so a static copy is ``…/index.html``):
``/`` the event; ``/KEY/`` the current round; ``/KEY/ronde-N/``; ``/KEY/classement/``;
``/KEY/grille/`` the crosstable; ``/KEY/joueur-ID/``; ``/KEY/tableau/`` (knockout);
``/KEY/match-ID/`` (cup match sheet).
"""

from __future__ import annotations

import re

from ...operations.event import EventService, OperationError
from ...operations.formats import format_of
from ...rules.models import Tournament
from ...views.match_sheet import MatchSheet, match_sheets
from ...views.reader import PlayerRef, Reader, player_ref
from .builder import Child, Markup, document, el

CSS = (
    "body{font:16px/1.4 system-ui,sans-serif;margin:0;padding:.5em;max-width:48em;"
    "color:#111;background:#fff}h1{font-size:1.25em;margin:.2em 0}h2{font-size:1.1em;"
    "margin:.6em 0 .3em}nav a{margin-right:.8em}table{border-collapse:collapse;width:100%}"
    "td,th{padding:.25em .3em;border-bottom:1px solid #ddd;text-align:left}"
    "td.n,th.n{text-align:right}td.r{text-align:center;white-space:nowrap}"
    "tr:nth-child(even){background:#f4f4f4}a{color:#0645ad}.m{color:#555;font-size:.9em}"
    ".x{overflow-x:auto}"
)

_PATH = re.compile(
    r"^/(?:(?P<key>[a-z0-9][a-z0-9-]*)/(?:(?P<page>classement|grille|grille-americaine|tableau)/|"
    r"ronde-(?P<round>[0-9]{1,2})/|joueur-(?P<player>[0-9]{1,6})/|match-(?P<match>[0-9]{1,6})/)?)?$"
)


class NotFound(Exception):
    """No such page."""


def _row(*cells: Markup, **attrs: str) -> Markup:
    return el("tr", *cells, **attrs)


def _table(head: list[Markup], rows: list[Markup], wide: bool = True) -> Markup:
    table = el("table", el("tr", head), rows)
    return el("div", table, cls="x") if wide else table


class Site:
    """Renders the pages of one event file."""

    def __init__(self, service: EventService) -> None:
        self.service = service
        self.reader = Reader(service)

    # -- routing --------------------------------------------------------------------------
    def render(self, path: str) -> str:
        """The page at ``path``; raises :class:`NotFound`."""
        m = _PATH.match(path)
        if m is None:
            raise NotFound(path)
        key = m.group("key")
        if key is None:
            return self.home()
        t = self.reader.find(key)
        if t is None or t.id is None:
            raise NotFound(path)
        if m.group("round"):
            return self.round_page(t, int(m.group("round")))
        if m.group("player"):
            return self.player_page(t, int(m.group("player")))
        if m.group("match"):
            return self.match_page(t, int(m.group("match")))
        page = m.group("page")
        if page == "classement":
            return self.standings_page(t)
        if page == "grille":
            return self.crosstable_page(t)
        if page == "grille-americaine":
            from .grille import grille_page

            return grille_page(self, t)
        if page == "tableau":
            return self.bracket_page(t)
        if format_of(t).by_teams:
            return self.cup_page(t)
        rnd = self.service.current_round(t)
        return self.round_page(t, rnd.number if rnd else 0, current=True)

    def paths(self) -> list[str]:
        """Every page of the site (for the static export and the privacy crawl)."""
        out = ["/"]
        for t in self.reader.tournaments():
            assert t.id is not None
            out += [f"/{t.key}/", f"/{t.key}/classement/"]
            if not format_of(t).by_teams:
                out += [f"/{t.key}/grille/", f"/{t.key}/grille-americaine/"]
            if format_of(t).has_bracket:
                out.append(f"/{t.key}/tableau/")
            out += [f"/{t.key}/ronde-{r.number}/" for r in self.reader.rounds(t)]
            out += [f"/{t.key}/joueur-{p.id}/" for p in self.reader.players(t)]
            if format_of(t).by_teams:
                out += [f"/{t.key}/match-{s.match_id}/" for s in match_sheets(self.service, t)]
        return out

    # -- pieces ----------------------------------------------------------------------------
    @staticmethod
    def link(path: str, *label: Child) -> Markup:
        """A link to one of the site's own pages (every href of the site is made here)."""
        return el("a", *label, href=path)

    def _page(self, title: str, *body: Child, refresh: bool = False) -> str:
        ev = self.reader.event()
        meta = el("meta", http_equiv="refresh", content="60") if refresh else None
        home = el("p", self.link("/", str(ev.get("name", ""))), cls="m")
        return document(title, CSS, home, *body, head=meta)

    def _nav(self, t: Tournament) -> Markup:
        links = [("", "Ronde en cours"), ("classement/", "Classement")]
        if not format_of(t).by_teams:
            links += [("grille/", "Grille"), ("grille-americaine/", "Grille américaine")]
        if format_of(t).has_bracket:
            links.append(("tableau/", "Tableau"))
        inner = [self.link(f"/{t.key}/{href}", label) for href, label in links]
        return Markup(el("h1", t.name) + el("nav", inner))

    def _link(self, t: Tournament, ref: PlayerRef | None) -> Markup:
        """A player's public name, linked to their page, and rating."""
        if ref is None:
            return Markup("—")
        name = self.link(f"/{t.key}/joueur-{ref.id}/", ref.public)
        return Markup(name + " " + el("span", ref.rating, cls="m")) if ref.rating else name

    # -- pages -------------------------------------------------------------------------------
    def home(self) -> str:
        ev = self.reader.event()
        items = []
        for t in self.reader.tournaments():
            assert t.id is not None
            rnd = self.service.current_round(t)
            state = f"ronde {rnd.number}" if rnd else "inscriptions"
            items.append(el("li", self.link(f"/{t.key}/", t.name), " ", el("span", state, cls="m")))
        name = str(ev.get("name", ""))
        body = [el("h1", name), el("p", str(ev.get("city", "")), cls="m"), el("ul", items)]
        return self._page(name, *body)

    def round_page(self, t: Tournament, number: int, current: bool = False) -> str:
        from ...views.round_sheet import build

        sheet = build(self.reader, t, number) if number else None
        if sheet is None or not sheet.number:
            if number and not current:
                raise NotFound(f"/{t.key}/ronde-{number}/")
            return self._page(
                t.name, self._nav(t), el("p", "Pas encore d'appariements."), refresh=True
            )
        rows = []
        for b in sheet.boards:
            shown = b.result_label if b.black else (b.bye_label or "attend un adversaire")
            rows.append(
                _row(
                    el("td", b.board, cls="n"),
                    el("td", self._link(t, b.white)),
                    el("td", shown, cls="r"),
                    el("td", self._link(t, b.black) if b.black else None),
                    id=f"b{b.board}",
                )
            )
        others = [
            [" ", self.link(f"/{t.key}/ronde-{r.number}/", r.number)] for r in self.reader.rounds(t)
        ]
        stage = f" ({sheet.named_stage})" if sheet.named_stage else ""
        head = [el("th", "Éch.", cls="n"), el("th", "Blancs"), el("th", "Rés."), el("th", "Noirs")]
        return self._page(
            f"{t.name} — ronde {sheet.number}",
            self._nav(t),
            el("h2", f"Ronde {sheet.number}{stage}"),
            el("p", "Rondes :", others, cls="m"),
            _table(head, rows),
            refresh=not sheet.closed,
        )

    def standings_page(self, t: Tournament) -> str:
        """Points and tie-breaks; a knockout's ranking; a cup's matches and scores."""
        from ...views.standings import build

        try:
            view = build(self.reader, t)
        except OperationError:
            view = None
        if view is not None and view.kind == "cup":
            return self.cup_page(t, title=f"{t.name} — classement")
        codes = view.columns if view is not None else ("Pts",)
        head = [el("th", "Pl.", cls="n"), el("th", "Nom")]
        head += [el("th", c, cls="n") for c in codes]
        lines = [
            _row(
                el("td", r.place, cls="n"),
                el("td", self._link(t, r.player)),
                *[el("td", v, cls="n") for v in r.shown],
            )
            for r in (view.rows if view is not None else ())
        ]
        title = view.title if view is not None else "classement après la ronde 0"
        return self._page(
            f"{t.name} — classement",
            self._nav(t),
            el("h2", title[0].upper() + title[1:]),
            _table(head, lines),
        )

    def crosstable_page(self, t: Tournament) -> str:
        from ...views.crosstable import build

        grid = build(self.reader, t)
        lines = [
            _row(
                el("td", r.number, cls="n"),
                el("td", self.link(f"/{t.key}/joueur-{r.player.id}/", r.player.public)),
                *[el("td", c, cls="r") for c in r.cells],
                el("td", f"{r.points:g}", cls="n"),
            )
            for r in grid.rows
        ]
        head = [el("th", "N°", cls="n"), el("th", "Nom")]
        head += [el("th", n, cls="r") for n in grid.rounds] + [el("th", "Pts", cls="n")]
        return self._page(
            f"{t.name} — grille", self._nav(t), el("h2", "Grille"), _table(head, lines)
        )

    def player_page(self, t: Tournament, pid: int) -> str:
        from ...views.player_card import build

        card = build(self.reader, t, pid)
        if card is None:
            raise NotFound(f"/{t.key}/joueur-{pid}/")
        rows = []
        for g in card.games:
            if g.opponent is None:
                colour, opponent, pts = None, g.bye_label, f"{g.points or 0:g}"
            else:
                colour, opponent = g.colour, self._link(t, g.opponent)
                pts = (
                    ""
                    if g.points is None
                    else f"{g.points:g}" + (" (forfait)" if g.forfeit else "")
                )
            rows.append(
                _row(
                    el("td", g.round, cls="n"),
                    el("td", colour),
                    el("td", opponent),
                    el("td", pts, cls="r"),
                    el("td", f"{g.total:g}", cls="n"),
                )
            )
        p = card.player
        club = "" if card.opt_out else p.club
        head = [el("th", "R.", cls="n"), el("th", "Couleur"), el("th", "Adversaire")]
        head += [el("th", "Pts"), el("th", "Total", cls="n")]
        return self._page(
            f"{p.public} — {t.name}",
            self._nav(t),
            el("h2", p.public),
            el("p", f"{club} {p.rating or ''}", cls="m"),
            _table(head, rows),
        )

    def bracket_page(self, t: Tournament) -> str:
        from ...views.bracket import build

        if not format_of(t).has_bracket:
            raise NotFound(f"/{t.key}/tableau/")
        parts = []
        for rnd in build(self.reader, t).rounds:
            items = []
            for m in sorted(rnd.matches, key=lambda m: m.board.slot or m.board.board):
                b = m.board
                res = b.result_label + (f" ({b.decider_label})" if b.decider else "")
                if b.black is None:
                    res = b.bye_label or "…"
                items.append(
                    _row(
                        el("td", self._link(t, b.white)),
                        el("td", res, cls="r"),
                        el("td", self._link(t, b.black)),
                    )
                )
            parts += [
                el("h2", t.stages.get(rnd.number) or f"Ronde {rnd.number}"),
                el("table", items),
            ]
        return self._page(f"{t.name} — tableau", self._nav(t), parts)

    def cup_page(self, t: Tournament, title: str | None = None) -> str:
        """The cup's matches, each with its score and winner, linked to its sheet: the cup's
        current page and its standings."""
        from ...views.cup import build

        rows = [
            _row(
                el("td", m.round, cls="n"),
                el("td", self.link(f"/{t.key}/match-{m.id}/", f"{m.home} – {m.away or 'exempt'}")),
                el("td", m.score, cls="r"),
                el("td", m.winner or ""),
            )
            for m in build(self.reader, t).matches
        ]
        head = [el("th", "Tour", cls="n"), el("th", "Match"), el("th", "Score")]
        head.append(el("th", "Vainqueur"))
        if not rows:
            rows = [_row(el("td", "Pas encore de tirage.", colspan=4))]
        return self._page(
            title or t.name,
            self._nav(t),
            el("h2", "Matchs"),
            _table(head, rows, wide=False),
            refresh=True,
        )

    def match_page(self, t: Tournament, match_id: int) -> str:
        """A cup match: boards, colours, players, results, score and winner, nothing private."""
        if not format_of(t).by_teams:
            raise NotFound(f"/{t.key}/match-{match_id}/")
        sheet = next((s for s in match_sheets(self.service, t) if s.match_id == match_id), None)
        if sheet is None:
            raise NotFound(f"/{t.key}/match-{match_id}/")
        rows = []
        for b in sheet.boards:
            colours = b.colours
            h = [self._link(t, player_ref(b.home)), " "] if b.home else []
            a = [self._link(t, player_ref(b.away)), " "] if b.away else []
            marks = " – ".join(b.marks) if b.result else ""
            rows.append(
                _row(
                    el("td", b.number, cls="n"),
                    el("td", h, el("span", colours[0], cls="m")),
                    el("td", marks, cls="r"),
                    el("td", a, el("span", colours[1], cls="m")),
                )
            )
        head = [el("th", "Éch.", cls="n"), el("th", "Recevant"), el("th", "Rés.")]
        head.append(el("th", "Visiteur"))
        return self._page(
            sheet.title,
            self._nav(t),
            el("h2", f"Tour {sheet.round} : {sheet.title}"),
            self._decision(sheet),
            _table(head, rows, wide=False),
            refresh=not sheet.winner,
        )

    @staticmethod
    def _decision(sheet: MatchSheet) -> Child:
        score = el("p", el("strong", f"Score : {sheet.score}")) if sheet.score else None
        if not sheet.winner:
            return score
        return [score, el("p", f"Vainqueur : {sheet.winner} ", el("span", sheet.reason, cls="m"))]
