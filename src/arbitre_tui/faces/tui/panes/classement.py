"""Classement: the standings by the rules alone; `v` the prize list; `g` the grille
américaine."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from textual.binding import Binding, BindingType

from ....operations.event import OperationError
from ....rules.models import StoredTournament
from ..fit import FLOOR
from ..search import SEARCH_BINDING, Elsewhere, NameSearchMixin
from .base import NAME_FLOOR, TablePane

if TYPE_CHECKING:
    from ....operations import EventService


COMPACT_LEGEND = (
    "+ gain, = nulle, - perte, > < forfait ; EXE exempt, +E =E -E bye 1, ½, 0 ; couleurs "
    "omises faute de place (la grille imprimée les donne : ctrl+p)"
)


def compact(cells: list[Any]) -> list[Any]:
    """A grille's row narrowed for 80 columns (issue 49.3): « +12B » → « +12 », Elo
    « 2105 F » → « 2105 »: the place, the result and the opponent stay; the colour goes
    (the printed grille keeps it)."""
    place, name, rating, *rounds, points = cells
    return [place, name, str(rating).split(" ")[0], *(str(c).rstrip("BN") for c in rounds), points]


class StandingsPane(NameSearchMixin, TablePane):
    """Classement, ordered by nothing but the rules; `v` switches to the prize list."""

    TITLE = "Classement"
    COLUMNS = ("Pl.", "Nom", "Club", "Elo", "Pts")
    EMPTY = "Aucune partie jouée."
    GIVE_WAY = frozenset({"Club"})  # at 80 columns the name and the tie-breaks stay
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("v", "toggle_prizes", "Prix", id="prizes"),
        Binding("g", "toggle_grille", "Grille", show=False, id="grille-americaine"),
        Binding("m", "prize_form", "Modifier les prix", show=False, id="prize-form"),
        SEARCH_BINDING,
    ]
    show_prizes = False
    show_grille = False

    def _columns(self, header: Sequence[str]) -> None:
        table = self.table
        if tuple(str(c.label) for c in table.columns.values()) != tuple(header):
            table.clear(columns=True)
            self.reset_table()
            for col in header:
                table.add_column(col, key=col)

    def load(self, service: EventService, t: StoredTournament | None) -> None:
        from ....views.reader import Reader
        from ....views.standings import build

        self._service, self._tournament = service, t
        if t is None:
            self.fill([])
            return
        if self.show_prizes:
            self._prizes(service, t)
            return
        if self.show_grille:
            self._grille(t)
            return
        self.name_floor = NAME_FLOOR
        try:
            view = build(Reader(service), t)
        except OperationError as exc:
            self.set_title(f"Classement — {t.name}")
            self.fill([])
            self.note(exc.message)
            return
        if view.kind == "cup":
            self._columns(("Tour", "N°", "Recevant", "Visiteur", "Score", "Vainqueur / motif"))
            rows: list[tuple[str, list[Any]]] = [
                (
                    f"m{m.id}",
                    [
                        m.round,
                        m.number,
                        m.home,
                        m.away or "exempt",
                        m.score,
                        (m.winner or "…") + (f" ({m.reason})" if m.reason else ""),
                    ],
                )
                for m in view.matches
            ]
            where = f"matchs, tour {view.after_round}" if view.after_round else "aucun tour tiré"
            self.set_title(f"Classement — {t.name} — {where}")
            self.fill(rows)
            return
        self._columns(("Pl.", "Nom", "Club", "Elo", *view.columns))
        rows = [
            (
                str(r.player.id),
                [r.place, r.player.name, r.player.club, r.player.rating or "", *r.shown],
            )
            for r in view.rows
        ]
        head = f"Classement — {t.name} — après la ronde {view.after_round}"
        ways: tuple[str, ...]
        if view.kind == "knockout":  # the whole phrase where it holds, never cut in it
            ways = ("K.O. : vainqueur, finaliste, puis selon le parcours du vainqueur",
                    "parcours du vainqueur")  # fmt: skip
        else:
            ways = (", ".join(t.tiebreaks) or "aucun départage",)
        self.set_title(self.fitting(*(f"{head} — {how}" for how in ways)))
        self.fill(rows)
        if view.notes:  # a play-off's seeds drawn by lot (003 art. 6)
            self.note("\n".join(view.notes))

    def _prizes(self, service: EventService, t: StoredTournament) -> None:
        """The prize list (Hort, non-cumulative), or why there is none."""
        from ....operations.standings import complete_rounds, prizes
        from ....rules.figures import euros

        after = complete_rounds(service, t)
        self._columns(("Pl.", "Nom", "Prix", "Montant"))
        try:
            result, players = prizes(service, t)
        except OperationError as exc:
            self.set_title(f"Prix — {t.name}")
            self.fill([])
            self.note(f"{exc.message} m : saisir les prix.")
            return
        rows: list[tuple[str, list[Any]]] = []
        for i, a in enumerate(result.awards):  # « Pl. »: the place in the standings
            what = a.goods or ("trophée" if a.trophy else euros(a.amount))
            mark = " *" if a.presence_required else ""
            rows.append((f"{i}", [a.place, players[a.player_id].name, a.label, what + mark]))
        total = euros(result.total)
        self.set_title(f"Prix — {t.name} — après la ronde {after} — total {total}")
        self.fill(rows)
        notes = ["m : modifier les prix"]
        if result.awards and result.awards[0].presence_required:
            notes.insert(0, "* présence à la remise des prix obligatoire")
        self.note(" ; ".join(notes))

    def _grille(self, t: StoredTournament) -> None:
        """The grille américaine (« +7B », « =12N »…): views/grille, as printed."""
        from ....views.grille import build
        from ....views.reader import Reader

        grid = build(Reader(self._service), t)
        header = ("Pl.", "Nom", "Elo", *[f"R{n}" for n in grid.rounds], "Pts")
        self._columns(header)
        rows: list[tuple[str, list[Any]]] = [
            (str(r.player.id), [r.place, r.player.name, r.rating, *r.cells, r.points])
            for r in grid.rows
        ]
        note = grid.note or grid.legend
        self.name_floor = FLOOR  # many rounds: the name is cut, never a round (issue 49.1)
        if rows and not self.fits(header, rows):  # no room: each cell without its colour
            rows = [(key, compact(cells)) for key, cells in rows]
            note = COMPACT_LEGEND
        self.set_title(f"Grille américaine — {t.name} — après la ronde {grid.after_round}")
        self.fill(rows)
        self.note(note)

    def search_elsewhere(self) -> list[Elsewhere]:
        """ctrl+f reaches the other sections' players too (issue 49.6)."""
        from ..search import other_sections

        return [
            Elsewhere(t.key, t.name, str(p.id), p.name)
            for t, p in other_sections(self._service, self._tournament)
        ]

    def action_toggle_prizes(self) -> None:
        self.show_prizes, self.show_grille = not self.show_prizes, False
        self.load(self._service, self._tournament)

    def action_prize_form(self) -> None:
        """`m`: the prize table typed as it is said (prize_form.py), never JSON."""
        t = self._tournament
        if t is None:
            return
        from ..form import Form
        from ..prize_form import prize_form

        def run(operation: Any, done: str, form: Form) -> None:
            self.show_prizes, self.show_grille = True, False  # the list the change made
            self.run(operation, done=done, then=lambda _none: form.close())

        self.app.push_screen(prize_form(self._service, t, run, on_cancel=self.cancelled))

    def action_toggle_grille(self) -> None:
        """`g`: the grille américaine; `g` again, the standings."""
        self.show_grille, self.show_prizes = not self.show_grille, False
        self.load(self._service, self._tournament)
