"""Rating lists at the venue, offline: import FIDE's list or the FFE's base into the lists
file beside the events, find a player there, fill a late registration from it.

The faces come here (never to the store); every fault is an ``OperationError`` in French.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import re
import shutil
import subprocess
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from ..rules.cadences import section_kind
from ..rules.models import Player, StoredTournament
from ..rules.rating_lists import (
    FORMATS,
    Kind,
    ListedPlayer,
    ListFault,
    as_player,
    kind_in_name,
    read,
    sniff,
)
from ..rules.settings import section_settings
from ..store.rating_lists import FILE_NAME, ListInfo, ListsError, RatingLists, keys_missing
from .errors import OperationError

__all__ = ["FILE_NAME", "Found", "ListInfo", "Lists", "kind_of", "lists_beside"]

_LICENCE = re.compile(r"^[A-Za-z]\d{5}$")  # the FFE's licence: a letter, five digits


@dataclass(frozen=True)
class Found:
    """One person as the lists know them: FIDE's row, the FFE's row, or both."""

    fide: ListedPlayer | None
    ffe: ListedPlayer | None

    @property
    def main(self) -> ListedPlayer:
        main = self.ffe or self.fide
        assert main is not None
        return main

    def label(self, kind: Kind) -> str:
        """« DUPONT Jean 1850 FRA — FIDE 123, licence K12345 (Club) »."""
        p = self.main
        rating = (self.fide.rating(kind) if self.fide else None) or (
            self.ffe.rating(kind) if self.ffe else None
        )
        ids = ", ".join(
            x
            for x in (
                f"FIDE {self.fide.fide_id}" if self.fide else "",
                f"licence {self.ffe.ffe_licence} {self.ffe.licence_type}".rstrip()
                if self.ffe
                else "",
            )
            if x
        )
        club = f" ({self.ffe.club})" if self.ffe and self.ffe.club else ""
        return f"{p.name} {rating or 'non classé'} {p.federation} — {ids}{club}"


def lists_beside(event_file: Path | str) -> Path:
    """The lists file of the events of this folder."""
    return Path(event_file).resolve().parent / FILE_NAME


def needs_upgrade(path: Path) -> bool:
    """A lists file of the previous version: its first opening takes a few seconds."""
    return keys_missing(path)


def kind_of(t: StoredTournament) -> Kind:
    """The section's rating: its setting rating_kind, else the one its cadence asks (its
    first round's)."""
    return section_kind(t)


class _Joined(io.RawIOBase):
    """The bytes already read, then the rest of the stream (a zip member cannot seek back
    cheaply: it would decompress again from the start)."""

    def __init__(self, head: bytes, rest: IO[bytes]) -> None:
        self._head, self._rest = memoryview(head), rest

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        if self._head:
            n = min(len(buffer), len(self._head))
            buffer[:n] = self._head[:n]
            self._head = self._head[n:]
            return n
        data = self._rest.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)


def _Rejoined(head: bytes, rest: IO[bytes]) -> IO[bytes]:
    return io.BufferedReader(_Joined(head, rest), 1 << 16)


# FIDE's largest list, players_list_xml_foa.xml, is 835 MB (1 887 095 players, July 2026;
# its zip about 50 MB): an archive may inflate to twice that, no more (a zip bomb)
MAX_INFLATED = 2 * 835_000_000


class _Bounded(io.RawIOBase):
    """A zip member read through, its inflated bytes counted: past MAX_INFLATED, refused."""

    def __init__(self, member: IO[bytes]) -> None:
        self._member, self._count = member, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        data = self._member.read(len(buffer))
        self._count += len(data)
        if self._count > MAX_INFLATED:
            raise ListFault(
                f"archive : plus de {MAX_INFLATED // 1_000_000} Mo décompressés, plus que "
                "toute liste (une bombe de décompression ?)"
            )
        buffer[: len(data)] = data
        return len(data)


# Papi's players base (Data.mdb from PapiData.zip), an Access file: the first bytes say it
_ACCESS = (b"Standard Jet DB", b"Standard ACE DB")
MDB_TABLE = "JOUEUR"
NO_MDBTOOLS = (
    "lire la base FFE (Data.mdb) demande mdbtools, absent de cette machine : installez-le "
    "(sudo apt install mdbtools sur Debian ou Raspberry Pi OS), ou exportez la table JOUEUR "
    "en CSV et importez ce CSV (docs/listes-elo.md)."
)


def is_access(head: bytes) -> bool:
    return head[4:19] in _ACCESS


def _mdbtools(name: str) -> str:
    exe = shutil.which(name)
    if exe is None:
        raise ListFault(NO_MDBTOOLS)
    return exe


def _mdb_tables(path: Path) -> set[str]:
    """The tables of an Access file (`mdb-tables -1`)."""
    run = subprocess.run(
        [_mdbtools("mdb-tables"), "-1", str(path)], capture_output=True, timeout=120
    )
    if run.returncode != 0:
        raise ListFault(f"base FFE : mdb-tables n'a pas lu {path.name} (fichier abîmé ?)")
    return set(run.stdout.decode("utf-8", "replace").split())


