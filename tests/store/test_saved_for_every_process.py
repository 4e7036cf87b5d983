"""Issue 13, observations 1 and 2: « enregistré » survives every other process.

Real processes on one SQLite file: the app in tmux (our own socket), stations (an
EventService held open in a process of its own), the command line, the results server.
Nothing in a process that holds a connection to the event file may open that file with
anything but SQLite: closing any descriptor of it drops the process's POSIX locks, so
another process believes it is the last one, checkpoints and deletes the WAL.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest

from ..helpers.cli import new_with_fixture_players
from ..helpers.events import copy_event, knockout_registration_closed
from ..helpers.procs import AppInTmux, Server, Station, cli, games_of_round, journal_ops, tmux

LOCKS = "issue 13: a second open() of the event file drops the process's SQLite locks"


@pytest.fixture(scope="module")
def ko_master(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return knockout_registration_closed(tmp_path_factory.mktemp("ko") / "ko.sqlite")


@pytest.fixture
def apps() -> Iterator[list[AppInTmux]]:
    started: list[AppInTmux] = []
    yield started
    for app in started:
        app.close()
    if started:
        tmux("kill-server", check=False)


def _fresh(master: Path, tmp_path: Path, name: str = "f.sqlite") -> Path:
    return copy_event(master, tmp_path / name)


def _goto(app: AppInTmux, board: int) -> None:
    """Put the cursor on a board with the Ronde pane's `g N Enter`."""
    app.keys("g")
    app.wait_screen(lambda s: "Aller à l'échiquier : _" in s, 10, "the jump prompt")
    for digit in str(board):
        app.keys(digit)
    app.wait_screen(lambda s: f"Aller à l'échiquier : {board}_" in s, 10, "the board number")
    app.keys("Enter")
    app.wait_screen(lambda s: f"Échiquier {board}" in s, 10, f"cursor on board {board}")


def _enter_results(app: AppInTmux, boards: list[int], key: str = "1", label: str = "1-0") -> None:
    """Results on the given boards, each acknowledged « enregistré » on the status line."""
    for board in boards:
        _goto(app, board)
        app.keys(key)
        app.wait_screen(
            partial(_says, f"Échiquier {board} : {label} — enregistré"),
            10,
            f"board {board} saved",
        )


def _pair_in_app(app: AppInTmux) -> None:
    app.keys("a")
    app.wait_screen(lambda s: "Ronde 1 appariée" in s, 60, "round 1 paired")


def _journal_boards(path: Path, key: str) -> list[int]:
    return sorted(e["args"]["board"] for e in journal_ops(path) if e["args"]["tournament"] == key)


def _kept(path: Path, boards: list[int]) -> None:
    """The 1-0 acknowledged on each board of round 1 is in the file, and in the journal."""
    results = games_of_round(path, "open-ko", 1)
    assert {b: results[b] for b in boards} == dict.fromkeys(boards, "1-0")
    assert _journal_boards(path, "open-ko") == boards


def test_app_results_survive_show_and_sigkill(
    ko_master: Path, tmp_path: Path, apps: list[AppInTmux]
) -> None:
    """Observation 1: `a`, `arbitre show` elsewhere, 5 results « enregistré », SIGKILL."""
    path = _fresh(ko_master, tmp_path)
    app = AppInTmux(path)
    apps.append(app)
    _pair_in_app(app)
    assert cli("show", str(path)).returncode == 0
    boards = [1, 2, 3, 4, 5]
    _enter_results(app, boards)
    # a third process sees them while the app still runs
    seen = json.loads(cli("round", str(path), "-t", "open-ko", "--json").stdout)
    assert {g["board"]: g["result"] for g in seen if g["board"] in boards} == dict.fromkeys(
        boards, "1-0"
    )
    app.kill()
    _kept(path, boards)


