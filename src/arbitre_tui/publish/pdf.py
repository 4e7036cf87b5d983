"""Printed lists as PDF (fpdf2): A4, the event's name and round, page numbers.

Pairings by board and by name, standings, crosstable, the cup match sheet, the check-in
list with paid/due, a wall sheet with the section's pairings and its QR code, and table
cards with each board's QR code. Core PDF fonts carry Latin-1: the few other characters
(dashes, minus signs) are written with their Latin-1 look-alikes.
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from fpdf import FPDF

from ..operations.event import EventService, OperationError
from ..rules.models import Tournament
from .labels import crosstable_cell, public_name
from .qr import base_url, page_url, write_png

WHATS = (
    "appariements",
    "appariements-nom",
    "classement",
    "grille",
    "pointage",
    "affiche",
    "chevalets",
    "proces-verbal",
)
_SUBST = str.maketrans({"—": "-", "–": "-", "−": "-", "’": "'", "…": "...", "«": '"', "»": '"'})


def latin1(text: object) -> str:
    return str(text).translate(_SUBST).encode("latin-1", "replace").decode("latin-1")


class _Doc(FPDF):
    def __init__(self, title: str, subtitle: str) -> None:
        super().__init__(orientation="P", unit="mm", format="A4")
        self.doc_title, self.doc_subtitle = latin1(title), latin1(subtitle)
        self.set_margins(12, 12, 12)
        self.set_auto_page_break(True, 15)
        self.alias_nb_pages()
        self.add_page()

    def header(self) -> None:
        self.set_font("Helvetica", "B", 13)
        self.cell(0, 7, self.doc_title, new_x="LMARGIN", new_y="NEXT")
        self.set_font("Helvetica", "", 11)
        self.cell(0, 6, self.doc_subtitle, new_x="LMARGIN", new_y="NEXT")
        self.ln(2)

    def footer(self) -> None:
        self.set_y(-12)
        self.set_font("Helvetica", "", 8)
        self.cell(0, 5, f"page {self.page_no()} / {{nb}}", align="C")

    def grid(
        self, head: Sequence[str], rows: Sequence[Sequence[object]], widths: Sequence[float]
    ) -> None:
        """A plain table: a bold header line, then one line a row, cut to its width."""
        self.set_font("Helvetica", "B", 10)
        for label, w in zip(head, widths, strict=True):
            self.cell(w, 6, latin1(label), border="B")
        self.ln()
        self.set_font("Helvetica", "", 10)
        for row in rows:
            if self.will_page_break(6):
                self.add_page()
            for value, w in zip(row, widths, strict=True):
                self.cell(w, 6, latin1(value)[: int(w * 0.6)], border="B")
            self.ln()


def _names(service: EventService, t: Tournament) -> dict[int, Any]:
    return {p.id: p for p in service.store.players(t.id or 0) if p.id is not None}


def build(service: EventService, what: str, key: str | None, number: int | None = None) -> bytes:
    """The PDF of ``what`` (one of WHATS) for section ``key``."""
    if what not in WHATS:
        raise OperationError(f"Impression « {what} » inconnue : {', '.join(WHATS)}.")
    t = service.tournament(key)
    ev = service.store.event()
    players = _names(service, t)
    rnd = service.store.round(t.id or 0, number) if number else service.current_round(t)
    if what in ("appariements", "appariements-nom", "affiche", "chevalets") and rnd is None:
        raise OperationError(f"{t.name} : aucune ronde appariée à imprimer.")
    title = f"{ev['name']} - {t.name}"

    def name(pid: int | None) -> str:
        return public_name(players.get(pid)) if pid else "exempt"

    def result(g: Any) -> str:
        return g.result.label if g.result else (g.bye.label if g.bye else "")

    if what in ("appariements", "affiche", "chevalets", "appariements-nom"):
        assert rnd is not None and rnd.id is not None
        games = service.store.games(rnd.id)
        doc = _Doc(title, f"Appariements de la ronde {rnd.number}")
        if what == "appariements-nom":
            rows: list[list[object]] = []
            for g in games:
                colour_w = "Blancs" if g.black_id else ""
                rows.append(
                    [name(g.white_id), g.board, colour_w, name(g.black_id) if g.black_id else ""]
                )
                if g.black_id:
                    rows.append([name(g.black_id), g.board, "Noirs", name(g.white_id)])
            rows.sort(key=lambda r: str(r[0]))
            doc.grid(["Joueur", "Éch.", "Couleur", "Adversaire"], rows, [70, 15, 25, 76])
        elif what == "chevalets":
            _table_cards(doc, service, t, games, name, rnd.number)
        else:
            doc.grid(
                ["Éch.", "Blancs", "Résultat", "Noirs"],
                [
                    [g.board, name(g.white_id), result(g), name(g.black_id) if g.black_id else ""]
                    for g in games
                ],
                [15, 75, 21, 75],
            )
            if what == "affiche":
                _qr(doc, page_url(base_url(service), t.key), 60)
        return bytes(doc.output())
    if what in ("classement", "grille"):
        from ..operations.standings import _fmt, standings

        codes, srows, done = standings(service, t)
        doc = _Doc(
            title, f"{'Classement' if what == 'classement' else 'Grille'} après la ronde {done}"
        )
        if what == "classement":
            head = ["Pl.", "Nom", *[("Pts" if c == "PTS" else c) for c in codes]]
            width = (186 - 15 - 70) / max(len(codes), 1)
            doc.grid(
                head,
                [
                    [r.place, name(r.start), *[_fmt(c, r.values.get(c)) for c in codes]]
                    for r in srows
                ],
                [15, 70, *[width] * len(codes)],
            )
        else:
            order = {r.start: k + 1 for k, r in enumerate(srows)}
            all_games = service.store.all_games(t.id or 0)
            numbers = sorted(all_games)
            w = (186 - 10 - 60 - 14) / max(len(numbers), 1)
            doc.grid(
                ["N°", "Nom", *[str(n) for n in numbers], "Pts"],
                [
                    [order[r.start], name(r.start)]
                    + [crosstable_cell(all_games[n], r.start, order) for n in numbers]
                    + [_fmt("PTS", r.values["PTS"])]
                    for r in srows
                ],
                [10, 60, *[w] * len(numbers), 14],
            )
        return bytes(doc.output())
    if what == "pointage":
        doc = _Doc(title, "Pointage : signature, paiement")
        people = sorted(players.values(), key=lambda p: p.name)
        doc.grid(
            ["Nom", "Elo", "Club", "Payé", "Pointé", "Signature"],
            [
                [
                    p.name,
                    p.rating or "",
                    p.club,
                    "payé" if p.paid else "dû",
                    "oui" if p.checked_in else "",
                    "",
                ]
                for p in people
            ],
            [55, 14, 50, 15, 15, 37],
        )
        return bytes(doc.output())
    # the cup's procès-verbal
    if number is None:
        raise OperationError("Procès-verbal : donnez le numéro du match (--match).")
    from ..operations import cup

    m = cup._match(service, t, number)
    teams = cup._teams(service, t)
    home, away = teams[m["home_team_id"]], teams.get(m["away_team_id"])
    doc = _Doc(title, f"Procès-verbal - tour {m['round']}, match {number}")
    rows = []
    for k, res in enumerate(m["results"]):
        h = players.get((m["lineup_home"] or [None] * 4)[k])
        a = players.get((m["lineup_away"] or [None] * 4)[k])
        rows.append(
            [
                k + 1,
                f"{h.name} ({h.ffe_code or ''}) {h.rating or ''}" if h else "",
                res or "",
                f"{a.name} ({a.ffe_code or ''}) {a.rating or ''}" if a else "",
            ]
        )
    doc.grid(["Éch.", home.name, "Rés.", away.name if away else "exempt"], rows, [12, 80, 14, 80])
    doc.ln(4)
    winner = teams.get(m["winner_team_id"])
    doc.cell(
        0,
        6,
        latin1(f"Vainqueur : {winner.name if winner else '...'}  {m['reason'] or ''}"),
        new_x="LMARGIN",
        new_y="NEXT",
    )
    doc.ln(8)
    for who in ("Capitaine recevant", "Capitaine visiteur", "Arbitre"):
        doc.cell(62, 6, latin1(who), border="T")
    return bytes(doc.output())


def _qr(doc: _Doc, url: str, size: float) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        png = Path(tmp) / "qr.png"
        write_png(url, png)
        if doc.will_page_break(size + 10):
            doc.add_page()
        doc.ln(4)
        doc.image(str(png), x=(210 - size) / 2, w=size, h=size)
        doc.set_font("Helvetica", "", 10)
        doc.cell(0, 6, latin1(url), align="C", new_x="LMARGIN", new_y="NEXT")


def _table_cards(
    doc: _Doc, service: EventService, t: Tournament, games: list[Any], name: Any, number: int
) -> None:
    """One card a board: board number, the two players, the QR of that board's line."""
    url = page_url(base_url(service), t.key, f"ronde-{number}")
    with tempfile.TemporaryDirectory() as tmp:
        for k, g in enumerate(g for g in games if g.black_id):
            png = Path(tmp) / f"qr{g.board}.png"
            write_png(f"{url}#b{g.board}", png)
            if k and k % 4 == 0:
                doc.add_page()
            y = doc.get_y()
            doc.set_font("Helvetica", "B", 28)
            doc.cell(40, 30, str(g.board), border=1, align="C")
            doc.set_font("Helvetica", "", 12)
            doc.set_xy(55, y + 4)
            doc.cell(100, 8, latin1(f"Blancs : {name(g.white_id)}"))
            doc.set_xy(55, y + 16)
            doc.cell(100, 8, latin1(f"Noirs : {name(g.black_id)}"))
            doc.image(str(png), x=165, y=y, w=30, h=30)
            doc.set_xy(12, y + 40)
