"""The printed documents, one class each: what it is called, what it needs, how it prints.

A document reads what it prints through a :class:`Request` (the section, the round or the
match asked for, names as the site publishes them) and fills a :class:`Sheet`.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, TypeAlias, TypeVar

from ...operations.event import EventService, OperationError
from ...rules.entry_fees import euros
from ...rules.models import (
    StoredGame,
    StoredPlayer,
    StoredRound,
    StoredTournament,
)
from ...views.collation import sort_key
from ...views.reader import PlayerRef, Reader, public_name
from ...views.round_sheet import RoundSheet
from ..catalogue import LABELS
from ..figures import french, half, score
from ..qr import base_url, page_url, write_png
from .layout import WIDTH, Layout

if TYPE_CHECKING:
    from .lite import LiteSheet
    from .sheet import Sheet

    Page: TypeAlias = Sheet | LiteSheet


@dataclass
class Request:
    """One printout asked for: the section, and the round (or the cup match) number."""

    service: EventService
    tournament: StoredTournament
    number: int | None = None
    base: str | None = None  # the address the QR codes give (--base-url), else the event's
    wifi: tuple[str, str] | None = None  # the poster's Wi-Fi name and password
    player: int | None = None  # a form about one player (publish/pdf/forms.py)
    lite: bool = False  # a list drawn without fpdf2 where it can be (lite.py, issue 56.2)

    @property
    def url(self) -> str:
        """The address the organiser chose, the one every printed QR code encodes."""
        return base_url(self.service, self.base)

    @cached_property
    def reader(self) -> Reader:
        return Reader(self.service)

    @property
    def title(self) -> str:
        return f"{self.reader.event()['name']} — {self.tournament.name}"

    @cached_property
    def players(self) -> dict[int, StoredPlayer]:
        return self.reader.people(self.tournament)

    @cached_property
    def numbers(self) -> dict[int, int]:
        """Each player's public number (the « Joueur n° N » of a player who opted out)."""
        return self.reader.numbers(self.tournament)

    def name(self, pid: int | None) -> str:
        return public_name(self.players.get(pid), self.numbers.get(pid)) if pid else "exempt"

    def round(self) -> StoredRound:
        """The round asked for (default: the last paired), refused when there is none."""
        t = self.tournament
        rnd = self.reader.round(t, self.number)
        if rnd is None:
            raise OperationError(f"{t.name} : aucune ronde appariée à imprimer.")
        return rnd

    def games(self) -> list[StoredGame]:
        return self.reader.games(self.round())


class Document:
    """A printout: its name on the command line, and how it fills its pages."""

    name: ClassVar[str]
    per_match: ClassVar[bool] = False  # asks for a cup match number instead of a round
    per_player: ClassVar[bool] = False  # a form about one player (--joueur)
    # pinned or handed out: a player who objected to publication is « Joueur n° N » there;
    # the arbiter's own records (check-in, the signed procès-verbal) keep the names
    public: ClassVar[bool] = True
    # carries QR codes: printing refuses a loopback address unless forced (dead on paper)
    qr: ClassVar[bool] = False

    @property
    def label(self) -> str:
        """From the catalogue, which lists the documents without importing this library."""
        return LABELS[self.name]

    def render(self, req: Request) -> Page:
        raise NotImplementedError


def _page(
    req: Request,
    title: str,
    subtitle: str,
    corner_qr: str | None = None,
    landscape: bool = False,
) -> Page:
    """A list's sheet: the light writer's when the request allows it (no QR code on it),
    else fpdf2's; the light one raises ``lite.Unsupported`` for what it cannot draw."""
    if req.lite and corner_qr is None:
        from .lite import LiteSheet

        return LiteSheet(title, subtitle, landscape)
    return _fpdf(title, subtitle, corner_qr, landscape)


def _fpdf(
    title: str, subtitle: str, corner_qr: str | None = None, landscape: bool = False
) -> Sheet:
    """fpdf2's sheet, for a document the light writer does not draw (QR codes…)."""
    from .sheet import Sheet

    return Sheet(title, subtitle, corner_qr=corner_qr, landscape=landscape)


_P = TypeVar("_P", bound=Layout)


