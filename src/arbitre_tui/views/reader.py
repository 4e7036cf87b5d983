"""The read-only facade the views build from: one event file, no write.

A face hands its EventService over once (``Reader(service)``) and never touches the
store itself; a view reads inside ``consistent()``, one snapshot of the file, so the
other station's commit cannot land between two of its reads.
"""

from __future__ import annotations

import dataclasses
import weakref
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from ..operations.event import EventService
    from ..rules.models import (
        StoredGame,
        StoredIncident,
        StoredPlayer,
        StoredRound,
        StoredTeam,
        StoredTournament,
    )
    from ..store.records import (
        Appeal,
        DrawRecord,
        EventRecord,
        JournalEntry,
        LuckyLoser,
        PairingRecord,
        Playoff,
        ResultCheck,
        Row,
        SettledCheck,
    )

T = TypeVar("T")


@dataclasses.dataclass(frozen=True, slots=True)
class PlayerRef:
    """A player as every view names them; ``public`` is what a public page may show.

    ``number`` is the player's public number (the tournament's pairing number, the one the
    pages show); ``anonymous``: the player objected to publication, so a public page shows
    « Joueur n° number » and nothing that identifies them (no rating, club, federation)."""

    id: int
    name: str
    public: str
    rating: int
    club: str
    number: int = 0
    anonymous: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class SectionView:
    """What a view of one section begins with: the section's key (``--tournoi``) and its
    name, for a face to title and link it (in ``--json`` too) without a read of its own."""

    tournament: str
    tournament_name: str


def public_name(p: StoredPlayer | None, number: int | None = None) -> str:
    """The name a page may show: none for a player who objected to publication, only
    their public ``number`` (the pairing number every page shows, never the store's id)."""
    if p is None:
        return "exempt"
    if p.publish_opt_out:
        return f"Joueur n° {number or p.id}"
    return p.name


def player_ref(p: StoredPlayer, number: int | None = None) -> PlayerRef:
    """A player as the views name them; ``number``: their public number (:meth:`Reader.refs`)."""
    return PlayerRef(
        p.id,
        p.name,
        public_name(p, number),
        p.rating or 0,
        p.club or "",
        number or 0,
        p.publish_opt_out,
    )


def as_json(view: Any) -> Any:
    """A view (or a list of views) as plain JSON data: what ``--json`` prints."""
    if isinstance(view, list | tuple):
        return [as_json(v) for v in view]
    return dataclasses.asdict(view)


# By open event (its connection): each section's players as last read, and the counter
# of changes to the players they were read at.
_KEPT: weakref.WeakKeyDictionary[EventService, dict[int, tuple[int, list[StoredPlayer]]]] = (
    weakref.WeakKeyDictionary()
)


