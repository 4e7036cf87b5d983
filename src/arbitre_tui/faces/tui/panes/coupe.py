"""Coupe: the current round's matches and how each was decided; the teams before the draw."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual.binding import Binding, BindingType
from textual.widgets import DataTable

from ....operations.formats import format_of
from ....rules.models import StoredTournament
from .base import TablePane

if TYPE_CHECKING:
    from ....operations import EventService


class CupPane(TablePane):
    """Coupe: the current round's matches and how each was decided; the teams before the draw.
    `Entrée` opens a match (line-ups, results, procès-verbal confirmations)."""

    TITLE = "Coupe"
    BINDINGS: ClassVar[list[BindingType]] = [
        # priority: before the table's own Entrée, whose message would open the match
        # only after the keys typed next (« ⏎ espace v » in one read)
        Binding("enter", "open_match", "Ouvrir", id="open-match", priority=True),
        Binding("d", "draw_round", "Tirage", id="cup-draw-round"),
    ]
    _cup_key: str | None = None

    def action_open_match(self) -> None:
        from ..cup_screen import MatchScreen

        key = self.selected_key()
        if key is None or not key.startswith("m") or self._cup_key is None:
            return
        number = self._numbers.get(key)
        if number is None:  # an exempt team's match, or a team before the draw
            return
        cup_key = self._cup_key
        self.app.push_screen(
            MatchScreen(self._service, cup_key, number),
            lambda _result: self.load(self._service, None),
        )

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """A click on a match row (Entrée is the pane's own binding)."""
        event.stop()
        self.action_open_match()

    def action_draw_round(self) -> None:
        from ....operations import cup

        key = self._cup_key
        if key is None:
            return
        self.run(lambda s: cup.draw(s, key), done="tour tiré au sort — enregistré")

    COLUMNS = ("N°", "Recevant", "Visiteur", "Compo.", "Score", "Transmis", "Vainqueur / motif")
    EMPTY = "Aucune compétition par équipes dans cet événement."

    def load(self, service: EventService, t: StoredTournament | None) -> None:
        from ....views.cup import build
        from ....views.reader import Reader

        self._service = service
        reader = Reader(service)
        self._numbers: dict[str, int] = {}
        rows: list[tuple[str, list[Any]]] = []
        colours: list[str] = []
        for c in (c for c in reader.tournaments() if format_of(c).by_teams):
            self._cup_key = c.key
            cup = build(reader, c)
            if not cup.matches:
                self.set_title(
                    f"Coupe — {c.name} — {len(cup.teams)} équipes engagées, tour 1 à tirer"
                )
                for team in cup.teams:
                    rows.append((f"t{team.id}", [team.id, team.name, "", "", "", "", "engagée"]))
                continue
            self.set_title(f"Coupe — {c.name} — tour {cup.last_round}")
            for m in (x for x in cup.matches if x.round == cup.last_round):
                if m.away is not None:
                    self._numbers[f"m{m.id}"] = m.number
                if m.colours:
                    colours.append(f"Match {m.number} — {m.colours}")
                rows.append(
                    (
                        f"m{m.id}",
                        [
                            m.number,
                            m.home,
                            m.away or "exempt",
                            f"{m.lineups}/2" if m.away else "",
                            m.score,
                            (m.reported_at or "") + (" !" if m.late else ""),
                            m.decision,
                        ],
                    )
                )
        self.fill(rows)
        if colours:  # art. 3.4: the visitors keeping White said in full, under the list
            self.note("\n".join(colours))
