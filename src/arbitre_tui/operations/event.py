"""The faces' facade over the operations: one open event and every action by its name.

The actions live by subject (``configuration``, ``registration``, ``results``,
``rounds``) as functions of the event context (operations/context.py); this class only
gathers them, so that a face holds one object and a test reads like the arbiter's words.
"""

from __future__ import annotations

from ..store.undo import Undone
from . import configuration, registration, results, rounds
from .context import EventContext, OperationError
from .results import Forfeit, forfeit_side

__all__ = ["EventService", "Forfeit", "OperationError", "forfeit_side"]


class EventService(EventContext):
    """One event file and the actions an arbiter takes on it (each one transaction)."""

    # the event and its sections
    create_event = configuration.create_event
    add_tournament = configuration.add_tournament
    update_settings = configuration.update_settings
    update_event_settings = configuration.update_event_settings

    # players, clubs and teams
    register_player = registration.register_player
    import_players = registration.import_players
    check_in = registration.check_in
    set_paid = registration.set_paid
    withdraw = registration.withdraw
    add_club = registration.add_club
    enter_team = registration.enter_team
    add_team = registration.add_team

    # rounds
    pair_round = rounds.pair_round
    set_round_start = rounds.set_round_start
    close_round = rounds.close_round
    replay_draw = rounds.replay_draw

    # results and incidents
    record_result = results.record_result
    clear_result = results.clear_result
    absent = results.absent
    forfeit = results.forfeit
    record_incident = results.record_incident

    def illegal_moves(self, game_id: int, player_id: int) -> int:
        return self.store.illegal_moves(game_id, player_id)

    # the journal

    def undo(self, journal_id: int | None = None, *, confirm: bool = False) -> Undone:
        """Undo this station's last operation (or ``journal_id``); says what it undid."""
        return self.journal.undo(journal_id, confirm=confirm)

    def redo(self, *, confirm: bool = False) -> Undone:
        """Undo this station's last undo: what it undid is back."""
        target = self.journal.last_redoable(self.journal.terminal)
        if target is None:
            raise OperationError("Rien à rétablir (ce poste n'a rien annulé).")
        return self.journal.undo(target, confirm=confirm)
