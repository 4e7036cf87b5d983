"""Tableau: every round of a knockout and who went through."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....operations.formats import format_of
from ....rules.models import StoredTournament
from .base import TablePane

if TYPE_CHECKING:
    from ....operations import EventService


class BracketPane(TablePane):
    """Tableau: every round of a knockout, who went through; scroll to read at 80×24."""

    TITLE = "Tableau"
    COLUMNS = ("Ronde", "Éch.", "Blancs", "Noirs", "Qualifié")
    EMPTY = "Pas de tableau : ce tournoi n'est pas à élimination directe, ou rien n'est apparié."

    def load(self, service: EventService, t: StoredTournament | None) -> None:
        rows: list[tuple[str, list[Any]]] = []
        self.set_title(f"Tableau — {t.name}" if t is not None else "Tableau")
        if t is not None and format_of(t).has_bracket:
            from ....views.bracket import build
            from ....views.reader import Reader

            for rnd in build(Reader(service), t).rounds:
                for m in rnd.matches:
                    b = m.board
                    rows.append(
                        (
                            f"{rnd.number}-{b.board}",
                            [
                                rnd.stage or rnd.number,
                                b.board,
                                b.white.name,
                                b.black.name if b.black else "exempt",
                                m.through,
                            ],
                        )
                    )
        self.fill(rows)
