"""Transactions that journal themselves.

Every write of an operation goes through :class:`Tx`, which records the row before
and after; undo.py restores them (the journal's undo, redo and their checks).
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from functools import partial
from pathlib import Path
from typing import Any, Generic, TypeVar, cast, overload

from ..rules.draws import run_draw
from .errors import CommitUncertain, OperationError, StoreBusy, UnknownName
from .journal_args import JournalArgs, PlainArgs
from .lineage import settle, stamp
from .schema import DATA_TABLES, Table
from .stations import terminal_name
from .uncertain import note_commit
from .undo import PlainWording, Undoing, Wording, _row
from .waiting import begin_immediate


def now() -> str:
    return dt.datetime.now().isoformat(timespec="seconds")


def _database_path(conn: sqlite3.Connection) -> Path | None:
    try:
        row = conn.execute("PRAGMA database_list").fetchone()
    except sqlite3.Error:
        return None
    return Path(row[2]) if row and row[2] else None


def sqlite_refusal(exc: sqlite3.Error, conn: sqlite3.Connection | None = None) -> OperationError:
    """A SQLite failure during a write, said the way the arbiter can act on it.

    Nothing was written (the transaction was rolled back): the message says so and what
    to do, never SQLite's English.
    """
    from .db import disk_is_full, sqlite_reason

    text = str(exc).lower()
    path = _database_path(conn) if conn is not None else None
    if "full" in text or ("i/o" in text and path is not None and disk_is_full(path)):
        return OperationError(
            "Écriture impossible, disque plein : rien n'a été enregistré ; libérez de la "
            "place puis réessayez."
        )
    if "readonly" in text or "read-only" in text:
        return OperationError(
            "Fichier en lecture seule : rien n'a été enregistré. Vérifiez les droits du "
            "fichier et de son dossier (ou le support, monté en lecture seule ?)."
        )
    if isinstance(exc, sqlite3.IntegrityError):
        return OperationError(
            "Conflit avec une autre opération (donnée liée modifiée entre-temps) : "
            "rien n'a été enregistré. Réessayez."
        )
    if "disk i/o" in text or "unable to open" in text:
        return OperationError(
            "Erreur d'écriture sur le disque : rien n'a été enregistré. Vérifiez le support "
            "(clé USB retirée, carte SD pleine ou défaillante) puis réessayez."
        )
    if "could not decode" in text or "malformed" in text:
        return OperationError(
            f"Le fichier de l'événement est endommagé ({sqlite_reason(exc)}) : rien n'a été "
            "enregistré. Restaurez la dernière sauvegarde (arbitre restore)."
        )
    return OperationError(f"Écriture impossible ({sqlite_reason(exc)}) : rien n'a été enregistré.")


WAIT_SECONDS = 30  # the longest an operation waits for another station's write lock


def new_seed() -> int:
    """A draw's seed: 63 bits from the system's randomness. secrets (and hashlib, hmac,
    random under it) is imported here, at the first draw, not by every start."""
    import secrets

    return secrets.randbits(63)


A = TypeVar("A", bound=JournalArgs)


class Tx(Generic[A]):
    """The writes of one operation. Use only inside :meth:`Journal.operation`.

    The journal row is written with the first change, so an operation can read and check
    inside the transaction first, then say what it does (``args``, its typed record,
    replaced as it learns more) before writing.
    """

    def __init__(
        self,
        conn: sqlite3.Connection,
        op: str,
        args: A,
        terminal: str,
        undoes: int | None = None,
        columns: dict[str, frozenset[str]] | None = None,
    ) -> None:
        self.conn = conn
        # each table's columns as the file has them (read once per connection, the
        # journal's cache): no name reaches the SQL unchecked
        self._columns = {} if columns is None else columns
        self.op = op
        # the records said, outermost first: a nested operation's is on top while it runs
        self._said: list[JournalArgs] = [args]
        self.terminal = terminal
        self.undoes = undoes
        self._journal_id: int | None = None
        self.at = ""  # when its journal entry was written: with the station, its identity
        self._seq = 0
        self.last_draw_id: int | None = None  # the draw recorded last, for rows that cite it

    @property
    def args(self) -> A:
        """What the running operation says it does (a nested one's own record)."""
        return cast(A, self._said[-1])

    @args.setter
    def args(self, record: A) -> None:
        """A nested operation's new words go to the outermost record too (overwriting,
        as the dict it used to write into did)."""
        if len(self._said) > 1:
            before = dict(self._said[-1].items())
            changed = {k: v for k, v in record.items() if before.get(k) != v}
            self._said[0] = self._said[0].absorbed(changed, overwrite=True)
        self._said[-1] = record

    @property
    def record(self) -> JournalArgs:
        """The record the journal row stores: the outermost operation's."""
        return self._said[0]

    def nest(self, op: str, record: JournalArgs) -> None:
        """An operation called from this one: its arguments join this one's where not
        said yet, its name joins the steps; its own record is on top until :meth:`unnest`."""
        outer = self._said[0].absorbed(dict(record.items()), overwrite=False)
        self._said[0] = outer.with_step(op) if op != self.op else outer
        self._said.append(record)

    def unnest(self) -> None:
        self._said.pop()

    @property
    def journal_id(self) -> int:
        """This operation's journal entry, written the first time it is needed."""
        if self._journal_id is None:
            self.at = now()
            cur = self.conn.execute(
                "INSERT INTO journal (at, terminal, op, args, undoes) VALUES (?, ?, ?, ?, ?)",
                (
                    self.at,
                    self.terminal,
                    self.op,
                    json.dumps(self.record.stored(), ensure_ascii=False, default=str),
                    self.undoes,
                ),
            )
            self._journal_id = int(cur.lastrowid or 0)
        return self._journal_id

    @property
    def wrote(self) -> bool:
        return self._journal_id is not None

    def _record(self, table: str, row_id: int, before: Any, after: Any) -> None:
        if table == "games":  # a board's players change: its proposals die first (51.3)
            from .seats import seat_changed

            seat_changed(self, before, after)
        journal_id = self.journal_id
        self._seq += 1
        self.conn.execute(
            "INSERT INTO journal_changes (journal_id, seq, tbl, row_id, before, after) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (
                journal_id,
                self._seq,
                table,
                row_id,
                None if before is None else json.dumps(before, ensure_ascii=False),
                None if after is None else json.dumps(after, ensure_ascii=False),
            ),
        )

    def _check_table(self, table: str, names: Iterable[str] = ()) -> None:
        """The table and the columns a write names, checked against the schema before
        any SQL runs: one set lookup each (the columns read once per table)."""
        if table not in DATA_TABLES:
            raise UnknownName(f"table inconnue : {table}")
        known = self._columns.get(table)
        if known is None:
            known = frozenset(r[1] for r in self.conn.execute(f"PRAGMA table_info({table})"))
            self._columns[table] = known
        for name in names:
            if name not in known:
                raise UnknownName(
                    f"colonne inconnue : {table}.{name} (colonnes : {', '.join(sorted(known))})"
                )

    def insert(self, table: Table, values: Mapping[str, Any]) -> int:
        self._check_table(table, values)
        cols = list(values)
        cur = self.conn.execute(
            f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
            [values[c] for c in cols],
        )
        row_id = int(cur.lastrowid or 0)
        self._record(table, row_id, None, _row(self.conn, table, row_id))
        return row_id

    def insert_all(self, table: Table, rows: Sequence[Mapping[str, Any]]) -> list[int]:
        """Many new rows at once (an import), each journaled as :meth:`insert` does.

        sqlite-utils writes them in multi-row INSERTs inside this transaction (it takes a
        SAVEPOINT when one is open: nothing commits early); the rows it added are then
        read back in one query. SQLite numbers them (no ``id``), all with the same columns
        (sqlite-utils would write NULL for a missing one, not the column's default).
        """
        if not rows:
            self._check_table(table)
            return []
        columns = set(rows[0])
        if "id" in columns or any(set(row) != columns for row in rows):
            raise ValueError("insert_all : mêmes colonnes pour chaque ligne, sans id")
        self._check_table(table, columns)
        from .introspection import database

        last = self.conn.execute(f"SELECT coalesce(max(id), 0) FROM {table}").fetchone()[0]
        database(self.conn).table(table).insert_all([dict(row) for row in rows])
        added = [
            dict(row)
            for row in self.conn.execute(
                f"SELECT * FROM {table} WHERE id > ? ORDER BY id", (last,)
            ).fetchall()
        ]
        if len(added) != len(rows):  # numbers past the largest id ran out: SQLite drew some
            raise OperationError("Numérotation des lignes épuisée : rien n'a été enregistré.")
        for row in added:
            self._record(table, row["id"], None, row)
        return [row["id"] for row in added]

    def update(self, table: Table, row_id: int, values: Mapping[str, Any]) -> None:
        self._check_table(table, values)
        before = _row(self.conn, table, row_id)
        if before is None:
            raise OperationError(f"{table} n° {row_id} introuvable")
        if all(before.get(k) == v for k, v in values.items()):
            return
        sets = ", ".join(f"{c} = ?" for c in values)
        self.conn.execute(f"UPDATE {table} SET {sets} WHERE id = ?", [*values.values(), row_id])
        self._record(table, row_id, before, _row(self.conn, table, row_id))

    def touch(self, table: Table, row_id: int) -> None:
        """The same values written again (a result re-entered as it stands): journaled as
        a change whose before and after are equal, so this station's undo takes it — and
        changes nothing — rather than an older entry (issue 29.4)."""
        self._check_table(table)
        row = _row(self.conn, table, row_id)
        if row is None:
            raise OperationError(f"{table} n° {row_id} introuvable")
        self._record(table, row_id, row, row)

    def delete(self, table: Table, row_id: int) -> None:
        self._check_table(table)
        before = _row(self.conn, table, row_id)
        if before is None:
            return
        self.conn.execute(f"DELETE FROM {table} WHERE id = ?", (row_id,))
        self._record(table, row_id, before, None)

    def draw(self, purpose: str, kind: str, items: Sequence[Any], seed: int | None = None) -> Any:
        """A random draw with its seed, inputs and outcome recorded, so it can be replayed."""
        if seed is None:
            seed = new_seed()
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


