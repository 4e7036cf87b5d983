"""Issue 13, observation 3: every operation checks what it reads after BEGIN IMMEDIATE.

Each race is made deterministic with two station processes on one file: station A runs
an operation and stops just before its COMMIT (it holds the write lock, its writes are
done); station B starts its operation and says when it issues BEGIN (what it read before
is what today's code checked); then A commits and B goes on. B must re-read and refuse
(or apply on what is there), never act on what it read before the lock.
"""

from __future__ import annotations

import sqlite3
import sys
import time
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from arbitre_tui.operations import EventService
from arbitre_tui.operations.templates import create_from_template

from ..helpers.events import copy_event
from ..helpers.procs import AppInTmux, Station, games_of_round, tmux, wait_for

CHECK = "issue 13 (3): checks run before the write lock"


@pytest.fixture(scope="module")
def swiss_master(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Marina Viva, Open C (40 players) all checked in: round 1 can be paired."""
    path = tmp_path_factory.mktemp("sw") / "m.sqlite"
    service = create_from_template(path, "marina-viva")
    for p in service.store.players(service.tournament("open-c").id or 0):
        service.check_in(p.id or 0)
    service.close()
    return path


def _two(path: Path, stations: list[Station], **b_options: object) -> tuple[Station, Station]:
    a = Station(path, "poste-A")
    b = Station(path, "poste-B", **b_options)
    stations.extend([a, b])
    return a, b


def _race(
    a: Station, a_call: tuple[Any, ...], b: Station, b_call: tuple[Any, ...]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """A runs a_call and stops before COMMIT; B runs b_call up to its BEGIN; A commits."""
    name, *args = a_call
    a.send(name, *args[:-1], pause=True, **args[-1])
    paused = a.next()
    assert paused.get("paused"), paused
    name, *args = b_call
    b.send(name, *args[:-1], report_begin=True, **args[-1])
    try:
        begun = b.next(timeout=5)
    except AssertionError:
        # no BEGIN seen on B's traced connection (its writes may use another one) and no
        # answer: B is waiting for A's lock
        begun = {"begin": True}
    # B either reached BEGIN (waiting for A's lock) or answered without writing
    if not begun.get("begin"):
        a.go()
        return a.next(), begun
    time.sleep(0.2)  # B is now inside SQLite's busy wait (nothing to poll from outside)
    a.go()
    return a.next(), b.next()


def _french_refusal(answer: dict[str, Any], *words: str) -> None:
    assert not answer["ok"], f"accepted: {answer}"
    assert "OperationError" in answer["bases"], f"not a French refusal: {answer}"
    for word in words:
        assert word in answer["message"], answer["message"]


def _query(path: Path, sql: str, *args: object) -> list[tuple[object, ...]]:
    """Rows read by a plain SQLite reader of the file, as another process would."""
    with closing(sqlite3.connect(path)) as con:
        return [tuple(r) for r in con.execute(sql, args)]


def _round_closed(path: Path, key: str, number: int) -> bool:
    rows = _query(
        path,
        "SELECT r.closed FROM rounds r JOIN tournaments t ON t.id = r.tournament_id "
        "WHERE t.key = ? AND r.number = ?",
        key,
        number,
    )
    return bool(rows and rows[0][0])


def _round_played(path: Path, stations: list[Station]) -> tuple[Station, Station]:
    """Two stations on the round robin; station A has entered all four boards."""
    a, b = _two(path, stations)
    for board in (1, 2, 3, 4):
        a.ok("record_result", "rr", board, "1-0")
    return a, b


def test_result_into_a_round_closed_meanwhile_is_refused(
    rr_file: Path, tmp_path: Path, stations: list[Station]
) -> None:
    a, b = _round_played(rr_file, stations)
    done, answer = _race(
        a,
        ("close_round", "rr", {}),
        b,
        ("record_result", "rr", 4, "0-1", {"round_number": 1, "confirm": True}),
    )
    assert done["ok"], done
    _french_refusal(answer, "close")
    assert games_of_round(rr_file, "rr", 1)[4] == "1-0"


def test_close_refused_when_a_result_was_undone_meanwhile(
    rr_file: Path, tmp_path: Path, stations: list[Station]
) -> None:
    """Undo raced with close: the round must not close with a board empty."""
    a, b = _round_played(rr_file, stations)
    done, answer = _race(a, ("undo", {}), b, ("close_round", "rr", {}))
    assert done["ok"], done
    assert games_of_round(rr_file, "rr", 1)[4] is None
    _french_refusal(answer, "4")
    assert not _round_closed(rr_file, "rr", 1)


def _players(path: Path, key: str) -> list[int]:
    con = sqlite3.connect(path)
    try:
        return [
            r[0]
            for r in con.execute(
                "SELECT p.id FROM players p JOIN tournaments t ON t.id = p.tournament_id "
                "WHERE t.key = ? ORDER BY p.id",
                (key,),
            )
        ]
    finally:
        con.close()


def _half_point_byes(path: Path, key: str, number: int) -> set[int]:
    """Players on a requested bye (not the pairing-allocated one) in round ``number``."""
    rows = _query(
        path,
        "SELECT g.white_id FROM games g JOIN rounds r ON r.id = g.round_id "
        "JOIN tournaments t ON t.id = r.tournament_id "
        "WHERE t.key = ? AND r.number = ? AND g.black_id IS NULL AND g.bye IS NOT NULL "
        "AND g.bye != 'U'",
        key,
        number,
    )
    return {int(str(r[0])) for r in rows}


def test_two_bye_requests_from_two_stations_are_both_kept(
    swiss_master: Path, tmp_path: Path, stations: list[Station]
) -> None:
    path = copy_event(swiss_master, tmp_path / "m.sqlite")
    p1, p2 = _players(path, "open-c")[:2]
    a, b = _two(path, stations)
    done, answer = _race(
        a,
        ("request_bye", p1, 1, {"module": "byes"}),
        b,
        ("request_bye", p2, 1, {"module": "byes"}),
    )
    assert done["ok"] and answer["ok"], (done, answer)
    b.ok("pair_round", "open-c", seed=3)
    assert _half_point_byes(path, "open-c", 1) == {p1, p2}


def test_pairing_keeps_a_bye_requested_meanwhile(
    swiss_master: Path, tmp_path: Path, stations: list[Station]
) -> None:
    path = copy_event(swiss_master, tmp_path / "m.sqlite")
    p1 = _players(path, "open-c")[0]
    a, b = _two(path, stations)
    done, answer = _race(
        a, ("request_bye", p1, 1, {"module": "byes"}), b, ("pair_round", "open-c", {"seed": 3})
    )
    assert done["ok"], done
    if not answer["ok"]:  # refused (« données changées, réessayez ») is acceptable: retry
        _french_refusal(answer)
        b.ok("pair_round", "open-c", seed=3)
    assert _half_point_byes(path, "open-c", 1) == {p1}, "the requested bye was lost"


def test_two_pairings_of_one_section_second_refused_in_french(
    swiss_master: Path, tmp_path: Path, stations: list[Station]
) -> None:
    path = copy_event(swiss_master, tmp_path / "m.sqlite")
    a, b = _two(path, stations)
    done, answer = _race(a, ("pair_round", "open-c", {"seed": 3}), b, ("pair_round", "open-c", {}))
    assert done["ok"], done
    _french_refusal(answer)
    assert "UNIQUE" not in answer["message"] and "constraint" not in answer["message"]
    con = sqlite3.connect(path)
    rounds = con.execute(
        "SELECT count(*) FROM rounds r JOIN tournaments t ON t.id = r.tournament_id "
        "WHERE t.key = 'open-c'"
    ).fetchone()[0]
    con.close()
    assert rounds == 1


def test_refused_youth_pairing_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite"
    service = create_from_template(path, "bas-rhin-jeunes")
    players = service.store.players(service.tournament("u8").id or 0)
    for p in players[:2]:  # two entries: round robin of 1 round, which needs 3 players
        service.check_in(p.id or 0)
    con = sqlite3.connect(path)
    query = "SELECT system, rounds_planned, tiebreaks FROM tournaments WHERE key = 'u8'"
    before = con.execute(query).fetchone()
    journal_before = con.execute("SELECT count(*) FROM journal").fetchone()[0]
    with pytest.raises(Exception) as refused:
        service.pair_round("u8")
    assert type(refused.value).__name__ in ("OperationError", "NeedsConfirmation")
    service.close()
    assert con.execute(query).fetchone() == before
    assert con.execute("SELECT count(*) FROM journal").fetchone()[0] == journal_before
    con.close()


ENGINE = """
import pathlib, sys, time
pathlib.Path(sys.argv[0] + ".started").touch()
time.sleep(float(sys.argv[1]))
pathlib.Path(sys.argv[0] + ".ended").touch()
sys.exit(1)
"""


@pytest.mark.slow
def test_external_engine_never_runs_under_the_write_lock(
    swiss_master: Path, tmp_path: Path, stations: list[Station]
) -> None:
    path = copy_event(swiss_master, tmp_path / "m.sqlite")
    engine = tmp_path / "engine.py"
    engine.write_text(ENGINE)
    a, b = _two(path, stations, wait=False)
    a.ok("update_settings", "open-c", {"external_engine": f"{sys.executable} {engine} 6"})
    a.send("pair_round", "open-c", seed=3)
    started = Path(f"{engine}.started")
    wait_for(started.exists, 30, "the external engine to start")
    other = _players(path, "open-a")[0]
    t0 = time.monotonic()
    answer = b.call("set_paid", other)
    elapsed = time.monotonic() - t0
    still_running = not Path(f"{engine}.ended").exists()
    assert answer["ok"], f"the other station could not write: {answer}"
    # answered while the engine (6 s) still ran: the pairing held no lock meanwhile
    assert still_running, f"the other station waited {elapsed:.1f} s"
    assert a.next(timeout=60)["ok"]


def test_busy_lock_raises_store_busy_without_waiting(
    rr_file: Path, stations: list[Station]
) -> None:
    a, b = _two(rr_file, stations, wait=False)
    a.send("record_result", "rr", 1, "1-0", pause=True)
    assert a.next().get("paused")
    b.send("record_result", "rr", 2, "0-1")
    try:
        answer = b.next(timeout=3)
    finally:
        a.go()
        assert a.next()["ok"]
    # answered while A still held the lock (released only after): it did not wait for it
    assert answer["error"] == "StoreBusy", answer
    assert "StoreBusy" in answer["bases"] and "OperationError" in answer["bases"]
    assert games_of_round(rr_file, "rr", 1)[2] is None
    b.ok("record_result", "rr", 2, "0-1")  # free again: it goes through
    assert games_of_round(rr_file, "rr", 1)[2] == "0-1"


def test_app_stays_responsive_while_another_station_holds_the_lock(
    rr_file: Path, stations: list[Station]
) -> None:
    app = AppInTmux(rr_file)
    try:
        app.wait_screen(lambda s: "Ronde 1" in s, 10, "round 1 shown")
        holder = Station(rr_file, "poste-B")
        stations.append(holder)
        holder.send("record_result", "rr", 4, "0-1", pause=True)
        assert holder.next().get("paused")
        app.keys("1")  # board 1, under the cursor: must wait for the other station
        try:
            shown = app.wait_screen(lambda s: "attente" in s, 3, "« en attente de l'autre poste… »")
            assert "en attente de l'autre poste" in shown
            app.keys("j")  # the screen still answers keys
            app.wait_screen(lambda s: "Joueurs" in s.splitlines()[1], 3, "the Joueurs pane")
        finally:
            holder.go()
            holder.next()
        app.keys("r")
        app.wait_screen(lambda s: "Échiquier 1 : 1-0 — enregistré" in s, 10, "saved after")
        assert games_of_round(rr_file, "rr", 1)[1] == "1-0"
    finally:
        app.close()
        tmux("kill-server", check=False)


def test_store_busy_and_needs_confirmation_are_operation_errors() -> None:
    """The contract's exceptions exist today (they are the lead's first commit)."""
    from arbitre_tui.operations import NeedsConfirmation, OperationError, StoreBusy

    assert issubclass(NeedsConfirmation, OperationError)
    assert issubclass(StoreBusy, OperationError)
    assert StoreBusy("occupé").message == "occupé"
    _ = EventService
