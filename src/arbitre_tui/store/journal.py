"""Transactions that journal themselves, and undo from the journal.

Every write of an operation goes through :class:`Tx`, which records the row before
and after. Undo restores the before-images in reverse order, in a new journaled
transaction, after checking nobody changed those rows since.
"""

from __future__ import annotations

import datetime as dt
import getpass
import json
import os
import secrets
import socket
import sqlite3
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from ..rules.draws import run_draw
from .schema import DATA_TABLES


class OperationError(Exception):
    """The action was refused; nothing was written. The message is for the arbiter."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NeedsConfirmation(OperationError):
    """Nothing was written: the arbiter must answer yes first (the message is the question).

    A face asks the question and runs the same operation again with ``confirm=True``.
    """


class StoreBusy(OperationError):
    """Another station holds the write lock and this connection was told not to wait.

    Nothing was written; the app hands the operation to its writer thread instead of
    blocking its UI thread on the lock.
    """


def now() -> str:
    return dt.datetime.now().isoformat(timespec="seconds")


def terminal_name() -> str:
    """Who is typing: user, SSH terminal or tty, host — so the journal says which arbiter."""
    try:
        user = getpass.getuser()
    except Exception:
        user = "?"
    tty = os.environ.get("SSH_TTY")
    if not tty:
        try:
            tty = os.ttyname(0)
        except OSError:
            tty = f"pid{os.getpid()}"
    return f"{user}@{socket.gethostname()}:{tty}"


def _row(conn: sqlite3.Connection, table: str, row_id: int) -> dict[str, Any] | None:
    row = conn.execute(f"SELECT * FROM {table} WHERE id = ?", (row_id,)).fetchone()
    return dict(row) if row is not None else None


class Tx:
    """The writes of one operation. Use only inside :meth:`Journal.operation`."""

    def __init__(self, conn: sqlite3.Connection, journal_id: int) -> None:
        self.conn = conn
        self.journal_id = journal_id
        self._seq = 0
        self.last_draw_id: int | None = None  # the draw recorded last, for rows that cite it

    def _record(self, table: str, row_id: int, before: Any, after: Any) -> None:
        self._seq += 1
        self.conn.execute(
            "INSERT INTO journal_changes (journal_id, seq, tbl, row_id, before, after) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (
                self.journal_id,
                self._seq,
                table,
                row_id,
                None if before is None else json.dumps(before, ensure_ascii=False),
                None if after is None else json.dumps(after, ensure_ascii=False),
            ),
        )

    @staticmethod
    def _check_table(table: str) -> None:
        if table not in DATA_TABLES:
            raise ValueError(f"table inconnue : {table}")

    def insert(self, table: str, values: Mapping[str, Any]) -> int:
        self._check_table(table)
        cols = list(values)
        cur = self.conn.execute(
            f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
            [values[c] for c in cols],
        )
        row_id = int(cur.lastrowid or 0)
        self._record(table, row_id, None, _row(self.conn, table, row_id))
        return row_id

    def update(self, table: str, row_id: int, values: Mapping[str, Any]) -> None:
        self._check_table(table)
        before = _row(self.conn, table, row_id)
        if before is None:
            raise OperationError(f"{table} n° {row_id} introuvable")
        if all(before.get(k) == v for k, v in values.items()):
            return
        sets = ", ".join(f"{c} = ?" for c in values)
        self.conn.execute(f"UPDATE {table} SET {sets} WHERE id = ?", [*values.values(), row_id])
        self._record(table, row_id, before, _row(self.conn, table, row_id))

    def delete(self, table: str, row_id: int) -> None:
        self._check_table(table)
        before = _row(self.conn, table, row_id)
        if before is None:
            return
        self.conn.execute(f"DELETE FROM {table} WHERE id = ?", (row_id,))
        self._record(table, row_id, before, None)

    def draw(self, purpose: str, kind: str, items: Sequence[Any], seed: int | None = None) -> Any:
        """A random draw with its seed, inputs and outcome recorded, so it can be replayed."""
        if seed is None:
            seed = secrets.randbits(63)
        outcome = run_draw(kind, seed, items)
        self.last_draw_id = self.insert(
            "draws",
            {
                "journal_id": self.journal_id,
                "purpose": purpose,
                "kind": kind,
                "seed": seed,
                "inputs": json.dumps(list(items), ensure_ascii=False),
                "outcome": json.dumps(outcome, ensure_ascii=False),
                "at": now(),
            },
        )
        return outcome


class Journal:
    """Runs operations as single journaled transactions on one connection."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.terminal = terminal_name()

    @contextmanager
    def operation(
        self, op: str, args: Mapping[str, Any], undoes: int | None = None
    ) -> Iterator[Tx]:
        """One action, one transaction: all of it is on disk after this block, or none."""
        self._begin()
        try:
            cur = self.conn.execute(
                "INSERT INTO journal (at, terminal, op, args, undoes) VALUES (?, ?, ?, ?, ?)",
                (
                    now(),
                    self.terminal,
                    op,
                    json.dumps(dict(args), ensure_ascii=False, default=str),
                    undoes,
                ),
            )
            tx = Tx(self.conn, int(cur.lastrowid or 0))
            yield tx
            self.conn.execute("COMMIT")
        except BaseException:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise

    def _begin(self) -> None:
        # busy_timeout waits for the other writer; this loop covers the rare
        # SQLITE_BUSY that SQLite returns at once (WAL snapshot upgrade), so the
        # arbiter never sees "database is locked".
        delay = 0.01
        for _attempt in range(200):
            try:
                self.conn.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) and "busy" not in str(exc):
                    raise
                time.sleep(delay)
                delay = min(delay * 2, 0.25)
        raise OperationError(
            "Le fichier est occupé par un autre poste depuis trop longtemps ; réessayez."
        )

    # -- undo -------------------------------------------------------------

    def undone_ids(self) -> set[int]:
        return {
            r[0] for r in self.conn.execute("SELECT undoes FROM journal WHERE undoes IS NOT NULL")
        }

    def last_undoable(self) -> int | None:
        """The latest operation that is not an undo and has not been undone."""
        undone = self.undone_ids()
        for (jid,) in self.conn.execute(
            "SELECT id FROM journal WHERE undoes IS NULL ORDER BY id DESC"
        ):
            if jid not in undone:
                return int(jid)
        return None

    def undo(self, journal_id: int | None = None) -> int:
        """Restore what operation ``journal_id`` (default: the last one) changed."""
        target = journal_id if journal_id is not None else self.last_undoable()
        if target is None:
            raise OperationError("Rien à annuler.")
        entry = self.conn.execute(
            "SELECT op, undoes FROM journal WHERE id = ?", (target,)
        ).fetchone()
        if entry is None:
            raise OperationError(f"Opération n° {target} introuvable dans le journal.")
        if target in self.undone_ids():
            raise OperationError(f"L'opération n° {target} est déjà annulée.")
        changes = self.conn.execute(
            "SELECT tbl, row_id, before, after FROM journal_changes WHERE journal_id = ? ORDER BY seq DESC",
            (target,),
        ).fetchall()
        with self.operation("undo", {"target": target, "op": entry["op"]}, undoes=target) as tx:
            for change in changes:
                table, row_id = change["tbl"], change["row_id"]
                before = json.loads(change["before"]) if change["before"] else None
                after = json.loads(change["after"]) if change["after"] else None
                current = _row(self.conn, table, row_id)
                if current != after:
                    raise OperationError(
                        f"Impossible d'annuler l'opération n° {target} ({entry['op']}) : "
                        f"{table} n° {row_id} a été modifié depuis. Annulez d'abord les opérations suivantes."
                    )
                if before is None:
                    tx.delete(table, row_id)
                elif after is None:
                    tx.insert(table, before)
                else:
                    tx.update(table, row_id, {k: v for k, v in before.items() if k != "id"})
            return tx.journal_id
