"""The arbiter's forms about one player, filled from the event (issue 32.6): the licence
attestation, the report of an unjustified forfeit, the report of an exclusion, the
arbiter's report on a player.

The FFE's own forms (the « T3–T7 » the issue names) were not found in the corpora this
project can read: the fields below are the ones an FFE arbiter writes on such a report —
who (licence, FIDE id, club, category), where (tournament, homologation number, dates,
venue, chief arbiter), what the file recorded (forfeits, incidents, exclusion), then
room for the account and the signatures (docs/formulaires-ffe.md). Printed with
``arbitre print FICHIER QUOI -t SECTION --joueur N``; without a player, the same form
with the event filled and the player's lines blank, to fill by hand.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ...operations.event import OperationError
from ...rules.models import Result, Sex, StoredGame, StoredPlayer
from ...rules.settings import event_settings, section_settings
from .documents import Document, Request
from .layout import WIDTH

if TYPE_CHECKING:
    from .sheet import Sheet

BLANK = "_" * 30
LABEL = 72  # mm: the labels' column of a form


@dataclass(frozen=True, slots=True)
class Forfeit:
    round: int
    date: str
    board: int
    colour: str  # « Blancs », « Noirs »
    opponent: str


def _french(iso: object) -> str:
    parts = str(iso or "")[:10].split("-")
    return "/".join(reversed(parts)) if len(parts) == 3 else str(iso or "")


def _season(on: dt.date) -> str:
    """The FFE's season, 1 September to 31 August: « 2026-2027 »."""
    first = on.year if on.month >= 9 else on.year - 1
    return f"{first}-{first + 1}"


class PlayerForm(Document):
    """A form about one player: the event's block, the player's block, then its own."""

    public: ClassVar[bool] = False  # full names: for the federation, never pinned
    per_player: ClassVar[bool] = True
    heading: ClassVar[str]

    def player(self, req: Request) -> StoredPlayer | None:
        if req.player is None:
            return None
        found = req.players.get(req.player)
        if found is None:
            raise OperationError(
                f"Joueur {req.player} : pas dans {req.tournament.name} "
                "(arbitre players FICHIER -t SECTION donne les numéros)."
            )
        return found

    def render(self, req: Request) -> Sheet:
        from .sheet import Sheet

        p = self.player(req)
        doc = Sheet(req.title, self.heading + (f" — {p.name}" if p else ""))
        self.event_block(req, doc)
        self.player_block(req, doc, p)
        self.body(req, doc, p)
        return doc

    # -- blocks ----------------------------------------------------------------------------
    def event_block(self, req: Request, doc: Sheet) -> None:
        event = req.reader.event()
        s = section_settings(req.tournament, event_settings(event))
        first, last = event.get("start_date"), event.get("end_date")
        dates = (
            _french(first)
            if not last or last == first
            else f"du {_french(first)} au {_french(last)}"
        )
        venue = ", ".join(x for x in (s.venue, event.get("city")) if x)
        _fields(
            doc,
            "Tournoi",
            [
                ("Tournoi", f"{req.tournament.name} ({event.get('name', '')})"),
                ("Numéro d'homologation FFE", s.homologation_number or ""),
                ("Dates", dates if first else ""),
                ("Lieu", venue),
                ("Arbitre principal", s.chief_arbiter or ""),
            ],
        )

    def player_block(self, req: Request, doc: Sheet, p: StoredPlayer | None) -> None:
        def of(value: object) -> str:
            return "" if p is None or value in (None, "", 0) else str(value)

        category = ""
        if p is not None and p.birth_date is not None:
            from ...rules.rating_lists import ffe_category

            sex = "F" if p.sex is Sex.FEMALE else "M"
            category = ffe_category(p.birth_date.year, sex, self.on(req))
        born = ""
        if p is not None and p.birth_date is not None:
            born = str(p.birth_date.year) if p.birth_year_only else f"{p.birth_date:%d/%m/%Y}"
        _fields(
            doc,
            "Joueur",
            [
                ("Nom, prénom", of(p.name if p else None)),
                ("N° de licence FFE", of(p.ffe_code if p else None)),
                ("Identifiant FIDE", of(p.fide_id if p else None)),
                ("Date de naissance", born),
                ("Catégorie", of(category or (p.fee_category if p else None))),
                ("Club", of(p.club if p else None)),
                ("Fédération", of(p.federation if p else None)),
                ("Elo", of(p.rating if p else None)),
                ("N° d'appariement", of(req.numbers.get(p.id) if p else None)),
            ],
        )

    def body(self, req: Request, doc: Sheet, p: StoredPlayer | None) -> None:
        raise NotImplementedError

    # -- what the file recorded about the player -------------------------------------------
    def on(self, req: Request) -> dt.date:
        start = req.reader.event().get("start_date")
        try:
            return dt.date.fromisoformat(str(start)) if start else dt.date.today()
        except ValueError:
            return dt.date.today()

    def forfeits(self, req: Request, p: StoredPlayer) -> list[Forfeit]:
        """The games ``p`` lost by being absent (a forfeit, a double forfeit)."""
        rounds = {r.number: r for r in req.reader.rounds(req.tournament)}
        out = []
        for number, games in sorted(req.reader.all_games(req.tournament).items()):
            if req.number and number != req.number:
                continue
            for g in games:
                side = _absent_side(g, p.id)
                if side is None:
                    continue
                other = g.black_id if side == "Blancs" else g.white_id
                start = rounds[number].start_time if number in rounds else None
                date = f"{start:%d/%m/%Y}" if start else ""
                out.append(Forfeit(number, date, g.board, side, req.name(other)))
        return out

    def incidents(self, req: Request, p: StoredPlayer) -> list[str]:
        where: dict[int, tuple[int, int]] = {}
        for number, games in req.reader.all_games(req.tournament).items():
            for g in games:
                where[g.id] = (number, g.board)
        out = []
        for i in req.reader.incidents(req.tournament):
            if i.player_id != p.id:
                continue
            at = where.get(i.game_id or 0)
            place = f"ronde {at[0]}, échiquier {at[1]}, " if at else ""
            note = f" — {i.note}" if i.note else ""
            out.append(f"{place}{i.at:%d/%m/%Y %H:%M} : {i.kind.label}{note}")
        return out

    def recorded(self, req: Request, doc: Sheet, p: StoredPlayer | None) -> None:
        """« Ce que le fichier du tournoi a enregistré » : forfeits, incidents, status."""
        _heading(doc, "Faits enregistrés par le fichier du tournoi")
        if p is None:
            _lines(doc, 3)
            return
        lines = [
            f"Ronde {f.round}{f' ({f.date})' if f.date else ''}, échiquier {f.board}, "
            f"{f.colour} contre {f.opponent} : forfait"
            for f in self.forfeits(req, p)
        ]
        lines += [i[:1].upper() + i[1:] for i in self.incidents(req, p)]
        if p.excluded:
            lines.append("Exclu du tournoi.")
        elif p.withdrawn:
            lines.append("Retiré du tournoi (abandon).")
        for line in lines or ["Aucun forfait ni incident enregistré."]:
            doc.line_of(f"- {line}", size=10, height=5)


