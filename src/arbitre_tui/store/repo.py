"""Reading the store into core models, and models back into rows."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, TypedDict, TypeVar, Unpack, cast, overload

from ..rules.models import (
    CupMatch,
    StoredGame,
    StoredIncident,
    StoredPlayer,
    StoredRound,
    StoredTeam,
    StoredTournament,
)
from . import backup as backups
from .db import close, connect
from .errors import OperationError
from .journal import Journal
from .records import (
    Appeal,
    CheckinProposal,
    DrawRecord,
    EventRecord,
    JournalChange,
    JournalEntry,
    KoRegistration,
    LuckyLoser,
    PairingRecord,
    PhoneReporting,
    Playoff,
    ResultCheck,
    ResultProposal,
    Row,
    SettledCheck,
    _game,
    _incident,
    _player,
    _round,
    _tournament,
    dicts,
)
from .schema import Table

_V = TypeVar("_V")  # a value read from the file, as a method returns it


class OpenOptions(TypedDict, total=False):
    """How an event file is opened (the store's and the event service's one list):
    ``create`` a new file; ``check`` it first; ``terminal`` names this station in the
    journal (undo is per station); ``wait=False``: an operation raises StoreBusy instead
    of waiting for the lock."""

    create: bool
    check: bool
    terminal: str | None
    wait: bool
    read_only: bool  # a command that only reads: a write-protected medium opens read-only


class Store:
    """One open event file: reads, journaled writes, backups."""

    def __init__(self, path: str | Path, **options: Unpack[OpenOptions]) -> None:
        self.path = Path(path)
        self.conn = connect(
            self.path,
            create=options.get("create", False),
            check=options.get("check", True),
            read_only=options.get("read_only", False),
        )
        self.journal = Journal(
            self.conn, terminal=options.get("terminal"), wait=options.get("wait", True)
        )
        self._closed = False

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            close(self.conn, self.path)

    def data_version(self) -> int:
        """Changes when another connection commits: cheap polling for a second terminal."""
        return int(self.conn.execute("PRAGMA data_version").fetchone()[0])

    def players_version(self) -> int:
        """The counter of changes to the players (schema 9's triggers), read in the
        current snapshot: unchanged, a list of players read before is still the list."""
        return int(
            self.conn.execute(
                "SELECT version FROM table_versions WHERE name = 'players'"
            ).fetchone()[0]
        )

    # -- reads -----------------------------------------------------------

    def event(self) -> EventRecord:
        row = self.conn.execute("SELECT * FROM event WHERE id = 1").fetchone()
        if row is None:
            return {"name": "(sans nom)", "city": "", "settings": {}}
        data = cast(EventRecord, dict(row))
        data["settings"] = json.loads(row["settings"])
        return data

    def tournaments(self) -> list[StoredTournament]:
        rows = self.conn.execute("SELECT * FROM tournaments ORDER BY position, id").fetchall()
        return [_tournament(r) for r in rows]

    def tournament(self, key_or_id: str | int) -> StoredTournament | None:
        column = "id" if isinstance(key_or_id, int) else "key"
        row = self.conn.execute(
            f"SELECT * FROM tournaments WHERE {column} = ?", (key_or_id,)
        ).fetchone()
        return _tournament(row) if row else None

    def players(self, tournament_id: int) -> list[StoredPlayer]:
        rows = self.conn.execute(
            "SELECT * FROM players WHERE tournament_id = ? ORDER BY id", (tournament_id,)
        )
        return [_player(d) for d in dicts(rows)]

    def player_count(self, tournament_id: int) -> int:
        """How many players a section has: what a summary shows, without building them."""
        sql = "SELECT count(*) FROM players WHERE tournament_id = ?"
        return int(self.conn.execute(sql, (tournament_id,)).fetchone()[0])

    def player(self, player_id: int) -> StoredPlayer | None:
        rows = self.conn.execute("SELECT * FROM players WHERE id = ?", (player_id,))
        return next((_player(d) for d in dicts(rows)), None)

    def rounds(self, tournament_id: int) -> list[StoredRound]:
        rows = self.conn.execute(
            "SELECT * FROM rounds WHERE tournament_id = ? ORDER BY number", (tournament_id,)
        )
        return [_round(d) for d in dicts(rows)]

    def round(self, tournament_id: int, number: int) -> StoredRound | None:
        rows = self.conn.execute(
            "SELECT * FROM rounds WHERE tournament_id = ? AND number = ?", (tournament_id, number)
        )
        return next((_round(d) for d in dicts(rows)), None)

    def games(self, round_id: int) -> list[StoredGame]:
        rows = self.conn.execute(
            "SELECT * FROM games WHERE round_id = ? ORDER BY board", (round_id,)
        )
        return [_game(d) for d in dicts(rows)]

    def result_checks(self, round_id: int) -> dict[int, ResultCheck]:
        """The second entries of a round's results (from the signed sheets), by game id."""
        rows = self.conn.execute(
            "SELECT c.* FROM result_checks c JOIN games g ON g.id = c.game_id "
            "WHERE g.round_id = ? ORDER BY g.board",
            (round_id,),
        ).fetchall()
        return {int(r["game_id"]): cast(ResultCheck, dict(r)) for r in rows}

    def all_games(self, tournament_id: int) -> dict[int, list[StoredGame]]:
        """Games by round number, for standings."""
        rows = self.conn.execute(
            "SELECT g.*, r.number AS round_number FROM games g JOIN rounds r ON r.id = g.round_id "
            "WHERE r.tournament_id = ? ORDER BY r.number, g.board",
            (tournament_id,),
        )
        out: dict[int, list[StoredGame]] = {}
        for data in dicts(rows):
            number = data.pop("round_number")
            out.setdefault(number, []).append(_game(data))
        return out

    def teams(self, tournament_id: int) -> list[StoredTeam]:
        rows = self.conn.execute(
            "SELECT * FROM teams WHERE tournament_id = ? ORDER BY id", (tournament_id,)
        )
        return [StoredTeam(**d) for d in dicts(rows)]

    def cup_matches(self, tournament_id: int, round_number: int | None = None) -> list[CupMatch]:
        """A cup's matches (of one round if given), round then number."""
        sql = "SELECT * FROM cup_matches WHERE tournament_id = ?"
        params: list[Any] = [tournament_id]
        if round_number is not None:
            sql += " AND round = ?"
            params.append(round_number)
        out = []
        for row in self.conn.execute(sql + " ORDER BY round, number", params):
            r = dict(row)
            for col in ("lineup_home", "lineup_away"):
                r[col] = json.loads(r[col]) if r[col] else None
            r["results"] = json.loads(r["results"])
            r["confirmations"] = json.loads(r["confirmations"])
            r["away_keeps_white"] = bool(r["away_keeps_white"])
            out.append(CupMatch(**r))
        return out

    def clubs(self) -> dict[int, str]:
        return {r["id"]: r["name"] for r in self.conn.execute("SELECT id, name FROM clubs")}

    def incidents(self, tournament_id: int | None = None) -> list[StoredIncident]:
        if tournament_id is None:
            rows = self.conn.execute("SELECT * FROM incidents ORDER BY id").fetchall()
        else:
            rows = self.conn.execute(
                "SELECT i.* FROM incidents i JOIN players p ON p.id = i.player_id "
                "WHERE p.tournament_id = ? ORDER BY i.id",
                (tournament_id,),
            ).fetchall()
        return [_incident(dict(r)) for r in rows]

    # -- live state of a tournament (one table each, written row by row) --------

    def initial_colour_drawn(self, tournament_id: int) -> str | None:
        """The initial colour drawn by lot before round 1 (C.04.3 E.5), if drawn."""
        row = self.conn.execute(
            "SELECT initial_colour_drawn FROM tournaments WHERE id = ?", (tournament_id,)
        ).fetchone()
        return None if row is None else row[0]

    def _by_round(
        self, sql: str, tournament_id: int, value: Callable[[Any], _V]
    ) -> dict[int, list[_V]]:
        """A live-state table's (round, value) rows, grouped by round in the order written."""
        out: dict[int, list[_V]] = {}
        for r in self.conn.execute(sql, (tournament_id,)):
            out.setdefault(int(r[0]), []).append(value(r[1]))
        return out

    def bye_requests(self, tournament_id: int) -> dict[int, list[int]]:
        """Half-point byes asked for: round -> player ids, in the order asked."""
        sql = "SELECT round, player_id FROM bye_requests WHERE tournament_id = ? ORDER BY id"
        return self._by_round(sql, tournament_id, int)

    def prohibitions(self, tournament_id: int) -> list[tuple[int, int, list[int]]]:
        """Players who must not meet: (first round, last round or 0, player ids)."""
        return [
            (int(r[0]), int(r[1]), [int(x) for x in json.loads(r[2])])
            for r in self.conn.execute(
                "SELECT first_round, last_round, players FROM prohibitions "
                "WHERE tournament_id = ? ORDER BY id",
                (tournament_id,),
            )
        ]

    def manual_changes(self, tournament_id: int) -> dict[int, list[str]]:
        """The arbiter's changes to a pairing, by round, in the order made."""
        sql = "SELECT round, note FROM manual_changes WHERE tournament_id = ? ORDER BY id"
        return self._by_round(sql, tournament_id, str)

    def appeals(self, tournament_id: int) -> list[Appeal]:
        """Appeals against the arbiter's decisions, in the order made."""
        sql = "SELECT round, at, text FROM appeals WHERE tournament_id = ? ORDER BY id"
        return [cast(Appeal, dict(r)) for r in self.conn.execute(sql, (tournament_id,))]

    def settled_checks(self, tournament_id: int) -> list[SettledCheck]:
        """Écarts with the score sheets the arbiter settled: round, board, kept, result."""
        sql = (
            "SELECT r.number AS round, g.board, c.settled, c.result FROM result_checks c "
            "JOIN games g ON g.id = c.game_id JOIN rounds r ON r.id = g.round_id "
            "WHERE r.tournament_id = ? AND c.settled IS NOT NULL ORDER BY r.number, g.board"
        )
        return [cast(SettledCheck, dict(r)) for r in self.conn.execute(sql, (tournament_id,))]

    def pairing_record(self, tournament_id: int, number: int) -> PairingRecord | None:
        """How a round was paired (floaters, colours, unmet criteria, second opinion)."""
        row = self.conn.execute(
            "SELECT record FROM pairing_records WHERE tournament_id = ? AND round = ?",
            (tournament_id, number),
        ).fetchone()
        if row is None:
            return None
        return cast(PairingRecord, json.loads(row[0]))

    def playoffs(self, tournament_id: int) -> dict[str, Playoff]:
        """Play-offs begun: which -> {"id", "seeds", "matches": [[a, b, winner, pa, pb]…]}."""
        out: dict[str, Playoff] = {}
        for r in self.conn.execute(
            "SELECT id, which, seeds FROM playoffs WHERE tournament_id = ? ORDER BY id",
            (tournament_id,),
        ):
            matches = [
                [m[0], m[1], m[2], m[3], m[4]]
                for m in self.conn.execute(
                    "SELECT player_a, player_b, winner, points_a, points_b FROM playoff_matches "
                    "WHERE playoff_id = ? ORDER BY id",
                    (r["id"],),
                )
            ]
            out[r["which"]] = {"id": r["id"], "seeds": json.loads(r["seeds"]), "matches": matches}
        return out

    def pairing_numbers(self, tournament_id: int) -> list[int] | None:
        """A round robin's player ids in pairing-number order (drawn by lot), if drawn."""
        rows = self.conn.execute(
            "SELECT player_id FROM pairing_numbers WHERE tournament_id = ? ORDER BY number",
            (tournament_id,),
        ).fetchall()
        return [int(r[0]) for r in rows] or None

    def ko_registration(self, tournament_id: int) -> KoRegistration | None:
        """A knockout's registration as closed (case, rounds, bracket, lists); None: open."""
        row = self.conn.execute(
            "SELECT * FROM ko_registration WHERE tournament_id = ?", (tournament_id,)
        ).fetchone()
        if row is None:
            return None
        return {
            "id": row["id"],
            "case": row["format_case"],
            "rounds": row["rounds"],
            "bracket": row["bracket"],
            "validated": json.loads(row["validated"]),
            "waiting": json.loads(row["waiting"]),
            "byes": json.loads(row["byes"]),
            "cancelled": bool(row["cancelled"]),
        }

    def roll_of_honour(self, tournament_id: int) -> list[tuple[str, str]]:
        """A cup's winners by season, in the order recorded."""
        return [
            (str(r[0]), str(r[1]))
            for r in self.conn.execute(
                "SELECT season, club FROM roll_of_honour WHERE tournament_id = ? ORDER BY id",
                (tournament_id,),
            )
        ]

    def finalists(self, tournament_id: int) -> list[tuple[str, str | None]]:
        """A cup's beaten finalists by season (None where the roll does not say)."""
        return [
            (str(r[0]), r[1])
            for r in self.conn.execute(
                "SELECT season, finalist FROM roll_of_honour WHERE tournament_id = ? ORDER BY id",
                (tournament_id,),
            )
        ]

    def draws(self) -> list[DrawRecord]:
        rows = self.conn.execute("SELECT * FROM draws ORDER BY id")
        return [cast(DrawRecord, dict(r)) for r in rows]

    def draw(self, draw_id: int) -> DrawRecord | None:
        """One recorded draw (its kind, seed, inputs and outcome), to replay it."""
        row = self.conn.execute("SELECT * FROM draws WHERE id = ?", (draw_id,)).fetchone()
        return cast(DrawRecord, dict(row)) if row else None

    def room_for_round_copy(self) -> str | None:
        """Why the copy owed by a round's closing would not fit beside the file (None: it
        fits): asked before the round closes, so that both are done or neither."""
        from .backup import ROUNDS, backup_dir, room_for_copy

        return room_for_copy(self.conn, backup_dir(self.path) / ROUNDS)

    def has_event(self) -> bool:
        return self.conn.execute("SELECT 1 FROM event WHERE id = 1").fetchone() is not None

    def club_id(self, name: str) -> int | None:
        row = self.conn.execute("SELECT id FROM clubs WHERE name = ?", (name,)).fetchone()
        return int(row[0]) if row else None

    def illegal_moves(self, game_id: int, player_id: int) -> int:
        """Illegal moves recorded against a player in a game (the count that loses)."""
        row = self.conn.execute(
            "SELECT count(*) FROM incidents WHERE game_id = ? AND player_id = ? "
            "AND kind = 'illegal_move'",
            (game_id, player_id),
        ).fetchone()
        return int(row[0])

    def last_writer(self, table: str, row_id: int) -> tuple[str, str] | None:
        """The station and time (``terminal``, ``at``) of the last journaled change to a row."""
        row = self.conn.execute(
            "SELECT j.terminal, j.at FROM journal_changes c JOIN journal j ON j.id = c.journal_id "
            "WHERE c.tbl = ? AND c.row_id = ? ORDER BY c.id DESC LIMIT 1",
            (table, row_id),
        ).fetchone()
        return (str(row["terminal"]), str(row["at"])) if row else None

    def lucky_losers(self, tournament_id: int, round_number: int | None = None) -> list[LuckyLoser]:
        """A knockout's lucky-loser tries, in the order drawn (of one round, or all)."""
        sql = "SELECT * FROM lucky_losers WHERE tournament_id = ?"
        args: tuple[int, ...] = (tournament_id,)
        if round_number is not None:
            sql, args = sql + " AND round = ?", (tournament_id, round_number)
        sql += " ORDER BY id"
        return [cast(LuckyLoser, dict(r)) for r in self.conn.execute(sql, args)]

    def journal_entries(self, limit: int | None = None) -> list[JournalEntry]:
        sql = "SELECT * FROM journal ORDER BY id DESC"
        if limit:
            sql += f" LIMIT {int(limit)}"
        return [cast(JournalEntry, dict(r)) for r in self.conn.execute(sql)]

    def journal_changes(self, journal_id: int) -> list[JournalChange]:
        return [
            cast(JournalChange, dict(r))
            for r in self.conn.execute(
                "SELECT tbl, row_id, before, after FROM journal_changes WHERE journal_id = ? ORDER BY seq",
                (journal_id,),
            )
        ]

    def phone_reporting(self) -> PhoneReporting | None:
        """The secret the phones' codes are made from, and whether reporting is on."""
        row = self.conn.execute(
            "SELECT secret, enabled FROM phone_reporting WHERE id = 1"
        ).fetchone()
        return {"secret": row["secret"], "enabled": bool(row["enabled"])} if row else None

    @overload
    def proposals(
        self, tournament_id: int, round_number: int, kind: Literal["result"] = "result"
    ) -> list[ResultProposal]: ...

    @overload
    def proposals(
        self, tournament_id: int, round_number: int, kind: Literal["checkin"]
    ) -> list[CheckinProposal]: ...

    def proposals(
        self, tournament_id: int, round_number: int, kind: str = "result"
    ) -> list[ResultProposal] | list[CheckinProposal]:
        """A round's proposals from the phones (of one kind), oldest first."""
        return [
            cast(Any, dict(r))
            for r in self.conn.execute(
                "SELECT * FROM proposals WHERE tournament_id = ? AND round = ? AND kind = ? "
                "ORDER BY id",
                (tournament_id, round_number, kind),
            )
        ]

    def dependents(self, table: str, row_id: int) -> list[tuple[Table, int]]:
        """Every row that refers to ``table`` n° ``row_id``, however deep (a section's
        players, their bye requests…), the deepest first: the order in which they can be
        deleted with foreign keys on, and undone (inserted back) in reverse."""
        from .schema import DATA_TABLES

        refs: dict[str, list[tuple[Table, str]]] = {}  # parent table: (child table, column)
        for child in sorted(DATA_TABLES):
            for fk in self.conn.execute(f"PRAGMA foreign_key_list({child})"):
                refs.setdefault(fk["table"], []).append((child, fk["from"]))
        found: list[tuple[Table, int]] = []
        seen: set[tuple[str, int]] = set()

        def walk(parent: str, parent_id: int) -> None:
            for child, column in refs.get(parent, []):
                for (child_id,) in self.conn.execute(
                    f"SELECT id FROM {child} WHERE {column} = ? ORDER BY id", (parent_id,)
                ).fetchall():
                    if (child, child_id) not in seen:
                        seen.add((child, child_id))
                        walk(child, child_id)
                        found.append((child, child_id))

        walk(table, row_id)
        return found

    def snapshot(self) -> dict[str, list[Row]]:
        """Every data row, for `arbitre show --json` and for tests that compare states."""
        from .schema import DATA_TABLES

        return {
            table: [dict(r) for r in self.conn.execute(f"SELECT * FROM {table} ORDER BY id")]
            for table in sorted(DATA_TABLES)
        }

    # -- backups ---------------------------------------------------------

    def backup(
        self, reason: str = "manuel", dest: Path | None = None, kind: str = "manuel"
    ) -> Path:
        return backups.backup(self.conn, self.path, reason, dest, kind)

    def round_backup(self, key: str, number: int) -> Path:
        """The backup that follows a round's close (kept apart, never pruned)."""
        return self.backup(f"{key}-r{number}", kind="ronde")

    def recover(self) -> list[str]:
        """What a crashed process left: its half-written copies removed, and a round closed
        without its backup (killed between the commit and the copy) backed up now — or,
        if the copy cannot be written, said (French), never silently left."""
        notes: list[str] = []
        try:
            backups.clean_partials(self.path)
            pending = backups.pending_round_closes(self.path)
        except OSError:  # a folder that cannot be listed: nothing to repair from here
            return notes
        for marker, key, number in pending:
            try:
                t = next((x for x in self.tournaments() if x.key == key), None)
                rnd = self.round(t.id, number) if t is not None else None
            except sqlite3.Error:  # a file its own checks will refuse: said there
                return notes
            if rnd is None or not rnd.closed:  # killed before the commit: nothing to copy
                backups.unmark(marker)
                continue
            try:
                target = self.round_backup(key, number)
            except OperationError as exc:
                notes.append(
                    f"Attention : la ronde {number} ({key}) est close mais sa sauvegarde "
                    f"manque (interrompue) et ne peut pas être refaite : {exc.message} "
                    f"Faites-la dès que possible : arbitre backup {self.path}"
                )
                continue
            backups.unmark(marker)
            notes.append(
                f"La sauvegarde de la ronde {number} ({key}), interrompue, a été refaite : {target}"
            )
        return notes

    def fingerprint(self, tournament_id: int) -> str:
        """A digest of what a pairing of this tournament reads.

        A long computation runs outside the write lock on a snapshot; before it writes,
        the same digest read inside the transaction tells whether the data changed meanwhile.
        """
        import hashlib  # here: only a pairing asks, not a start or a result

        digest = hashlib.blake2b(digest_size=16)
        for sql in _FINGERPRINT_SQL:
            for row in self.conn.execute(sql, (tournament_id,)):
                digest.update(repr(tuple(row)).encode())
        return digest.hexdigest()


_FINGERPRINT_SQL = [
    "SELECT * FROM tournaments WHERE id = ?",
    "SELECT * FROM players WHERE tournament_id = ? ORDER BY id",
    "SELECT * FROM rounds WHERE tournament_id = ? ORDER BY id",
    "SELECT g.* FROM games g JOIN rounds r ON r.id = g.round_id WHERE r.tournament_id = ? "
    "ORDER BY g.id",
    *(
        f"SELECT * FROM {table} WHERE tournament_id = ? ORDER BY id"
        for table in (
            "bye_requests",
            "prohibitions",
            "pairing_numbers",
            "ko_registration",
            "lucky_losers",
        )
    ),
]
