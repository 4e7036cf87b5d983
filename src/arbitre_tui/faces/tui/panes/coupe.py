"""Coupe: the current round's matches and how each was decided; the teams before the draw."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual.binding import Binding, BindingType
from textual.widgets import DataTable

from ....operations.formats import format_of
from ....rules.models import Tournament
from .base import TablePane

if TYPE_CHECKING:
    from ....operations import EventService


class CupPane(TablePane):
    """Coupe: the current round's matches and how each was decided; the teams before the draw.
    `Entrée` opens a match (line-ups, results, procès-verbal confirmations)."""

    TITLE = "Coupe"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open_match", "Ouvrir", id="open-match"),
        Binding("d", "draw_round", "Tirage", id="cup-draw-round"),
    ]
    _cup_key: str | None = None

    def action_open_match(self) -> None:
        from ..cup_screen import MatchScreen

        key = self.selected_key()
        if key is None or not key.startswith("m") or self._cup_key is None:
            return
        row = self._service.store.conn.execute(
            "SELECT number, away_team_id FROM cup_matches WHERE id = ?", (int(key[1:]),)
        ).fetchone()
        if row is None or row["away_team_id"] is None:
            return
        cup_key = self._cup_key
        self.app.push_screen(
            MatchScreen(self._service, cup_key, int(row["number"])),
            lambda _result: self.load(self._service, None),
        )

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """`Entrée` on a match row (the table takes the key and says which row)."""
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

    def load(self, service: EventService, t: Tournament | None) -> None:
        from ....operations import cup

        self._service = service
        cups = [c for c in service.store.tournaments() if format_of(c).by_teams]
        rows: list[tuple[str, list[Any]]] = []
        for c in cups:
            self._cup_key = c.key
            teams = cup._teams(service, c)
            played = cup.matches(service, c)
            if not played:
                self.set_title(f"Coupe — {c.name} — {len(teams)} équipes engagées, tour 1 à tirer")
                for team in teams.values():
                    rows.append((f"t{team.id}", [team.id, team.name, "", "", "", "", "engagée"]))
                continue
            last = max(m["round"] for m in played)
            self.set_title(f"Coupe — {c.name} — tour {last}")
            for m in (x for x in played if x["round"] == last):
                away = teams[m["away_team_id"]].name if m["away_team_id"] else "exempt"
                lineups = sum(1 for side in ("lineup_home", "lineup_away") if m[side])
                score = (
                    f"{m['home_points']:g}-{m['away_points']:g}"
                    if m["home_points"] is not None
                    else ""
                )
                win = teams[m["winner_team_id"]].name if m["winner_team_id"] else "…"
                rows.append(
                    (
                        f"m{m['id']}",
                        [
                            m["number"],
                            teams[m["home_team_id"]].name,
                            away,
                            f"{lineups}/2" if m["away_team_id"] else "",
                            score,
                            (m["reported_at"] or "")[11:16]
                            + (" !" if m["confirmations"].get("reported_after_midnight") else ""),
                            f"{win} ({m['reason']})" if m["reason"] else win,
                        ],
                    )
                )
        self.fill(rows)
