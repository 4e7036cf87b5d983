"""The site's « grille américaine » page (``/KEY/grille-americaine/``): the one view
views/grille renders, as the Classement pane and the printed grille show it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .builder import Child, Markup, el

if TYPE_CHECKING:
    from ...rules.models import StoredTournament
    from ...views.reader import Reader
    from ..lang import Words


def grille_body(
    reader: Reader, t: StoredTournament, link: Callable[..., Markup], tr: Words
) -> list[Child]:
    """Final order, each round's « +7B », points and tie-breaks; public names only. The
    site frames it (title, menu); ``link`` is the site's, so static pages link alike."""
    from ...views.grille import build

    grid = reader.keep(("grille", t.id), lambda: build(reader, t))  # once per export
    head = [el("th", tr("Pl."), cls="n"), el("th", tr("Nom")), el("th", "Elo", cls="n")]
    head += [el("th", f"R{n}", cls="r") for n in grid.rounds]
    head += [el("th", c, cls="n") for c in (tr("Pts"), *grid.tiebreaks)]
    rows: list[Markup] = [
        el(
            "tr",
            el("td", r.place, cls="n"),
            el("td", link(f"/{t.key}/joueur-{r.player.id}/", r.player.public)),
            el("td", "" if r.player.anonymous else r.rating, cls="n"),
            [el("td", c, cls="r") for c in r.cells],
            [el("td", v, cls="n") for v in (r.points, *r.tiebreaks)],
        )
        for r in grid.rows
    ]
    body = (
        [el("p", tr.view(grid.note))]
        if grid.note
        else [
            el("div", el("table", el("tr", head), rows), cls="x"),
            el("p", tr.view(grid.legend), cls="m"),
        ]
    )
    title = tr("Grille américaine après la ronde {n}", n=grid.after_round)
    return [el("h2", title), *body]
