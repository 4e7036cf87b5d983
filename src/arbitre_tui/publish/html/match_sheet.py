"""The cup match sheet (procès-verbal) in HTML: one A4 page with signature lines.

It renders :mod:`arbitre_tui.views.match_sheet`, as the PDF does.
"""

from __future__ import annotations

from ...operations.event import EventService
from ...rules.models import StoredPlayer
from ...views.match_sheet import MatchSheet, match_sheet
from ..figures import score
from .builder import Markup, document, el

_CSS = """
@page { size: A4; margin: 14mm; }
body { font-family: sans-serif; font-size: 10.5pt; }
h1 { font-size: 15pt; margin: 0; } h2 { font-size: 12pt; margin: 1mm 0 5mm; font-weight: normal; }
table { width: 100%; border-collapse: collapse; margin-bottom: 5mm; }
th, td { border: 1px solid #444; padding: 1.5mm; } th { background: #eee; }
td.c { text-align: center; } .score { font-size: 13pt; font-weight: bold; }
.sign { display: flex; gap: 6mm; margin-top: 10mm; } .sign div { flex: 1; border-top: 1px solid #000; padding-top: 2mm; height: 22mm; }
"""

_SIDE = ["Couleur", "Nom", "Prénom", "Code FFE", "Elo"]


def sheet_html(
    service: EventService, key: str | None, number: int, round_number: int | None = None
) -> str:
    """The A4 procès-verbal of match ``number`` (for a bye, a sheet that says so)."""
    return render(match_sheet(service, key, number, round_number))


def _side(p: StoredPlayer | None, colour: str) -> list[Markup]:
    if p is None:
        return [el("td", colour, cls="c"), el("td"), el("td"), el("td"), el("td")]
    return [
        el("td", colour, cls="c"),
        el("td", p.surname.upper()),
        el("td", p.first_name),
        el("td", p.ffe_code or "", cls="c"),
        el("td", p.rating or "", cls="c"),
    ]


def render(sheet: MatchSheet) -> str:
    rows = []
    for b in sheet.boards:
        home_colour, away_colour = b.colours
        mark_h, mark_a = b.marks
        rows.append(
            el(
                "tr",
                el("td", b.number, cls="c"),
                _side(b.home, home_colour),
                el("td", mark_h, cls="c"),
                el("td", mark_a, cls="c"),
                _side(b.away, away_colour),
            )
        )
    head = [el("th", x) for x in ["Éch.", *_SIDE, "Rés.", "Rés.", *_SIDE]]
    signs = [
        el(
            "div",
            s.label,
            el("br"),
            "Signature :",
            [el("br"), el("small", f"confirmé dans l'application le {s.confirmed_at}")]
            if s.confirmed_at
            else None,
        )
        for s in sheet.signatures
    ]
    return document(
        f"Procès-verbal — match {sheet.number}",
        _CSS,
        el("h1", f"{sheet.event} — procès-verbal"),
        el(
            "h2",
            f"Tour {sheet.round}, match {sheet.number} : {sheet.home} (recevant) – {sheet.away or 'exempt'}",
        ),
        None if sheet.bye else el("table", el("thead", el("tr", head)), el("tbody", rows)),
        None if sheet.bye else el("p", score(sheet.decision), cls="score"),
        [el("p", note) for note in sheet.notes],
        el("div", signs, cls="sign"),
    )
