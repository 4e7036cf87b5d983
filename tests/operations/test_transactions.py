"""Issue 13, operations: checks inside the write transaction, pairings computed outside the
lock, live state in tables (two stations, two processes, one file)."""

from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from arbitre_tui.operations import EventService, OperationError, byes, engines, swiss
from arbitre_tui.operations.templates import create_from_template
from arbitre_tui.rules import open_rules
from arbitre_tui.rules.models import Bye, Player, System, Tournament
from arbitre_tui.rules.swiss import dutch
from arbitre_tui.rules.swiss.model import RoundPairing, SwissState
from arbitre_tui.store import db
from arbitre_tui.store.errors import StoreBusy
from arbitre_tui.store.schema import MIGRATIONS
from tests.operations.test_swiss_events import FAKE_ENGINE, _open_c_checked_in

from ..helpers.cli import ROOT

# the station whose change made the plan stale, by its name (issue 29.7: not « autre poste »)
CHANGED = "Les données ont changé pendant l'appariement (poste-2) : relancez."


def _station_one(tmp_path: Path) -> EventService:
    """Open C of the Open Marina Viva, everyone checked in, on station 1 (round 1 to pair)."""
    first = _open_c_checked_in(tmp_path)
    path = first.path
    first.close()
    return EventService(path, terminal="poste-1")


def _open_c_players(service: EventService) -> list[int]:
    return [p.id or 0 for p in service.store.players(service.tournament("open-c").id or 0)]


def _half_point_byes(service: EventService, number: int) -> set[int]:
    rnd = service.store.round(service.tournament("open-c").id or 0, number)
    assert rnd is not None
    return {g.white_id for g in service.store.games(rnd.id or 0) if g.bye is Bye.HALF_POINT}


def test_two_bye_requests_for_one_round_from_two_stations_are_both_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Station 2 asks while station 1 is between its check and its write: nothing is lost."""
    one = _station_one(tmp_path)
    two = EventService(one.path, terminal="poste-2")
    a, b = _open_c_players(one)[:2]
    fault = open_rules.half_point_bye_fault
    other: list[threading.Thread] = []
    failures: list[BaseException] = []

    def station_two() -> None:
        try:
            byes.request_bye(two, b, 1)
        except BaseException as exc:  # pragma: no cover - reported below
            failures.append(exc)

    def checking(*args: object, **kwargs: object) -> str | None:
        if not other:  # station 1 has read and is checking: station 2 asks now
            other.append(threading.Thread(target=station_two))
            other[0].start()
            other[0].join(timeout=1.0)  # it waits for the lock (fixed) or finishes (the bug)
        return fault(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(byes, "half_point_bye_fault", checking)
    byes.request_bye(one, a, 1)
    other[0].join(timeout=30)
    assert not other[0].is_alive() and not failures
    monkeypatch.undo()
    rnd = one.pair_round("open-c", seed=1)
    assert _half_point_byes(one, rnd.number) == {a, b}
    two.close()
    one.close()


def test_undoing_one_bye_request_leaves_the_other(tmp_path: Path) -> None:
    one = _station_one(tmp_path)
    two = EventService(one.path, terminal="poste-2")
    a, b = _open_c_players(one)[:2]
    byes.request_bye(one, a, 1)
    byes.request_bye(two, b, 1)
    undone = one.undo()  # station 1's own last operation: its request, not the other's
    assert "ronde 1" in undone
    tid = one.tournament("open-c").id or 0
    assert two.store.bye_requests(tid) == {1: [b]}
    rnd = two.pair_round("open-c", seed=1)
    assert _half_point_byes(two, rnd.number) == {b}
    two.close()
    one.close()


def _engine_with(monkeypatch: pytest.MonkeyPatch, meanwhile: Callable[[int], None]) -> list[int]:
    """The Dutch engine, with ``meanwhile(call)`` run by another station while it computes."""
    engine = dutch.pair_round
    calls: list[int] = []

    def computing(state: SwissState) -> RoundPairing:
        calls.append(len(calls) + 1)
        meanwhile(calls[-1])
        return engine(state)

    monkeypatch.setattr(engines, "pair_round", computing)
    return calls


def test_bye_requested_while_a_swiss_pairing_computes_is_not_lost(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = _station_one(tmp_path)
    # the other station does not wait: the pairing must not hold the lock while it computes
    other = EventService(service.path, terminal="poste-2", wait=False)
    late = _open_c_players(service)[5]

    def ask(call: int) -> None:
        if call == 1:
            byes.request_bye(other, late, 1)

    calls = _engine_with(monkeypatch, ask)
    rnd = service.pair_round("open-c", seed=1)
    assert calls == [1, 2]  # the data changed: computed again, on the new data
    assert late in _half_point_byes(service, rnd.number)
    other.close()
    service.close()


def test_the_dutch_engine_runs_outside_any_transaction(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The snapshot is read, let go, then the engine computes: no read transaction held
    for its seconds (a reader held would keep the WAL from being checkpointed)."""
    service = _station_one(tmp_path)
    open_during: list[bool] = []
    _engine_with(monkeypatch, lambda _call: open_during.append(service.journal.conn.in_transaction))
    service.pair_round("open-c", seed=1)
    assert open_during == [False]
    service.close()


