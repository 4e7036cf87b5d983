"""Players imported from a Papi file (a tournament's .papi, or Papi's Data.mdb): its
table JOUEUR through mdbtools' `mdb-export`, then the registration's CSV import — the
same checks, all rows or none (issue 32)."""

from __future__ import annotations

import datetime as dt
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..rules.errors import RuleError
from ..rules.models import Bye, StoredPlayer, System, TimeControl, fields_of
from ..rules.papi import (
    PapiEvent,
    berger_numbers,
    read_event,
    round_robin_table,
    to_registration_csv,
)
from ..store.records import player_row, tc_json, tournament_row
from .errors import OperationError
from .formats import format_of
from .journal_args import ImportArgs
from .outputs import fresh_event_path
from .rating_lists import MDB_TABLE, NO_MDBTOOLS, is_access
from .registry import Operation

if TYPE_CHECKING:
    from .event import EventService


def is_papi(path: Path) -> bool:
    """A Papi file: its name, or the first bytes of an Access file."""
    if path.suffix.lower() in (".papi", ".mdb"):
        return True
    with path.open("rb") as f:
        return is_access(f.read(32))


def import_papi(
    service: EventService, key: str, path: Path, *, skip_bad: bool = False
) -> tuple[int, list[tuple[int, str]]]:
    exe = shutil.which("mdb-export")
    if exe is None:
        raise OperationError(f"{path.name} : {NO_MDBTOOLS}")
    fmt = "%Y-%m-%d"  # NeLe is a DateTime column: -T (docs/listes-elo.md)
    run = subprocess.run(
        [exe, "-T", fmt, "-D", fmt, str(path), MDB_TABLE], capture_output=True, timeout=120
    )
    if run.returncode != 0:
        said = run.stderr.decode("utf-8", "replace").strip().splitlines()
        raise OperationError(
            f"{path.name} : mdb-export n'a pas lu la table {MDB_TABLE} "
            f"({said[-1] if said else run.returncode}) ; rien n'est importé."
        )
    try:
        from ..rules.cadences import section_kind

        kind = section_kind(service.tournament(key))
        text = to_registration_csv(run.stdout.decode("utf-8", "replace"), kind)
    except RuleError as exc:
        raise OperationError(f"{path.name} : {exc}") from None
    return service.import_players(key, text.encode("utf-8"), skip_bad=skip_bad)


# -- a whole Papi tournament as a new event (issue 33 point 3) ---------------------------
NO_MDBTOOLS_PAPI = (
    "lire un fichier Papi demande mdbtools, absent de cette machine : installez-le "
    "(sudo apt install mdbtools sur Debian ou Raspberry Pi OS)."
)


def _mdb_table(path: Path, table: str) -> str:
    """One table of an Access file as `mdb-export` writes it (dates as AAAA-MM-JJ)."""
    exe = shutil.which("mdb-export")
    if exe is None:
        raise OperationError(f"{path.name} : {NO_MDBTOOLS_PAPI}")
    fmt = "%Y-%m-%d"
    try:
        run = subprocess.run(
            [exe, "-T", fmt, "-D", fmt, str(path), table], capture_output=True, timeout=120
        )
    except subprocess.TimeoutExpired:
        raise OperationError(
            f"{path.name} : mdb-export ne répond pas ; rien n'est importé."
        ) from None
    if run.returncode != 0 or not run.stdout.strip():
        said = run.stderr.decode("utf-8", "replace").strip().splitlines()
        raise OperationError(
            f"{path.name} : la table {table} d'un fichier Papi est illisible "
            f"({said[-1] if said else 'fichier abîmé'}) ; rien n'est importé."
        )
    return run.stdout.decode("utf-8", "replace")