def test_app_with_web_server_results_survive(
    ko_master: Path, tmp_path: Path, apps: list[AppInTmux]
) -> None:
    """Observation 1, after `w` in the QR pane (the server's own connection in the app)."""
    path = _fresh(ko_master, tmp_path)
    port = _free_port()
    con = sqlite3.connect(path)
    settings = json.loads(con.execute("SELECT settings FROM event").fetchone()[0])
    settings.update(base_url=f"http://127.0.0.1:{port}", serve_host="127.0.0.1")
    with con:
        con.execute("UPDATE event SET settings = ?", (json.dumps(settings),))
    con.close()
    # round 1 paired by the command line: the app itself opens only the server's connection
    assert cli("pair", str(path)).returncode == 0
    app = AppInTmux(path)
    apps.append(app)
    app.keys("q")
    app.wait_screen(lambda s: "QR code" in s, 20, "the QR pane")
    app.keys("w")
    app.wait_screen(lambda s: "Serveur web en marche" in s, 20, "the server")
    app.keys("r")
    app.wait_screen(lambda s: "Ronde 1" in s, 10, "the Ronde pane")
    assert cli("show", str(path)).returncode == 0
    boards = [1, 2, 3]
    _enter_results(app, boards)
    app.kill()
    _kept(path, boards)


def test_two_app_stations_see_each_other_and_keep_all(
    ko_master: Path, tmp_path: Path, apps: list[AppInTmux]
) -> None:
    """Observation 1 with two stations: each sees the other's results; after both quit,
    both stations' results are in the file."""
    path = _fresh(ko_master, tmp_path)
    one = AppInTmux(path)
    apps.append(one)
    _pair_in_app(one)  # its background pairing opens a second connection in its process
    two = AppInTmux(path)
    apps.append(two)
    two.wait_screen(lambda s: "Ronde 1" in s, 10, "station two on round 1")
    _enter_results(one, [1, 2])
    _enter_results(two, [3, 4], key="0", label="0-1")
    # each sees the other's results (the app polls the file every 0.5 s)
    for app, board, label in ((one, 3, "0-1"), (two, 1, "1-0")):
        _goto(app, board)
        app.wait_screen(partial(_row_shows, board=board, label=label), 5, f"board {board}")
    for app in (one, two):
        app.keys("C-q")
    for app in (one, two):
        _wait_dead(app)
    results = games_of_round(path, "open-ko", 1)
    assert [results[b] for b in (1, 2, 3, 4)] == ["1-0", "1-0", "0-1", "0-1"]
    assert _journal_boards(path, "open-ko") == [1, 2, 3, 4]


def test_stale_station_quitting_keeps_command_line_results(
    ko_master: Path, tmp_path: Path, apps: list[AppInTmux]
) -> None:
    """Observation 1, the other way round: what the command line committed (exit 0)
    survives a station quitting, and no journal id is used twice."""
    path = _fresh(ko_master, tmp_path)
    app = AppInTmux(path)
    apps.append(app)
    _pair_in_app(app)
    for board in (10, 11, 12):
        out = cli("result", str(path), str(board), "1")
        assert out.returncode == 0, out.stderr
    cli_ids = [e["id"] for e in journal_ops(path)]
    _enter_results(app, [1, 2])
    app.keys("C-q")
    _wait_dead(app)
    results = games_of_round(path, "open-ko", 1)
    assert [results[b] for b in (1, 2, 10, 11, 12)] == ["1-0"] * 5
    entries = journal_ops(path)
    assert sorted(e["args"]["board"] for e in entries) == [1, 2, 10, 11, 12]
    by_id = {e["id"]: e["args"]["board"] for e in entries}
    assert [by_id.get(i) for i in cli_ids] == [10, 11, 12], "a journal id was reused"


def test_station_process_with_second_connection_keeps_results(
    rr_master: Path, tmp_path: Path
) -> None:
    """Observation 1 without the screen: a station process that opened (and closed) a
    second EventService, as the app's pairing worker and server do; `arbitre show` in
    between; its results are seen by a third process and survive its SIGKILL."""
    path = _fresh(rr_master, tmp_path)
    station = Station(path, "poste-1")
    try:
        station.ok("_second_service")
        assert cli("show", str(path)).returncode == 0
        for board in (1, 2, 3, 4):
            station.ok("record_result", "rr", board, "1-0")
        assert games_of_round(path, "rr") == {1: "1-0", 2: "1-0", 3: "1-0", 4: "1-0"}
        station.kill()
        assert games_of_round(path, "rr") == {1: "1-0", 2: "1-0", 3: "1-0", 4: "1-0"}
        assert _journal_boards(path, "rr") == [1, 2, 3, 4]
    finally:
        station.kill()


