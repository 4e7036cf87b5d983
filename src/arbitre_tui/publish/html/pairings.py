"""A round's pairings as a printable HTML page (A4, one table, the event's name and round).

Pinned on the wall like the PDF: a player who objected to publication is « Joueur n° N »,
and a knockout's drawn game shows what decided it."""

from __future__ import annotations

from ...operations.event import EventService, OperationError
from .builder import document, el

_CSS = """
@page { size: A4; margin: 12mm; }
body { font-family: "DejaVu Sans", sans-serif; font-size: 14pt; }  /* read from a metre away */
h1 { font-size: 16pt; margin: 0 0 2mm; } h2 { font-size: 14pt; margin: 0 0 4mm; font-weight: normal; }
table { width: 100%; border-collapse: collapse; }
th, td { border-bottom: 1px solid #999; padding: 1.2mm 2mm; text-align: left; }
td.n, th.n { text-align: right; width: 3em; } td.r { text-align: center; width: 8em; }
tr { page-break-inside: avoid; }
"""


def round_html(service: EventService, key: str | None, number: int | None = None) -> str:
    from ...views.bracket import round_matches
    from ...views.reader import PlayerRef, Reader
    from ...views.round_sheet import build

    t = service.tournament(key)
    reader = Reader(service)
    sheet = build(reader, t, number)
    if not sheet.number:
        raise OperationError("Aucune ronde appariée à imprimer.")
    event = reader.event()
    ko = round_matches(reader, t, sheet.number)

    def who(p: PlayerRef | None) -> str:
        if p is None:
            return "exempt"
        return f"{p.public} ({p.rating})" if p.rating and not p.anonymous else p.public

    rows = [
        el(
            "tr",
            el("td", b.board, cls="n"),
            el("td", who(b.white)),
            el("td", (ko[b.board].short if b.board in ko else b.shown) if b.done else "", cls="r"),
            el("td", who(b.black)),
        )
        for b in sheet.boards
    ]
    stage = f" — {sheet.named_stage}" if sheet.named_stage else ""
    tc = f" — {sheet.time_control}" if sheet.time_control else ""
    head = [el("th", "Éch.", cls="n"), el("th", "Blancs"), el("th", "Résultat"), el("th", "Noirs")]
    return document(
        f"{t.name} — ronde {sheet.number}",
        _CSS,
        el("h1", f"{event['name']} — {t.name}"),
        el("h2", f"Appariements de la ronde {sheet.number}{stage}{tc}"),
        el("table", el("thead", el("tr", head)), el("tbody", rows)),
        el("p", f"Ne joue pas cette ronde : {', '.join(who(p) for p in sheet.sitting_out)}.")
        if sheet.sitting_out
        else None,
    )