def _absent_side(g: StoredGame, pid: int) -> str | None:
    """« Blancs » or « Noirs » when ``pid`` was the absent side of ``g``."""
    if g.bye is not None or g.result is None:
        return None
    if g.white_id == pid and g.result in (Result.BLACK_FORFEIT_WIN, Result.DOUBLE_FORFEIT):
        return "Blancs"
    if g.black_id == pid and g.result in (Result.WHITE_FORFEIT_WIN, Result.DOUBLE_FORFEIT):
        return "Noirs"
    return None


def _heading(doc: Sheet, text: str) -> None:
    doc.ln(3)
    doc.line_of(text, size=11, style="B", height=7)


def _fields(doc: Sheet, heading: str, rows: list[tuple[str, str]]) -> None:
    """A block of « label : value » lines; an empty value is a line to fill by hand."""
    if heading:
        _heading(doc, heading)
    for label, value in rows:
        doc.font("B", 10)
        doc.cell(LABEL, 6.5, doc.fit(label, LABEL - 2), border="B")
        doc.font("", 10)
        doc.cell(WIDTH - LABEL, 6.5, doc.fit(value or "", WIDTH - LABEL - 2), border="B")
        doc.ln()


def _lines(doc: Sheet, count: int) -> None:
    """Ruled lines for the arbiter's handwriting."""
    for _ in range(count):
        doc.cell(0, 7, "", border="B", new_x="LMARGIN", new_y="NEXT")


def _signatures(doc: Sheet, *who: str) -> None:
    doc.ln(6)
    if doc.will_page_break(30):
        doc.add_page()
    width = WIDTH / len(who)
    doc.font("B", 10)
    for w in who:
        doc.cell(width, 6, doc.fit(w, width - 2))
    doc.ln()
    doc.font("", 9)
    for _ in who:
        doc.cell(width, 6, doc.text_of("Date :"))
    doc.ln(18)


