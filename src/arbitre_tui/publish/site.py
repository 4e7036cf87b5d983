"""The players' results site: phone-first HTML pages rendered from the event file.

The same pages serve the live server (faces/web) and the static export. Nothing private
is ever rendered: no phone number, e-mail or birth date, and a player who objected to
publication appears as « Joueur n° N ». Pages work without JavaScript; the pairings pages
refresh themselves every minute.

Paths (each ends with a slash, so a static copy is ``…/index.html``):
``/`` the event; ``/KEY/`` the current round; ``/KEY/ronde-N/``; ``/KEY/classement/``;
``/KEY/grille/`` the crosstable; ``/KEY/joueur-ID/``; ``/KEY/tableau/`` (knockout);
``/KEY/match-ID/`` (cup match sheet).
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from ..operations.event import EventService, OperationError
from ..rules.models import Player, System, Tournament
from ..views.reader import PlayerRef, Reader, public_name

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
        if page == "tableau":
            return self.bracket_page(t)
        if t.system is System.TEAM_CUP:
            return self.cup_page(t)
        rnd = self.service.current_round(t)
        return self.round_page(t, rnd.number if rnd else 0, current=True)

    def paths(self) -> list[str]:
        """Every page of the site (for the static export and the privacy crawl)."""
        out = ["/"]
        for t in self.reader.tournaments():
            assert t.id is not None
            out += [f"/{t.key}/", f"/{t.key}/classement/"]
            if t.system is not System.TEAM_CUP:
                out.append(f"/{t.key}/grille/")
            if t.system is System.KNOCKOUT:
                out.append(f"/{t.key}/tableau/")
            out += [f"/{t.key}/ronde-{r.number}/" for r in self.reader.rounds(t)]
            out += [f"/{t.key}/joueur-{p.id}/" for p in self.reader.players(t)]
            if t.system is System.TEAM_CUP:
                out += [f"/{t.key}/match-{m['id']}/" for m in self._cup(t)]
        return out

    def _cup(self, t: Tournament) -> list[dict[str, Any]]:
        from ..operations import cup

        return cup.matches(self.service, t)

    # -- pieces ----------------------------------------------------------------------------
    def _page(self, title: str, body: str, refresh: bool = False) -> str:
        ev = self.reader.event()
        meta = "<meta http-equiv='refresh' content='60'>" if refresh else ""
        return (
            "<!doctype html><html lang='fr'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width,initial-scale=1'>"
            f"{meta}<title>{escape(title)}</title><style>{CSS}</style></head><body>"
            f"<p class='m'><a href='/'>{escape(str(ev.get('name', '')))}</a></p>{body}"
            "</body></html>\n"
        )

    def _nav(self, t: Tournament) -> str:
        links = [("", "Ronde en cours"), ("classement/", "Classement")]
        if t.system is not System.TEAM_CUP:
            links.append(("grille/", "Grille"))
        if t.system is System.KNOCKOUT:
            links.append(("tableau/", "Tableau"))
        inner = "".join(f"<a href='/{t.key}/{href}'>{label}</a>" for href, label in links)
        return f"<h1>{escape(t.name)}</h1><nav>{inner}</nav>"

    def _players(self, t: Tournament) -> dict[int, Player]:
        assert t.id is not None
        return self.reader.people(t)

    def _who(self, t: Tournament, players: dict[int, Player], pid: int | None) -> str:
        if pid is None:
            return "—"
        p = players.get(pid)
        name = escape(public_name(p))
        rating = f" <span class='m'>{p.rating}</span>" if p and p.rating else ""
        return f"<a href='/{t.key}/joueur-{pid}/'>{name}</a>{rating}"

    @staticmethod
    def _link(t: Tournament, ref: PlayerRef | None) -> str:
        """A player's public name, linked to their page, and rating."""
        if ref is None:
            return "—"
        rating = f" <span class='m'>{ref.rating}</span>" if ref.rating else ""
        return f"<a href='/{t.key}/joueur-{ref.id}/'>{escape(ref.public)}</a>{rating}"

    # -- pages -------------------------------------------------------------------------------
    def home(self) -> str:
        ev = self.reader.event()
        items = []
        for t in self.reader.tournaments():
            assert t.id is not None
            rnd = self.service.current_round(t)
            state = f"ronde {rnd.number}" if rnd else "inscriptions"
            items.append(
                f"<li><a href='/{t.key}/'>{escape(t.name)}</a> <span class='m'>{state}</span></li>"
            )
        where = escape(str(ev.get("city", "")))
        body = f"<h1>{escape(str(ev.get('name', '')))}</h1><p class='m'>{where}</p><ul>{''.join(items)}</ul>"
        return self._page(str(ev.get("name", "")), body)

    def round_page(self, t: Tournament, number: int, current: bool = False) -> str:
        from ..views.round_sheet import build

        sheet = build(self.reader, t, number) if number else None
        if sheet is None or not sheet.number:
            if number and not current:
                raise NotFound(f"/{t.key}/ronde-{number}/")
            body = self._nav(t) + "<p>Pas encore d'appariements.</p>"
            return self._page(t.name, body, refresh=True)
        rows = []
        for b in sheet.boards:
            shown = b.result_label if b.black else (b.bye_label or "attend un adversaire")
            black = self._link(t, b.black) if b.black else ""
            rows.append(
                f"<tr id='b{b.board}'><td class='n'>{b.board}</td>"
                f"<td>{self._link(t, b.white)}</td>"
                f"<td class='r'>{escape(shown)}</td><td>{black}</td></tr>"
            )
        others = " ".join(
            f"<a href='/{t.key}/ronde-{r.number}/'>{r.number}</a>" for r in self.reader.rounds(t)
        )
        stage = f" ({escape(sheet.named_stage)})" if sheet.named_stage else ""
        body = (
            self._nav(t)
            + f"<h2>Ronde {sheet.number}{stage}</h2><p class='m'>Rondes : {others}</p>"
            + "<div class='x'><table><tr><th class='n'>Éch.</th><th>Blancs</th><th>Rés.</th>"
            + f"<th>Noirs</th></tr>{''.join(rows)}</table></div>"
        )
        return self._page(f"{t.name} — ronde {sheet.number}", body, refresh=not sheet.closed)

    def standings_page(self, t: Tournament) -> str:
        """Points and tie-breaks; a knockout's ranking; a cup's matches and scores."""
        from ..views.standings import build

        try:
            view = build(self.reader, t)
        except OperationError:
            view = None
        if view is not None and view.kind == "cup":
            return self.cup_page(t, title=f"{t.name} — classement")
        codes = view.columns if view is not None else ("Pts",)
        head = "".join(f"<th class='n'>{escape(c)}</th>" for c in codes)
        lines = []
        for r in view.rows if view is not None else ():
            cells = "".join(f"<td class='n'>{v}</td>" for v in r.shown)
            lines.append(
                f"<tr><td class='n'>{escape(r.place)}</td>"
                f"<td>{self._link(t, r.player)}</td>{cells}</tr>"
            )
        title = view.title if view is not None else "classement après la ronde 0"
        body = (
            self._nav(t)
            + f"<h2>{escape(title[0].upper() + title[1:])}</h2>"
            + f"<div class='x'><table><tr><th class='n'>Pl.</th><th>Nom</th>{head}</tr>"
            + f"{''.join(lines)}</table></div>"
        )
        return self._page(f"{t.name} — classement", body)

    def crosstable_page(self, t: Tournament) -> str:
        from ..views.crosstable import build

        grid = build(self.reader, t)
        lines = []
        for r in grid.rows:
            cells = "".join(f"<td class='r'>{escape(c)}</td>" for c in r.cells)
            lines.append(
                f"<tr><td class='n'>{r.number}</td><td><a href='/{t.key}/joueur-{r.player.id}/'>"
                f"{escape(r.player.public)}</a></td>{cells}<td class='n'>{r.points:g}</td></tr>"
            )
        head = "".join(f"<th class='r'>{n}</th>" for n in grid.rounds)
        body = (
            self._nav(t)
            + "<h2>Grille</h2><div class='x'><table><tr><th class='n'>N°</th><th>Nom</th>"
            + f"{head}<th class='n'>Pts</th></tr>{''.join(lines)}</table></div>"
        )
        return self._page(f"{t.name} — grille", body)

    def player_page(self, t: Tournament, pid: int) -> str:
        from ..views.player_card import build

        card = build(self.reader, t, pid)
        if card is None:
            raise NotFound(f"/{t.key}/joueur-{pid}/")
        rows = []
        for g in card.games:
            if g.opponent is None:
                rows.append(
                    f"<tr><td class='n'>{g.round}</td><td></td><td>{escape(g.bye_label)}</td>"
                    f"<td class='r'>{g.points or 0:g}</td><td class='n'>{g.total:g}</td></tr>"
                )
                continue
            pts = "" if g.points is None else f"{g.points:g}" + (" (forfait)" if g.forfeit else "")
            rows.append(
                f"<tr><td class='n'>{g.round}</td><td>{g.colour}</td>"
                f"<td>{self._link(t, g.opponent)}</td><td class='r'>{pts}</td>"
                f"<td class='n'>{g.total:g}</td></tr>"
            )
        p = card.player
        club = "" if card.opt_out else escape(p.club)
        body = (
            self._nav(t)
            + f"<h2>{escape(p.public)}</h2><p class='m'>{club} {p.rating or ''}</p>"
            + "<div class='x'><table><tr><th class='n'>R.</th><th>Couleur</th><th>Adversaire</th>"
            + f"<th>Pts</th><th class='n'>Total</th></tr>{''.join(rows)}</table></div>"
        )
        return self._page(f"{p.public} — {t.name}", body)

    def bracket_page(self, t: Tournament) -> str:
        from ..views.bracket import build

        if t.system is not System.KNOCKOUT:
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
                    f"<tr><td>{self._link(t, b.white)}</td><td class='r'>{escape(res)}</td>"
                    f"<td>{self._link(t, b.black)}</td></tr>"
                )
            stage = t.stages.get(rnd.number) or f"Ronde {rnd.number}"
            parts.append(f"<h2>{escape(stage)}</h2><table>{''.join(items)}</table>")
        return self._page(f"{t.name} — tableau", self._nav(t) + "".join(parts))

    def cup_page(self, t: Tournament, title: str | None = None) -> str:
        """The cup's matches with their scores: its current page and its standings."""
        from ..views.cup import build

        rows = []
        for m in build(self.reader, t).matches:
            rows.append(
                f"<tr><td class='n'>{m.round}</td><td><a href='/{t.key}/match-{m.id}/'>"
                f"{escape(m.home)} – {escape(m.away or 'exempt')}</a></td>"
                f"<td class='r'>{escape(m.score)}</td><td>{escape(m.winner or '')}</td></tr>"
            )
        body = (
            self._nav(t)
            + "<h2>Matchs</h2><table><tr><th class='n'>Tour</th><th>Match</th><th>Score</th>"
            + "<th>Vainqueur</th></tr>"
            + ("".join(rows) or "<tr><td colspan='4'>Pas encore de tirage.</td></tr>")
            + "</table>"
        )
        return self._page(title or t.name, body, refresh=True)

    def match_page(self, t: Tournament, match_id: int) -> str:
        """A cup match: boards, players, results and the winner, nothing private."""
        assert t.id is not None
        if t.system is not System.TEAM_CUP:
            raise NotFound(f"/{t.key}/match-{match_id}/")
        m = next((x for x in self._cup(t) if x["id"] == match_id), None)
        if m is None:
            raise NotFound(f"/{t.key}/match-{match_id}/")
        teams = {team.id: team.name for team in self.reader.teams(t)}
        players = self._players(t)
        home = m["lineup_home"] or []
        away = m["lineup_away"] or []
        rows = []
        for k, result in enumerate(m["results"]):
            h = self._who(t, players, home[k]) if k < len(home) else ""
            a = self._who(t, players, away[k]) if k < len(away) else ""
            rows.append(
                f"<tr><td class='n'>{k + 1}</td><td>{h}</td>"
                f"<td class='r'>{escape(str(result or ''))}</td><td>{a}</td></tr>"
            )
        title = f"{teams.get(m['home_team_id'], '?')} – {teams.get(m['away_team_id'], 'exempt')}"
        winner = teams.get(m["winner_team_id"])
        body = (
            self._nav(t)
            + f"<h2>Tour {m['round']} : {escape(title)}</h2>"
            + (
                f"<p>Vainqueur : {escape(winner)} <span class='m'>{escape(m['reason'] or '')}</span></p>"
                if winner
                else ""
            )
            + "<table><tr><th class='n'>Éch.</th><th>Recevant</th><th>Rés.</th><th>Visiteur</th></tr>"
            + "".join(rows)
            + "</table>"
        )
        return self._page(title, body, refresh=not winner)
