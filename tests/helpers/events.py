"""Small events on disk for the multi-process tests, built once and copied."""

from __future__ import annotations

import hashlib
import shutil
from collections.abc import Iterable, Sequence
from pathlib import Path

from ..conftest import make_round_robin
from .cli import arbitre, new_with_fixture_players, run_here


def round_robin_paired(path: Path, players: int = 8) -> Path:
    """A round robin with round 1 paired (players/2 boards, no result), WAL checkpointed."""
    service = make_round_robin(path, players)
    service.pair_round("rr", seed=1)
    service.close()
    return path


def knockout_registration_closed(path: Path) -> Path:
    """The open-ko template with its registration closed: `a` pairs round 1 (64 boards)."""
    new_with_fixture_players("open-ko", path)
    out = arbitre("ko", "close-registration", str(path))
    assert out.returncode == 0, out.stderr
    return path


def copy_event(master: Path, target: Path) -> Path:
    shutil.copy(master, target)
    return target


def digest(path: Path) -> str:
    """The file's bytes as a hash: a refusal must leave it the same, byte for byte."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


# `section add`'s arguments after the file: a five-round Swiss section, « open »
OPEN_SWISS = ("open", "--nom", "Open", "--systeme", "suisse", "--rondes", "5")


def from_nothing(
    path: Path,
    new: Sequence[str],
    sections: Iterable[Sequence[str]] = (),
    entries: Iterable[Sequence[str]] = (),
) -> Path:
    """An event made from nothing with the arbiter's commands (in this process):
    `new FILE *new`, then `section add FILE *section` and `register FILE *entry` each."""
    run_here("new", str(path), *new)
    for section in sections:
        run_here("section", "add", str(path), *section)
    for entry in entries:
        run_here("register", str(path), *entry)
    return path


def open_from_nothing(path: Path) -> Path:
    """An event created from nothing with one five-round Swiss section, « open »."""
    return from_nothing(path, ["--nom", "Open d'été"], [OPEN_SWISS])
