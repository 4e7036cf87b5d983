"""Issue 13, observation 5: undo is this station's, says what it undid, asks for the big
ones, and is refused where a later operation depends on it; redo stays coherent."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from arbitre_tui.operations import EventService, OperationError

from ..conftest import make_round_robin
from ..helpers.procs import AppInTmux, Station, cli, games_of_round, tmux

UNDO = "issue 13 (5): undo crosses stations and dependencies"


def _jid(path: Path, op: str) -> int:
    con = sqlite3.connect(path)
    try:
        return int(con.execute("SELECT max(id) FROM journal WHERE op = ?", (op,)).fetchone()[0])
    finally:
        con.close()


def _refused(answer: dict[str, Any], *words: str) -> None:
    assert not answer["ok"], f"accepted: {answer}"
    assert "OperationError" in answer["bases"], f"not a French refusal: {answer}"
    assert answer["error"] != "NeedsConfirmation", answer
    for w in words:
        assert w in answer["message"], answer["message"]


def _snapshot(path: Path) -> dict[str, list[dict[str, Any]]]:
    service = EventService(path, check=False)
    try:
        return service.store.snapshot()
    finally:
        service.close()


def _data(snap: dict[str, list[dict[str, Any]]]) -> dict[str, list[dict[str, Any]]]:
    """The event's data without the journal (an undo adds to the journal)."""
    return {k: v for k, v in snap.items() if k not in ("journal", "journal_changes")}


def _station_with_round_1_complete(path: Path, stations: list[Station]) -> Station:
    """Station A, which has entered every result of round 1 (1-0 on each board)."""
    a = Station(path, "poste-A")
    stations.append(a)
    for board in (1, 2, 3, 4):
        a.ok("record_result", "rr", board, "1-0")
    return a


def test_undo_is_this_stations_last_operation_and_says_what(
    rr_file: Path, stations: list[Station]
) -> None:
    a = Station(rr_file, "poste-A")
    b = Station(rr_file, "poste-B")
    stations += [a, b]
    a.ok("record_result", "rr", 1, "1-0")
    b.ok("record_result", "rr", 2, "0-1")
    said = a.ok("undo")
    assert games_of_round(rr_file, "rr") == {1: None, 2: "0-1", 3: None, 4: None}
    assert isinstance(said, str), f"undo says nothing readable: {said!r}"
    assert "échiquier 1" in said.lower() and "1-0" in said, said


def _undo_asks(a: Station, path: Path) -> None:
    """Undo on station A asks before it acts, and the question changes nothing."""
    before = _data(_snapshot(path))
    answer = a.call("undo")
    assert answer.get("error") == "NeedsConfirmation", answer
    assert _data(_snapshot(path)) == before, "the question changed something"


def test_undoing_a_pairing_or_a_close_asks_first(rr_file: Path, stations: list[Station]) -> None:
    a = _station_with_round_1_complete(rr_file, stations)
    a.ok("close_round", "rr")
    _undo_asks(a, rr_file)
    a.ok("pair_round", "rr")
    _undo_asks(a, rr_file)
    a.ok("undo", confirm=True)
    assert len(_data(_snapshot(rr_file))["rounds"]) == 1


def test_undo_refused_for_a_result_of_a_round_since_closed(
    rr_file: Path, stations: list[Station]
) -> None:
    a = _station_with_round_1_complete(rr_file, stations)
    result_id = _jid(rr_file, "record_result")
    a.ok("close_round", "rr")
    _refused(a.call("undo", result_id, confirm=True), "close")
    assert games_of_round(rr_file, "rr", 1)[4] == "1-0"


def test_undo_refused_for_a_close_once_the_next_round_is_paired(
    rr_file: Path, stations: list[Station]
) -> None:
    a = _station_with_round_1_complete(rr_file, stations)
    a.ok("close_round", "rr")
    close_id = _jid(rr_file, "close_round")
    a.ok("pair_round", "rr")
    before = _data(_snapshot(rr_file))
    _refused(a.call("undo", close_id, confirm=True))
    assert _data(_snapshot(rr_file)) == before