class LicenceAttestation(PlayerForm):
    name = "attestation-licence"
    heading = "Attestation de licence"

    def body(self, req: Request, doc: Sheet, p: StoredPlayer | None) -> None:
        season = _season(self.on(req))
        who = p.name if p else BLANK
        number = (p.ffe_code if p else None) or BLANK
        club = (p.club if p else None) or BLANK
        _heading(doc, "Déclaration")
        doc.line_of(
            f"Je soussigné(e) {who} atteste être titulaire d'une licence de la Fédération "
            f"Française des Échecs pour la saison {season} (licence A / B : rayer la mention "
            f"inutile), n° {number}, au club {club}, et ne pas être en mesure de la présenter "
            "à l'arbitre ce jour.",
            size=10,
        )
        doc.ln(1)
        doc.line_of(
            "Je sais que l'arbitre vérifie cette déclaration auprès de la FFE ; une licence "
            "absente ou d'un autre type que celui qu'exige le tournoi l'oblige à le signaler "
            "dans son rapport, et une fausse déclaration m'expose aux sanctions du règlement "
            "disciplinaire.",
            size=10,
        )
        _fields(
            doc,
            "Contrôle par l'arbitre",
            [("Pièce d'identité présentée", ""), ("Vérification FFE (date, résultat)", "")],
        )
        _signatures(
            doc,
            "Le joueur (ou son représentant légal)",
            "L'arbitre",
        )


class UnjustifiedForfeit(PlayerForm):
    name = "forfait-non-justifie"
    heading = "Rapport de forfait non justifié"

    def body(self, req: Request, doc: Sheet, p: StoredPlayer | None) -> None:
        _heading(doc, "Forfait" + (f" de la ronde {req.number}" if req.number else "(s)"))
        forfeits = self.forfeits(req, p) if p else []
        if forfeits:
            doc.grid(
                ["Ronde", "Date", "Éch.", "Couleur", "Adversaire"],
                [[f.round, f.date or "", f.board, f.colour, f.opponent] for f in forfeits],
                [18, 28, 16, 26, WIDTH - 88],
            )
        else:
            told = "aucun forfait enregistré pour ce joueur" if p else ""
            _fields(doc, "", [("Ronde, échiquier", told), ("Adversaire", "")])
        from ...operations.formats import format_of

        # the format says whether an unexcused forfeit excludes (one place: pairing reads it)
        excludes = format_of(req.tournament).absence_excludes(req.tournament)
        if p is not None and p.excluded:
            outcome = "exclu du tournoi"
        elif p is not None and excludes:
            outcome = "maintenu dans le tournoi par décision de l'arbitre"
        elif p is not None:
            outcome = "maintenu dans le tournoi"
        else:
            outcome = ""
        _fields(
            doc,
            "Excuse et suite donnée",
            [
                ("Excuse présentée", "aucune (forfait non justifié)" if p else ""),
                ("Prévenu l'arbitre avant la ronde", "non" if p else ""),
                ("Suite", outcome),
                (
                    "Règle appliquée",
                    "un forfait sans excuse exclut (règlement 002)"
                    if excludes
                    else "règlement du tournoi",
                ),
            ],
        )
        _heading(doc, "Observations de l'arbitre")
        _lines(doc, 4)
        _signatures(doc, "L'arbitre principal")


class Exclusion(PlayerForm):
    name = "exclusion"
    heading = "Rapport d'exclusion"

    def body(self, req: Request, doc: Sheet, p: StoredPlayer | None) -> None:
        self.recorded(req, doc, p)
        state = ""
        if p is not None:
            state = "exclu" if p.excluded else "non exclu à ce jour dans le fichier"
        _fields(
            doc,
            "Décision",
            [
                ("État dans le tournoi", state),
                ("Exclu à partir de la ronde", ""),
                ("Motif retenu", ""),
                ("Notifiée au joueur le (date, heure)", ""),
                ("Appel possible auprès de", ""),
            ],
        )
        _heading(doc, "Exposé des faits")
        _lines(doc, 6)
        _signatures(doc, "L'arbitre principal", "Le joueur (pris connaissance)")


class PlayerReport(PlayerForm):
    name = "rapport-joueur"
    heading = "Rapport de l'arbitre sur un joueur"

    def body(self, req: Request, doc: Sheet, p: StoredPlayer | None) -> None:
        self.recorded(req, doc, p)
        _heading(doc, "Exposé des faits (date, heure, ronde, échiquier, déroulement)")
        _lines(doc, 6)
        _fields(
            doc,
            "Suites",
            [
                ("Témoins (noms, qualité)", ""),
                ("Sanction prise par l'arbitre", ""),
                ("Transmis à", ""),
            ],
        )
        _signatures(doc, "L'arbitre", "Le joueur (pris connaissance)")


FORMS: tuple[PlayerForm, ...] = (
    LicenceAttestation(),
    UnjustifiedForfeit(),
    Exclusion(),
    PlayerReport(),
)
