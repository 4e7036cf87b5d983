"""The rating lists file (« listes-elo.sqlite », beside the events): FIDE's and the FFE's
players, read offline. A file of its own, never an event file: an import replaces a whole
list in one transaction (the previous list stays whole if the import fails), and nothing
in it is journaled — a list is reference data, not the event.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from operator import attrgetter
from pathlib import Path
from typing import Any

from ..rules.names import search_key
from ..rules.rating_lists import ListedPlayer, ListFault
from .db import StoreError, sqlite_reason

FILE_NAME = "listes-elo.sqlite"
WAIT_MS = 5_000  # for the lock another process holds (an import)
UPGRADE_WAIT_MS = 300_000  # for another process giving an older file its search keys
APPLICATION_ID = 0x4C454C4F  # « LELO »: not an event file (whose id differs)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS lists (
    source TEXT PRIMARY KEY,
    file TEXT NOT NULL,
    format TEXT NOT NULL,
    players INTEGER NOT NULL,
    imported_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS fide (
    fide_id INTEGER NOT NULL,
    surname TEXT NOT NULL COLLATE NOCASE, first_name TEXT NOT NULL COLLATE NOCASE, federation TEXT, sex TEXT, title TEXT,
    standard INTEGER, rapid INTEGER, blitz INTEGER, birth_year INTEGER,
    surname_key TEXT COLLATE NOCASE, first_key TEXT COLLATE NOCASE
);
CREATE TABLE IF NOT EXISTS ffe (
    licence TEXT PRIMARY KEY,
    fide_id INTEGER,
    surname TEXT NOT NULL COLLATE NOCASE, first_name TEXT NOT NULL COLLATE NOCASE, federation TEXT, sex TEXT, title TEXT,
    standard INTEGER, rapid INTEGER, blitz INTEGER, birth_year INTEGER, birth_date TEXT,
    club TEXT, category TEXT, surname_key TEXT COLLATE NOCASE, first_key TEXT COLLATE NOCASE,
    licence_type TEXT, ffe_ref INTEGER, club_ref INTEGER, league TEXT,
    standard_kind TEXT, rapid_kind TEXT, blitz_kind TEXT
) WITHOUT ROWID;
"""
# a name is looked up by its search key (rules.names.search_key: no accents, capitals);
# the keys are written beside the names at import, and added once to an older file
_KEYS = ("surname_key", "first_key")
_KEYED = ("fide", "ffe")
# built after the rows (faster than keeping them up to date row by row)
# by the surname's key first, so that the index finds the few rows (a million players)
BY_NAME = (
    "SELECT * FROM {source} WHERE surname_key LIKE ? AND (first_key LIKE ? "
    "OR surname_key || ' ' || coalesce(first_key, '') LIKE ?) ORDER BY surname_key LIMIT ?"
)
_NAME_INDEX = {source: f"CREATE INDEX {source}_name ON {source}(surname_key)" for source in _KEYED}
_INDEXES = {
    "fide": ["CREATE INDEX fide_id ON fide(fide_id)", _NAME_INDEX["fide"]],
    "ffe": [_NAME_INDEX["ffe"], "CREATE INDEX ffe_fide ON ffe(fide_id)"],
}
# the FFE base's own keys and kinds (issue 50.6), for Papi's JOUEUR (RefFFE, ClubRef,
# Ligue; Fide, RapideFide, BlitzFide: F, N or E): columns added to an older file at opening
_FFE_KEYS = ("ffe_ref", "club_ref", "league", "standard_kind", "rapid_kind", "blitz_kind")
_FFE_TYPES = {"ffe_ref": "INTEGER", "club_ref": "INTEGER"}
_COLUMNS = {
    "fide": ("fide_id", "surname", "first_name", "federation", "sex", "title", "standard",
             "rapid", "blitz", "birth_year"),
    "ffe": ("licence", "fide_id", "surname", "first_name", "federation", "sex", "title",
            "standard", "rapid", "blitz", "birth_year", "birth_date", "club", "category",
            "licence_type", *_FFE_KEYS),
}  # fmt: skip


def keys_missing(path: Path) -> bool:
    """Whether the lists file predates the search keys (its first opening gives them, a
    few seconds for FIDE's million: the app does it off its UI thread). Read only."""
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error:
        return False  # opened for real, it says why
    try:
        return any(_keyed(con, source) is False for source in _KEYED)
    except sqlite3.Error:
        return False
    finally:
        con.close()


def _keyed(con: sqlite3.Connection, source: str) -> bool | None:
    """Whether the table of ``source`` has the search keys (None: no such table yet)."""
    columns = {row[1] for row in con.execute(f"PRAGMA table_info({source})")}
    return _KEYS[0] in columns if columns else None


class ListsError(StoreError):
    """The lists file cannot be used (French message)."""


@dataclass(frozen=True)
class ListInfo:
    source: str
    file: str
    format: str
    players: int
    imported_at: str


