"""Issue 13, observation 6: restore and backup that cannot hurt."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import time
from pathlib import Path

from arbitre_tui.operations import EventService
from arbitre_tui.store.backup import backup_dir

from ..helpers.procs import AppInTmux, Server, Station, cli, games_of_round, tmux

RESTORE = "issue 13 (6): restore and backup can hurt"


def _close_round_1_and_pair_round_2(path: Path) -> None:
    """Round 1 closed (which makes its backup), round 2 paired (set up in this process)."""
    service = EventService(path)
    for board in (1, 2, 3, 4):
        service.record_result("rr", board, "1-0")
    assert service.close_round("rr").exists()
    service.pair_round("rr")
    service.close()


def _newest(path: Path, name: str) -> Path:
    """A file in the backups folder, newer than every backup there."""
    folder = backup_dir(path)
    target = folder / f"{path.stem}-29991231-235959-000000-{name}.sqlite"
    target.touch()
    future = time.time() + 3600
    os.utime(target, (future, future))
    return target


def _tournaments(path: Path) -> int:
    con = sqlite3.connect(path)
    try:
        return int(con.execute("SELECT count(*) FROM tournaments").fetchone()[0])
    except sqlite3.DatabaseError:
        return 0
    finally:
        con.close()


def test_restore_never_picks_an_empty_backup(rr_file: Path) -> None:
    _close_round_1_and_pair_round_2(rr_file)
    empty = _newest(rr_file, "manuel")  # what a full disk leaves behind
    out = cli("restore", str(rr_file))
    assert str(empty) not in out.stdout, out.stdout
    assert _tournaments(rr_file) == 1, "the event was emptied"
    assert EventService(rr_file).store.tournament("rr") is not None


def test_restore_never_picks_a_non_arbitre_file(rr_file: Path) -> None:
    _close_round_1_and_pair_round_2(rr_file)
    other = _newest(rr_file, "manuel")
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE notes (x TEXT)")
    con.close()
    out = cli("restore", str(rr_file))
    assert str(other) not in out.stdout, out.stdout
    assert _tournaments(rr_file) == 1


def test_restore_refused_while_the_server_has_the_file_open(rr_file: Path) -> None:
    _close_round_1_and_pair_round_2(rr_file)
    server = Server(rr_file)
    try:
        before = hashlib.sha256(rr_file.read_bytes()).hexdigest()
        out = cli("restore", str(rr_file))
        assert out.returncode == 2, out.stdout + out.stderr
        assert "arbitre serve" in out.stderr and str(server.proc.pid) in out.stderr, out.stderr
        assert hashlib.sha256(rr_file.read_bytes()).hexdigest() == before
        assert not list(rr_file.parent.glob("*.avant-restauration-*"))
        assert games_of_round(rr_file, "rr", 1) == {1: "1-0", 2: "1-0", 3: "1-0", 4: "1-0"}
    finally:
        server.close()


def test_restore_refused_while_a_station_has_the_file_open(rr_file: Path) -> None:
    _close_round_1_and_pair_round_2(rr_file)
    app = AppInTmux(rr_file)
    try:
        app.wait_screen(lambda s: "Ronde 2" in s, 10, "round 2")
        app.keys("1")
        app.wait_screen(lambda s: "Échiquier 1 : 1-0 — enregistré" in s, 10, "saved")
        out = cli("restore", str(rr_file))
        assert out.returncode == 2, out.stdout + out.stderr
        assert "arbitre open" in out.stderr and str(app.pid) in out.stderr, out.stderr
        # the app quits with ctrl+q: `q` opens the QR pane (issue 49.10)
        assert "ctrl+q dans l'app" in out.stderr and "(q dans" not in out.stderr, out.stderr
        app.kill()
        assert games_of_round(rr_file, "rr", 2)[1] == "1-0", "an acknowledged result was lost"
    finally:
        app.close()
        tmux("kill-server", check=False)


def test_aside_copy_holds_results_not_yet_checkpointed(rr_file: Path) -> None:
    assert cli("backup", str(rr_file)).returncode == 0
    station = Station(rr_file, "poste-A")
    for board in (1, 2, 3):
        station.ok("record_result", "rr", board, "0-1")
    station.kill()  # its commits are in the WAL, not yet in the main file
    assert Path(f"{rr_file}-wal").stat().st_size > 0
    out = cli("restore", str(rr_file))
    assert out.returncode == 0, out.stderr
    aside = list(rr_file.parent.glob(f"{rr_file.name}.avant-restauration-*"))
    assert len(aside) == 1, aside
    con = sqlite3.connect(f"file:{aside[0]}?mode=ro", uri=True)
    kept = [r[0] for r in con.execute("SELECT result FROM games ORDER BY board")]
    con.close()
    assert kept[:3] == ["0-1", "0-1", "0-1"], f"the copy kept aside lost results: {kept}"


def test_backup_refuses_an_existing_destination(rr_file: Path, tmp_path: Path) -> None:
    other = tmp_path / "autre-tournoi.sqlite"
    out = cli("new", "--template", "coupe-alsace", str(other))
    assert out.returncode == 0, out.stderr
    before = hashlib.sha256(other.read_bytes()).hexdigest()
    out = cli("backup", str(rr_file), str(other))
    assert out.returncode == 2, out.stdout + out.stderr
    assert "Traceback" not in out.stderr and "existe" in out.stderr, out.stderr
    assert hashlib.sha256(other.read_bytes()).hexdigest() == before


def test_backup_to_a_new_destination_works(rr_file: Path, tmp_path: Path) -> None:
    """Passes today; the refusal above must not stop this."""
    dest = tmp_path / "copie.sqlite"
    out = cli("backup", str(rr_file), str(dest))
    assert out.returncode == 0, out.stderr
    assert _tournaments(dest) == 1


def test_pruning_keeps_round_close_backups(rr_file: Path) -> None:
    service = EventService(rr_file)
    for board in (1, 2, 3, 4):
        service.record_result("rr", board, "1-0")
    closing = service.close_round("rr")
    for _ in range(25):
        service.store.backup("manuel")
    service.close()
    assert closing.exists(), "the round-close backup was pruned"