def _mdb_clubs(path: Path) -> dict[int, tuple[str, str]]:
    """Table CLUB (Ref, Nom, Ligue…): each club's name and league by its Ref, the
    ClubRef of a player (JOUEUR holds no club name)."""
    run = subprocess.run(
        [_mdbtools("mdb-export"), str(path), "CLUB"], capture_output=True, timeout=120
    )
    if run.returncode != 0:
        raise ListFault("base FFE : mdb-export n'a pas lu la table CLUB")
    rows = csv.reader(io.StringIO(run.stdout.decode("utf-8", "replace")))
    header = [h.strip().lower() for h in next(rows, [])]
    at = {name: header.index(name) for name in ("ref", "nom", "ligue") if name in header}
    if "ref" not in at or "nom" not in at:
        raise ListFault("base FFE : table CLUB sans ses colonnes Ref et Nom")
    clubs = {}
    for row in rows:
        cells = [*row, "", ""]
        if cells[at["ref"]].strip().isdigit():
            league = cells[at["ligue"]].strip() if "ligue" in at else ""
            clubs[int(cells[at["ref"]])] = (cells[at["nom"]].strip(), league)
    return clubs


def _with_clubs(
    players: Iterator[ListedPlayer], clubs: dict[int, tuple[str, str]]
) -> Iterator[ListedPlayer]:
    """Each player's club name and league from CLUB by ClubRef, where JOUEUR has none."""
    for p in players:
        club, league = clubs.get(p.club_ref or 0, ("", ""))
        if (club and not p.club) or (league and not p.league):
            p = p._replace(club=p.club or club, league=p.league or league.upper()[:3])
        yield p


def papi_refused(name: str) -> str:
    return (
        f"{name} est un tournoi Papi (tables INFO, JOUEUR et RES), pas la base des joueurs "
        "de la FFE : importez Data.mdb, tiré de PapiData.zip (site de la FFE) ; un "
        "tournoi Papi s'importe par « arbitre import papi ». Rien n'est changé."
    )