def turned(
    doc: _P,
    landscape: Callable[[], _P],
    head: Sequence[str],
    rows: Sequence[Sequence[object]],
    widths_of: Callable[[float], list[float]],
    size: float,
    names: Sequence[int],
    least: float,
) -> tuple[_P, list[float]]:
    """``doc`` and its table's columns (``widths_of`` the page's width), or ``landscape()``
    and its columns when the portrait page would leave the name columns less than ``least``
    mm at ``size``: the grille of nine rounds, the standings with a dozen tie-breaks."""
    widths = widths_of(doc.epw)
    if doc.room_for_names(head, rows, widths, size, names) >= least:
        return doc, widths
    doc = landscape()
    return doc, widths_of(doc.epw)


WALL = 14  # pt: the lists pinned on the wall are read from a metre away


def _sheet(req: Request) -> tuple[RoundSheet, bool]:
    """The round asked for, as the site shows it: a knockout's drawn games with their
    decider (« ½-½ (1-0) ») and the qualified player marked « ✓ »; nothing for a game to
    play (the arbiter writes the result in)."""
    from ...views.bracket import round_matches
    from ...views.round_sheet import build

    sheet = build(req.reader, req.tournament, req.round().number)
    ko = round_matches(req.reader, req.tournament, sheet.number)
    boards = []
    for b in sheet.boards:
        m = ko.get(b.board)
        if m is None:
            boards.append(replace(b, result_label=b.shown if b.done else ""))
            continue
        won = m.winner.id if m.winner else None
        black = _mark(b.black, won) if b.black else None
        boards.append(
            replace(
                b, white=_mark(b.white, won), black=black, result_label=m.short if b.done else ""
            )
        )
    return replace(sheet, boards=tuple(boards)), bool(ko)


def _mark(p: PlayerRef, won: int | None) -> PlayerRef:
    return replace(p, public=f"{p.public} ✓") if p.id == won else p


KO_LEGEND = "Entre parenthèses : le départage d'une nulle ; ✓ : qualifié pour le tour suivant."


class Pairings(Document):
    name = "appariements"

    def corner(self, req: Request) -> str | None:
        """The address whose QR sits in every page's corner (the poster's), else none."""
        return None

    def render(self, req: Request) -> Page:
        from ...views.round_sheet import points_before

        sheet, ko = _sheet(req)
        before = points_before(req.reader.all_games(req.tournament), sheet.number)
        doc = _page(req, req.title, f"Appariements de la ronde {sheet.number}", self.corner(req))
        doc.grid(  # each player's points before the round beside the name (issue 49.9)
            ["Éch.", "Pts", "Blancs", "Résultat", "Noirs", "Pts"],
            [
                [
                    b.board,
                    half(before.get(b.white.id, 0)),
                    b.white.public,
                    b.result_label,
                    b.black.public if b.black else "",
                    half(before.get(b.black.id, 0)) if b.black else "",
                ]
                for b in sheet.boards
            ],
            [8, 8, 73, 16, 73, 8],  # short columns widen to their values; names the rest
            WALL,
            names=(2, 4),
        )
        if sheet.sitting_out:  # a round robin's rest (issue 29.6)
            names = ", ".join(p.public for p in sheet.sitting_out)
            doc.line_of(f"Ne joue pas cette ronde : {names}.", 10)
        if ko:
            doc.line_of(KO_LEGEND, 9)
        return doc


class PairingsByName(Document):
    name = "appariements-nom"

    def render(self, req: Request) -> Page:
        sheet, _ = _sheet(req)
        doc = _page(req, req.title, f"Appariements de la ronde {sheet.number}, par nom")
        rows: list[list[object]] = [
            [
                line.player.public,
                line.board or "—",  # a round robin's rest: no board
                line.colour or line.shown,
                line.opponent.public if line.opponent else "",
            ]
            for line in sheet.by_name
        ]
        doc.grid(
            ["Joueur", "Éch.", "Couleur", "Adversaire"], rows, [70, 16, 30, 70], WALL, names=(0, 3)
        )
        return doc


