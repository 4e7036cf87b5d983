"""Repêchage: holes to fill, the draw, reachable or not; every draw and its seed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual.binding import Binding, BindingType

from ....rules.models import StoredTournament
from .base import TablePane

if TYPE_CHECKING:
    from ....operations import EventService


class LuckyLoserPane(TablePane):
    """Repêchage: holes to fill, the draw, reachable or not; every try and every seed."""

    TITLE = "Repêchage et tirages au sort"
    COLUMNS = ("N°", "Heure", "Objet", "Graine", "Rejoué")
    EMPTY = "Aucun tirage au sort enregistré."
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("l", "lucky('draw')", "Tirer", id="lucky-draw"),
        Binding("o", "lucky('yes')", "Joignable", id="lucky-yes"),
        Binding("x", "lucky('no')", "Injoignable", id="lucky-no"),
    ]

    def load(self, service: EventService, t: StoredTournament | None) -> None:
        from ....views.draws import build
        from ....views.reader import Reader

        self._service, self._tournament = service, t
        view = build(Reader(service), t)
        rows: list[tuple[str, list[Any]]] = [
            (
                f"ll{r.id}",
                [f"R{r.round}", f"éch. {r.slot + 1}", r.player, f"tirage {r.draw_id}", r.status],
            )
            for r in view.lucky_losers
        ]
        rows += [
            (
                str(d.id),
                [d.id, d.at[11:16], d.purpose, d.seed, "identique" if d.same else "DIFFÉRENT"],
            )
            for d in view.draws
        ]
        head = "Repêchage et tirages au sort"
        if view.holes is not None:
            head = f"Repêchage — {view.tournament_name} — trous à combler : {view.holes}"
        self.set_title(head)
        self.fill(rows)

    def action_lucky(self, what: str) -> None:
        t = self._tournament
        if t is None:
            return
        from ....operations import knockout

        key = t.key
        confirm = {"draw": None, "yes": True, "no": False}[what]

        def done(outcome: dict[str, Any]) -> str:
            if "drawn" in outcome:
                return (
                    f"Tiré au sort : {outcome['drawn']} (parmi {outcome['pool']}) — "
                    "joignable ? o oui, x non"
                )
            if "accepted" in outcome:
                return f"{outcome['accepted']} est repêché(e) — enregistré"
            return "tirage enregistré"

        self.run(lambda s: knockout.lucky_loser(s, key, confirm), done=done)
