"""Players imported from a Papi file (a tournament's .papi, or Papi's Data.mdb): its
table JOUEUR through mdbtools' `mdb-export`, then the registration's CSV import — the
same checks, all rows or none (issue 32)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import TYPE_CHECKING

from ..rules.errors import RuleError
from ..rules.papi import to_registration_csv
from ..store.journal import OperationError
from .rating_lists import MDB_TABLE, NO_MDBTOOLS, is_access

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
        text = to_registration_csv(run.stdout.decode("utf-8", "replace"))
    except RuleError as exc:
        raise OperationError(f"{path.name} : {exc}") from None
    return service.import_players(key, text.encode("utf-8"), skip_bad=skip_bad)