class Standings(Document):
    name = "classement"

    def render(self, req: Request) -> Page:
        from ...views.standings import build

        view = build(req.reader, req.tournament)
        doc = _page(req, req.title, view.title[0].upper() + view.title[1:])
        if view.kind == "cup":
            doc.grid(
                ["Tour", "Recevant", "Score", "Visiteur", "Vainqueur"],
                [
                    [m.round, m.home, score(m.score), m.away or "exempt", m.winner or ""]
                    for m in view.matches
                ],
                [14, 56, 20, 56, 40],
                11,
            )
            return doc
        place = 22 if view.kind == "knockout" else 15  # « 113–128 »
        head = ["Pl.", "Nom", "Elo", "Club", *view.columns]
        rows = [
            [r.place, r.player.public, *_rating_club(r.player)]
            + [french(v, c == "PTS") for c, v in zip(view.codes, r.shown, strict=False)]
            for r in view.rows
        ]
        subtitle = doc.doc_subtitle
        doc, widths = turned(  # a dozen tie-breaks and more: the page turned
            doc,
            lambda: _page(req, req.title, subtitle, landscape=True),
            head,
            rows,
            lambda page: _standings_widths(page, place, len(view.codes)),
            11 * 0.7,
            (1, 3),
            _NAMES,
        )
        # the Elo and club as the desk's list has them (issue 49.9)
        doc.grid(head, rows, widths, 11, names=(1, 3))
        for note in view.notes:  # a play-off's seeds drawn by lot (003 art. 6)
            doc.ln(2)
            doc.line_of(note, 10)
        if view.legend:
            doc.ln(2)
            doc.line_of(" ; ".join(f"{c} : {name}" for c, name in view.legend), 9)
        return doc


_NAMES = 50  # mm the standings' name and club keep on a portrait page, else landscape


def _standings_widths(page: float, place: float, codes: int) -> list[float]:
    """The standings' columns (mm) on a page ``page`` mm wide between its margins: the
    tie-breaks share what the place, name, Elo and club leave."""
    fixed = [place, 60, 12, 40]
    return [*fixed, *[(page - sum(fixed)) / max(codes, 1)] * codes]


def _rating_club(p: PlayerRef) -> tuple[str, str]:
    """A player's Elo and club on a printed list; nothing for one who objected to
    publication (« Joueur n° N » and nothing that identifies them)."""
    if p.anonymous:
        return "", ""
    return (str(p.rating) if p.rating else ""), p.club


class Crosstable(Document):
    name = "grille"

    def render(self, req: Request) -> Page:
        from ...operations.standings import complete_rounds
        from ...views.crosstable import build

        grid = build(req.reader, req.tournament)
        doc = _page(
            req, req.title, f"Grille après la ronde {complete_rounds(req.service, req.tournament)}"
        )
        w = (WIDTH - 10 - 10 - 60 - 14) / max(len(grid.rounds), 1)
        doc.grid(
            ["Pl.", "N°", "Nom", *[str(n) for n in grid.rounds], "Pts"],
            [[r.place, r.number, r.player.public, *r.cells, half(r.points)] for r in grid.rows],
            [10, 10, 60, *[w] * len(grid.rounds), 14],
            names=(2,),
        )
        return doc


class CheckIn(Document):
    name = "pointage"
    public = False

    def render(self, req: Request) -> Page:
        """Each player's fee, paid or due, then the desk's totals (owed, paid by each
        means, still due) — the sums the treasurer checks the cash box against."""
        doc = _page(req, req.title, "Pointage : signature, droits d'inscription, paiement")
        people = sorted(req.players.values(), key=lambda p: sort_key(p.name))
        fees = _fees(req, people)
        from ...operations import reporting

        if reporting.is_open(req.service):  # issue 36: each player's own check-in code
            self._with_codes(req, doc, people, fees)
        else:
            doc.grid(
                ["Nom", "Elo", "Club", "Droit", "Payé", "Pointé", "Signature"],
                [
                    [
                        p.name,
                        p.rating or "",
                        p.club,
                        euros(fees[p.id]),
                        _paid(p, fees[p.id]),
                        "oui" if p.checked_in else "",
                        "",
                    ]
                    for p in people
                ],
                [50, 12, 44, 16, 16, 14, 34],
            )
        _totals(doc, people, fees)
        return doc

    def _with_codes(
        self, req: Request, doc: Page, people: list[StoredPlayer], fees: dict[int, float]
    ) -> None:
        """While players report from their phones: each one's N° (the one the lists print,
        which the entrance's page asks) and own code, given to him on paper; he checks in on the entrance's page (« arbitre qr --page
        pointage/ ») before round 1, and the arbiter accepts them in bulk (P in Joueurs)."""
        from ...operations import reporting

        doc.grid(
            ["N°", "Nom", "Elo", "Club", "Droit", "Payé", "Pointé", "Code", "Signature"],
            [
                [
                    req.numbers.get(p.id, ""),
                    p.name,
                    p.rating or "",
                    p.club,
                    euros(fees[p.id]),
                    _paid(p, fees[p.id]),
                    "oui" if p.checked_in else "",
                    reporting.player_code(req.service, p.id),
                    "",
                ]
                for p in people
            ],
            [9, 42, 11, 26, 14, 12, 12, 30, 30],
        )