def read_papi_event(path: Path) -> PapiEvent:
    """The tournament of a Papi file, read and checked whole before anything is written."""
    if not path.is_file():
        raise OperationError(f"{path} : fichier introuvable.")
    with path.open("rb") as f:
        if not is_access(f.read(32)):
            raise OperationError(
                f"{path.name} n'est pas un fichier Papi (une base Access) ; rien n'est importé."
            )
    info, joueur = _mdb_table(path, "INFO"), _mdb_table(path, MDB_TABLE)
    try:
        return read_event(info, joueur)
    except RuleError as exc:
        raise OperationError(f"{path.name} : {exc.message}") from None


def import_event(source: Path, dest: Path, key: str = "papi") -> PapiEvent:
    """A new event from a Papi tournament: its INFO, players and every round; the rounds
    whose results are all known are closed, so the next `pair` pairs the round after.
    One journaled operation (the event, the section, the players, the rounds), or no file."""
    from .event import EventService
    from .setup import EventFields, SectionSpec, _dates, _event_settings

    dest = fresh_event_path(dest)
    papi = read_papi_event(source)
    fields = EventFields(
        name=papi.name[:80], city=papi.city, start=papi.start, end=papi.end,
        chief_arbiter=papi.arbiter,
    ).checked()  # fmt: skip
    first, last = _dates(fields, None, None)
    settings: dict[str, Any] = {}
    numbers: list[int] | None = None
    if papi.system is System.ROUND_ROBIN:
        table = round_robin_table(papi)
        size = len(table) + len(table) % 2
        cycles = 2 if papi.rounds_planned > size - 1 else 1
        if cycles == 2:
            settings["cycles"] = 2
        try:
            numbers = berger_numbers(table, papi, cycles)
        except RuleError as exc:
            raise OperationError(f"{source.name} : {exc.message}") from None
        if numbers is None and max(papi.rounds, default=0) < papi.rounds_planned:
            raise OperationError(
                f"{source.name} : les rondes jouées ne suivent pas les tables de Berger ; "
                "la suite ne pourrait pas être appariée ici. Rien n'est importé."
            )
    cadence, tiebreaks = _papi_settings(papi, settings)
    spec = SectionSpec(key, papi.section[:80], papi.system, papi.rounds_planned, cadence,
                       tiebreaks=tiebreaks, settings=settings)  # fmt: skip
    t = spec.tournament()
    service = EventService(dest, create=True)
    try:
        played = max(papi.rounds, default=0) or None
        with service.write(
            Operation.IMPORT_PAPI, ImportArgs(name=source.name, tournament=key, round=played)
        ) as tx:
            service.create_event(
                fields.name or papi.name,
                fields.city or "",
                first.isoformat() if first else None,
                last.isoformat() if last else None,
                _event_settings(fields, {}),
            )
            ids = {ref: k for k, (ref, _) in enumerate(papi.players, start=1)}  # a new file
            row = tournament_row(t, 0)
            if papi.system is System.SWISS and (colour := _initial_colour(papi, ids)):
                row["initial_colour_drawn"] = colour  # written with the row: undone with it
            tid = tx.insert("tournaments", row)
            t = replace(t, id=tid)
            now = dt.datetime.now().replace(microsecond=0)
            for ref, p in papi.players:
                values = player_row(replace(p, tournament_id=tid, registered_at=now))
                tx.insert("players", {"id": ids[ref], **values})
            complete = set(papi.complete)
            for n, games in sorted(papi.rounds.items()):
                round_id = tx.insert(
                    "rounds",
                    {"tournament_id": tid, "number": n, "stage": None,
                     "time_control": tc_json(t, n), "closed": int(n in complete)},
                )  # fmt: skip
                for board, g in enumerate(games, start=1):
                    tx.insert(
                        "games",
                        {"round_id": round_id, "board": board, "white_id": ids[g.white],
                         "black_id": ids[g.black] if g.black else None,
                         "result": g.result.value if g.result else None,
                         "bye": g.bye.value if g.bye else None},
                    )  # fmt: skip
            for k, ref in enumerate(numbers or [], start=1):
                tx.insert(
                    "pairing_numbers", {"tournament_id": tid, "player_id": ids[ref], "number": k}
                )
            if format_of(t).half_point_byes:  # asked, as `bye` records them: taken, to come
                asked = [(g.white, n) for n, gs in papi.rounds.items() for g in gs
                         if g.bye is Bye.HALF_POINT]  # fmt: skip
                for ref, n in sorted({*asked, *papi.bye_requests}, key=lambda x: (x[1], x[0])):
                    tx.insert(
                        "bye_requests",
                        {"tournament_id": tid, "player_id": ids[ref], "round": n,
                         "at": now.isoformat(timespec="seconds")},
                    )  # fmt: skip
    except BaseException:
        service.close()
        for leftover in (dest, *(Path(f"{dest}{end}") for end in ("-wal", "-shm"))):
            leftover.unlink(missing_ok=True)
        raise
    service.close()
    return papi


