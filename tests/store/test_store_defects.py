"""Issue 13, the defects a review of the store work found, each as a test (in process: two
services with their own station names stand for two stations on one file)."""

from __future__ import annotations

import os
import pty
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from arbitre_tui.operations import EventService, NeedsConfirmation, OperationError
from arbitre_tui.store import journal as journal_module
from arbitre_tui.store.db import ForbiddenOpen
from arbitre_tui.store.restore import restore_event

from ..conftest import ROOT, make_round_robin
from ..helpers.cli import arbitre


def _two(path: Path) -> tuple[EventService, EventService]:
    return EventService(path, terminal="poste-A"), EventService(path, terminal="poste-B")


def _board(service: EventService, board: int) -> str | None:
    rnd = service.current_round(service.tournament("rr"))
    assert rnd is not None and rnd.id is not None
    game = {g.board: g for g in service.store.games(rnd.id)}[board]
    return game.result.value if game.result else None


@pytest.fixture
def paired(tmp_path: Path) -> Path:
    service = make_round_robin(tmp_path / "e.sqlite", 6)
    service.pair_round("rr", seed=5)
    service.close()
    return tmp_path / "e.sqlite"


def _close_undone(paired: Path) -> EventService:
    """Station A has entered round 1, closed it, and undone the close."""
    a, _b = _two(paired)
    for board in (1, 2, 3):
        a.record_result("rr", board, "1-0")
    a.close_round("rr")
    a.undo(confirm=True)
    return a


def test_redo_refused_once_a_later_action_followed_in_the_tournament(paired: Path) -> None:
    """Undo a close, clear a result, redo the close: it would close with a board empty."""
    a = _close_undone(paired)
    a.clear_result("rr", 2)
    with pytest.raises(OperationError, match="rétablir") as refused:
        a.redo(confirm=True)
    assert not isinstance(refused.value, NeedsConfirmation)
    rnd = a.current_round(a.tournament("rr"))
    assert rnd is not None and not rnd.closed


def test_redo_asks_the_question_of_the_operation_it_redoes(paired: Path) -> None:
    a = _close_undone(paired)
    with pytest.raises(NeedsConfirmation, match="Rétablir la clôture"):
        a.redo()
    assert "rétabli" in a.redo(confirm=True)
    with pytest.raises(OperationError, match="Rien à rétablir"):
        a.redo()  # a redo is not redone (that would undo again)


def test_undo_compares_versions_not_values(paired: Path) -> None:
    """A's 1-0, then B's ½ and B's 1-0 again: A's undo must not wipe B's 1-0."""
    a, b = _two(paired)
    a.record_result("rr", 3, "1-0")
    b.record_result("rr", 3, "=", confirm=True)
    b.record_result("rr", 3, "1-0", confirm=True)
    with pytest.raises(OperationError, match="modifié depuis par l'opération"):
        a.undo()
    assert _board(a, 3) == "1-0"


def test_a_confirmed_overwrite_asks_again_if_the_board_changed_meanwhile(paired: Path) -> None:
    a, b = _two(paired)
    b.record_result("rr", 1, "0-1")
    with pytest.raises(NeedsConfirmation) as asked:
        a.record_result("rr", 1, "1-0")
    b.record_result("rr", 1, "=", confirm=True)  # while A reads the question
    with pytest.raises(NeedsConfirmation, match="déjà ½-½"):
        a.record_result("rr", 1, "1-0", confirm=asked.value.answer())
    assert _board(a, 1) == "=-="


def test_clearing_the_other_stations_result_asks(paired: Path) -> None:
    a, b = _two(paired)
    b.record_result("rr", 2, "0-1")
    with pytest.raises(NeedsConfirmation, match="saisi par le poste-B"):
        a.clear_result("rr", 2)
    assert _board(a, 2) == "0-1"
    a.clear_result("rr", 2, confirm=True)
    assert _board(a, 2) is None


def test_undo_of_a_registration_once_the_tournament_was_paired_is_refused(
    tmp_path: Path,
) -> None:
    """Five players: the one with the free round is in no game, but in the draw."""
    service = make_round_robin(tmp_path / "five.sqlite", 5)
    late = service.journal.last_undoable()
    service.pair_round("rr", seed=3)
    with pytest.raises(OperationError, match="appariée depuis"):
        service.undo(late)


