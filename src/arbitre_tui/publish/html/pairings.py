"""A round's pairings as a printable HTML page (A4, one table, the event's name and round)."""

from __future__ import annotations

from html import escape

from ...operations.event import EventService, OperationError

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
    t = service.tournament(key)
    assert t.id is not None
    rnd = service.store.round(t.id, number) if number else service.current_round(t)
    if rnd is None or rnd.id is None:
        raise OperationError("Aucune ronde appariée à imprimer.")
    event = service.store.event()
    players = {p.id: p for p in service.store.players(t.id)}

    def who(pid: int | None) -> str:
        if pid is None:
            return "exempt"
        p = players[pid]
        return f"{escape(p.name)} ({p.rating})" if p.rating else escape(p.name)

    rows = []
    for g in service.store.games(rnd.id):
        result = g.result.label if g.result else ""
        rows.append(
            f"<tr><td class='n'>{g.board}</td><td>{who(g.white_id)}</td>"
            f"<td class='r'>{escape(result)}</td><td>{who(g.black_id)}</td></tr>"
        )
    named = rnd.stage and not rnd.stage.startswith("Ronde")
    stage = f" — {escape(rnd.stage or '')}" if named else ""
    tc = f" — {escape(rnd.time_control.label)}" if rnd.time_control else ""
    return (
        "<!doctype html><html lang='fr'><head><meta charset='utf-8'>"
        f"<title>{escape(t.name)} — ronde {rnd.number}</title><style>{_CSS}</style></head><body>"
        f"<h1>{escape(event['name'])} — {escape(t.name)}</h1>"
        f"<h2>Appariements de la ronde {rnd.number}{stage}{tc}</h2>"
        "<table><thead><tr><th class='n'>Éch.</th><th>Blancs</th><th>Résultat</th><th>Noirs</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table></body></html>\n"
    )
