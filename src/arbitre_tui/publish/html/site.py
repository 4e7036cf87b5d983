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

from ...operations.event import EventService, OperationError
from ...rules.models import Game, Player, System, Tournament
from ..names import public_name

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
        if t.system is System.TEAM_CUP:
            return self.cup_page(t)
        rnd = self.service.current_round(t)
        return self.round_page(t, rnd.number if rnd else 0, current=True)

    def paths(self) -> list[str]:
        """Every page of the site (for the static export and the privacy crawl)."""
        out = ["/"]
        for t in self.store.tournaments():
            assert t.id is not None
            out += [f"/{t.key}/", f"/{t.key}/classement/"]
            if t.system is not System.TEAM_CUP:
                out.append(f"/{t.key}/grille/")
            if t.system is System.KNOCKOUT:
                out.append(f"/{t.key}/tableau/")
            out += [f"/{t.key}/ronde-{r.number}/" for r in self.store.rounds(t.id)]
            out += [f"/{t.key}/joueur-{p.id}/" for p in self.store.players(t.id)]
            if t.system is System.TEAM_CUP:
                out += [f"/{t.key}/match-{m['id']}/" for m in self._cup(t)]
        return out

    def _cup(self, t: Tournament) -> list[dict[str, Any]]:
        from ...operations import cup

        return cup.matches(self.service, t)

    # -- pieces ----------------------------------------------------------------------------
    def _page(self, title: str, body: str, refresh: bool = False) -> str:
        ev = self.store.event()
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
        return {p.id: p for p in self.store.players(t.id) if p.id is not None}

    def _all(self, t: Tournament) -> dict[int, list[Game]]:
        assert t.id is not None
        return self.store.all_games(t.id)

    def _who(self, t: Tournament, players: dict[int, Player], pid: int | None) -> str:
        if pid is None:
            return "—"
        p = players.get(pid)
        name = escape(public_name(p))
        rating = f" <span class='m'>{p.rating}</span>" if p and p.rating else ""
        return f"<a href='/{t.key}/joueur-{pid}/'>{name}</a>{rating}"

    # -- pages -------------------------------------------------------------------------------
    def home(self) -> str:
        ev = self.store.event()
        items = []
        for t in self.store.tournaments():
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
        assert t.id is not None
        players = self._players(t)
        rnd = self.store.round(t.id, number) if number else None
        if rnd is None or rnd.id is None:
            if number and not current:
                raise NotFound(f"/{t.key}/ronde-{number}/")
            body = self._nav(t) + "<p>Pas encore d'appariements.</p>"
            return self._page(t.name, body, refresh=True)
        rows = []
        for g in self.store.games(rnd.id):
            if g.black_id is None:
                label = g.bye.label if g.bye else "attend un adversaire"
                rows.append(
                    f"<tr id='b{g.board}'><td class='n'>{g.board}</td>"
                    f"<td>{self._who(t, players, g.white_id)}</td>"
                    f"<td class='r'>{escape(label)}</td><td></td></tr>"
                )
                continue
            result = g.result.label if g.result else ""
            rows.append(
                f"<tr id='b{g.board}'><td class='n'>{g.board}</td>"
                f"<td>{self._who(t, players, g.white_id)}</td>"
                f"<td class='r'>{escape(result)}</td><td>{self._who(t, players, g.black_id)}</td></tr>"
            )
        others = " ".join(
            f"<a href='/{t.key}/ronde-{r.number}/'>{r.number}</a>" for r in self.store.rounds(t.id)
        )
        stage = f" ({escape(rnd.stage)})" if rnd.stage and not rnd.stage.startswith("Ronde") else ""
        body = (
            self._nav(t)
            + f"<h2>Ronde {rnd.number}{stage}</h2><p class='m'>Rondes : {others}</p>"
            + "<div class='x'><table><tr><th class='n'>Éch.</th><th>Blancs</th><th>Rés.</th>"
            + f"<th>Noirs</th></tr>{''.join(rows)}</table></div>"
        )
        return self._page(f"{t.name} — ronde {rnd.number}", body, refresh=not rnd.closed)

    def standings_page(self, t: Tournament) -> str:
        from ...operations.standings import _fmt, standings

        players = self._players(t)
        try:
            codes, rows, done = standings(self.service, t)
        except OperationError:
            codes, rows, done = ["PTS"], [], 0
        head = "".join(f"<th class='n'>{'Pts' if c == 'PTS' else escape(c)}</th>" for c in codes)
        lines = []
        for r in rows:
            cells = "".join(f"<td class='n'>{_fmt(c, r.values.get(c))}</td>" for c in codes)
            lines.append(
                f"<tr><td class='n'>{escape(str(r.place))}</td>"
                f"<td>{self._who(t, players, r.start)}</td>{cells}</tr>"
            )
        body = (
            self._nav(t)
            + f"<h2>Classement après la ronde {done}</h2>"
            + f"<div class='x'><table><tr><th class='n'>Pl.</th><th>Nom</th>{head}</tr>"
            + f"{''.join(lines)}</table></div>"
        )
        return self._page(f"{t.name} — classement", body)

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
        lines = []
        for r in rows:
            cells = []
            for n in numbers:
                cells.append(f"<td class='r'>{self._cell(games[n], r.start, order)}</td>")
            name = escape(public_name(players.get(r.start)))
            lines.append(
                f"<tr><td class='n'>{order[r.start]}</td><td><a href='/{t.key}/joueur-{r.start}/'>"
                f"{name}</a></td>{''.join(cells)}<td class='n'>{r.values['PTS']:g}</td></tr>"
            )
        head = "".join(f"<th class='r'>{n}</th>" for n in numbers)
        body = (
            self._nav(t)
            + "<h2>Grille</h2><div class='x'><table><tr><th class='n'>N°</th><th>Nom</th>"
            + f"{head}<th class='n'>Pts</th></tr>{''.join(lines)}</table></div>"
        )
        return self._page(f"{t.name} — grille", body)

    @staticmethod
    def _cell(games: list[Game], pid: int, order: dict[int, int]) -> str:
        for g in games:
            if g.white_id == pid and g.black_id is None:
                return escape(g.bye.value if g.bye else "")
            if pid in (g.white_id, g.black_id) and g.black_id is not None:
                white = g.white_id == pid
                opp = g.black_id if white else g.white_id
                res = g.result.points[0 if white else 1] if g.result else None
                mark = "" if res is None else {1.0: "+", 0.5: "=", 0.0: "-"}[res]
                if g.result is not None and not g.result.played:
                    mark = {1.0: "+F", 0.0: "-F"}.get(res or 0.0, "")
                return f"{order.get(opp, '?')}{'b' if white else 'n'}{mark}"
        return ""

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
                        f"<tr><td class='n'>{number}</td><td></td><td>{escape(label)}</td>"
                        f"<td class='r'>{pts:g}</td><td class='n'>{total:g}</td></tr>"
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
                    f"<tr><td class='n'>{number}</td><td>{'Blancs' if white else 'Noirs'}</td>"
                    f"<td>{self._who(t, players, opp)}</td><td class='r'>{pts_txt}</td>"
                    f"<td class='n'>{total:g}</td></tr>"
                )
        name = escape(public_name(p))
        club = "" if p.publish_opt_out else escape(p.club)
        body = (
            self._nav(t)
            + f"<h2>{name}</h2><p class='m'>{club} {p.rating or ''}</p>"
            + "<div class='x'><table><tr><th class='n'>R.</th><th>Couleur</th><th>Adversaire</th>"
            + f"<th>Pts</th><th class='n'>Total</th></tr>{''.join(rows)}</table></div>"
        )
        return self._page(f"{public_name(p)} — {t.name}", body)

    def bracket_page(self, t: Tournament) -> str:
        if t.system is not System.KNOCKOUT:
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
                    f"<tr><td>{self._who(t, players, g.white_id)}</td><td class='r'>{escape(res)}</td>"
                    f"<td>{self._who(t, players, g.black_id)}</td></tr>"
                )
            stage = t.stages.get(number) or f"Ronde {number}"
            parts.append(f"<h2>{escape(stage)}</h2><table>{''.join(items)}</table>")
        return self._page(f"{t.name} — tableau", self._nav(t) + "".join(parts))

    def cup_page(self, t: Tournament) -> str:
        assert t.id is not None
        teams = {team.id: team.name for team in self.store.teams(t.id)}
        rows = []
        for m in self._cup(t):
            away = teams.get(m["away_team_id"], "exempt")
            winner = teams.get(m["winner_team_id"], "")
            rows.append(
                f"<tr><td class='n'>{m['round']}</td><td><a href='/{t.key}/match-{m['id']}/'>"
                f"{escape(teams.get(m['home_team_id'], '?'))} – {escape(away)}</a></td>"
                f"<td>{escape(winner)}</td></tr>"
            )
        body = (
            self._nav(t)
            + "<h2>Matchs</h2><table><tr><th class='n'>Tour</th><th>Match</th><th>Vainqueur</th></tr>"
            + ("".join(rows) or "<tr><td colspan='3'>Pas encore de tirage.</td></tr>")
            + "</table>"
        )
        return self._page(t.name, body, refresh=True)

    def match_page(self, t: Tournament, match_id: int) -> str:
        """A cup match: boards, players, results and the winner, nothing private."""
        assert t.id is not None
        if t.system is not System.TEAM_CUP:
            raise NotFound(f"/{t.key}/match-{match_id}/")
        m = next((x for x in self._cup(t) if x["id"] == match_id), None)
        if m is None:
            raise NotFound(f"/{t.key}/match-{match_id}/")
        teams = {team.id: team.name for team in self.store.teams(t.id)}
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