def test_undo_refused_for_a_check_in_once_the_player_is_paired(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    service = make_round_robin(path, 6)
    for p in service.store.players(service.tournament("rr").id or 0):
        service.check_in(p.id or 0)
    check_in_id = _jid(path, "check_in")
    service.pair_round("rr", seed=1)
    before = _data(service.store.snapshot())
    with pytest.raises(OperationError):
        service.undo(check_in_id)
    assert _data(service.store.snapshot()) == before
    service.close()


def test_undo_refused_for_a_registration_once_the_player_is_paired(tmp_path: Path) -> None:
    """A French OperationError, nothing changed (today: an IntegrityError traceback)."""
    path = tmp_path / "r.sqlite"
    service = make_round_robin(path, 6)
    register_id = _jid(path, "register_player")
    service.pair_round("rr", seed=1)
    before = _data(service.store.snapshot())
    try:
        with pytest.raises(OperationError):
            service.undo(register_id)
    finally:
        after = _data(service.store.snapshot())
        service.close()
    assert after == before


def test_command_line_undo_id_zero_is_refused(rr_file: Path) -> None:
    assert cli("result", str(rr_file), "1", "1").returncode == 0
    out = cli("undo", str(rr_file), "--id", "0")
    assert out.returncode == 2, out.stdout + out.stderr
    assert "Traceback" not in out.stderr
    assert games_of_round(rr_file, "rr")[1] == "1-0"


@pytest.mark.parametrize("bad", ["-3", "999"])
def test_command_line_undo_unknown_or_negative_id_is_refused(rr_file: Path, bad: str) -> None:
    """Passes today (« introuvable »)."""
    assert cli("result", str(rr_file), "1", "1").returncode == 0
    out = cli("undo", str(rr_file), "--id", bad)
    assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr
    assert games_of_round(rr_file, "rr")[1] == "1-0"


def _board_1_entered(path: Path, stations: list[Station]) -> tuple[Station, int]:
    """Station A on the file has entered 1-0 on board 1: the station and that entry's
    journal id."""
    a = Station(path, "poste-A")
    stations.append(a)
    a.ok("record_result", "rr", 1, "1-0")
    return a, _jid(path, "record_result")


def test_undo_already_undone_is_refused(
    rr_file: Path, tmp_path: Path, stations: list[Station]
) -> None:
    """Passes today."""
    a, jid = _board_1_entered(rr_file, stations)
    a.ok("undo", jid)
    _refused(a.call("undo", jid))
    assert games_of_round(rr_file, "rr")[1] is None


def _flags(path: Path) -> dict[int, bool]:
    out = cli("journal", str(path), "--json")
    assert out.returncode == 0, out.stderr
    return {e["id"]: e["undone"] for e in json.loads(out.stdout)}


def test_undo_redo_undo_keeps_state_and_journal_flags_in_step(
    rr_file: Path, tmp_path: Path, stations: list[Station]
) -> None:
    a, x = _board_1_entered(rr_file, stations)

    def coherent(step: str) -> None:
        board = games_of_round(rr_file, "rr")[1]
        flags = _flags(rr_file)
        assert flags[x] == (board is None), f"{step}: board 1 is {board}, journal flag {flags[x]}"

    coherent("after the result")
    a.ok("undo", x)
    undo_id = max(_flags(rr_file))
    coherent("after undo")
    a.ok("undo", undo_id)  # undoing the undo: a redo
    redo_id = max(_flags(rr_file))
    assert games_of_round(rr_file, "rr")[1] == "1-0"
    coherent("after redo")
    a.ok("undo", redo_id)  # undoing the redo: undone again
    assert games_of_round(rr_file, "rr")[1] is None
    coherent("after undoing the redo")
    # and this station's last operation in effect is now none of these: nothing to undo
    # on board 1 by mistake
    answer = a.call("undo")
    assert games_of_round(rr_file, "rr")[1] in (None, "1-0")
    coherent(f"after a further undo ({answer})")


def test_app_u_undoes_its_own_result_and_says_which(rr_file: Path) -> None:
    app = AppInTmux(rr_file)
    try:
        app.wait_screen(lambda s: "Ronde 1" in s, 10, "round 1")
        app.keys("1")  # board 1, under the cursor
        app.wait_screen(lambda s: "Échiquier 1 : 1-0 — enregistré" in s, 10, "saved")
        assert cli("result", str(rr_file), "2", "0").returncode == 0  # the other station
        app.wait_screen(lambda s: "2/4 résultats" in s, 5, "the other station's result")
        app.keys("u")
        screen = app.wait_screen(lambda s: "nnulé" in s, 10, "the undo")
        assert "Annulé : échiquier 1, 1-0" in screen, screen
        assert games_of_round(rr_file, "rr") == {1: None, 2: "0-1", 3: None, 4: None}
    finally:
        app.close()
        tmux("kill-server", check=False)


def test_command_line_undo_of_a_pairing_asks_then_confirm(rr_file: Path) -> None:
    for board in (1, 2, 3, 4):
        assert cli("result", str(rr_file), str(board), "1").returncode == 0
    assert cli("close-round", str(rr_file)).returncode == 0
    assert cli("pair", str(rr_file)).returncode == 0
    pair_id = _jid(rr_file, "pair_round")
    before = _data(_snapshot(rr_file))
    out = cli("undo", str(rr_file), "--id", str(pair_id))
    assert out.returncode == 2, out.stdout + out.stderr
    assert "Traceback" not in out.stderr and "--confirm" in out.stderr, out.stderr
    assert _data(_snapshot(rr_file)) == before
    out = cli("undo", str(rr_file), "--id", str(pair_id), "--confirm")
    assert out.returncode == 0, out.stderr
    assert len(_data(_snapshot(rr_file))["rounds"]) == 1


@pytest.mark.parametrize("bad", [0, -1, 999])
def test_undo_zero_negative_or_unknown_id_refused_by_the_service(rr_file: Path, bad: int) -> None:
    """Passes today through the service (only the command line turns 0 into « the last »)."""
    service = EventService(rr_file)
    try:
        service.record_result("rr", 1, "1-0")
        with pytest.raises(OperationError):
            service.undo(bad)
        assert games_of_round(rr_file, "rr")[1] == "1-0"
    finally:
        service.close()
