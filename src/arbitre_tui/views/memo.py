"""A reader that reads each thing once: for the static export's one snapshot (issue 56).

The export renders every page of a section in three languages; each player page read the
section's games, players and rounds again from SQLite, and each language built the same
standings, crosstable and round sheets again. :class:`MemoReader` keeps what it read (and
the views built through :meth:`Reader.keep`) for its own life only: the export makes one,
reads inside one snapshot of the file (``consistent()``) and drops it. The live server
keeps a plain :class:`Reader`, so it sees every change at once.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

from .reader import PlayerRef, Reader, T

if TYPE_CHECKING:
    from ..operations.event import EventService
    from ..rules.models import StoredGame, StoredPlayer, StoredRound, StoredTeam, StoredTournament
    from ..store.records import EventRecord, JournalEntry, ResultCheck


def _fresh(value: Any) -> Any:
    """A new container each call (a caller may sort or extend what it gets); the records
    themselves are shared, as a view only reads them."""
    if isinstance(value, list):
        return list(value)
    if isinstance(value, dict):
        return {k: list(v) if isinstance(v, list) else v for k, v in value.items()}
    return value


class MemoReader(Reader):
    """A :class:`Reader` that reads each query once and keeps each view built once: for
    one export inside one snapshot, never for a server answering many requests."""

    def __init__(self, service: EventService) -> None:
        super().__init__(service)
        self._memo: dict[Hashable, Any] = {}

    def keep(self, key: Hashable, build: Callable[[], T]) -> T:
        if key not in self._memo:
            self._memo[key] = build()
        return _fresh(self._memo[key])  # type: ignore[no-any-return]

    def event(self) -> EventRecord:
        return self.keep("event", super().event)

    def tournaments(self) -> list[StoredTournament]:
        return self.keep("tournaments", super().tournaments)

    def find(self, key: str) -> StoredTournament | None:
        return self.keep(("find", key), lambda: Reader.find(self, key))

    def players(self, t: StoredTournament) -> list[StoredPlayer]:
        return self.keep(("players", t.id), lambda: Reader.players(self, t))

    def numbers(self, t: StoredTournament) -> dict[int, int]:
        return self.keep(("numbers", t.id), lambda: Reader.numbers(self, t))

    def refs(self, t: StoredTournament) -> dict[int, PlayerRef]:
        return self.keep(("refs", t.id), lambda: Reader.refs(self, t))

    def rounds(self, t: StoredTournament) -> list[StoredRound]:
        return self.keep(("rounds", t.id), lambda: Reader.rounds(self, t))

    def round(self, t: StoredTournament, number: int | None = None) -> StoredRound | None:
        return self.keep(("round", t.id, number), lambda: Reader.round(self, t, number))

    def games(self, rnd: StoredRound) -> list[StoredGame]:
        return self.keep(("games", rnd.id), lambda: Reader.games(self, rnd))

    def result_checks(self, rnd: StoredRound) -> dict[int, ResultCheck]:
        return self.keep(("result_checks", rnd.id), lambda: Reader.result_checks(self, rnd))

    def all_games(self, t: StoredTournament) -> dict[int, list[StoredGame]]:
        return self.keep(("all_games", t.id), lambda: Reader.all_games(self, t))

    def teams(self, t: StoredTournament) -> list[StoredTeam]:
        return self.keep(("teams", t.id), lambda: Reader.teams(self, t))

    def journal_entries(self, limit: int | None = None) -> list[JournalEntry]:
        return self.keep(("journal", limit), lambda: Reader.journal_entries(self, limit))