def test_pairing_refused_when_the_data_keep_changing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = _station_one(tmp_path)
    other = EventService(service.path, terminal="poste-2", wait=False)
    players = _open_c_players(service)
    before = service.store.snapshot()

    def ask(call: int) -> None:
        byes.request_bye(other, players[call], 1)

    calls = _engine_with(monkeypatch, ask)
    with pytest.raises(OperationError) as refused:
        service.pair_round("open-c", seed=1)
    assert refused.value.message == CHANGED
    assert calls == [1, 2]
    after = service.store.snapshot()
    assert after["rounds"] == before["rounds"] and after["games"] == before["games"]
    assert len(after["bye_requests"]) == 2  # the other station's two requests, kept
    other.close()
    service.close()


def test_two_pairings_of_one_section_in_two_processes(tmp_path: Path) -> None:
    """Both compute round 1 at once; one writes it, the other is refused in French (exit 2)."""
    service = _station_one(tmp_path)
    path = service.path
    service.close()
    barrier = tmp_path / "barrier"
    barrier.mkdir()
    command = ["pair", str(path), "-t", "open-c"]
    racers = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.helpers.pair_racer", str(barrier), name, *command],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "ARBITRE_POSTE": f"poste {name}"},
        )
        for name in ("a", "b")
    ]
    outcomes = [(p.wait(timeout=120), *p.communicate()) for p in racers]
    codes = [code for code, _, _ in outcomes]
    assert sorted(codes) == [0, 2], outcomes
    refused = next(err for code, _, err in outcomes if code == 2)
    winner = "ab"[codes.index(0)]
    # the other station by its name, and when (issue 29.7: not « autre poste »)
    assert re.search(
        rf"La ronde 1 est déjà appariée \(poste {winner}, \d\d:\d\d:\d\d\)", refused
    ), refused
    assert "Traceback" not in refused
    service = EventService(path)
    tid = service.tournament("open-c").id or 0
    assert [r.number for r in service.store.rounds(tid)] == [1]
    ops = service.store.conn.execute(
        "SELECT count(*) FROM journal WHERE op = 'pair_round'"
    ).fetchone()[0]
    assert ops == 1  # written once
    service.close()


def test_refused_youth_pairing_leaves_the_format_unchanged(tmp_path: Path) -> None:
    service = create_from_template(tmp_path / "j.sqlite", "bas-rhin-jeunes")
    t = service.tournament("u10")
    assert (t.system, t.rounds_planned) == (System.SWISS, 7)  # 16 entries
    nine = [p.id or 0 for p in service.store.players(t.id or 0)][:9]
    for pid in nine:
        service.check_in(pid)  # 9 checked in: Swiss in 5 rounds, decided at round 1
    swiss.prohibit(service, "u10", nine, 1, 1)  # nobody may meet anybody: impossible
    before = service.store.snapshot()
    with pytest.raises(OperationError, match="interdictions"):
        service.pair_round("u10", seed=1)
    assert service.store.snapshot() == before  # no format change, no journal entry
    t = service.tournament("u10")
    assert (t.system, t.rounds_planned) == (System.SWISS, 7)
    service.close()