def _papi_settings(
    papi: PapiEvent, settings: dict[str, Any]
) -> tuple[TimeControl | None, list[str] | None]:
    """What INFO says the section is (issue 50): its cadence, tie-breaks, rating kind,
    acceleration with its groups, homologation number, and INFO whole (papi_info, written
    back by the export where the section says nothing of its own)."""
    from ..rules.cadences import rating_kind
    from ..rules.papi_info import (
        ACCELERATION_OF,
        DEFAULTS,
        EXEMPT_REF_FFE,
        TIEBREAK_OF,
        TIEBREAKS,
        read_cadence,
    )
    from ..rules.sections import DEFAULT_TIEBREAKS

    info = papi.info
    settings["papi_info"] = {k: v for k, v in info.items() if v != DEFAULTS.get(k, "")} | (
        {EXEMPT_REF_FFE: papi.exempt_ref_ffe} if papi.exempt_ref_ffe else {}
    )
    cadence = read_cadence(info.get("Cadence", ""))
    if papi.kind != rating_kind(cadence):
        settings["rating_kind"] = papi.kind
    number = info.get("Homologation", "").strip()
    if number not in ("", "0"):
        settings["homologation_number"] = number
    acceleration = ACCELERATION_OF.get(papi.pairing.lower())
    if acceleration and papi.system is System.SWISS:
        settings["acceleration"] = acceleration
        ratings = [p.rating for _, p in papi.players if not p.withdrawn]
        bases = [info.get(f"EloBase{k}", "") for k in (1, 2)]
        groups = [sum(r >= int(b) for r in ratings) for b in bases if b.isdigit() and int(b)]
        if groups:
            settings["acceleration_groups"] = groups
    if not any(f"Dep{k}" in info for k in (1, 2, 3)):
        return cadence, None
    deps = [TIEBREAK_OF.get(info.get(f"Dep{k}", "").lower()) for k in (1, 2, 3)]
    said = [c for c in deps if c]  # none said: none, as Papi's file has it
    default = DEFAULT_TIEBREAKS[papi.system]
    if said == [c for c in default if c in TIEBREAKS][:3]:
        return cadence, None  # Papi's image of the default list (DE has no Papi name)
    return cadence, said


def _initial_colour(papi: PapiEvent, ids: dict[int, int]) -> str | None:
    """The colour pairing number 1 had in round 1 (C.04.3: the initial colour), so that
    the next Swiss round allocates colours as Papi's first round did; None: unknown."""
    from .swiss import pairing_list

    seen = {ids[r] for gs in papi.rounds.values() for g in gs for r in (g.white, g.black) if r}
    # the players as the import stores them: rows 1…n of a new file, in its one section (1)
    numbered = [
        StoredPlayer(**{**fields_of(p), "id": ids[ref], "tournament_id": 1})
        for ref, p in papi.players
    ]
    people = pairing_list(numbered, seen)
    if not people:
        return None
    first = next(ref for ref, k in ids.items() if k == people[0].id)
    for g in papi.rounds.get(1, ()):
        if g.black is not None and first in (g.white, g.black):
            return "w" if g.white == first else "b"
    return None
