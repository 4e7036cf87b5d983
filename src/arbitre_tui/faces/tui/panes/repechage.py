"""Repêchage: holes to fill, the draw, reachable or not; every draw and its seed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual.binding import Binding, BindingType

from ....operations.formats import format_of
from ....rules.models import Tournament
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

    def load(self, service: EventService, t: Tournament | None) -> None:
        self._service, self._tournament = service, t
        rows: list[tuple[str, list[Any]]] = []
        head = "Repêchage et tirages au sort"
        if t is not None and format_of(t).has_bracket and t.id is not None:
            from ....operations import knockout

            open_holes = knockout.holes(service, t)
            names = {p.id: p.name for p in service.store.players(t.id)}
            tries = service.store.conn.execute(
                "SELECT * FROM lucky_losers WHERE tournament_id = ? ORDER BY id", (t.id,)
            ).fetchall()
            filled = {r["slot"] for r in tries if r["status"] == "accepted"}
            waiting = len([h for h in open_holes if h not in filled])
            status = {"pending": "à joindre", "accepted": "repêché", "unreachable": "injoignable"}
            for r in tries:
                rows.append(
                    (
                        f"ll{r['id']}",
                        [
                            f"R{r['round']}",
                            f"éch. {r['slot'] + 1}",
                            names[r["player_id"]],
                            f"tirage {r['draw_id']}",
                            status[r["status"]],
                        ],
                    )
                )
            head = f"Repêchage — {t.name} — trous à combler : {waiting}"
        for d in service.store.draws():
            same, _, _ = service.replay_draw(d["id"])
            rows.append(
                (
                    str(d["id"]),
                    [
                        d["id"],
                        d["at"][11:16],
                        d["purpose"],
                        d["seed"],
                        "identique" if same else "DIFFÉRENT",
                    ],
                )
            )
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
