"""Tableau: every round of a knockout and who went through."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....operations.formats import format_of
from ....rules.models import Tournament
from ....rules.settings import setting
from .base import TablePane

if TYPE_CHECKING:
    from ....operations import EventService


class BracketPane(TablePane):
    """Tableau: every round of a knockout, who went through; scroll to read at 80×24."""

    TITLE = "Tableau"
    COLUMNS = ("Ronde", "Éch.", "Blancs", "Noirs", "Qualifié")
    EMPTY = "Pas de tableau : ce tournoi n'est pas à élimination directe, ou rien n'est apparié."

    def load(self, service: EventService, t: Tournament | None) -> None:
        rows: list[tuple[str, list[Any]]] = []
        if t is not None and format_of(t).has_bracket and t.id is not None:
            from ....rules.knockout import winner

            players = {p.id: p for p in service.store.players(t.id)}
            rule = str(setting(t, "decider"))
            ratings = {pid: p.rating for pid, p in players.items() if pid}
            for rnd in service.store.rounds(t.id):
                assert rnd.id is not None
                for g in service.store.games(rnd.id):
                    w = winner(g.white_id, g.black_id, g.result, g.decider, rule, ratings)
                    through = players[w].name if w else ("—" if g.result else "…")
                    rows.append(
                        (
                            f"{rnd.number}-{g.board}",
                            [
                                rnd.stage or rnd.number,
                                g.board,
                                players[g.white_id].name,
                                players[g.black_id].name if g.black_id else "exempt",
                                through,
                            ],
                        )
                    )
            self.set_title(f"Tableau — {t.name}")
        self.fill(rows)
