"""The open event every operation is handed: its file, the typed store to read, the one
way to write, and the lookups an operation starts with.

An operation module takes an ``EventContext`` and nothing else of the event; the actions
live by subject (``registration``, ``results``, ``rounds``, ``setup``, ``swiss``, …) and
``EventService`` is only the faces' facade over them.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from pathlib import Path
from typing import TypeVar, Unpack

from ..rules.models import (
    StoredGame,
    StoredPlayer,
    StoredRound,
    StoredTournament,
)
from ..store.journal import Journal, Tx
from ..store.journal_args import JournalArgs
from ..store.repo import OpenOptions, Store
from .errors import OperationError
from .registry import Operation
from .wording import WORDING

__all__ = ["EventContext", "OperationError"]

A = TypeVar("A", bound=JournalArgs)


class EventContext:
    """One open event file: ``store`` reads, ``write`` changes, the lookups refuse in French."""

    store: Store  # the typed store: every read an operation makes goes through it
    journal: Journal

    def __init__(self, path: str | Path, **options: Unpack[OpenOptions]) -> None:
        """``options``: how the file is opened (store.repo.OpenOptions)."""
        self.store = Store(path, **options)
        self.journal = self.store.journal
        # a crash's leftovers: half-written copies, a closed round without its backup
        self.recovered: list[str] = self.store.recover()
        self.journal.wording = WORDING  # the journal speaks the registry's French

    @property
    def path(self) -> Path:
        return self.store.path

    def close(self) -> None:
        self.store.close()

    def write(self, op: Operation, args: A) -> AbstractContextManager[Tx[A]]:
        """The one way to change the file: operation ``op`` (one of the registry's) as one
        journaled transaction (BEGIN IMMEDIATE first; read, check, write inside; all or
        nothing). ``args``: what it says it does, the record its operation declares
        (operations/journal_args/): another type is a program's fault, refused here."""
        from .journal_args import record_of  # its family only (issue 56.2)

        if type(args) is not (record := record_of(op)):
            raise TypeError(f"{op.value} : {type(args).__name__} au lieu de {record}")
        return self.journal.operation(op, args)

    def backup(self, dest: Path | None = None) -> Path:
        """A manual backup of the whole file (beside it, or in ``dest``)."""
        return self.store.backup("manuel", dest)

    # -- lookups ---------------------------------------------------------

    def tournament(self, key: str | None = None) -> StoredTournament:
        """The section ``key`` (or the only one), refused by name when unknown."""
        tournaments = self.store.tournaments()
        if not tournaments:
            raise OperationError("Ce fichier ne contient aucun tournoi.")
        if key is None:
            if len(tournaments) == 1:
                return tournaments[0]
            keys = ", ".join(t.key for t in tournaments)
            raise OperationError(f"Précisez le tournoi (--tournoi) parmi : {keys}.")
        for t in tournaments:
            if t.key == key:
                return t
        keys = ", ".join(t.key for t in tournaments)
        raise OperationError(f"Tournoi « {key} » inconnu. Tournois : {keys}.")

    def current_round(self, t: StoredTournament) -> StoredRound | None:
        rounds = self.store.rounds(t.id)
        return rounds[-1] if rounds else None

    def round_of(self, t: StoredTournament, round_number: int | None) -> StoredRound | None:
        """Round ``round_number`` of ``t``, or its current one when none is given."""
        if round_number:
            return self.store.round(t.id, round_number)
        return self.current_round(t)

    def player(self, player_id: int) -> StoredPlayer:
        player = self.store.player(player_id)
        if player is None:
            raise OperationError(f"Joueur n° {player_id} inconnu.")
        return player

    def game(
        self, key: str, round_number: int | None, board: int
    ) -> tuple[StoredTournament, StoredRound, StoredGame]:
        """The game on ``board`` of a round (the current one by default), refused by name."""
        t = self.tournament(key)
        rnd = self.round_of(t, round_number)
        if rnd is None:
            raise OperationError(
                f"La ronde {round_number or ''} de {t.name} n'est pas appariée.".replace("  ", " ")
            )
        games = {g.board: g for g in self.store.games(rnd.id)}
        if board not in games:
            raise OperationError(
                f"Échiquier {board} inconnu en ronde {rnd.number} (échiquiers 1 à {max(games, default=0)})."
            )
        return t, rnd, games[board]

    def next_round(self, t: StoredTournament) -> int:
        """The number of the round to pair, once the one before is closed."""
        rounds = self.store.rounds(t.id)
        if rounds and not rounds[-1].closed:
            raise OperationError(
                f"La ronde {rounds[-1].number} n'est pas close : saisissez ses résultats puis clôturez-la."
            )
        number = len(rounds) + 1
        if number > t.rounds_planned:
            raise OperationError(f"Les {t.rounds_planned} rondes de {t.name} sont déjà appariées.")
        return number
