"""Incidents: illegal moves and device warnings per game; the loss on the limit asks first."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar

from textual.binding import Binding, BindingType

from ....operations.formats import format_of
from ....rules.models import IncidentKind, StoredTournament
from ..search import SEARCH_BINDING, NameSearchMixin
from .base import TablePane

if TYPE_CHECKING:
    from ....operations import EventService
    from ....views.incidents import IncidentLine


class IncidentsPane(NameSearchMixin, TablePane):
    """Per game: illegal moves and device warnings; the loss on the limit is confirmed."""

    TITLE = "Incidents"
    COLUMNS = ("Éch.", "Blancs", "CI", "Noirs", "CI ", "Avert.", "Rés.")
    EMPTY = "Aucune ronde appariée."
    _boards: Mapping[str, IncidentLine] = MappingProxyType({})  # the view's lines, by key
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("w", "incident('white', 'illegal_move')", "CI Blancs", id="illegal-white"),
        Binding("x", "incident('black', 'illegal_move')", "CI Noirs", id="illegal-black"),
        Binding("a", "incident('white', 'device_ring')", "Sonne B", id="ring-white"),
        Binding("z", "incident('black', 'device_ring')", "Sonne N", id="ring-black"),
        Binding("e", "incident('white', 'device_use')", "Excl. B", id="exclude-white"),
        Binding("d", "incident('black', 'device_use')", "Excl. N", id="exclude-black"),
        Binding("exclamation_mark", "disrespect", "Respect", id="disrespect"),
        Binding("g", "jump", "Aller à", id="incidents-jump"),
        SEARCH_BINDING,
    ]

    def load(self, service: EventService, t: StoredTournament | None) -> None:
        from ....views.incidents import build
        from ....views.reader import Reader

        self._service, self._tournament = service, t
        self._boards = {}
        if t is None:
            self.fill([])
            return
        sheet = build(Reader(service), t)
        self._boards = {b.key: b for b in sheet.boards}  # names for the messages
        warning = ""
        if sheet.fide_warning:
            warning = f" — ATTENTION : {sheet.limit} coups illégaux ici, 2 selon les Règles FIDE"
        cup = f" — tour {sheet.round}, match.échiquier" if format_of(t).by_teams else ""
        lost = f"perte au {sheet.limit}e coup illégal{warning}"
        self.set_title(
            self.fitting(f"Incidents — {t.name}{cup} — {lost}", f"Incidents{cup} — {lost}")
        )
        self.fill(
            [
                (
                    b.key,
                    [
                        b.key,
                        b.white,
                        b.white_illegal or "",
                        b.black,
                        b.black_illegal or "",
                        ("exclu " + b.excluded) if b.excluded else (b.rings or ""),
                        b.result,
                    ],
                )
                for b in sheet.boards
            ]
        )
        if cup and not sheet.boards:  # a cup: its boards come with the line-ups
            self.note("Aucun match du tour avec ses deux compositions remises.")

    def action_jump(self) -> None:
        """`g` numéro Entrée: to that board, as in Ronde."""
        from ..prompts import BoardPrompt

        def go(board: int) -> None:
            self.table.move_cursor(row=self.table.get_row_index(str(board)), scroll=True)
            b = self._boards.get(str(board))
            self.say(f"Échiquier {board} : {b.white} – {b.black}" if b else f"Échiquier {board}")

        self.ask(
            BoardPrompt(
                "Aller à l'échiquier :",
                go,
                valid=lambda n: str(n) in self._boards,
                unknown="pas d'échiquier {n} dans la ronde affichée",
                on_cancel=self.cancelled,
            )
        )

    def action_incident(self, colour: str, kind: str) -> None:
        key, t = self.selected_key(), self._tournament
        if key is None or t is None:
            return
        tkey = t.key
        label = IncidentKind(kind).label
        b = self._boards.get(key)
        who = (b.white if colour == "white" else b.black) if b else ""
        side = "Blancs" if colour == "white" else "Noirs"
        if "." in key:  # a cup's board: « match.échiquier » (issue 30.23)
            from ....operations import cup

            match, board = map(int, key.split("."))
            self.run(
                lambda s, confirm=False: cup.record_incident(
                    s, tkey, match, board, colour, kind, confirm=bool(confirm)
                ),
                done=f"Match {match}, échiquier {board} : {label} {side} ({who}) — enregistré",
            )
            return
        board = int(key)
        # what loses or excludes (the regulation's profile) asks first (NeedsConfirmation)
        self.run(
            lambda s, confirm=False: s.record_incident(tkey, board, colour, kind, confirm=confirm),
            done=f"Échiquier {board} : {label} {side} ({who}) — enregistré",
        )

    def action_disrespect(self) -> None:
        """Disrespect to the arbiters: which side, then recorded (000: exclusion, asked)."""
        key = self.selected_key()
        if key is None:
            return
        from ..prompts import ChoicePrompt

        b = self._boards.get(key)
        self.ask(
            ChoicePrompt(
                f"Manque de respect, échiquier {key} :",
                [
                    ("b", f"Blancs ({b.white if b else ''})", "white"),
                    ("n", f"Noirs ({b.black if b else ''})", "black"),
                ],
                lambda colour: self.action_incident(colour, "disrespect"),
                on_cancel=self.cancelled,
            )
        )