def _fees(req: Request, people: list[StoredPlayer]) -> dict[int, float]:
    """Each player's fee (rules/entry_fees), on the event's first day."""
    import datetime as dt

    from ...rules.entry_fees import entry_fee

    start = req.reader.event().get("start_date")
    try:
        on = dt.date.fromisoformat(str(start)) if start else dt.date.today()
    except ValueError:
        on = dt.date.today()
    return {p.id: entry_fee(req.tournament, p, on)[0] for p in people}


def _paid(p: StoredPlayer, amount: float) -> str:
    if amount <= 0:
        return "gratuit"
    return "payé" if p.paid else "dû"


def _totals(doc: Page, people: list[StoredPlayer], fees: dict[int, float]) -> None:
    from ...rules.entry_fees import totals

    sums = totals((fees[p.id], p.paid, p.payment_method) for p in people)
    doc.ln(3)
    doc.line_of(
        f"Total des droits : {euros(sums.owed)} ({sums.players} joueurs) ; "
        f"payé : {euros(sums.paid)} ({sums.paid_players} joueurs) ; "
        f"reste dû : {euros(sums.due)} ({sums.due_players} joueurs).",
        size=10,
        style="B",
    )
    if sums.by_means:
        doc.line_of(
            "Payé par moyen de paiement : "
            + " ; ".join(f"{how} {euros(amount)}" for how, amount in sums.by_means)
            + ".",
            size=10,
        )


class ParticipantsByRating(Document):
    name = "participants-elo"

    def render(self, req: Request) -> Page:
        """Every player registered, strongest first (the rating the pairing reads: FIDE,
        else FFE), as pinned at the entrance before round 1; the pairing number beside."""
        people = sorted(
            req.players.values(),
            key=lambda p: (-p.rating, sort_key(p.name)),
        )
        doc = _page(req, req.title, f"Liste des participants par Elo ({len(people)} joueurs)")
        doc.grid(
            ["", "N°", "Titre", "Nom", "Elo", "Féd.", "Club"],
            [
                [
                    k,
                    req.numbers.get(p.id, ""),
                    "" if _hidden(req, p) else (p.title or ""),
                    req.name(p.id),
                    "" if _hidden(req, p) else (p.rating or "—"),
                    "" if _hidden(req, p) else p.federation,
                    "" if _hidden(req, p) else p.club,
                ]
                for k, p in enumerate(people, 1)
            ],
            [9, 10, 12, 62, 14, 12, 67],
        )
        return doc


def _hidden(req: Request, p: StoredPlayer) -> bool:
    """A player who objected to publication is « Joueur n° N », with nothing beside."""
    return p.publish_opt_out


class Poster(Pairings):
    name = "affiche"
    qr = True

    def corner(self, req: Request) -> str | None:
        return page_url(req.url, req.tournament.key)

    def render(self, req: Request) -> Page:
        """The pairings (a cup's: the tour's matches) with the section's QR on every page,
        large at the end with its address in text, and the venue's Wi-Fi (name and
        password: given, else room to write them by hand)."""
        from ...operations.formats import format_of
        from ..lang import in_every
        from .sheet import Sheet

        doc = self._cup(req) if format_of(req.tournament).by_teams else super().render(req)
        assert isinstance(doc, Sheet)  # its QR in every corner: fpdf2's sheet, always
        doc.qr(page_url(req.url, req.tournament.key), 60, below=14)
        # the page opens in the phone's language; the poster says so in all three (issue 55)
        doc.font("B", 11)
        said = doc.text_of(in_every("Les résultats sur votre téléphone"))
        doc.cell(0, 6, said, align="C", new_x="LMARGIN", new_y="NEXT")
        doc.wifi(*(req.wifi or ("", "")))
        return doc

    def _cup(self, req: Request) -> Page:
        """A cup's tour (``--ronde``, else the last drawn): each match, home team first,
        its score once decided and the colours where art. 3.4 changes them."""
        from ...views.cup import build

        view = build(req.reader, req.tournament)
        number = req.number or view.last_round
        matches = [m for m in view.matches if m.round == number]
        if not matches:
            raise OperationError(
                f"{req.tournament.name} : aucun tour tiré à afficher"
                + (f" (tour {number})." if req.number else ".")
            )
        doc = _page(req, req.title, f"Tour {number} : les matchs", self.corner(req))
        doc.grid(
            ["Match", "Recevant", "Score", "Visiteur"],
            [[m.number, m.home, score(m.score), m.away or "exempt"] for m in matches],
            [18, 72, 24, 72],
            WALL,
            names=(1, 3),
        )
        for m in matches:
            if m.colours:
                doc.line_of(f"Match {m.number} : {m.colours}.", 10)
        return doc


