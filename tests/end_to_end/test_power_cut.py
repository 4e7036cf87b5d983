"""A power cut at any moment loses nothing the command line said was saved (issue 53.11).

The real `arbitre` runs results, a correction, a round's closing and the next pairing on an
event made from nothing, each under strace (tests/helpers/power_cut.py): every moment of
the record is a possible cut, and the disk a cut leaves is what the last fsync of each file
made durable — every write not synced is dropped, as LazyFS's clear-cache does. Each such
disk is copied out and must open, pass `integrity_check`, hold every result acknowledged
before the cut, keep its journal's last image of every game equal to the game, and show a
pairing whole or not at all.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from pathlib import Path

import pytest

from arbitre_tui.operations import EventService

from ..helpers.cli import ARBITRE, ROOT
from ..helpers.long_names import long_names_event
from ..helpers.power_cut import Disk, strace_available, traced, write_out

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not strace_available(), reason="strace absent ou sans ptrace ici"),
]

Board = tuple[str, int, int]  # section, round, board
# (arguments after the file, the results it sets once acknowledged)
COMMANDS: list[tuple[tuple[str, ...], dict[Board, str]]] = [
    (("result", "-t", "open", "2", "1"), {("open", 3, 2): "1-0"}),
    (("result", "-t", "jeunes", "1", "="), {("jeunes", 1, 1): "=-="}),
    (("result", "-t", "open", "3", "0"), {("open", 3, 3): "0-1"}),
    (("result", "-t", "open", "4", "+-"), {("open", 3, 4): "+--"}),
    (("result", "-t", "open", "2", "0", "--confirm"), {("open", 3, 2): "0-1"}),
    (("result", "-t", "open", "5", "="), {("open", 3, 5): "=-="}),
    (("result", "-t", "open", "6", "1"), {("open", 3, 6): "1-0"}),
    (("close-round", "-t", "open"), {}),
    (("pair", "-t", "open"), {}),
    (("result", "-t", "jeunes", "2", "0"), {("jeunes", 1, 2): "0-1"}),
]
CLOSE, PAIR = 7, 8  # their places in COMMANDS


def _games(con: sqlite3.Connection) -> dict[Board, str | None]:
    rows = con.execute(
        "SELECT t.key, r.number, g.board, g.result FROM games g JOIN rounds r ON r.id = "
        "g.round_id JOIN tournaments t ON t.id = r.tournament_id"
    )
    return {(key, number, board): result for key, number, board, result in rows}


def _journal_mismatches(con: sqlite3.Connection) -> list[int]:
    """Games whose row is not the last image the journal wrote of it."""
    con.row_factory = sqlite3.Row
    last = con.execute(
        "SELECT row_id, after FROM journal_changes WHERE id IN "
        "(SELECT max(id) FROM journal_changes WHERE tbl = 'games' GROUP BY row_id)"
    ).fetchall()
    rows = {r["id"]: dict(r) for r in con.execute("SELECT * FROM games")}
    con.row_factory = None
    wrong = [r["row_id"] for r in last if (json.loads(r["after"]) if r["after"] else None)
             != rows.get(r["row_id"])]  # fmt: skip
    return wrong + [i for i in rows if i not in {r["row_id"] for r in last}]


def _check(folder: Path, acknowledged: int, paired_boards: int) -> None:
    """The disk after a cut made when ``acknowledged`` commands had said « enregistré »."""
    event = folder / "tournoi.sqlite"
    con = sqlite3.connect(event)
    try:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        games = _games(con)
        in_flight = COMMANDS[acknowledged][1] if acknowledged < len(COMMANDS) else {}
        expected: dict[Board, str] = {}
        for _args, sets in COMMANDS[:acknowledged]:
            expected.update(sets)
        for board, result in expected.items():
            allowed = {result, in_flight.get(board, result)}  # the next command may be saved
            assert games[board] in allowed, (board, games[board], acknowledged)
        assert not _journal_mismatches(con), "le journal ne décrit plus les parties"
        closed = con.execute(
            "SELECT closed FROM rounds r JOIN tournaments t ON t.id = r.tournament_id "
            "WHERE t.key = 'open' AND r.number = 3"
        ).fetchone()[0]
        assert closed or acknowledged <= CLOSE
        round_4 = [b for b in games if b[:2] == ("open", 4)]
        assert len(round_4) in {0, paired_boards}, "une ronde appariée à moitié"
        assert round_4 or acknowledged <= PAIR
    finally:
        con.close()
    for backup in (folder / "tournoi.sqlite.sauvegardes").rglob("[!.]*.sqlite"):
        with sqlite3.connect(backup) as copy:
            assert copy.execute("PRAGMA integrity_check").fetchone()[0] == "ok", backup
    EventService(event).close()  # the product's own checks on opening (foreign log…)


def test_a_power_cut_loses_no_acknowledged_result(tmp_path: Path) -> None:
    root = tmp_path / "disque"
    root.mkdir()
    event = long_names_event(root / "tournoi.sqlite")
    disk = Disk.of(root)
    states: list[tuple[dict[str, bytes], int]] = [(dict(disk.disk), 0)]
    for number, (args, _sets) in enumerate(COMMANDS, 1):
        trace = tmp_path / f"commande-{number}.strace"
        done = traced([*ARBITRE, args[0], str(event), *args[1:]], trace, ROOT)
        assert done.returncode == 0, done.stderr
        disk.command = number
        disk.replay(trace, states)
        assert not disk.matches_real_folder(), "une écriture a échappé à strace"
        trace.unlink()
    assert disk.acknowledged == len(COMMANDS)
    with sqlite3.connect(event) as con:
        paired = len([b for b in _games(con) if b[:2] == ("open", 4)])
    assert paired == 7
    # the same disk at several moments: checked with the most acknowledged (the last)
    distinct = {tuple(sorted((n, hash(d)) for n, d in s.items())): (s, a) for s, a in states}
    for index, (state, acknowledged) in enumerate(distinct.values()):
        cut = tmp_path / f"coupure-{index}"
        write_out(state, root, cut)
        try:
            _check(cut, acknowledged, paired)
        except AssertionError as failure:
            raise AssertionError(
                f"coupure n° {index} (après {acknowledged} commandes acquittées) : {failure}"
            ) from None
    assert len(distinct) > 3 * len(COMMANDS), len(distinct)


def test_the_model_drops_what_is_not_synced(tmp_path: Path) -> None:
    """The double itself: a write never synced is gone after the cut, a synced one stays."""
    root = tmp_path / "disque"
    root.mkdir()
    script = (
        "import os, sys\n"
        "fd = os.open(sys.argv[1] + '/a', os.O_CREAT | os.O_WRONLY, 0o644)\n"
        "os.write(fd, b'durable'); os.fsync(fd); print('ok', flush=True)\n"
        "os.pwrite(fd, b'perdu', 2)\n"
    )
    trace = tmp_path / "t.strace"
    assert traced([sys.executable, "-c", script, str(root)], trace, ROOT).returncode == 0
    disk = Disk.of(root)
    disk.seen.clear()
    disk.disk.clear()
    disk.command = 1
    states: list[tuple[dict[str, bytes], int]] = [({}, 0)]
    disk.replay(trace, states)
    assert not disk.matches_real_folder()
    assert (root / "a").read_bytes() == b"duperdu"
    key = os.fspath(root / "a")
    assert [s for s, _ in states] == [{}, {key: b""}, {key: b"durable"}]
    assert [a for _, a in states] == [0, 0, 1]
