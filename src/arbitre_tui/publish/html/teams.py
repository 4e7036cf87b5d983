"""The site's pages of a knockout's bracket and of a cup (its matches, each match's
sheet): apart from site.py, which renders them through :data:`site.PAGES`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ...views.match_sheet import MatchSheet, match_sheets
from ..figures import score as score_text
from .builder import Child, Markup, NotFound, el
from .builder import row as _row
from .builder import table as _table

if TYPE_CHECKING:
    from ...operations.event import EventService
    from ...rules.models import StoredTournament
    from ...views.reader import PlayerRef, Reader
    from ..lang import Words


class Site(Protocol):
    """What these pages use of the results site (site.Site, which imports this module
    when a bracket's or a cup's page is first asked for)."""

    service: EventService
    reader: Reader
    tr: Words

    def _page(self, title: str, *body: Child, refresh: bool = False) -> str: ...

    def _nav(self, t: StoredTournament, on: str = "") -> Markup: ...

    def _link(self, t: StoredTournament, ref: PlayerRef | None, rating: bool = True) -> Markup: ...

    def _through(
        self, t: StoredTournament, ref: PlayerRef | None, won: int | None, rating: bool = True
    ) -> Child: ...

    def link(self, path: str, *label: Child, **attrs: str | None) -> Markup: ...


def bracket_page(site: Site, t: StoredTournament) -> str:
    from ...views.bracket import build

    parts = []
    for rnd in build(site.reader, t).rounds:
        items = []
        for m in sorted(rnd.matches, key=lambda m: m.board.slot or m.board.board):
            b, won = m.board, m.winner.id if m.winner else None
            white, black = (site._through(t, p, won, rating=False) for p in (b.white, b.black))
            shown = site.tr.view(m.shown)
            items.append(_row(el("td", white), el("td", shown, cls="c"), el("td", black)))
        stage = t.stages.get(rnd.number)
        parts += [
            el("h2", site.tr.view(stage) if stage else site.tr("Ronde {n}", n=rnd.number)),
            el("table", items),
        ]
    said = site.tr("✓ : qualifié pour le tour suivant.")
    legend = el("p", said, cls="m") if parts else None
    title = f"{t.name} — {site.tr('tableau')}"
    return site._page(title, site._nav(t, "tableau/"), legend, parts)


def cup_page(site: Site, t: StoredTournament, title: str | None = None) -> str:
    """The cup's matches, each with its score, winner and why, linked to its sheet (with
    the colours): the cup's current page and its standings."""
    from ...views.cup import build

    tr = site.tr
    rows = [
        _row(
            el("td", m.round, cls="n"),
            el(
                "td",
                site.link(f"/{t.key}/match-{m.id}/", f"{m.home} – {m.away or tr('exempt')}"),
                el("br") if m.colours else None,
                el("span", m.colours, cls="m") if m.colours else None,
            ),
            el("td", score_text(m.score), cls="r"),
            el(
                "td",
                m.winner or "",
                el("br") if m.reason else None,
                el("span", tr.view(m.reason), cls="m") if m.reason else None,
            ),
        )
        for m in build(site.reader, t).matches
    ]
    head = [el("th", tr("Tour"), cls="n"), el("th", tr("Match")), el("th", tr("Score"))]
    head.append(el("th", tr("Vainqueur")))
    if not rows:
        rows = [_row(el("td", tr("Pas encore de tirage."), colspan=4))]
    return site._page(
        title or t.name,
        site._nav(t, "classement/" if title else ""),
        el("h2", tr("Matchs")),
        _table(head, rows, wide=False),
        refresh=True,
    )


def match_page(site: Site, t: StoredTournament, match_id: int) -> str:
    """A cup match: boards, colours, players, results, score and winner, nothing private."""
    sheet = next((s for s in match_sheets(site.service, t) if s.match_id == match_id), None)
    if sheet is None:
        raise NotFound(f"/{t.key}/match-{match_id}/")
    rows, refs = [], site.reader.refs(t)
    for b in sheet.boards:
        colours = b.colours
        h = [site._link(t, refs.get(b.home.id)), " "] if b.home else []
        a = [site._link(t, refs.get(b.away.id)), " "] if b.away else []
        marks = " – ".join(b.marks) if b.result else ""
        rows.append(
            _row(
                el("td", b.number, cls="n"),
                el("td", h, el("span", colours[0], cls="m")),
                el("td", marks, cls="r"),
                el("td", a, el("span", colours[1], cls="m")),
            )
        )
    tr = site.tr
    head = [el("th", tr("Éch."), cls="n"), el("th", tr("Recevant")), el("th", tr("Rés."))]
    head.append(el("th", tr("Visiteur")))
    return site._page(
        sheet.title,
        site._nav(t),
        el("h2", tr("Tour {n} : {title}", n=sheet.round, title=sheet.title)),
        _decision(sheet, tr),
        _table(head, rows, wide=False),
        refresh=not sheet.winner,
    )


def _decision(sheet: MatchSheet, tr: Words) -> Child:
    score = (
        el("p", el("strong", tr("Score : {score}", score=score_text(sheet.score))))
        if sheet.score
        else None
    )
    if not sheet.winner:
        return score
    won = tr("Vainqueur : {name} ", name=sheet.winner)
    return [score, el("p", won, el("span", tr.view(sheet.reason), cls="m"))]
