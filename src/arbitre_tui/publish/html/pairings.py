"""A round's pairings as a printable HTML page (A4, one table, the event's name and round)."""

from __future__ import annotations

from ...operations.event import EventService, OperationError
from .builder import document, el

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
        return f"{p.name} ({p.rating})" if p.rating else p.name

    rows = [
        el(
            "tr",
            el("td", g.board, cls="n"),
            el("td", who(g.white_id)),
            el("td", g.result.label if g.result else "", cls="r"),
            el("td", who(g.black_id)),
        )
        for g in service.store.games(rnd.id)
    ]
    named = rnd.stage and not rnd.stage.startswith("Ronde")
    stage = f" — {rnd.stage or ''}" if named else ""
    tc = f" — {rnd.time_control.label}" if rnd.time_control else ""
    head = [el("th", "Éch.", cls="n"), el("th", "Blancs"), el("th", "Résultat"), el("th", "Noirs")]
    return document(
        f"{t.name} — ronde {rnd.number}",
        _CSS,
        el("h1", f"{event['name']} — {t.name}"),
        el("h2", f"Appariements de la ronde {rnd.number}{stage}{tc}"),
        el("table", el("thead", el("tr", head)), el("tbody", rows)),
    )
