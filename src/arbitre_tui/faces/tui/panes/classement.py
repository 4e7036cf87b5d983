"""Classement: the standings by the rules alone; `v` the prize list."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from textual.binding import Binding, BindingType

from ....rules.models import Tournament
from ....store.journal import OperationError
from .base import TablePane

if TYPE_CHECKING:
    from ....operations import EventService


class StandingsPane(TablePane):
    """Classement, ordered by nothing but the rules; `v` switches to the prize list."""

    TITLE = "Classement"
    COLUMNS = ("Pl.", "Nom", "Club", "Elo", "Pts")
    EMPTY = "Aucune partie jouée."
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("v", "toggle_prizes", "Prix", id="prizes"),
    ]
    show_prizes = False

    def _columns(self, header: Sequence[str]) -> None:
        table = self.table
        if tuple(str(c.label) for c in table.columns.values()) != tuple(header):
            table.clear(columns=True)
            self.reset_table()
            for col in header:
                table.add_column(col, key=col)

    def load(self, service: EventService, t: Tournament | None) -> None:
        from ....operations.standings import complete_rounds, prizes, standings_rows

        self._service, self._tournament = service, t
        if t is None or t.id is None:
            self.fill([])
            return
        after = complete_rounds(service, t)
        if self.show_prizes:
            self._columns(("Pl.", "Nom", "Prix", "Montant"))
            try:
                result, players = prizes(service, t)
            except OperationError as exc:
                self.set_title(f"Prix — {t.name}")
                self.fill([])
                self.note(exc.message)
                return
            rows: list[tuple[str, list[Any]]] = []
            for i, a in enumerate(result.awards):
                what = a.goods or ("trophée" if a.trophy else f"{a.amount} €")
                mark = " *" if a.presence_required else ""
                rows.append((f"{i}", [i + 1, players[a.player_id].name, a.label, what + mark]))
            self.set_title(f"Prix — {t.name} — après la ronde {after} — total {result.total} €")
            self.fill(rows)
            if result.awards and result.awards[0].presence_required:
                self.note("* présence à la remise des prix obligatoire")
            return
        header, table_rows = standings_rows(service, t)
        self._columns(header)
        tiebreaks = ", ".join(t.tiebreaks) or "aucun départage"
        self.set_title(f"Classement — {t.name} — après la ronde {after} — {tiebreaks}")
        self.fill(table_rows)

    def action_toggle_prizes(self) -> None:
        self.show_prizes = not self.show_prizes
        self.load(self._service, self._tournament)