class Journal(Undoing):
    """Runs operations as single journaled transactions on one connection.

    Every check of an operation reads inside the transaction, after ``BEGIN IMMEDIATE``:
    what it validated cannot change before it writes. Operations nest: an operation
    called from another joins its transaction (one action, one commit, one undo).
    """

    def __init__(
        self,
        conn: sqlite3.Connection,
        terminal: str | None = None,
        wait: bool = True,
        wording: Wording | None = None,
    ) -> None:
        self.conn = conn
        self.terminal = terminal or terminal_name()
        self.wait = wait
        self.wording: Wording = wording or PlainWording()
        self._path = _database_path(conn)  # where to read back a commit that failed
        self._current: Tx[Any] | None = None
        self.last_args: dict[str, Any] = {}  # what the last committed operation said
        self._columns: dict[str, frozenset[str]] = {}  # each table's, read at its first write

    @property
    def in_operation(self) -> bool:
        return self._current is not None

    @overload
    def operation(
        self, op: str, args: A, undoes: int | None = None
    ) -> AbstractContextManager[Tx[A]]: ...

    @overload
    def operation(
        self, op: str, args: Mapping[str, Any] | None = None, undoes: int | None = None
    ) -> AbstractContextManager[Tx[PlainArgs]]: ...

    def operation(
        self,
        op: str,
        args: JournalArgs | Mapping[str, Any] | None = None,
        undoes: int | None = None,
    ) -> AbstractContextManager[Tx[Any]]:
        """One action, one transaction: all of it is on disk after this block, or none.

        ``args``: the operation's typed record (a mapping is kept as written, PlainArgs)."""
        record = args if isinstance(args, JournalArgs) else PlainArgs.of(args)
        return self._operation(op, record, undoes)

    @contextmanager
    def _operation(self, op: str, args: JournalArgs, undoes: int | None) -> Iterator[Tx[Any]]:
        if self._current is not None:
            # called from inside another operation: part of its transaction
            outer = self._current
            outer.nest(op, args)
            try:
                yield outer
            finally:
                outer.unnest()
            return
        self._begin()
        tx: Tx[Any] = Tx(self.conn, op, args, self.terminal, undoes, self._columns)
        self._current = tx
        try:
            yield tx
            tx.journal_id  # noqa: B018 - an action the arbiter took is journaled, change or not
            new_copy = stamp(self.conn, self._path)  # which copy wrote it (store/lineage.py)
            try:
                self.conn.execute("COMMIT")
            except sqlite3.Error as exc:
                if not self.conn.in_transaction:  # SQLite ended it: on disk or not, unknown
                    raise self._uncertain(tx, exc) from None
                raise
            note_commit(partial(self.wording.describe, tx.op, tx.record))
            self.last_args = tx.record.stored()
            if new_copy:
                settle(self.conn)
        except BaseException as exc:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            if isinstance(exc, sqlite3.Error):
                raise sqlite_refusal(exc, self.conn) from None
            raise
        finally:
            self._current = None

    def _uncertain(self, tx: Tx[Any], exc: sqlite3.Error) -> CommitUncertain:
        """A COMMIT that failed once SQLite had ended the transaction: the file read back."""
        from .db import sqlite_reason
        from .uncertain import read_back, uncertain

        saved = read_back(self._path, tx.journal_id, tx.at, self.terminal, tx.op)
        try:
            what = self.wording.describe(tx.op, tx.record)
        except Exception:
            what = tx.op
        return CommitUncertain(uncertain(what, sqlite_reason(exc), saved), saved)

    @contextmanager
    def reading(self) -> Iterator[None]:
        """A consistent snapshot for a long computation that must not hold the write lock.

        It writes nothing, so it ends by ROLLBACK: a COMMIT is always an operation's.
        """
        if self._current is not None or self.conn.in_transaction:
            yield
            return
        try:
            self.conn.execute("BEGIN")
            yield
        except sqlite3.Error as exc:  # said in French, like a write's (nothing was written)
            raise sqlite_refusal(exc) from None
        finally:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")

    def _begin(self) -> None:
        if not self.wait:
            try:
                self.conn.execute("PRAGMA busy_timeout = 0")
                self.conn.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:
                if "locked" in str(exc) or "busy" in str(exc):
                    raise StoreBusy("L'autre poste écrit dans le fichier ; en attente…") from None
                raise sqlite_refusal(exc, self.conn) from None
            finally:
                self.conn.execute("PRAGMA busy_timeout = 30000")
            return
        # the other station's write waited for, the wait told (store/waiting.py)
        try:
            if begin_immediate(self.conn, WAIT_SECONDS):
                return
        except sqlite3.OperationalError as exc:
            raise sqlite_refusal(exc, self.conn) from None
        raise OperationError(
            f"Le fichier est occupé par un autre poste depuis {WAIT_SECONDS} s : rien n'a été "
            "enregistré ; réessayez."
        )
