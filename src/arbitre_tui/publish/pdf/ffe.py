"""The FFE's documents in PDF: the grille américaine, the technical report and the
tournament's procès-verbal, each rendering its view (views/grille, views/homologation)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..figures import french
from .documents import Document, Request, turned

if TYPE_CHECKING:
    from ...views.grille import Grille
    from .sheet import Sheet

_SIZE = 8  # pt: dense, a grille of nine rounds and its tie-breaks on one sheet's width
_NAME = 50  # mm the names keep on a portrait page, else the grille is printed landscape


def _widths(width: float, grid: Grille) -> list[float]:
    """The columns' nominal widths in ``width`` mm (short ones widen to their values)."""
    rounds, tbs = len(grid.rounds), len(grid.tiebreaks)
    fixed = [7.0, 14.0, 8.0]  # Pl., Elo, Féd.
    cells, points, tb = 9.0, 8.0, 10.0
    name = width - sum(fixed) - rounds * cells - points - tbs * tb
    return [fixed[0], name, fixed[1], fixed[2], *[cells] * rounds, points, *[tb] * tbs]


class GrilleAmericaine(Document):
    name = "grille-americaine"

    def render(self, req: Request) -> Sheet:
        from ...views.grille import build
        from .sheet import Sheet

        grid = build(req.reader, req.tournament)
        doc = Sheet(req.title, f"Grille américaine après la ronde {grid.after_round}")
        if grid.note:
            doc.line_of(grid.note)
            return doc
        head = [
            "Pl.",
            "Nom",
            "Elo",
            "Féd.",
            *[f"R{n}" for n in grid.rounds],
            "Pts",
            *grid.tiebreaks,
        ]
        rows = [
            [
                r.place,
                *(
                    (r.player.public, "", "")
                    if r.player.anonymous
                    else (f"{r.title} {r.player.public}".strip(), r.rating, r.federation)
                ),
                *r.cells,
                french(r.points, points=True),
                *[french(v) for v in r.tiebreaks],
            ]
            for r in grid.rows
        ]
        first = doc  # nine rounds, opponents past 100 and four tie-breaks: the page turned
        doc, widths = turned(
            doc,
            lambda: Sheet(first.doc_title, first.doc_subtitle, landscape=True),
            head,
            rows,
            lambda page: _widths(page, grid),
            _SIZE,
            (1,),
            _NAME,
        )
        doc.grid(head, rows, widths, size=_SIZE, names=(1,))
        doc.ln(2)
        doc.line_of(grid.legend, size=8, height=4)
        return doc


class TechnicalReportDocument(Document):
    name = "rapport-technique"
    public = False  # sent to the federation, never pinned

    def render(self, req: Request) -> Sheet:
        from ...views.homologation import technical_report
        from .sheet import Sheet

        report = technical_report(req.reader, req.tournament)
        doc = Sheet(req.title, report.title)
        doc.ln(2)
        for heading, value in report.lines:
            doc.font("B", 10)
            doc.cell(60, 7, doc.fit(heading, 58), border="B")
            doc.font("", 10)
            doc.multi_cell(0, 7, doc.text_of(value), border="B", new_x="LMARGIN", new_y="NEXT")
        if report.missing:
            doc.ln(3)
            doc.line_of("À compléter (arbitre settings set) : " + ", ".join(report.missing), size=9)
        doc.ln(8)
        doc.line_of("Date et signature de l'arbitre principal :", style="B")
        return doc


class TournamentReportDocument(Document):
    name = "proces-verbal-tournoi"
    public = False  # sent to the federation with full names, never pinned

    def render(self, req: Request) -> Sheet:
        from ...views.homologation import tournament_report
        from .sheet import Sheet

        report = tournament_report(req.reader, req.tournament)
        doc = Sheet(req.title, report.title)
        for section in report.sections:
            doc.ln(2)
            doc.line_of(section.heading, size=11, style="B", height=7)
            for item in section.shown:
                doc.line_of(f"- {item}", size=10, height=5)
        doc.ln(8)
        doc.line_of("Date et signature de l'arbitre principal :", style="B")
        return doc