class Reader:
    """Reads of one open event for the views; the only way they reach the store."""

    def __init__(self, service: EventService) -> None:
        self.service = service  # the operations' read functions take it
        self._store = service.store
        self._depth = 0  # consistent() blocks open
        self._cached = False  # the outer block opened its own read snapshot
        # the players last read on this connection, by section: kept for the next Reader
        # on the same service (a pane makes one at each load)
        self._players = _KEPT.setdefault(service, {})

    @contextmanager
    def consistent(self) -> Iterator[None]:
        """One snapshot of the file for the reads inside (nested: the outer one).

        Inside a snapshot of its own, a section's players come from the last read while
        the file's counter of changes to the players (schema 9) is unchanged: the Ronde
        pane reads them three times after each key, and they rarely change between keys
        (issue 34). Not inside an operation's transaction: its writes may be undone by a
        rollback, which takes the counter back too."""
        if not self._depth:
            journal = self.service.journal
            self._cached = not (journal.in_operation or journal.conn.in_transaction)
        with self.service.journal.reading():
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1

    def keep(self, key: Hashable, build: Callable[[], T]) -> T:
        """The view ``build`` makes, built anew at each call: every page sees the file as
        it is now (the export's :class:`~.memo.MemoReader` keeps it instead)."""
        return build()

    def data_version(self) -> int:
        """Changes when another connection commits (polling)."""
        return self._store.data_version()

    def event(self) -> EventRecord:
        return self._store.event()

    def tournaments(self) -> list[StoredTournament]:
        return self._store.tournaments()

    def tournament(self, key: str | None = None) -> StoredTournament:
        """The tournament by key (the only one if None); refuses in French."""
        return self.service.tournament(key)

    def find(self, key: str) -> StoredTournament | None:
        return self._store.tournament(key)

    def players(self, t: StoredTournament) -> list[StoredPlayer]:
        if not (self._depth and self._cached):
            return self._store.players(t.id)
        version = self._store.players_version()
        kept = self._players.get(t.id)
        if kept is None or kept[0] != version:
            kept = self._players[t.id] = (version, self._store.players(t.id))
        return list(kept[1])

    def player_count(self, t: StoredTournament) -> int:
        """How many players ``t`` has, counted by the file (no player built)."""
        return self._store.player_count(t.id)

    def people(self, t: StoredTournament) -> dict[int, StoredPlayer]:
        return {p.id: p for p in self.players(t)}

    def numbers(self, t: StoredTournament) -> dict[int, int]:
        """Each player's public number: the tournament's pairing number (drawn for a round
        robin, else the initial order), the number pages, lists and PDFs show."""
        from ..rules.swiss.order import pairing_numbers

        return pairing_numbers(self._store.pairing_numbers(t.id) or [], self.players(t))

    def refs(self, t: StoredTournament) -> dict[int, PlayerRef]:
        """Every player of ``t`` as the views name them, with their public number."""
        with self.consistent():
            people, numbers = self.people(t), self.numbers(t)
        return {pid: player_ref(p, numbers.get(pid)) for pid, p in people.items()}

    def rounds(self, t: StoredTournament) -> list[StoredRound]:
        return self._store.rounds(t.id)

    def round(self, t: StoredTournament, number: int | None = None) -> StoredRound | None:
        """Round ``number``, or the last one paired."""
        if number:
            return self._store.round(t.id, number)
        return self.service.current_round(t)

    def games(self, rnd: StoredRound) -> list[StoredGame]:
        return self._store.games(rnd.id)

    def result_checks(self, rnd: StoredRound) -> dict[int, ResultCheck]:
        """The round's results entered again from the signed sheets, by game id."""
        return self._store.result_checks(rnd.id)

    def manual_changes(self, t: StoredTournament) -> dict[int, list[str]]:
        """The arbiter's changes to the pairings, by round."""
        return self._store.manual_changes(t.id)

    def appeals(self, t: StoredTournament) -> list[Appeal]:
        return self._store.appeals(t.id)

    def settled_checks(self, t: StoredTournament) -> list[SettledCheck]:
        """Écarts with the signed sheets, settled (round, board, kept, result)."""
        return self._store.settled_checks(t.id)

    def undone_ids(self) -> set[int]:
        """Journal entries no longer in effect (undone, or undos undone)."""
        return self.service.journal.undone_ids()

    def all_games(self, t: StoredTournament) -> dict[int, list[StoredGame]]:
        return self._store.all_games(t.id)

    def teams(self, t: StoredTournament) -> list[StoredTeam]:
        return self._store.teams(t.id)

    def incidents(self, t: StoredTournament) -> list[StoredIncident]:
        return self._store.incidents(t.id)

    def pairing_record(self, t: StoredTournament, number: int) -> PairingRecord | None:
        return self._store.pairing_record(t.id, number)

    def playoffs(self, t: StoredTournament) -> dict[str, Playoff]:
        """A youth section's play-offs begun, by which (title, qualification)."""
        return self._store.playoffs(t.id)

    def journal_entries(self, limit: int | None = None) -> list[JournalEntry]:
        """The journal, newest first."""
        return self._store.journal_entries(limit)

    @staticmethod
    def station_label(terminal: str) -> str:
        """A journal's terminal as an arbiter names the station (« pts/3, arbitre@pi »)."""
        from ..store.stations import station_label

        return station_label(terminal)

    def dump(self) -> dict[str, list[Row]]:
        """Every data row (`arbitre show --json`)."""
        return self._store.snapshot()

    def draws(self) -> list[DrawRecord]:
        return self._store.draws()

    def lucky_losers(self, t: StoredTournament) -> list[LuckyLoser]:
        """Every lucky-loser try of a knockout, in the order drawn."""
        return self._store.lucky_losers(t.id)
