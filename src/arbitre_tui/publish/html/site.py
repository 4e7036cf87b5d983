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
from ...rules.models import Game, Player, Tournament
from ...views.match_sheet import MatchSheet, match_sheets
from ..labels import crosstable_cell, public_name
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
    r"^/(?:(?P<key>[a-z0-9][a-z0-9-]*)/(?:(?P<page>classement|grille|tableau)/|"
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
        self.store = service.store

    # -- routing --------------------------------------------------------------------------
    def render(self, path: str) -> str:
        """The page at ``path``; raises :class:`NotFound`."""
        m = _PATH.match(path)
        if m is None:
            raise NotFound(path)
        key = m.group("key")
        if key is None:
            return self.home()
        t = self.store.tournament(key)
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
        if page == "tableau":
            return self.bracket_page(t)
        if format_of(t).by_teams:
            return self.cup_page(t)
        rnd = self.service.current_round(t)
        return self.round_page(t, rnd.number if rnd else 0, current=True)

    def paths(self) -> list[str]:
        """Every page of the site (for the static export and the privacy crawl)."""
        out = ["/"]
        for t in self.store.tournaments():
            assert t.id is not None
            out += [f"/{t.key}/", f"/{t.key}/classement/"]
            if not format_of(t).by_teams:
                out.append(f"/{t.key}/grille/")
            if format_of(t).has_bracket:
                out.append(f"/{t.key}/tableau/")
            out += [f"/{t.key}/ronde-{r.number}/" for r in self.store.rounds(t.id)]
            out += [f"/{t.key}/joueur-{p.id}/" for p in self.store.players(t.id)]
            if format_of(t).by_teams:
                out += [f"/{t.key}/match-{s.match_id}/" for s in match_sheets(self.service, t)]
        return out

    # -- pieces ----------------------------------------------------------------------------
    @staticmethod
    def link(path: str, *label: Child) -> Markup:
        """A link to one of the site's own pages (every href of the site is made here)."""
        return el("a", *label, href=path)

    def _page(self, title: str, *body: Child, refresh: bool = False) -> str:
        ev = self.store.event()
        meta = el("meta", http_equiv="refresh", content="60") if refresh else None
        home = el("p", self.link("/", str(ev.get("name", ""))), cls="m")
        return document(title, CSS, home, *body, head=meta)

    def _nav(self, t: Tournament) -> Markup:
        links = [("", "Ronde en cours"), ("classement/", "Classement")]
        if not format_of(t).by_teams:
            links.append(("grille/", "Grille"))
        if format_of(t).has_bracket:
            links.append(("tableau/", "Tableau"))
        inner = [self.link(f"/{t.key}/{href}", label) for href, label in links]
        return Markup(el("h1", t.name) + el("nav", inner))

    def _players(self, t: Tournament) -> dict[int, Player]:
        assert t.id is not None
        return {p.id: p for p in self.store.players(t.id) if p.id is not None}

    def _all(self, t: Tournament) -> dict[int, list[Game]]:
        assert t.id is not None
        return self.store.all_games(t.id)

    def _who(self, t: Tournament, players: dict[int, Player], pid: int | None) -> Markup:
        if pid is None:
            return Markup("—")
        p = players.get(pid)
        name = self.link(f"/{t.key}/joueur-{pid}/", public_name(p))
        if p is None or not p.rating:
            return name
        return Markup(name + " " + el("span", p.rating, cls="m"))

    # -- pages -------------------------------------------------------------------------------
    def home(self) -> str:
        ev = self.store.event()
        items = []
        for t in self.store.tournaments():
            assert t.id is not None
            rnd = self.service.current_round(t)
            state = f"ronde {rnd.number}" if rnd else "inscriptions"
            items.append(el("li", self.link(f"/{t.key}/", t.name), " ", el("span", state, cls="m")))
        name = str(ev.get("name", ""))
        body = [el("h1", name), el("p", str(ev.get("city", "")), cls="m"), el("ul", items)]
        return self._page(name, *body)

    def round_page(self, t: Tournament, number: int, current: bool = False) -> str:
        assert t.id is not None
        players = self._players(t)
        rnd = self.store.round(t.id, number) if number else None
        if rnd is None or rnd.id is None:
            if number and not current:
                raise NotFound(f"/{t.key}/ronde-{number}/")
            return self._page(
                t.name, self._nav(t), el("p", "Pas encore d'appariements."), refresh=True
            )
        rows = []
        for g in self.store.games(rnd.id):
            white = el("td", self._who(t, players, g.white_id))
            board = el("td", g.board, cls="n")
            if g.black_id is None:
                label = g.bye.label if g.bye else "attend un adversaire"
                rows.append(
                    _row(board, white, el("td", label, cls="r"), el("td"), id=f"b{g.board}")
                )
                continue
            result = el("td", g.result.label if g.result else "", cls="r")
            black = el("td", self._who(t, players, g.black_id))
            rows.append(_row(board, white, result, black, id=f"b{g.board}"))
        others = [
            [" ", self.link(f"/{t.key}/ronde-{r.number}/", r.number)]
            for r in self.store.rounds(t.id)
        ]
        stage = f" ({rnd.stage})" if rnd.stage and not rnd.stage.startswith("Ronde") else ""
        head = [el("th", "Éch.", cls="n"), el("th", "Blancs"), el("th", "Rés."), el("th", "Noirs")]
        return self._page(
            f"{t.name} — ronde {rnd.number}",
            self._nav(t),
            el("h2", f"Ronde {rnd.number}{stage}"),
            el("p", "Rondes :", others, cls="m"),
            _table(head, rows),
            refresh=not rnd.closed,
        )

    def standings_page(self, t: Tournament) -> str:
        from ...operations.standings import _fmt, standings

        players = self._players(t)
        try:
            codes, rows, done = standings(self.service, t)
        except OperationError:
            codes, rows, done = ["PTS"], [], 0
        head = [el("th", "Pl.", cls="n"), el("th", "Nom")]
        head += [el("th", "Pts" if c == "PTS" else c, cls="n") for c in codes]
        lines = [
            _row(
                el("td", str(r.place), cls="n"),
                el("td", self._who(t, players, r.start)),
                *[el("td", _fmt(c, r.values.get(c)), cls="n") for c in codes],
            )
            for r in rows
        ]
        return self._page(
            f"{t.name} — classement",
            self._nav(t),
            el("h2", f"Classement après la ronde {done}"),
            _table(head, lines),
        )

    def crosstable_page(self, t: Tournament) -> str:
        from ...operations.standings import standings

        players = self._players(t)
        try:
            _, rows, _ = standings(self.service, t)
        except OperationError:
            rows = []
        order = {r.start: k + 1 for k, r in enumerate(rows)}
        games = self._all(t)
        numbers = sorted(games)
        lines = [
            _row(
                el("td", order[r.start], cls="n"),
                el(
                    "td",
                    self.link(f"/{t.key}/joueur-{r.start}/", public_name(players.get(r.start))),
                ),
                *[el("td", crosstable_cell(games[n], r.start, order), cls="r") for n in numbers],
                el("td", f"{r.values['PTS']:g}", cls="n"),
            )
            for r in rows
        ]
        head = [el("th", "N°", cls="n"), el("th", "Nom")]
        head += [el("th", n, cls="r") for n in numbers] + [el("th", "Pts", cls="n")]
        return self._page(
            f"{t.name} — grille", self._nav(t), el("h2", "Grille"), _table(head, lines)
        )

    def player_page(self, t: Tournament, pid: int) -> str:
        players = self._players(t)
        p = players.get(pid)
        if p is None:
            raise NotFound(f"/{t.key}/joueur-{pid}/")
        rows = []
        total = 0.0
        for number, games in sorted(self._all(t).items()):
            for g in games:
                if pid not in (g.white_id, g.black_id):
                    continue
                if g.black_id is None:
                    pts = g.bye.points if g.bye else 0.0
                    total += pts
                    label = g.bye.label if g.bye else ""
                    rows.append(
                        _row(
                            el("td", number, cls="n"),
                            el("td"),
                            el("td", label),
                            el("td", f"{pts:g}", cls="r"),
                            el("td", f"{total:g}", cls="n"),
                        )
                    )
                    continue
                white = g.white_id == pid
                opp = g.black_id if white else g.white_id
                pts_txt = ""
                if g.result is not None:
                    pts = g.result.points[0 if white else 1]
                    total += pts
                    pts_txt = f"{pts:g}" + ("" if g.result.played else " (forfait)")
                rows.append(
                    _row(
                        el("td", number, cls="n"),
                        el("td", "Blancs" if white else "Noirs"),
                        el("td", self._who(t, players, opp)),
                        el("td", pts_txt, cls="r"),
                        el("td", f"{total:g}", cls="n"),
                    )
                )
        club = "" if p.publish_opt_out else p.club
        head = [el("th", "R.", cls="n"), el("th", "Couleur"), el("th", "Adversaire")]
        head += [el("th", "Pts"), el("th", "Total", cls="n")]
        return self._page(
            f"{public_name(p)} — {t.name}",
            self._nav(t),
            el("h2", public_name(p)),
            el("p", f"{club} {p.rating or ''}", cls="m"),
            _table(head, rows),
        )

    def bracket_page(self, t: Tournament) -> str:
        if not format_of(t).has_bracket:
            raise NotFound(f"/{t.key}/tableau/")
        players = self._players(t)
        parts = []
        for number, games in sorted(self._all(t).items()):
            items = []
            for g in sorted(games, key=lambda g: g.slot or g.board):
                res = g.result.label if g.result else ""
                if g.decider:
                    res += f" ({g.decider.label})"
                if g.black_id is None:
                    res = g.bye.label if g.bye else "…"
                items.append(
                    _row(
                        el("td", self._who(t, players, g.white_id)),
                        el("td", res, cls="r"),
                        el("td", self._who(t, players, g.black_id)),
                    )
                )
            parts += [el("h2", t.stages.get(number) or f"Ronde {number}"), el("table", items)]
        return self._page(f"{t.name} — tableau", self._nav(t), parts)

    def cup_page(self, t: Tournament) -> str:
        """The cup's matches, each with its score and winner, linked to its sheet."""
        rows = [
            _row(
                el("td", s.round, cls="n"),
                el("td", self.link(f"/{t.key}/match-{s.match_id}/", s.title)),
                el("td", s.score, cls="r"),
                el("td", s.winner or ""),
            )
            for s in match_sheets(self.service, t)
        ]
        head = [el("th", "Tour", cls="n"), el("th", "Match"), el("th", "Score")]
        head.append(el("th", "Vainqueur"))
        if not rows:
            rows = [_row(el("td", "Pas encore de tirage.", colspan=4))]
        return self._page(
            t.name, self._nav(t), el("h2", "Matchs"), _table(head, rows, wide=False), refresh=True
        )

    def match_page(self, t: Tournament, match_id: int) -> str:
        """A cup match: boards, colours, players, results, score and winner, nothing private."""
        if not format_of(t).by_teams:
            raise NotFound(f"/{t.key}/match-{match_id}/")
        sheet = next((s for s in match_sheets(self.service, t) if s.match_id == match_id), None)
        if sheet is None:
            raise NotFound(f"/{t.key}/match-{match_id}/")
        players = self._players(t)
        rows = []
        for b in sheet.boards:
            colours = b.colours
            h = [self._who(t, players, b.home.id), " "] if b.home else []
            a = [self._who(t, players, b.away.id), " "] if b.away else []
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