_FIELDS = {"licence": "ffe_licence"}  # a column's ListedPlayer field, where names differ


def _rows(source: str, players: Iterable[ListedPlayer]) -> Iterator[tuple[Any, ...]]:
    """The table's rows and their two search keys, the fields read in C (attrgetter) for
    FIDE's million."""
    getter = attrgetter(*(_FIELDS.get(c, c) for c in _COLUMNS[source]))
    names = attrgetter("surname", "first_name")
    if source == "fide":
        return ((*getter(p), *map(search_key, names(p))) for p in players)
    at = _COLUMNS["ffe"].index("birth_date")
    return (
        (
            *(d.isoformat() if i == at and d is not None else d for i, d in enumerate(getter(p))),
            *map(search_key, names(p)),
        )
        for p in players
    )


def _listed(source: str, row: sqlite3.Row) -> ListedPlayer:
    if source == "fide":
        return ListedPlayer(
            source="fide", fide_id=row["fide_id"], surname=row["surname"],
            first_name=row["first_name"], federation=row["federation"] or "",
            sex=row["sex"] or "", title=row["title"] or "", standard=row["standard"],
            rapid=row["rapid"], blitz=row["blitz"], birth_year=row["birth_year"],
        )  # fmt: skip
    return ListedPlayer(
        source="ffe", ffe_licence=row["licence"], fide_id=row["fide_id"],
        surname=row["surname"], first_name=row["first_name"],
        federation=row["federation"] or "", sex=row["sex"] or "", title=row["title"] or "",
        standard=row["standard"], rapid=row["rapid"], blitz=row["blitz"],
        birth_year=row["birth_year"],
        birth_date=dt.date.fromisoformat(row["birth_date"]) if row["birth_date"] else None,
        club=row["club"] or "", category=row["category"] or "",
        licence_type=row["licence_type"] or "",  # the column is added at opening
        ffe_ref=row["ffe_ref"], club_ref=row["club_ref"], league=row["league"] or "",
        standard_kind=row["standard_kind"] or "", rapid_kind=row["rapid_kind"] or "",
        blitz_kind=row["blitz_kind"] or "",
    )  # fmt: skip


