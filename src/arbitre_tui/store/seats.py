"""A board whose players change loses what its players proposed from their phones (issue
51.3): a swap, a pairing made again, a board undone — whatever the operation, in its own
transaction and journaled, so its undo brings the proposals back with the board."""

from __future__ import annotations

import sqlite3
from typing import Any, Protocol

from .schema import Table


class Tx(Protocol):
    """What of journal.Tx this uses (named here: journal imports this module)."""

    conn: sqlite3.Connection

    def delete(self, table: Table, row_id: int) -> None: ...


SEAT = ("round_id", "board", "white_id", "black_id")


def seat_changed(tx: Tx, before: Any, after: Any) -> None:
    """Called for each change of a games row: the boards it leaves and takes are voided
    unless the same two players still sit there in the same colours."""
    if before and after and all(before[k] == after[k] for k in SEAT):
        return
    for row in (before, after):
        if row:
            void_proposals(tx, int(row["round_id"]), int(row["board"]))


def void_proposals(tx: Tx, round_id: int, board: int) -> None:
    """The pending proposals of one board of one round deleted, each journaled."""
    rows = tx.conn.execute(
        "SELECT p.id FROM proposals p JOIN rounds r ON r.tournament_id = p.tournament_id "
        "AND r.number = p.round WHERE r.id = ? AND p.board = ? AND p.kind = 'result' "
        "AND p.status = 'pending'",
        (round_id, board),
    ).fetchall()
    for (pid,) in rows:
        tx.delete("proposals", int(pid))
