"""Every column a write names is checked against the file's schema before any SQL runs
(issue 54.1): a typo in an operation is a clear programming error at once, not SQLite's
« no such column » later, and the event file is left as it was, byte for byte."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import pytest

from arbitre_tui.rules.models import System
from arbitre_tui.store.errors import UnknownName
from arbitre_tui.store.journal import Tx
from arbitre_tui.store.repo import Store
from arbitre_tui.store.schema import Table
from tests.helpers.events import digest

NAME = "CHÂTEAUBRIAND-SAINT-ÉVREMOND"


def _event(path: Path) -> None:
    store = Store(path, create=True, terminal="poste-1")
    with store.journal.operation("create") as tx:
        tx.insert("event", {"id": 1, "name": "Open d'Évreux", "created_at": "2026"})
        tid = tx.insert(
            "tournaments",
            {"key": "open", "name": "Open", "system": System.SWISS.value, "rounds_planned": 5},
        )
        tx.insert("players", {"tournament_id": tid, "surname": NAME, "first_name": "Marie"})
    store.close()


_TYPOS: dict[str, Callable[[Tx[Any]], object]] = {
    "insert": lambda tx: tx.insert("players", {"tournament_id": 1, "surnme": "O'NEILL"}),
    "insert_all": lambda tx: tx.insert_all("players", [{"tournament_id": 1, "surnme": "X"}]),
    "update": lambda tx: tx.update("players", 1, {"surnme": "D'ARTAGNAN"}),
    # a name that would have been SQL once interpolated: refused as a name, never run
    "injected": lambda tx: tx.update("players", 1, {"withdrawn = 1, surname": "X"}),
}


@pytest.mark.parametrize("write", sorted(_TYPOS))
def test_a_typo_d_column_is_refused_before_any_sql_and_changes_nothing(
    tmp_path: Path, write: str
) -> None:
    path = tmp_path / "e.sqlite"
    _event(path)
    Store(path).close()  # an opening as such: the bytes to compare with
    before = digest(path)
    store = Store(path)
    statements: list[str] = []
    store.conn.set_trace_callback(statements.append)
    # the known columns are named, to fix the typo
    refused = pytest.raises(UnknownName, match=r"colonne inconnue : players\..*surname")
    with refused, store.journal.operation("typo") as tx:
        _TYPOS[write](tx)
    assert not [s for s in statements if "surnme" in s or "withdrawn =" in s], statements
    assert not any(s.lstrip().upper().startswith(("INSERT", "UPDATE")) for s in statements)
    store.conn.set_trace_callback(None)
    assert [p.surname for p in store.players(1)] == [NAME]
    store.close()
    assert digest(path) == before


def test_an_unknown_table_is_refused_too(tmp_path: Path) -> None:
    path = tmp_path / "e.sqlite"
    _event(path)
    store = Store(path)
    refused = pytest.raises(UnknownName, match="table inconnue : joueurs")
    with refused, store.journal.operation("typo") as tx:
        tx.delete(cast(Table, "joueurs"), 1)
    store.close()


def test_the_known_columns_still_write_and_undo(tmp_path: Path) -> None:
    """The check reads each table's columns once; every real column passes, and an undo
    (which writes back the journal's before-images, all their columns) goes through it."""
    path = tmp_path / "e.sqlite"
    _event(path)
    store = Store(path, terminal="poste-1")
    row: dict[str, Any] = {"surname": "DE LA FONTAINE-MÉRIGNAC", "first_name": "Jean-Baptiste"}
    with store.journal.operation("rename") as tx:
        tx.update("players", 1, {**row, "withdrawn": 1, "club": "Échiquier d'Évreux"})
    assert store.players(1)[0].surname == "DE LA FONTAINE-MÉRIGNAC"
    store.journal.undo()
    assert store.players(1)[0].surname == NAME and not store.players(1)[0].withdrawn
    store.close()