def _card_languages(doc: Sheet, x: float, y: float, width: float, phones: bool) -> None:
    """Under the board's number, small: the card's words in French, English and German
    (issue 55); the QR's page then speaks the phone's language."""
    from ..lang import in_every, words

    lines = [in_every("Échiquier"), f"{in_every('Blancs')} / {in_every('Noirs')}"]
    if phones:
        said = "Votre résultat : avec votre code personnel"
        lines += [words(lang)(said) for lang in ("en", "de")]
    doc.font("", 7)
    for k, line in enumerate(lines):
        doc.set_xy(x, y + k * 3.5)
        doc.cell(width, 3.5, doc.fit(line, width))


def _reporting(req: Request) -> bool:
    """While the organiser has reporting on (issues 36, 51) the table card opens the
    board's entrance, where each player gives his own code; no code is ever printed on
    it (the opponent sits in front of it)."""
    from ...operations import reporting

    return reporting.is_open(req.service)


class TableCards(Document):
    name = "chevalets"
    qr = True

    def render(self, req: Request) -> Page:
        """One card a board, eight to an A4 page (two columns of four, cut along the
        frames): board number, the two players, the QR of that board's line and its
        address in text."""
        rnd = req.round()
        doc = _fpdf(req.title, f"Appariements de la ronde {rnd.number}")
        url = page_url(req.url, req.tournament.key, f"ronde-{rnd.number}")
        top, w, h = doc.get_y(), WIDTH / 2, 63.0
        phones = _reporting(req)

        def target(board: int) -> str:
            """The board's line; while players report, the board's entrance."""
            if phones:
                from ..html.reporting import board_path

                return req.url.rstrip("/") + board_path(req.tournament.key, rnd.number, board)
            return f"{url}#b{board}"

        doc.set_auto_page_break(False)
        with tempfile.TemporaryDirectory() as tmp:
            for k, g in enumerate(g for g in req.games() if g.black_id):
                png = Path(tmp) / f"qr{g.board}.png"
                write_png(target(g.board), png)
                if k and k % 8 == 0:
                    doc.add_page()
                x, y = 12 + (k % 2) * w, top + (k % 8 // 2) * h
                doc.rect(x, y, w, h)
                doc.set_xy(x + 2, y + 2)
                doc.font("B", 30)
                doc.cell(w - 36, 16, str(g.board))
                doc.image(str(png), x=x + w - 32, y=y + 2, w=30, h=30)
                _card_languages(doc, x + 2, y + 19, w - 36, phones)
                for line, (label, pid) in enumerate(
                    (("Blancs", g.white_id), ("Noirs", g.black_id))
                ):
                    doc.set_xy(x + 2, y + 34 + line * 9)
                    doc.font("", 12)
                    doc.cell(w - 4, 8, doc.fit_name(req.name(pid), w - 5, f"{label} : "))
                if phones:  # each player's own code, from the paper he got at registration
                    doc.set_xy(x + 2, y + h - 14)
                    doc.font("B", 9)
                    said = "Votre résultat : avec votre code personnel"
                    doc.cell(w - 4, 5, doc.fit(said, w - 5))
                doc.set_xy(x + 2, y + h - 8)
                doc.font("", 7)  # the address in text too: typed when no phone reads the QR
                doc.cell(w - 4, 5, doc.fit(target(g.board), w - 5))
        doc.set_auto_page_break(True, 15)
        return doc
