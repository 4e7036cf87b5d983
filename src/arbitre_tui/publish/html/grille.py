"""The site's « grille américaine » page (``/KEY/grille-americaine/``): the one view
views/grille renders, as the Classement pane and the printed grille show it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .builder import Markup, el

if TYPE_CHECKING:
    from ...rules.models import Tournament
    from .site import Site


def grille_page(site: Site, t: Tournament) -> str:
    """Final order, each round's « +7B », points and tie-breaks; public names only."""
    from ...views.grille import build

    grid = build(site.reader, t)
    head = [el("th", "Pl.", cls="n"), el("th", "Nom"), el("th", "Elo", cls="n")]
    head += [el("th", f"R{n}", cls="r") for n in grid.rounds]
    head += [el("th", c, cls="n") for c in ("Pts", *grid.tiebreaks)]
    rows: list[Markup] = [
        el(
            "tr",
            el("td", r.place, cls="n"),
            el("td", site.link(f"/{t.key}/joueur-{r.player.id}/", r.player.public)),
            el("td", "" if r.player.anonymous else r.rating, cls="n"),
            [el("td", c, cls="r") for c in r.cells],
            [el("td", v, cls="n") for v in (r.points, *r.tiebreaks)],
        )
        for r in grid.rows
    ]
    body = (
        [el("p", grid.note)]
        if grid.note
        else [el("div", el("table", el("tr", head), rows), cls="x"), el("p", grid.legend, cls="m")]
    )
    title = f"Grille américaine après la ronde {grid.after_round}"
    return site._page(
        f"{t.name} — grille américaine", site._nav(t, "grille-americaine/"), el("h2", title), *body
    )