def test_external_engine_runs_without_the_write_lock(tmp_path: Path) -> None:
    """While the second opinion's engine runs (it sleeps), the other station writes at once."""
    engine = tmp_path / "engine.py"
    started = tmp_path / "engine-started"
    engine.write_text(
        f"import pathlib, time\npathlib.Path({str(started)!r}).touch()\ntime.sleep(3)\n"
        + FAKE_ENGINE.replace("{mode}", "same")
    )
    service = _open_c_checked_in(tmp_path)
    key_b = "open-b"
    for p in service.store.players(service.tournament(key_b).id or 0):
        service.check_in(p.id or 0)
    service.pair_round(key_b, seed=1)
    service.update_settings("open-c", {"external_engine": f"{sys.executable} {engine}"})
    failures: list[BaseException] = []

    def pairing() -> None:
        try:
            service.pair_round("open-c", seed=1)
        except BaseException as exc:  # pragma: no cover - reported below
            failures.append(exc)

    worker = threading.Thread(target=pairing)
    worker.start()
    deadline = time.monotonic() + 60
    while not started.exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert started.exists()
    other = EventService(service.path, terminal="poste-2", wait=False)
    try:
        other.record_result(key_b, 1, "1-0")  # StoreBusy if the engine held the lock
    except StoreBusy:  # pragma: no cover - the failure this test is about
        pytest.fail("the external engine held the write lock")
    assert worker.is_alive()  # saved while the engine was still running: it held no lock
    worker.join(timeout=120)
    assert not failures, failures
    record = service.store.pairing_record(service.tournament("open-c").id or 0, 1)
    assert record is not None and record["second_opinion"]["identical"] is True
    other.close()
    service.close()


