"""Every command that writes a file goes through one guard (issue 35, item 1).

`generate EV.sqlite-wal` once overwrote the live WAL of an event the results server held:
results the command line had called saved were lost. Each writing command is run here,
through the real command line, against every kind of file an event owns: the event
itself, its SQLite companions (named, even while SQLite has removed them), a WAL copied
elsewhere (known by its header), a file in its backups folder. Each must refuse in French
with exit 2, and neither the event nor the target may change. A new command that writes a
file fails the first test until it is listed here.
"""

from __future__ import annotations

import argparse
import hashlib
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from arbitre_tui.faces.cli.main import build_parser

from ...helpers.cli import arbitre

WRITERS: dict[tuple[str, ...], list[str]] = {
    ("backup",): ["backup", "{ev}", "{out}"],
    ("print-round",): ["print-round", "{ev}", "{out}", "-t", "open-a"],
    ("pair-trf",): ["pair-trf", "{trf}", "-p", "{out}"],
    ("generate",): ["generate", "{out}", "--players", "12", "--rounds", "3"],
    ("export", "trf"): ["export", "trf", "{ev}", "open-a", "{out}"],
    ("export", "papi"): ["export", "papi", "{ev}", "open-a", "{out}"],
    ("print",): ["print", "{ev}", "classement", "-t", "open-a", "--pdf", "{out}"],
    ("qr",): ["qr", "{ev}", "{out}"],
    ("cup", "sheet"): ["cup", "sheet", "{ev}", "1", "{out}"],
    ("publish",): ["publish", "{ev}", "{out}"],
    ("new",): ["new", "{out}", "--nom", "Open"],
    # a new event, as `new`: the guard answers before the Papi file is even read
    ("import", "papi"): ["import", "papi", "{trf}", "{out}"],
}
WRITING_ARGS = {"out", "output", "dest", "outdir", "pdf"}


def _writers(p: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    for action in p._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _writers(sub, (*path, name))
        elif action.dest in WRITING_ARGS or str(action.metavar or "").startswith(
            ("SORTIE", "DOSSIER")
        ):
            yield path


def test_every_command_that_writes_a_file_is_listed() -> None:
    found = set(_writers(build_parser())) | {("new",), ("import", "papi")}  # a new event
    assert found == set(WRITERS)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "absent"


@pytest.fixture(scope="module")
def trf_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("trf") / "t.trf"
    assert arbitre("generate", str(path), "--players", "12", "--rounds", "3").returncode == 0
    return path


def _targets(ev: Path, tmp: Path) -> dict[str, Path]:
    """The files of an event a command must never write."""
    backups = ev.with_name(ev.name + ".sauvegardes")
    backups.mkdir(exist_ok=True)
    wal = tmp / "ailleurs" / "copie-wal"
    wal.parent.mkdir(exist_ok=True)
    wal.write_bytes(b"\x37\x7f\x06\x82" + bytes(28))  # a WAL's header, away from its base
    return {
        "wal": ev.with_name(ev.name + "-wal"),
        "shm": ev.with_name(ev.name + "-shm"),
        "journal": ev.with_name(ev.name + "-journal"),
        "wal-ailleurs": wal,
        "sauvegarde": backups / "manuel.sqlite",
        "evenement": ev,
    }


@pytest.mark.parametrize("command", sorted(WRITERS), ids="-".join)
def test_every_writer_refuses_every_file_of_an_event(
    demo_file: Path, trf_file: Path, tmp_path: Path, command: tuple[str, ...]
) -> None:
    for kind, target in _targets(demo_file, tmp_path).items():
        if command == ("publish",) and kind == "evenement":
            target = demo_file.with_name(demo_file.name + ".sauvegardes")
        before = (_digest(demo_file), _digest(target))
        args = [a.format(ev=demo_file, out=target, trf=trf_file) for a in WRITERS[command]]
        run = arbitre(*args)
        assert run.returncode == 2, (kind, run.stdout, run.stderr)
        assert run.stderr.startswith("Refusé : ") and "Traceback" not in run.stderr, run.stderr
        assert (_digest(demo_file), _digest(target)) == before, kind


def test_a_writer_still_writes_a_plain_file(
    demo_file: Path, trf_file: Path, tmp_path: Path
) -> None:
    """The guard refuses an event's files, not output: a fresh path is written."""
    out = tmp_path / "sortie.trf"
    assert arbitre("export", "trf", str(demo_file), "open-a", str(out)).returncode == 0
    assert out.read_text(encoding="utf-8").startswith("012")
    again = tmp_path / "ailleurs.sqlite-wal"  # a name alone, with no base beside it: allowed
    assert arbitre("pair-trf", str(trf_file), "-p", str(again)).returncode == 0
    shutil.rmtree(tmp_path / "x", ignore_errors=True)
