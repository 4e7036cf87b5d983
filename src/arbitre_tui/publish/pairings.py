"""A round's pairings as a printable HTML page (A4, one table, the event's name and round)."""

from __future__ import annotations

from html import escape

from ..operations.event import EventService, OperationError

_CSS = """
@page { size: A4; margin: 12mm; }
body { font-family: sans-serif; font-size: 11pt; }
h1 { font-size: 14pt; margin: 0 0 2mm; } h2 { font-size: 12pt; margin: 0 0 4mm; font-weight: normal; }
table { width: 100%; border-collapse: collapse; }
th, td { border-bottom: 1px solid #999; padding: 1.2mm 2mm; text-align: left; }
td.n, th.n { text-align: right; width: 3em; } td.r { text-align: center; width: 5em; }
tr { page-break-inside: avoid; }
"""


def round_html(service: EventService, key: str | None, number: int | None = None) -> str:
    from ..views.reader import PlayerRef, Reader
    from ..views.round_sheet import build

    t = service.tournament(key)
    reader = Reader(service)
    sheet = build(reader, t, number)
    if not sheet.number:
        raise OperationError("Aucune ronde appariée à imprimer.")
    event = reader.event()

    def who(p: PlayerRef | None) -> str:
        if p is None:
            return "exempt"
        return f"{escape(p.name)} ({p.rating})" if p.rating else escape(p.name)

    rows = [
        f"<tr><td class='n'>{b.board}</td><td>{who(b.white)}</td>"
        f"<td class='r'>{escape(b.result_label)}</td><td>{who(b.black)}</td></tr>"
        for b in sheet.boards
    ]
    stage = f" — {escape(sheet.named_stage)}" if sheet.named_stage else ""
    tc = f" — {escape(sheet.time_control)}" if sheet.time_control else ""
    return (
        "<!doctype html><html lang='fr'><head><meta charset='utf-8'>"
        f"<title>{escape(t.name)} — ronde {sheet.number}</title><style>{_CSS}</style></head><body>"
        f"<h1>{escape(event['name'])} — {escape(t.name)}</h1>"
        f"<h2>Appariements de la ronde {sheet.number}{stage}{tc}</h2>"
        "<table><thead><tr><th class='n'>Éch.</th><th>Blancs</th><th>Résultat</th><th>Noirs</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table></body></html>\n"
    )
