"""The cup procès-verbal in PDF: the view the HTML sheet renders, on one A4 page.

Colours by board, each board's marks (X a draw, F (−1) a forfeit), the score, the winner
and its reason, the late line-ups, and a signature box for each captain and the arbiter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...operations.event import OperationError
from ...rules.models import StoredPlayer
from ..figures import score
from .documents import Document, Request
from .layout import WIDTH

if TYPE_CHECKING:
    from ...views.match_sheet import MatchSheet
    from .sheet import Sheet

_SIGN_HEIGHT = 28  # mm of room to sign in


def _who(p: StoredPlayer | None) -> str:
    if p is None:
        return ""
    return f"{p.surname.upper()} {p.first_name} ({p.ffe_code or '-'}) {p.rating or ''}".strip()


class MatchSheetDocument(Document):
    name = "proces-verbal"
    per_match = True
    public = False  # signed by the captains and sent to the league: the players' names

    def render(self, req: Request) -> Sheet:
        # when asked: the view imports the journal's typed records (cup sanctions), which
        # every other printout would pay for at `import publish.pdf` (issue 56.2)
        from ...views.match_sheet import match_sheet

        if req.number is None:
            raise OperationError("Procès-verbal : donnez le numéro du match (--match).")
        return render(match_sheet(req.service, req.tournament.key, req.number), req.title)


def render(sheet: MatchSheet, title: str) -> Sheet:
    from .sheet import Sheet

    doc = Sheet(title, f"Procès-verbal — tour {sheet.round}, match {sheet.number}")
    doc.line_of(f"Recevant : {sheet.home} — Visiteur : {sheet.away or 'exempt'}", 11, "B")
    doc.ln(2)
    if not sheet.bye:
        doc.grid(
            ["Éch.", "Couleur", "Recevant", "Rés.", "Rés.", "Couleur", "Visiteur"],
            [
                [b.number, b.colours[0], _who(b.home), *b.marks, b.colours[1], _who(b.away)]
                for b in sheet.boards
            ],
            [10, 16, 60, 12, 12, 16, 60],
            9,  # a board a line: both players with their licence and rating
        )
        doc.ln(3)
        doc.line_of(score(sheet.decision), 13, "B", 8)
    for note in sheet.notes:
        doc.line_of(note)
    doc.ln(6)
    if doc.will_page_break(_SIGN_HEIGHT + 20):
        doc.add_page()
    width = WIDTH / max(len(sheet.signatures), 3)
    top, left = doc.get_y(), doc.l_margin
    for k, s in enumerate(sheet.signatures):
        x = left + k * width
        lines = [(s.role, "B", 9), (s.team, "", 9), ("Signature :", "", 9)]
        if s.confirmed_at:
            lines.append((f"confirmé dans l'application le {s.confirmed_at}", "I", 7))
        for n, (text, style, size) in enumerate(lines):
            doc.set_xy(x, top + 5 * n)
            doc.font(style, size)
            doc.cell(width - 3, 5, doc.fit(text, width - 4))
        doc.rect(x, top + 20, width - 3, _SIGN_HEIGHT)
    doc.set_xy(left, top + 20 + _SIGN_HEIGHT + 2)
    return doc