def test_migration_4_moves_the_state_of_an_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file of schema 3 (state in tournaments.settings) opens with all of it in tables."""
    path = tmp_path / "old.sqlite"
    with monkeypatch.context() as old:
        old.setattr(db, "MIGRATIONS", MIGRATIONS[:3])
        old.setattr(db, "SCHEMA_VERSION", 3)
        # today's registration writes schema 10's columns (issue 50); a schema-3 file
        # never had them: its rows are written without them, as that program wrote them
        from arbitre_tui.operations import registration as registration_ops
        from arbitre_tui.store import records

        newer = {"rating_standard", "rating_rapid", "rating_blitz", "rating_kinds"}
        newer |= {"licence_type", "ffe_ref", "club_ref", "league"}
        row_of = records.player_row
        old.setattr(
            registration_ops,
            "player_row",
            lambda p: {k: v for k, v in row_of(p).items() if k not in newer},
        )
        service = EventService(path, create=True)
        service.create_event("Ancien", "Ville")
        service.add_tournament(
            Tournament(key="open", name="Open", system=System.SWISS, rounds_planned=5)
        )
        ids = [
            service.register_player("open", Player(surname=f"J{i}", rating_fide=2000 - i))
            for i in range(4)
        ]
        record = {"floaters": [{"player": ids[0], "direction": "down", "score": 10}]}
        settings = {
            "half_point_byes_max": 1,
            "bye_requests": {"2": [ids[0], ids[1]], "3": [ids[2]]},
            "prohibited": [[1, 0, [ids[0], ids[3]]]],
            "manual_changes": {"1": ["ronde 1 : J0 contre J1 imposé par l'arbitre"]},
            "explanations": {"1": record},
            "playoffs": {
                "title": {
                    "seeds": [ids[0], ids[1]],
                    "matches": [[ids[0], ids[1], ids[1], 0.5, 1.5]],
                }
            },
            "initial_colour_drawn": "b",
            "pairing_numbers": [ids[2], ids[0], ids[1], ids[3]],
            "ko": {
                "case": "A",
                "rounds": 2,
                "bracket": 4,
                "validated": ids,
                "waiting": [],
                "byes": [],
                "cancelled": False,
            },
            "roll_of_honour": [["2025", "Club A"], ["2026", "Club B"]],
        }
        service.store.conn.execute(
            "UPDATE tournaments SET settings = ?", (json.dumps(settings, ensure_ascii=False),)
        )
        service.close()
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == 3
    raw.close()
    service = EventService(path)  # migrates to 4
    tid = service.tournament("open").id or 0
    store = service.store
    assert store.bye_requests(tid) == {2: [ids[0], ids[1]], 3: [ids[2]]}
    assert store.prohibitions(tid) == [(1, 0, [ids[0], ids[3]])]
    assert store.manual_changes(tid) == {1: ["ronde 1 : J0 contre J1 imposé par l'arbitre"]}
    assert store.pairing_record(tid, 1) == record
    playoffs = store.playoffs(tid)
    assert playoffs["title"]["seeds"] == [ids[0], ids[1]]
    assert playoffs["title"]["matches"] == [[ids[0], ids[1], ids[1], 0.5, 1.5]]
    assert store.initial_colour_drawn(tid) == "b"
    assert store.pairing_numbers(tid) == [ids[2], ids[0], ids[1], ids[3]]
    ko = store.ko_registration(tid)
    assert ko is not None and (ko["case"], ko["rounds"], ko["validated"]) == ("A", 2, ids)
    assert store.roll_of_honour(tid) == [("2025", "Club A"), ("2026", "Club B")]
    assert service.tournament("open").settings == {"half_point_byes_max": 1}  # configuration
    # the moved state is used: a third bye in round 2 is refused as before (max 1 each)
    with pytest.raises(OperationError, match="déjà un bye"):
        byes.request_bye(service, ids[0], 2)
    service.close()


def test_state_rows_undone_one_by_one(tmp_path: Path) -> None:
    """Two prohibitions from two stations: undoing one leaves the other (no blob restored)."""
    one = _station_one(tmp_path)
    two = EventService(one.path, terminal="poste-2")
    p = _open_c_players(one)
    swiss.prohibit(one, "open-c", [p[0], p[1]])
    swiss.prohibit(two, "open-c", [p[2], p[3]], 1, 2)
    one.undo()
    tid = one.tournament("open-c").id or 0
    assert two.store.prohibitions(tid) == [(1, 2, [p[2], p[3]])]
    one.redo()
    assert {tuple(x[2]) for x in two.store.prohibitions(tid)} == {(p[0], p[1]), (p[2], p[3])}
    two.close()
    one.close()


def test_settings_keep_configuration_only(tmp_path: Path) -> None:
    service = _station_one(tmp_path)
    with pytest.raises(OperationError, match="n'est pas un réglage"):
        service.update_settings("open-c", {"bye_requests": {"1": [1]}})
    service.update_settings("open-c", {"half_point_byes_max": 1})  # configuration: fine
    assert service.tournament("open-c").settings["half_point_byes_max"] == 1
    service.close()


def test_undo_of_a_bye_request_refused_once_its_round_is_paired(tmp_path: Path) -> None:
    service = _station_one(tmp_path)
    a = _open_c_players(service)[0]
    byes.request_bye(service, a, 1)
    service.pair_round("open-c", seed=1)
    target = service.store.conn.execute(
        "SELECT id FROM journal WHERE op = 'request_bye'"
    ).fetchone()[0]
    with pytest.raises(OperationError, match="la ronde 1 a été appariée depuis"):
        service.undo(target)
    assert _half_point_byes(service, 1) == {a}
    assert service.store.bye_requests(service.tournament("open-c").id or 0) == {1: [a]}
    service.close()


def test_undo_of_a_registration_close_refused_once_the_bracket_is_paired(tmp_path: Path) -> None:
    from arbitre_tui.operations import knockout

    service = create_from_template(tmp_path / "ko.sqlite", "open-ko")
    knockout.close_registration(service, "open-ko")
    service.pair_round("open-ko", seed=1)
    target = service.store.conn.execute(
        "SELECT id FROM journal WHERE op = 'ko_close_registration'"
    ).fetchone()[0]
    with pytest.raises(OperationError, match="la ronde 1 a été appariée depuis"):
        service.undo(target, confirm=True)
    assert knockout.status(service, "open-ko")["registration_closed"]
    service.close()
