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
import sqlite3
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any, Protocol

from ..rules.draws import run_draw
from .lineage import settle, stamp
from .schema import DATA_TABLES
from .uncertain import note_commit
from .waiting import begin_immediate


class OperationError(Exception):
    """The action was refused; nothing was written. The message is for the arbiter."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NeedsConfirmation(OperationError):
    """Nothing was written: the arbiter must answer yes first (the message is the question).

    A face asks the question and runs the same operation again with ``confirm=token``
    (or ``True``). The token names what the question showed (« déjà 1-0 »): if the other
    station changed it meanwhile, the operation asks again instead of overwriting it.
    """

    def __init__(self, message: str, token: str | None = None) -> None:
        super().__init__(message)
        self.token = token

    def answer(self) -> str | bool:
        """What to pass as ``confirm`` once the arbiter said yes."""
        return self.token if self.token is not None else True


class CommitUncertain(OperationError):
    """The COMMIT failed after it may have reached the disk (store/uncertain.py); ``saved``
    is what reading the file back found (None: it could not be read)."""

    def __init__(self, message: str, saved: bool | None) -> None:
        super().__init__(message)
        self.saved = saved


class StoreBusy(OperationError):
    """Another station holds the write lock and this connection was told not to wait.

    Nothing was written; the app hands the operation to its writer thread instead of
    blocking its UI thread on the lock.
    """


def now() -> str:
    return dt.datetime.now().isoformat(timespec="seconds")


def terminal_name() -> str:
    """Who is typing: user, terminal, host — so the journal says which station.

    ``ARBITRE_POSTE`` names the station explicitly. Without a terminal (a script, a
    service) the user and host alone: every command of one user there is one station.
    With one, the login session too (its leader's pid, « #4121 »): an SSH session that
    dropped does not hand its undo to the next login given the same /dev/pts/N, while the
    app and the commands typed in one shell stay one station (issue 29.4).
    """
    named = os.environ.get("ARBITRE_POSTE")
    if named:
        return named
    try:
        user = getpass.getuser()
    except Exception:
        user = "?"
    # the terminal itself first: two tmux windows of one SSH session are two stations
    try:
        tty = os.ttyname(0)
    except OSError:
        tty = os.environ.get("SSH_TTY", "")
    host = os.uname().nodename  # socket.gethostname() without loading socket at start
    if not tty:
        return f"{user}@{host}"
    try:
        session = f"#{os.getsid(0)}"
    except OSError:
        session = ""
    return f"{user}@{host}:{tty}{session}"


def station_label(terminal: str) -> str:
    """The station as an arbiter names it: the name given (ARBITRE_POSTE), else its
    terminal and who (« pts/3, arbitre@pi »), never the login session's number."""
    if "@" not in terminal:
        return terminal
    who, _, tty = terminal.partition(":")
    tty = tty.split("#")[0].removeprefix("/dev/")
    return f"{tty}, {who}" if tty else who


def other_station(terminal: str) -> str:
    """« poste pts/3, arbitre@pi », or the name given when it says poste already."""
    label = station_label(terminal)
    return label if label.lower().startswith("poste") else f"poste {label}"


def _row(conn: sqlite3.Connection, table: str, row_id: int) -> dict[str, Any] | None:
    row = conn.execute(f"SELECT * FROM {table} WHERE id = ?", (row_id,)).fetchone()
    return dict(row) if row is not None else None


def _loads(text: str | None) -> Any:
    return json.loads(text) if text else None


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


class Tx:
    """The writes of one operation. Use only inside :meth:`Journal.operation`.

    The journal row is written with the first change, so an operation can read and check
    inside the transaction first, then say what it does (``args``) before writing.
    """

    def __init__(
        self,
        conn: sqlite3.Connection,
        op: str,
        args: Mapping[str, Any],
        terminal: str,
        undoes: int | None = None,
    ) -> None:
        self.conn = conn
        self.op = op
        self.args: dict[str, Any] = dict(args)
        self.terminal = terminal
        self.undoes = undoes
        self._journal_id: int | None = None
        self.at = ""  # when its journal entry was written: with the station, its identity
        self._seq = 0
        self.last_draw_id: int | None = None  # the draw recorded last, for rows that cite it

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
                    json.dumps(self.args, ensure_ascii=False, default=str),
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

    def insert_all(self, table: str, rows: Sequence[Mapping[str, Any]]) -> list[int]:
        """Many new rows at once (an import), each journaled as :meth:`insert` does.

        sqlite-utils writes them in multi-row INSERTs inside this transaction (it takes a
        SAVEPOINT when one is open: nothing commits early); the rows it added are then
        read back in one query. SQLite numbers them (no ``id``), all with the same columns
        (sqlite-utils would write NULL for a missing one, not the column's default).
        """
        self._check_table(table)
        if not rows:
            return []
        columns = set(rows[0])
        if "id" in columns or any(set(row) != columns for row in rows):
            raise ValueError("insert_all : mêmes colonnes pour chaque ligne, sans id")
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

    def touch(self, table: str, row_id: int) -> None:
        """The same values written again (a result re-entered as it stands): journaled as
        a change whose before and after are equal, so this station's undo takes it — and
        changes nothing — rather than an older entry (issue 29.4)."""
        self._check_table(table)
        row = _row(self.conn, table, row_id)
        if row is None:
            raise OperationError(f"{table} n° {row_id} introuvable")
        self._record(table, row_id, row, row)

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


class Undone(str):
    """What an undo did, said in French (the string), with its journal entry and target."""

    journal_id: int
    target: int

    def __new__(cls, description: str, journal_id: int, target: int) -> Undone:
        made = super().__new__(cls, description)
        made.journal_id = journal_id
        made.target = target
        return made


class Wording(Protocol):
    """What the journal says of its entries and how their undo goes: the operations'
    registry (operations/registry.py) provides it; the store holds no operation's label."""

    def describe(self, op: str, args: Mapping[str, Any]) -> str:
        """An entry in the arbiter's words (« échiquier 5, 1-0 »)."""
        ...

    def undo_refusal(self, op: str) -> str | None:
        """Why ``op`` is never undone (None: it can be)."""
        ...

    def undo_question(self, op: str, what: str, redo: bool, rows: Mapping[str, int]) -> str | None:
        """The question undoing ``op`` asks first (None: undone at once); ``rows``: how many
        rows of each table the undo changes."""
        ...


class PlainWording:
    """The store's own wording when no registry is given: names as written."""

    def describe(self, op: str, args: Mapping[str, Any]) -> str:
        return op

    def undo_refusal(self, op: str) -> str | None:
        return None

    def undo_question(self, op: str, what: str, redo: bool, rows: Mapping[str, int]) -> str | None:
        return None


class Journal:
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
        self._current: Tx | None = None
        self.last_args: dict[str, Any] = {}  # what the last committed operation said

    @property
    def in_operation(self) -> bool:
        return self._current is not None

    @contextmanager
    def operation(
        self, op: str, args: Mapping[str, Any] | None = None, undoes: int | None = None
    ) -> Iterator[Tx]:
        """One action, one transaction: all of it is on disk after this block, or none."""
        if self._current is not None:
            # called from inside another operation: part of its transaction
            outer = self._current
            for key, value in (args or {}).items():
                outer.args.setdefault(key, value)
            if op != outer.op:
                outer.args.setdefault("steps", []).append(op)
            yield outer
            return
        self._begin()
        tx = Tx(self.conn, op, args or {}, self.terminal, undoes)
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
            note_commit(partial(self.wording.describe, tx.op, tx.args))
            self.last_args = tx.args
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

    def _uncertain(self, tx: Tx, exc: sqlite3.Error) -> CommitUncertain:
        """A COMMIT that failed once SQLite had ended the transaction: the file read back."""
        from .db import sqlite_reason
        from .uncertain import read_back, uncertain

        saved = read_back(self._path, tx.journal_id, tx.at, self.terminal, tx.op)
        try:
            what = self.wording.describe(tx.op, tx.args)
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

    # -- undo -------------------------------------------------------------

    def _effective(self) -> dict[int, bool]:
        """Undo entries (and the entries they target) and whether each is in effect.

        An entry is in effect unless an entry in effect undoes it: undoing an undo is a
        redo, undoing that redo undoes again, and the flags always match the data.
        """
        links = self.conn.execute(
            "SELECT id, undoes FROM journal WHERE undoes IS NOT NULL ORDER BY id DESC"
        ).fetchall()
        effect: dict[int, bool] = {}
        for jid, target in links:
            if effect.get(jid, True):
                effect[target] = False
            else:
                effect.setdefault(target, True)
            effect.setdefault(jid, True)
        return effect

    def undone_ids(self) -> set[int]:
        """Entries not in effect (undone, or an undo that was itself undone)."""
        return {jid for jid, on in self._effective().items() if not on}

    def last_undoable(self, terminal: str | None = None) -> int | None:
        """The latest operation still in effect (an undo is not one), of ``terminal`` if given."""
        return self._latest_in_effect(
            "SELECT j.id FROM journal j WHERE j.undoes IS NULL AND EXISTS "
            "(SELECT 1 FROM journal_changes c WHERE c.journal_id = j.id)",
            terminal,
        )

    def last_redoable(self, terminal: str | None = None) -> int | None:
        """The latest undo in effect (of ``terminal``) of a plain operation: undoing it
        redoes what it undid. A redo is not itself redone (that would undo again)."""
        return self._latest_in_effect(
            "SELECT j.id FROM journal j JOIN journal t ON t.id = j.undoes WHERE t.undoes IS NULL",
            terminal,
        )

    def _latest_in_effect(self, sql: str, terminal: str | None) -> int | None:
        """The newest entry ``j`` of ``sql`` (of ``terminal`` if given) still in effect: what
        undo and redo each act on when no entry is named."""
        undone = self.undone_ids()
        params: tuple[Any, ...] = ()
        if terminal is not None:
            sql += " AND j.terminal = ?"
            params = (terminal,)
        for (jid,) in self.conn.execute(sql + " ORDER BY j.id DESC", params):
            if jid not in undone:
                return int(jid)
        return None

    def _chain(self, journal_id: int) -> tuple[sqlite3.Row, int]:
        """The plain operation at the end of an undo chain (what a redo redoes), and how
        many undo links lead to it (odd: undoing this entry redoes)."""
        entry = self.conn.execute(
            "SELECT id, op, args, undoes FROM journal WHERE id = ?", (journal_id,)
        ).fetchone()
        depth = 0
        while entry["undoes"] is not None:
            depth += 1
            entry = self.conn.execute(
                "SELECT id, op, args, undoes FROM journal WHERE id = ?", (entry["undoes"],)
            ).fetchone()
        return entry, depth

    def undo(
        self, journal_id: int | None = None, *, confirm: bool = False, mine: bool = True
    ) -> Undone:
        """Restore what operation ``journal_id`` changed (default: this station's last one).

        Checked inside the write transaction: refused when a later operation still in
        effect changed the same rows (by version, not by value), or depends on it (a
        closed round, a round paired after it…). Undoing an undo redoes, refused once a
        newer action followed in the same tournament.
        """
        with self.operation("undo") as tx:
            # foreign keys checked at the end, so a refusal can say what depends on it
            self.conn.execute("PRAGMA defer_foreign_keys = ON")
            if journal_id is not None and journal_id <= 0:
                raise OperationError(f"Numéro d'opération invalide : {journal_id}.")
            target = journal_id
            if target is None:
                target = self.last_undoable(self.terminal if mine else None)
                if target is None:
                    raise OperationError(
                        "Rien à annuler (ce poste n'a fait aucune opération encore en vigueur)."
                        if mine
                        else "Rien à annuler."
                    )
            entry = self.conn.execute(
                "SELECT id, op, args, undoes, terminal, at FROM journal WHERE id = ?", (target,)
            ).fetchone()
            if entry is None:
                raise OperationError(f"Opération n° {target} introuvable dans le journal.")
            effect = self._effective()
            if not effect.get(target, True):
                raise OperationError(f"L'opération n° {target} est déjà annulée.")
            root, depth = self._chain(target)
            redo = depth % 2 == 1  # undoing an undo of a plain operation
            if refusal := self.wording.undo_refusal(root["op"]):
                raise OperationError(refusal)
            what = self.describe(root["id"])  # the action itself, in the arbiter's words
            changes = self.conn.execute(
                "SELECT tbl, row_id, before, after FROM journal_changes WHERE journal_id = ? "
                "ORDER BY seq DESC",
                (target,),
            ).fetchall()
            if not changes:
                raise OperationError(f"L'opération n° {target} n'a rien changé : rien à annuler.")
            for change in changes:
                self._check_unchanged_since(target, what, change, effect)
            if redo:
                self._check_nothing_followed(target, root, effect)
            else:
                self._check_dependencies(target, entry["op"], changes)
            rows = Counter(str(c["tbl"]) for c in changes)
            question = self.wording.undo_question(root["op"], what, redo, rows)
            if question is None and any(c["tbl"] == "draws" for c in changes):
                verb = "Rétablir" if redo else "Annuler"
                question = (
                    f"{verb} un tirage au sort ({what}) ? Les joueurs en ont peut-être été "
                    "informés."
                )
            if question and not confirm:
                raise NeedsConfirmation(question)
            tx.undoes = target
            tx.args.update({"target": target, "op": entry["op"], "what": what})
            for change in changes:
                table, row_id = change["tbl"], change["row_id"]
                before, after = _loads(change["before"]), _loads(change["after"])
                if before is None:
                    tx.delete(table, row_id)
                elif after is None:
                    tx.insert(table, before)
                elif before == after:  # a re-entry as it stood: its undo changes nothing
                    tx.touch(table, row_id)
                else:
                    tx.update(table, row_id, {k: v for k, v in before.items() if k != "id"})
            violations = self.conn.execute("PRAGMA foreign_key_check").fetchall()
            if violations:
                raise OperationError(
                    f"Impossible d'annuler l'opération n° {target} ({what}) : d'autres données "
                    f"en dépendent ({_TABLE_LABELS.get(violations[0][0], violations[0][0])}). "
                    "Annulez d'abord les opérations suivantes."
                )
            return Undone(f"rétabli : {what}" if redo else what, tx.journal_id, target)

    def _check_unchanged_since(
        self, target: int, what: str, change: sqlite3.Row, effect: dict[int, bool]
    ) -> None:
        """Refused when a later operation still in effect wrote this row, even if the
        value came back (by version: undoing A's 1-0 must not wipe B's 1-0 typed since)."""
        table, row_id = change["tbl"], change["row_id"]
        # every later write of the row, the latest first: an undo never blocks, the latest
        # writer (even an undo) is the one named
        later = self.conn.execute(
            "SELECT j.id, j.terminal, j.at, j.undoes FROM journal_changes c JOIN journal j "
            "ON j.id = c.journal_id WHERE c.tbl = ? AND c.row_id = ? AND c.journal_id > ? "
            "ORDER BY c.id DESC",
            (table, row_id, target),
        ).fetchall()
        blocking = [r for r in later if r["undoes"] is None and effect.get(r["id"], True)]
        current = _row(self.conn, table, row_id)
        if blocking or current != _loads(change["after"]):
            raise OperationError(
                f"Impossible d'annuler l'opération n° {target} ({what}) : "
                f"{_TABLE_LABELS.get(table, table)} n° {row_id} : modifié depuis"
                f"{self._changed_by(later[0]) if later else ''}. "
                "Annulez d'abord les opérations suivantes."
            )

    def _check_nothing_followed(
        self, target: int, root: sqlite3.Row, effect: dict[int, bool]
    ) -> None:
        """A redo re-applies an action as it was: refused once a newer action (still in
        effect) followed the undo in the same tournament — « refaites-la »."""
        tournament = (_loads(root["args"]) or {}).get("tournament")
        for row in self.conn.execute(
            "SELECT id, op, args FROM journal WHERE id > ? AND undoes IS NULL AND EXISTS "
            "(SELECT 1 FROM journal_changes c WHERE c.journal_id = journal.id) ORDER BY id",
            (target,),
        ):
            if not effect.get(row["id"], True):
                continue
            theirs = (_loads(row["args"]) or {}).get("tournament")
            if tournament is None or theirs is None or theirs == tournament:
                raise OperationError(
                    f"Impossible de rétablir : l'opération n° {row['id']} "
                    f"({self.describe(row['id'])}) a suivi l'annulation. "
                    "Refaites l'action elle-même."
                )

    def _check_dependencies(self, target: int, op: str, changes: Sequence[sqlite3.Row]) -> None:
        """Refuse an undo a later operation depends on, with the reason."""
        for change in changes:
            table = change["tbl"]
            before, after = _loads(change["before"]), _loads(change["after"])
            if table in _READ_BY_PAIRING and before is None and after is not None:
                # a bye request its round's pairing honoured, a registration closed
                # before the bracket was paired: the pairing depends on it
                sql = "SELECT number FROM rounds WHERE tournament_id = ?"
                params: list[Any] = [after["tournament_id"]]
                if table == "bye_requests":
                    sql += " AND number = ?"
                    params.append(after["round"])
                paired = self.conn.execute(sql + " ORDER BY number LIMIT 1", params).fetchone()
                if paired is not None:
                    raise OperationError(
                        f"Impossible d'annuler : la ronde {paired['number']} a été appariée "
                        "depuis. Annulez d'abord cet appariement."
                    )
            if table == "games" and before is not None and after is not None:
                rnd = self.conn.execute(
                    "SELECT number, closed FROM rounds WHERE id = ?", (after["round_id"],)
                ).fetchone()
                if rnd is not None and rnd["closed"]:
                    raise OperationError(
                        f"Impossible d'annuler : la ronde {rnd['number']} est close depuis. "
                        "Annulez d'abord sa clôture."
                    )
            if table == "result_checks":
                row = after if after is not None else before
                rnd = self.conn.execute(
                    "SELECT r.number, r.closed FROM rounds r JOIN games g ON g.round_id = r.id "
                    "WHERE g.id = ?",
                    (row["game_id"],),
                ).fetchone()
                if rnd is not None and rnd["closed"]:
                    raise OperationError(
                        f"Impossible d'annuler : la ronde {rnd['number']} est close depuis "
                        "(ses feuilles sont vérifiées). Annulez d'abord sa clôture."
                    )
            closing = (
                table == "rounds"
                and before is not None
                and after is not None
                and after.get("closed")
                and not before.get("closed")
            )
            if closing:
                later = self.conn.execute(
                    "SELECT number FROM rounds WHERE tournament_id = ? AND number > ?",
                    (after["tournament_id"], after["number"]),
                ).fetchone()
                if later is not None:
                    raise OperationError(
                        f"Impossible d'annuler la clôture de la ronde {after['number']} : "
                        f"la ronde {later['number']} est déjà appariée."
                    )
            if table == "players" and before is None and after is not None:
                paired_since = self.conn.execute(
                    "SELECT r.number FROM rounds r WHERE r.tournament_id = ? AND r.id IN ("
                    "  SELECT c.row_id FROM journal_changes c WHERE c.tbl = 'rounds' "
                    "  AND c.before IS NULL AND c.journal_id > ?) ORDER BY r.number LIMIT 1",
                    (after["tournament_id"], target),
                ).fetchone()
                if paired_since is not None:
                    raise OperationError(
                        f"Impossible d'annuler l'inscription : la ronde {paired_since['number']} "
                        "a été appariée depuis (retirez plutôt le joueur)."
                    )
            if table == "players" and after is not None:
                changed = {
                    k
                    for k in ("checked_in", "withdrawn", "excluded")
                    if before is None or before.get(k) != after.get(k)
                }
                if not changed:
                    continue
                paired = self.conn.execute(
                    "SELECT r.number FROM games g JOIN rounds r ON r.id = g.round_id "
                    "WHERE (g.white_id = ? OR g.black_id = ?) AND r.id IN ("
                    "  SELECT c.row_id FROM journal_changes c WHERE c.tbl = 'rounds' "
                    "  AND c.before IS NULL AND c.journal_id > ?) ORDER BY r.number LIMIT 1",
                    (change["row_id"], change["row_id"], target),
                ).fetchone()
                if paired is not None:
                    raise OperationError(
                        f"Impossible d'annuler : le joueur a été apparié depuis (ronde "
                        f"{paired['number']}). Annulez d'abord cet appariement."
                    )

    def _changed_by(self, row: sqlite3.Row) -> str:
        """« par l'opération n° 7 (poste pts/3, arbitre@pi, 14:22:05 : échiquier 1, 0-1) »."""
        mine = row["terminal"] == self.terminal
        who = "ce poste" if mine else other_station(row["terminal"])
        return (
            f" par l'opération n° {row['id']} ({who}, {str(row['at'])[11:19]} : "
            f"{self.describe(row['id'])})"
        )

    def describe(self, journal_id: int) -> str:
        """An operation in the arbiter's words (« échiquier 5, 1-0 »)."""
        row = self.conn.execute(
            "SELECT op, args FROM journal WHERE id = ?", (journal_id,)
        ).fetchone()
        if row is None:
            return f"opération n° {journal_id}"
        return self.wording.describe(row["op"], _loads(row["args"]) or {})


# State a pairing reads and keeps relying on once the round is paired.
_READ_BY_PAIRING = frozenset({"bye_requests", "ko_registration"})

_TABLE_LABELS = {
    "games": "la partie",
    "players": "le joueur",
    "rounds": "la ronde",
    "tournaments": "le tournoi",
    "teams": "l'équipe",
    "incidents": "l'incident",
    "cup_matches": "le match",
    "clubs": "le club",
    "draws": "le tirage",
    "lucky_losers": "le repêchage",
    "bye_requests": "la demande de bye",
    "prohibitions": "l'interdiction d'appariement",
    "manual_changes": "la modification d'appariement",
    "pairing_records": "l'explication d'appariement",
    "playoffs": "le barrage",
    "playoff_matches": "le mini-match",
    "pairing_numbers": "le numéro d'appariement",
    "ko_registration": "la clôture des inscriptions",
    "roll_of_honour": "le palmarès",
    "result_checks": "la vérification de la feuille",
    "appeals": "l'appel",
    "phone_reporting": "la saisie par les joueurs",
    "proposals": "la proposition d'un joueur",
}