def test_station_and_results_server_keep_results(rr_master: Path, tmp_path: Path) -> None:
    """`arbitre serve` (a process of its own) fetched between results of a station;
    everything survives the station's SIGKILL and the server shows the results.

    Passes today: neither process opens a second descriptor of the file once connected.
    """
    path = _fresh(rr_master, tmp_path)
    server = Server(path)
    station = Station(path, "poste-1")
    try:
        for board in (1, 2):
            station.ok("record_result", "rr", board, "1-0")
            assert server.get("/")[0] == 200
        assert cli("show", str(path)).returncode == 0
        station.ok("record_result", "rr", 3, "0-1")
        station.kill()
        assert games_of_round(path, "rr") == {1: "1-0", 2: "1-0", 3: "0-1", 4: None}
        assert _journal_boards(path, "rr") == [1, 2, 3]
    finally:
        station.kill()
        server.close()


def test_refused_pairing_then_close_registration_elsewhere_then_pair(
    tmp_path: Path, apps: list[AppInTmux]
) -> None:
    """Observation 2: `a` refused (registration open) → `arbitre ko close-registration`
    in another process → `a` again pairs, the app keeps running."""
    path = tmp_path / "ko.sqlite"
    new_with_fixture_players("open-ko", path)
    app = AppInTmux(path)
    apps.append(app)
    app.keys("a")
    app.wait_screen(lambda s: "Refusé" in s, 30, "the refusal")
    out = cli("ko", "close-registration", str(path))
    assert out.returncode == 0, out.stderr
    app.keys("a")
    app.wait_screen(
        lambda s: "Ronde 1 appariée" in s or "malformed" in s or not app.alive(), 60, "pairing"
    )
    assert app.alive(), "the app ended"
    assert "Ronde 1 appariée" in app.screen()
    _enter_results(app, [1])
    app.kill()
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    con.close()
    assert games_of_round(path, "open-ko", 1)[1] == "1-0"


_AUDIT = """
import sys, json
from pathlib import Path
from arbitre_tui.operations import EventService
path = str(Path(sys.argv[1]).resolve())
state = {"connected": False, "opens": []}
def hook(event, args):
    if event == "open" and state["connected"] and args and isinstance(args[0], (str, bytes)):
        name = args[0].decode() if isinstance(args[0], bytes) else args[0]
        try:
            same = str(Path(name).resolve()) == path
        except OSError:
            same = False
        if same:
            state["opens"].append(name)
sys.addaudithook(hook)
first = EventService(path, check=False)
state["connected"] = True
# what a station does while it holds its connection: a second connection (pairing
# worker, results server), a backup, an undo, a result
second = EventService(path, check=True)
second.close()
first.store.backup("manuel")
first.record_result("rr", 1, "1-0")
first.undo()
state["connected"] = False
first.close()
print(json.dumps(state["opens"]))
"""


def test_no_open_of_the_event_file_while_connected(rr_master: Path, tmp_path: Path) -> None:
    """The runtime check of the store discipline: an audit hook on `open` records any open
    of the event path while a store connection exists in the process (SQLite's own opens
    go through C and are not audited)."""
    path = _fresh(rr_master, tmp_path)
    out = subprocess.run(
        [sys.executable, "-c", _AUDIT, str(path)],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    opens = json.loads(out.stdout)
    assert opens == [], f"the event file was opened outside SQLite: {opens}"


# -- small helpers ---------------------------------------------------------------------


def _free_port() -> int:
    from ..helpers.procs import free_port

    return free_port()


def _says(words: str, screen: str) -> bool:
    return words in screen


def _row_shows(screen: str, board: int, label: str) -> bool:
    for line in screen.splitlines():
        cells = line.split()
        if cells and cells[0] == str(board) and label in cells:
            return True
    return False


def _wait_dead(app: AppInTmux) -> None:
    from ..helpers.procs import wait_for

    try:
        wait_for(lambda: not app.alive(), 15, "the app to quit")
    except AssertionError:
        app.kill()
        raise
