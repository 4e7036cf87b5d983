"""Undo from the journal: the before-images restored in reverse order, in a new journaled
transaction, after checking nobody changed those rows since and nothing depends on them.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, Protocol

from .errors import NeedsConfirmation, OperationError
from .journal_args import JournalArgs, UndoArgs
from .schema import Table
from .stations import other_station


def _row(conn: sqlite3.Connection, table: str, row_id: int) -> dict[str, Any] | None:
    row = conn.execute(f"SELECT * FROM {table} WHERE id = ?", (row_id,)).fetchone()
    return dict(row) if row is not None else None


def _loads(text: str | None) -> Any:
    return json.loads(text) if text else None


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

    def describe(self, op: str, args: JournalArgs | Mapping[str, Any]) -> str:
        """An entry (its record, or its row's JSON, of any format) in the arbiter's words (« échiquier 5, 1-0 »)."""
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

    def describe(self, op: str, args: JournalArgs | Mapping[str, Any]) -> str:
        return op

    def undo_refusal(self, op: str) -> str | None:
        return None

    def undo_question(self, op: str, what: str, redo: bool, rows: Mapping[str, int]) -> str | None:
        return None


class UndoTx(Protocol):
    """What of the journal's Tx an undo uses."""

    args: UndoArgs
    undoes: int | None

    @property
    def journal_id(self) -> int: ...

    def insert(self, table: Table, values: Mapping[str, Any]) -> int: ...

    def update(self, table: Table, row_id: int, values: Mapping[str, Any]) -> None: ...

    def touch(self, table: Table, row_id: int) -> None: ...

    def delete(self, table: Table, row_id: int) -> None: ...


class Undoing:
    """The journal's undo and redo (part of :class:`~.journal.Journal`)."""

    conn: sqlite3.Connection
    terminal: str
    wording: Wording

    if TYPE_CHECKING:

        def operation(self, op: str, args: UndoArgs) -> AbstractContextManager[UndoTx]: ...

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
        with self.operation("undo", UndoArgs()) as tx:
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
            tx.args = UndoArgs(target=target, op=entry["op"], what=what)
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
