"""Incidents: illegal moves and device warnings per game; the loss on the limit asks first."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual.binding import Binding, BindingType

from ....rules.models import IncidentKind, Tournament
from ....rules.settings import setting
from .base import TablePane

if TYPE_CHECKING:
    from ....operations import EventService


class IncidentsPane(TablePane):
    """Per game: illegal moves and device warnings; the loss on the limit is confirmed."""

    TITLE = "Incidents"
    COLUMNS = ("Éch.", "Blancs", "CI", "Noirs", "CI ", "Avert.", "Rés.")
    EMPTY = "Aucune ronde appariée."
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("w", "incident('white', 'illegal_move')", "CI Blancs", id="illegal-white"),
        Binding("x", "incident('black', 'illegal_move')", "CI Noirs", id="illegal-black"),
        Binding("a", "incident('white', 'device_ring')", "Sonne B", id="ring-white"),
        Binding("z", "incident('black', 'device_ring')", "Sonne N", id="ring-black"),
        Binding("e", "incident('white', 'device_use')", "Excl. B", id="exclude-white"),
        Binding("d", "incident('black', 'device_use')", "Excl. N", id="exclude-black"),
        Binding("exclamation_mark", "disrespect", "Respect", id="disrespect"),
    ]

    def load(self, service: EventService, t: Tournament | None) -> None:
        self._service, self._tournament = service, t
        if t is None or t.id is None:
            self.fill([])
            return
        rnd = service.current_round(t)
        limit = int(setting(t, "illegal_moves_to_lose"))
        warning = ""
        if setting(t, "fide_rated") and limit != 2:
            warning = f" — ATTENTION : {limit} coups illégaux ici, 2 selon les Règles FIDE"
        self.set_title(f"Incidents — {t.name} — perte au {limit}e coup illégal{warning}")
        if rnd is None or rnd.id is None:
            self.fill([])
            return
        players = {p.id: p for p in service.store.players(t.id)}
        counts: dict[tuple[int | None, int, str], int] = {}
        for i in service.store.incidents(t.id):
            counts[(i.game_id, i.player_id, i.kind.value)] = (
                counts.get((i.game_id, i.player_id, i.kind.value), 0) + 1
            )
        rows: list[tuple[str, list[Any]]] = []
        for g in service.store.games(rnd.id):
            if g.black_id is None:
                continue
            w, b = players[g.white_id], players[g.black_id]

            def n(pid: int, kind: str, gid: int | None = g.id) -> int:
                return counts.get((gid, pid, kind), 0)

            rings = n(g.white_id, "device_ring") + n(g.black_id, "device_ring")
            excl = [x.name for x in (w, b) if x.excluded]
            rows.append(
                (
                    str(g.board),
                    [
                        g.board,
                        w.name,
                        n(g.white_id, "illegal_move") or "",
                        b.name,
                        n(g.black_id, "illegal_move") or "",
                        ("exclu " + excl[0]) if excl else (rings or ""),
                        g.result.label if g.result else "",
                    ],
                )
            )
        self.fill(rows)

    def action_incident(self, colour: str, kind: str) -> None:
        key, t = self.selected_key(), self._tournament
        if key is None or t is None:
            return
        board, tkey = int(key), t.key
        label = IncidentKind(kind).label
        row = self.shown_row(key)
        who = (row[1] if colour == "white" else row[3]) if row else ""
        side = "Blancs" if colour == "white" else "Noirs"
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

        row = self.shown_row(key)
        self.ask(
            ChoicePrompt(
                f"Manque de respect, échiquier {key} :",
                [
                    ("b", f"Blancs ({row[1] if row else ''})", "white"),
                    ("n", f"Noirs ({row[3] if row else ''})", "black"),
                ],
                lambda colour: self.action_incident(colour, "disrespect"),
                on_cancel=self.cancelled,
            )
        )
