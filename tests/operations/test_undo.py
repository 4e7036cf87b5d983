"""Undo restores the exact previous state, for each operation kind."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from arbitre_tui.operations import EventService, OperationError
from arbitre_tui.rules.models import Player, System, Tournament

from ..conftest import make_round_robin

CSV = b"nom,prenom,elo_fide\nNouveau,Nina,1500\nAutre,Alex,1400\n"


def _ready(tmp_path: Path) -> EventService:
    service = make_round_robin(tmp_path / "u.sqlite", 6)
    service.pair_round("rr", seed=7)
    service.record_result("rr", 3, "0-1")  # so that clearing a result has something to clear
    return service


def _first_player(s: EventService) -> int:
    pid = s.store.players(s.tournament("rr").id)[0].id
    assert pid is not None
    return pid


def _cup(s: EventService) -> None:
    s.add_tournament(Tournament(key="cup", name="Coupe", system=System.TEAM_CUP, rounds_planned=3))


def _cup_and_team(s: EventService) -> int:
    _cup(s)
    return s.add_team("cup", s.add_club("Club X"), 1, "Club X 1")


OPERATIONS: dict[str, Callable[[EventService], Any]] = {
    "add_tournament": lambda s: s.add_tournament(
        Tournament(key="autre", name="Autre", system=System.SWISS, rounds_planned=5)
    ),
    "update_settings": lambda s: s.update_settings("rr", {"cycles": 2}),
    "register_player": lambda s: s.register_player("rr", Player(surname="Tard", first_name="Theo")),
    "import_players": lambda s: s.import_players("rr", CSV),
    "check_in": lambda s: s.check_in(_first_player(s)),
    "set_paid": lambda s: s.set_paid(_first_player(s)),
    "withdraw": lambda s: s.withdraw(_first_player(s)),
    "add_club": lambda s: s.add_club("Nouveau club"),
    "add_team": _cup_and_team,
    "record_result": lambda s: s.record_result("rr", 1, "1-0"),
    "clear_result": lambda s: s.clear_result("rr", 3),
    "record_incident": lambda s: s.record_incident("rr", 1, "white", "illegal_move"),
    "set_round_start": lambda s: s.set_round_start("rr", dt.datetime(2027, 1, 16, 14, 0)),
    "close_round": lambda s: (
        [s.record_result("rr", b, "=", confirm=True) for b in (1, 2, 3)] and s.close_round("rr")
    ),
    "pair_round": lambda s: (
        [s.record_result("rr", b, "1-0", confirm=True) for b in (1, 2, 3)],
        s.close_round("rr"),
        s.pair_round("rr"),
    ),
}


@pytest.mark.parametrize("name", sorted(OPERATIONS))
def test_undo_restores_previous_state(tmp_path: Path, name: str) -> None:
    service = _ready(tmp_path)
    before = service.store.snapshot()
    last_before = service.journal.last_undoable()
    OPERATIONS[name](service)
    assert service.store.snapshot() != before, "the operation changed nothing"
    # Undo everything done since, newest first (some cases are several operations).
    for _ in range(50):  # never forever: an undo that undoes nothing fails here
        if service.journal.last_undoable() == last_before:
            break
        service.undo(confirm=True)  # a pairing or a close asks first (issue 13)
    else:
        raise AssertionError(f"{name}: still undoing after 50 undos")
    assert service.store.snapshot() == before


def test_pair_round_robin_draw_is_undone_and_redrawn(tmp_path: Path) -> None:
    service = make_round_robin(tmp_path / "d.sqlite", 6)
    before = service.store.snapshot()
    service.pair_round("rr", seed=99)
    assert len(service.store.draws()) == 1
    service.undo(confirm=True)
    assert service.store.snapshot() == before


def test_undo_is_journaled_and_refused_when_rows_changed_since(tmp_path: Path) -> None:
    service = _ready(tmp_path)
    service.record_result("rr", 1, "1-0")
    first = service.journal.last_undoable()
    service.record_result("rr", 1, "0-1", confirm=True)
    with pytest.raises(OperationError, match="modifié depuis"):
        service.undo(first)
    undo_id = service.undo().journal_id
    entry = service.store.journal_entries(1)[0]
    assert entry["id"] == undo_id and entry["op"] == "undo"
    with pytest.raises(OperationError, match="déjà annulée"):
        service.undo(entry["undoes"])


def test_nothing_to_undo(tmp_path: Path) -> None:
    service = EventService(tmp_path / "empty.sqlite", create=True)
    with pytest.raises(OperationError, match="Rien à annuler"):
        service.undo()


def test_journal_is_append_only(tmp_path: Path) -> None:
    import sqlite3

    service = _ready(tmp_path)
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        service.store.conn.execute("DELETE FROM journal")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        service.store.conn.execute("UPDATE journal_changes SET after = NULL")