def test_undo_of_the_event_creation_and_of_a_used_tournament_is_refused(tmp_path: Path) -> None:
    service = make_round_robin(tmp_path / "u.sqlite", 4)  # players in it, nothing paired
    with pytest.raises(OperationError, match="création de l'événement"):
        service.undo(1)
    add = service.store.conn.execute(
        "SELECT id FROM journal WHERE op = 'add_tournament'"
    ).fetchone()[0]
    with pytest.raises(OperationError, match="en dépendent"):
        service.undo(add, confirm=True)


def test_waiting_for_the_lock_is_bounded(paired: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(journal_module, "WAIT_SECONDS", 1)
    holder = sqlite3.connect(paired, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        service = EventService(paired, check=False)
        started = time.monotonic()
        with pytest.raises(OperationError, match="occupé par un autre poste"):
            service.record_result("rr", 1, "1-0")
        assert time.monotonic() - started < 5
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_restore_never_rebuilds_a_file_that_is_not_damaged(paired: Path) -> None:
    service = EventService(paired)
    backup = service.store.backup("test")
    service.close()
    con = sqlite3.connect(paired)
    con.execute("PRAGMA user_version = 99")  # written by a newer arbitre
    con.close()
    before = paired.read_bytes()
    with pytest.raises(Exception, match="plus récente"):
        restore_event(paired, backup)
    assert paired.read_bytes() == before
    folder = paired.with_name("photos")
    folder.mkdir()
    with pytest.raises(Exception, match="dossier"):
        restore_event(folder, backup)
    assert folder.is_dir()


def test_two_restores_in_one_second_keep_both_states_aside(paired: Path) -> None:
    service = EventService(paired)
    first = service.store.backup("un")
    service.record_result("rr", 1, "1-0")
    second = service.store.backup("deux")
    service.record_result("rr", 2, "0-1")
    service.close()
    _b1, aside_one = restore_event(paired, first)
    _b2, aside_two = restore_event(paired, second)
    assert aside_one and aside_two and aside_one != aside_two
    con = sqlite3.connect(aside_one)
    kept = dict(con.execute("SELECT board, result FROM games"))
    con.close()
    assert kept[2] == "0-1"  # the state before the first restore is still somewhere


def test_a_backup_whose_path_has_a_hash_restores(paired: Path) -> None:
    service = EventService(paired)
    odd = paired.with_name("a #1 ?x%.sqlite")
    service.store.backup("manuel", odd)
    service.close()
    chosen, _aside = restore_event(paired, odd)
    assert chosen == odd
    assert not paired.with_name("a ").exists()


def test_open_through_a_symlink_of_a_held_file_is_refused(paired: Path) -> None:
    alias = paired.with_name("alias.sqlite")
    alias.symlink_to(paired)
    service = EventService(paired)
    try:
        with pytest.raises(ForbiddenOpen):
            alias.read_bytes()
    finally:
        service.close()


def test_held_files_are_tracked_safely_from_several_threads(paired: Path) -> None:
    errors: list[BaseException] = []

    def churn() -> None:
        try:
            for _ in range(30):
                EventService(paired, check=False).close()
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=churn) for _ in range(3)]
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for t in threads:
            t.start()
        for _ in range(300):
            (paired.parent / "other.txt").write_text("x")  # opens while others register
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(old)
    assert not errors


def test_an_output_path_that_is_the_event_file_is_refused_in_french(paired: Path) -> None:
    out = arbitre("qr", str(paired), str(paired) + "-wal")
    assert out.returncode == 2, out.stderr
    assert "Traceback" not in out.stderr and "fichier du tournoi" in out.stderr


def test_the_station_is_the_terminal_not_the_ssh_session(paired: Path) -> None:
    """Two tmux windows of one SSH session share SSH_TTY; each is its own station."""
    code = "from arbitre_tui.store.stations import terminal_name; print(terminal_name())"
    parent, child = pty.openpty()
    tty = os.ttyname(child)
    try:
        env = {**os.environ, "SSH_TTY": "/dev/pts/999"}
        env.pop("ARBITRE_POSTE", None)
        out = subprocess.run(
            [sys.executable, "-c", code],
            stdin=child,
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
            check=True,
        )
    finally:
        os.close(parent)
        os.close(child)
    # the terminal, then the login session (« #4121 », issue 29.4)
    assert out.stdout.strip().split("#")[0].endswith(f":{tty}"), out.stdout


def test_journal_words_for_results_and_forfeits(paired: Path) -> None:
    service = EventService(paired)
    service.record_result("rr", 1, "=")
    assert service.undo() == "échiquier 1, ½-½"
    service.absent("rr", 2, "white")
    assert "forfait des Blancs" in service.undo()