class RatingLists:
    """The one way to the lists file: import a list whole, find a player, look one up."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        try:
            self.con = sqlite3.connect(self.path, isolation_level=None, timeout=WAIT_MS / 1000)
        except sqlite3.Error as exc:
            raise ListsError(
                f"{self.path} : fichier de listes Elo inaccessible ({sqlite_reason(exc)})."
            ) from None
        try:
            self.con.row_factory = sqlite3.Row
            app_id = self.con.execute("PRAGMA application_id").fetchone()[0]
            tables = self.con.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if tables and app_id != APPLICATION_ID:
                raise ListsError(
                    f"{self.path} n'est pas un fichier de listes Elo (un tournoi ?) : "
                    "choisissez un autre chemin pour les listes."
                )
            self.con.execute("PRAGMA journal_mode=WAL")
            if app_id != APPLICATION_ID:  # written once: an opening writes nothing
                self.con.execute(f"PRAGMA application_id={APPLICATION_ID}")
            self.con.executescript(_SCHEMA)
            self._add_keys()
            self._add_licence_type()
        except sqlite3.DatabaseError as exc:
            self.con.close()
            raise ListsError(
                f"{self.path} : fichier de listes Elo illisible ({sqlite_reason(exc)})."
            ) from None
        except ListsError:
            self.con.close()
            raise

    def close(self) -> None:
        self.con.close()

    def _add_licence_type(self) -> None:
        """A file from before the licence type (issue 32) or the FFE's keys (issue 50):
        the columns, empty until the next import of the FFE's base (no row rewritten)."""
        columns = {row[1] for row in self.con.execute("PRAGMA table_info(ffe)")}
        for name in ("licence_type", *_FFE_KEYS):
            if name not in columns:
                kind = _FFE_TYPES.get(name, "TEXT")
                self.con.execute(f"ALTER TABLE ffe ADD COLUMN {name} {kind}")

    def _add_keys(self) -> None:
        """A file imported before the search keys: its names get them once, in one
        transaction (seconds for FIDE's million), and are searched by them."""
        for source in _KEYED:
            if _keyed(self.con, source):
                continue
            self.con.create_function("search_key", 1, search_key, deterministic=True)
            # another station may be giving the keys now: wait for it (a minute on a Pi)
            self.con.execute(f"PRAGMA busy_timeout = {UPGRADE_WAIT_MS}")
            self.con.execute("BEGIN IMMEDIATE")
            try:
                if not _keyed(self.con, source):  # the other process did it while we waited
                    for key in _KEYS:
                        self.con.execute(
                            f"ALTER TABLE {source} ADD COLUMN {key} TEXT COLLATE NOCASE"
                        )
                    self.con.execute(
                        f"UPDATE {source} SET surname_key = search_key(surname), "
                        "first_key = search_key(first_name)"
                    )
                    self.con.execute(f"DROP INDEX IF EXISTS {source}_name")
                    self.con.execute(_NAME_INDEX[source])
                self.con.execute("COMMIT")
            except BaseException:
                self.con.execute("ROLLBACK")
                raise
            finally:
                self.con.execute(f"PRAGMA busy_timeout = {WAIT_MS}")

    # -- import ---------------------------------------------------------------------------

    def replace(self, source: str, players: Iterable[ListedPlayer], file: str, fmt: str) -> int:
        """The list of ``source`` (fide, ffe) becomes ``players``: one transaction, each row
        written as the reader streams it; an error leaves the previous list whole."""
        columns = (*_COLUMNS[source], *_KEYS)
        insert = (
            f"INSERT OR REPLACE INTO {source} ({', '.join(columns)}) "
            f"VALUES ({', '.join('?' * len(columns))})"
        )
        con = self.con
        con.execute("BEGIN IMMEDIATE")
        try:
            for index in self._index_names(source):
                con.execute(f"DROP INDEX IF EXISTS {index}")
            con.execute(f"DELETE FROM {source}")
            con.executemany(insert, _rows(source, players))
            count = int(con.execute(f"SELECT count(*) FROM {source}").fetchone()[0])
            if not count:  # refused before the commit: the previous list is still there
                raise ListFault("aucun joueur dans cette liste")
            for ddl in _INDEXES[source]:
                con.execute(ddl)
            if source == "fide":  # one id, two players: which one the lists give is a guess
                twice = con.execute(
                    "SELECT fide_id FROM fide GROUP BY fide_id HAVING count(*) > 1 LIMIT 1"
                ).fetchone()
                if twice is not None:
                    raise ListFault(f"liste FIDE : identifiant {twice[0]} en double (deux joueurs)")
            con.execute(
                "INSERT OR REPLACE INTO lists VALUES (?, ?, ?, ?, ?)",
                (source, file, fmt, count,
                 dt.datetime.now().replace(microsecond=0).isoformat(sep=" ")),
            )  # fmt: skip
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
        return count

    @staticmethod
    def _index_names(source: str) -> Iterator[str]:
        for ddl in _INDEXES[source]:
            yield ddl.split()[2]

    # -- reading ---------------------------------------------------------------------------

    def lists(self) -> list[ListInfo]:
        return [ListInfo(*row) for row in self.con.execute("SELECT * FROM lists ORDER BY source")]

    def by_fide_id(self, fide_id: int) -> tuple[ListedPlayer | None, ListedPlayer | None]:
        """(FIDE list's row, FFE base's row) for one FIDE id."""
        fide = self.con.execute(
            "SELECT * FROM fide WHERE fide_id = ? LIMIT 1", (fide_id,)
        ).fetchone()
        ffe = self.con.execute("SELECT * FROM ffe WHERE fide_id = ? LIMIT 1", (fide_id,)).fetchone()
        return (
            _listed("fide", fide) if fide else None,
            _listed("ffe", ffe) if ffe else None,
        )

    def by_licence(self, licence: str) -> ListedPlayer | None:
        row = self.con.execute(
            "SELECT * FROM ffe WHERE licence = ?", (licence.strip().upper(),)
        ).fetchone()
        return _listed("ffe", row) if row else None

    def by_name(self, surname: str, first_name: str, limit: int) -> list[ListedPlayer]:
        """Players whose surname (and first name) start with these letters, with or without
        their accents, any case (« beranger » is BÉRANGER); or whose whole name starts with
        both, a surname of two words (« le gall » is LE GALL Anne). The FFE base first (a
        French event), then FIDE's list. Read in the index's order: one letter on a million
        players stays quick."""
        found: list[ListedPlayer] = []
        wild = str.maketrans("", "", "%_")  # letters only: no pattern from the keyboard
        name, first = (search_key(typed.translate(wild)) for typed in (surname, first_name))
        whole = " ".join(f"{name} {first}".split())
        for source in ("ffe", "fide"):
            rows = self.con.execute(
                BY_NAME.format(source=source),
                (name + "%", first + "%", whole + "%", limit - len(found)),
            )
            found += [_listed(source, row) for row in rows]
            if len(found) >= limit:
                break
        return found


def fide_spellings(path: Path, fide_ids: Iterable[int]) -> dict[int, tuple[str, str]]:
    """FIDE's own spelling (surname, first name) of these players, read only: the Latin
    name a TRF gives a player registered in another script. Nothing without a lists file."""
    ids = sorted(set(fide_ids))
    if not ids or not path.exists():
        return {}
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error:
        return {}
    try:
        marks = ", ".join("?" * len(ids))
        rows = con.execute(
            f"SELECT fide_id, surname, first_name FROM fide WHERE fide_id IN ({marks})", ids
        )
        return {int(r[0]): (str(r[1]), str(r[2] or "")) for r in rows}
    except sqlite3.Error:  # a list not imported, an older or damaged file: the table's spelling
        return {}
    finally:
        con.close()
