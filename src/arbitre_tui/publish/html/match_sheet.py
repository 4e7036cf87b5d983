"""The cup match sheet (procès-verbal): one A4 page with signature lines."""

from __future__ import annotations

from html import escape

from ...operations import cup as cup_ops
from ...operations.event import EventService, OperationError
from ...rules.cup import Board, colours

_CSS = """
@page { size: A4; margin: 14mm; }
body { font-family: sans-serif; font-size: 10.5pt; }
h1 { font-size: 15pt; margin: 0; } h2 { font-size: 12pt; margin: 1mm 0 5mm; font-weight: normal; }
table { width: 100%; border-collapse: collapse; margin-bottom: 5mm; }
th, td { border: 1px solid #444; padding: 1.5mm; } th { background: #eee; }
td.c { text-align: center; } .score { font-size: 13pt; font-weight: bold; }
.sign { display: flex; gap: 6mm; margin-top: 10mm; } .sign div { flex: 1; border-top: 1px solid #000; padding-top: 2mm; height: 22mm; }
"""

_LABEL = {
    Board.HOME_WINS.value: ("1", "0"),
    Board.DRAW.value: ("X", "X"),
    Board.AWAY_WINS.value: ("0", "1"),
    Board.HOME_FORFEITS.value: ("F (−1)", "1"),
    Board.AWAY_FORFEITS.value: ("1", "F (−1)"),
    Board.BOTH_FORFEIT.value: ("F (−1)", "F (−1)"),
}


def sheet_html(
    service: EventService, key: str | None, number: int, round_number: int | None = None
) -> str:
    t = cup_ops._cup(service, key)
    m = cup_ops._match(service, t, number, round_number)
    if m["away_team_id"] is None:
        raise OperationError(f"Match {number} : exempt, pas de procès-verbal.")
    teams = cup_ops._teams(service, t)
    everyone = {p.id: p for p in service.store.players(t.id or 0)}
    home, away = teams[m["home_team_id"]], teams[m["away_team_id"]]
    lineup_h, lineup_a = m["lineup_home"] or [], m["lineup_away"] or []
    home_colours = colours(bool(m["away_keeps_white"]))
    rows = []
    for board in range(4):

        def cell(ids: list[int], i: int = board) -> str:
            if i >= len(ids):
                return "<td></td><td></td><td></td><td></td>"
            p = everyone[ids[i]]
            return (
                f"<td>{escape(p.surname.upper())}</td><td>{escape(p.first_name)}</td>"
                f"<td class='c'>{escape(p.ffe_code or '')}</td><td class='c'>{p.rating or ''}</td>"
            )

        result = m["results"][board]
        rh, ra = _LABEL.get(result, ("", "")) if result else ("", "")
        colour = "Blancs" if home_colours[board] == "w" else "Noirs"
        rows.append(
            f"<tr><td class='c'>{board + 1} ({colour})</td>{cell(lineup_h)}<td class='c'>{rh}</td>"
            f"<td class='c'>{ra}</td>{cell(lineup_a)}</tr>"
        )
    score = ""
    if m["home_points"] is not None:
        score = f"{m['home_points']:g} – {m['away_points']:g}"
    winner = teams[m["winner_team_id"]].name if m["winner_team_id"] else "à décider"
    conf = m["confirmations"]
    signed = {who: conf.get(who) for who in ("capitaine-recevant", "capitaine-visiteur", "arbitre")}

    def sign(label: str, who: str) -> str:
        mark = (
            f"<br><small>confirmé dans l'application le {escape(signed[who])}</small>"
            if signed[who]
            else ""
        )
        return f"<div>{escape(label)}{mark}</div>"

    event = service.store.event()
    head = (
        "<th>Éch.</th><th>Nom</th><th>Prénom</th><th>Code FFE</th><th>Elo</th><th>Rés.</th>"
        "<th>Rés.</th><th>Nom</th><th>Prénom</th><th>Code FFE</th><th>Elo</th>"
    )
    reported = escape(m["reported_at"] or "non transmis")
    if conf.get("reported_after_midnight"):
        reported += " (après minuit : l'équipe se déplacera au tour suivant)"
    advances = cup_ops.clock_advances(t, m)
    late = "".join(
        f"<p>Composition remise en retard : pendules du {'recevant' if side == 'home' else 'visiteur'} "
        f"avancées de {minutes} min.</p>"
        for side, minutes in advances.items()
    )
    return (
        "<!doctype html><html lang='fr'><head><meta charset='utf-8'>"
        f"<title>Procès-verbal — match {number}</title><style>{_CSS}</style></head><body>"
        f"<h1>{escape(event['name'])} — procès-verbal</h1>"
        f"<h2>Tour {m['round']}, match {number} : {escape(home.name)} (recevant) – {escape(away.name)}</h2>"
        f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        f"<p class='score'>Score : {escape(score)} — vainqueur : {escape(winner)}</p>"
        f"<p>Motif : {escape(m['reason'])}. Résultat transmis : {reported}.</p>{late}"
        f"<div class='sign'>{sign('Capitaine ' + home.name, 'capitaine-recevant')}"
        f"{sign('Capitaine ' + away.name, 'capitaine-visiteur')}{sign('Arbitre', 'arbitre')}</div>"
        "</body></html>\n"
    )
