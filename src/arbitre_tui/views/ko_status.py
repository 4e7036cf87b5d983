"""A knockout's registration state, live: the format the entries decide, byes, waiting
list, refunds; where the bracket stands (`arbitre ko status`, the Joueurs pane's note)."""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.models import StoredTournament
from .reader import Reader


@dataclass(frozen=True, slots=True)
class Refund:
    name: str
    amount: float
    means: str


@dataclass(frozen=True, slots=True)
class KoStatus:
    tournament: str
    entries: int
    registration_closed: bool
    case: str
    cancelled: bool
    rounds: int
    bracket: int
    byes: int
    bye_players: tuple[str, ...]
    waiting_list: tuple[str, ...]
    refunds: tuple[Refund, ...]
    current_round: int
    stage: str | None
    warning: str | None  # a FIDE-rated knockout: where this regulation departs from FIDE's

    @property
    def note(self) -> str:
        """« Cas 3 … ; 9 exempts ; 2 à rembourser (en direct) »."""
        state = "inscriptions closes" if self.registration_closed else "en direct"
        refunds = f" ; {len(self.refunds)} à rembourser" if self.refunds else ""
        return f"{self.case} ; {self.byes} exempts{refunds} ({state})"


def build(reader: Reader, t: StoredTournament) -> KoStatus:
    """Refuses (OperationError) when ``t`` is not a knockout."""
    from ..operations import knockout

    with reader.consistent():
        d = knockout.status(reader.service, t.key)
    return KoStatus(
        d["tournament"],
        d["entries"],
        d["registration_closed"],
        d["case"],
        d["cancelled"],
        d["rounds"],
        d["bracket"],
        d["byes"],
        tuple(d["bye_players"]),
        tuple(d["waiting_list"]),
        tuple(Refund(r["name"], r["amount"], r["means"]) for r in d["refunds"]),
        d["current_round"],
        d["stage"],
        d.get("warning"),
    )