def _mdb_rows(path: Path, tally: dict[str, int]) -> Iterator[ListedPlayer]:
    """Table JOUEUR through `mdb-export`, streamed. Dates with -T: NeLe is a DateTime
    column, which the -D option leaves in mdbtools' default form (a two-digit year) —
    that is how the documented -D lost every birth date."""
    exe = _mdbtools("mdb-export")
    fmt = "%Y-%m-%d"
    with subprocess.Popen(
        [exe, "-T", fmt, "-D", fmt, str(path), MDB_TABLE],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        # mdbtools' DateTime cells (issue 32): a birth it cannot read is counted, not refused
        yield from read(proc.stdout, "ffe-csv", None, tally, strict_birth=False)
        error = proc.stderr.read().decode("utf-8", "replace").strip()
        if proc.wait() != 0:  # raised inside the import: its transaction is rolled back
            raise ListFault(
                f"base FFE : mdb-export n'a pas lu la table {MDB_TABLE} "
                f"({error.splitlines()[-1] if error else proc.returncode})"
            )


class Lists:
    """The lists file, opened for one use (a command, the app's registration prompt)."""

    def __init__(self, path: Path | str) -> None:
        self.notes: list[str] = []  # what the last import left out, said after it
        try:
            self._store = RatingLists(Path(path))
        except ListsError as exc:
            raise OperationError(exc.message) from None

    def close(self) -> None:
        self._store.close()

    def __enter__(self) -> Lists:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def infos(self) -> list[ListInfo]:
        return self._store.lists()

    def import_file(self, list_file: Path | str, fmt: str | None = None) -> tuple[str, int]:
        """Replace FIDE's list or the FFE's base by this file, streamed; (source, count).
        A file that cannot be read whole changes nothing."""
        path = Path(list_file)
        self.notes = []
        with path.open("rb") as peek:
            access = is_access(peek.read(32))
        if access or fmt == "ffe-mdb":
            return self._import_mdb(path)
        if zipfile.is_zipfile(path):  # as FIDE ships it: players_list.zip, unzipped here
            return self._import_zip(path, fmt)
        with path.open("rb") as stream:
            return self._import_stream(stream, path.name, fmt)

    def _import_zip(self, path: Path, fmt: str | None) -> tuple[str, int]:
        """The one list inside FIDE's zip, decompressed as it is read (never whole); an
        archive that would inflate past MAX_INFLATED refused at once by the sizes it
        declares, and by the bytes counted as it inflates (a size it lies about)."""
        try:
            with zipfile.ZipFile(path) as archive:
                declared = sum(m.file_size for m in archive.infolist())
                if declared > MAX_INFLATED:
                    raise OperationError(
                        f"{path.name} : {declared // 1_000_000} Mo une fois décompressée, "
                        f"plus que toute liste (au plus {MAX_INFLATED // 1_000_000} Mo) : "
                        "archive refusée, rien n'est changé."
                    )
                members = [
                    m
                    for m in archive.infolist()
                    if not m.is_dir() and m.filename.lower().endswith((".txt", ".xml", ".csv"))
                ]
                if len(members) != 1:
                    raise OperationError(
                        f"{path.name} : une liste attendue dans l'archive, "
                        f"{len(members)} trouvée(s) ; décompressez celle à importer."
                    )
                with archive.open(members[0]) as member:
                    stream = io.BufferedReader(_Bounded(member), 1 << 16)
                    return self._import_stream(stream, f"{path.name}:{members[0].filename}", fmt)
        except (zipfile.BadZipFile, NotImplementedError, RuntimeError, zlib.error, EOFError):
            raise OperationError(
                f"{path.name} : archive abîmée ou incomplète (elle ne se décompresse pas "
                "jusqu'au bout) — rien n'est changé."
            ) from None

    def _import_mdb(self, path: Path) -> tuple[str, int]:
        """The FFE's Data.mdb: JOUEUR streamed, each player's club and league from CLUB;
        a Papi tournament (an Access file too) refused."""
        tally: dict[str, int] = {}
        if path.suffix.lower() == ".papi":
            raise OperationError(papi_refused(path.name))
        try:
            tables = _mdb_tables(path)
            if "RES" in tables or ("INFO" in tables and "CLUB" not in tables):
                raise OperationError(papi_refused(path.name))
            if MDB_TABLE not in tables:
                raise ListFault(f"base FFE : pas de table {MDB_TABLE} dans {path.name}")
            clubs = _mdb_clubs(path) if "CLUB" in tables else {}
            rows = _with_clubs(_mdb_rows(path, tally), clubs)
            count = self._store.replace("ffe", rows, path.name, "ffe-mdb")
        except ListFault as exc:
            raise OperationError(f"{path.name} : {exc} — rien n'est changé.") from None
        self._say(tally)
        return "ffe", count

    def _say(self, tally: dict[str, int]) -> None:
        """What the FFE's base left out, in the arbiter's words (never silently)."""
        if tally.get("no_licence"):
            self.notes.append(f"{tally['no_licence']} ligne(s) sans numéro de licence ignorée(s)")
        if tally.get("birth_unreadable"):
            self.notes.append(
                f"{tally['birth_unreadable']} date(s) de naissance illisible(s) (colonne NeLe) : "
                "ces joueurs sont importés sans date"
            )

    def _import_stream(self, stream: IO[bytes], name: str, fmt: str | None) -> tuple[str, int]:
        head = stream.read(4096)
        fmt = fmt or sniff(head)
        if fmt not in FORMATS:
            raise OperationError(
                f"{name} : format de liste non reconnu ; précisez --format "
                "fide-xml, fide-txt ou ffe-csv."
            )
        source = "ffe" if fmt == "ffe-csv" else "fide"
        whole = _Rejoined(head, stream)  # the bytes sniffed, then the rest: no seek back
        tally: dict[str, int] = {}
        try:
            count = self._store.replace(
                source, read(whole, fmt, kind_in_name(name.rsplit(":", 1)[-1]), tally), name, fmt
            )
        except ListFault as exc:
            raise OperationError(f"{name} : {exc} — rien n'est changé.") from None
        self._say(tally)
        return source, count

    def find(self, text: str, limit: int = 10) -> list[Found]:
        """By FIDE id (digits), FFE licence (« K12345 ») or the first letters of the name
        (« dup », « dupont je »)."""
        text = text.strip()
        if not any(c.isalnum() for c in text):  # « % » or « _ » alone found everyone
            return []
        if text.isdigit():
            fide, ffe = self._store.by_fide_id(int(text))
            return [Found(fide, ffe)] if fide or ffe else []
        if _LICENCE.match(text):
            ffe = self._store.by_licence(text)
            if ffe is None:
                return []
            fide = self._store.by_fide_id(ffe.fide_id)[0] if ffe.fide_id else None
            return [Found(fide, ffe)]
        surname, _, first = text.replace(",", " ").partition(" ")
        found: list[Found] = []
        seen: set[int] = set()
        # twice as many rows: a person in both lists is two rows, one kept (with
        # ``limit`` FFE rows or fewer, the FIDE rows left still hold ``limit`` people)
        for p in self._store.by_name(surname.strip(), first.strip(), 2 * limit):
            if p.source == "ffe":
                fide = self._store.by_fide_id(p.fide_id)[0] if p.fide_id else None
                found.append(Found(fide, p))
                if p.fide_id:
                    seen.add(p.fide_id)
            elif p.fide_id not in seen:
                found.append(Found(p, None))
        return found[:limit]

    def registration(self, found: Found, t: StoredTournament, on: dt.date | None = None) -> Player:
        """The late entry the lists fill, with the rating of the section's cadence."""
        fallback = section_settings(t).rating_standard_fallback
        return as_player(found.fide, found.ffe, kind_of(t), on or dt.date.today(), fallback)

    def known(self, fide_id: int | None, licence: str | None) -> Found:
        """What the lists say of a registered player (by FIDE id, else licence)."""
        fide = ffe = None
        if fide_id:
            fide, ffe = self._store.by_fide_id(fide_id)
        if licence:
            ffe = self._store.by_licence(licence) or ffe
        return Found(fide, ffe)
