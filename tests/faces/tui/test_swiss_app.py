"""Swiss events in the real app (Pilot, 80×24): check-in mode, pairing, results, byes."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from textual.widgets import Static

from arbitre_tui.faces.tui.app import ArbitreApp
from arbitre_tui.operations import EventService
from arbitre_tui.operations.templates import create_from_template
from arbitre_tui.rules.models import Bye, Result, StoredPlayer


def _event(tmp_path: Path, check_in: bool) -> Path:
    path = tmp_path / "marina.sqlite"
    service = create_from_template(path, "marina-viva")
    if check_in:
        for p in service.store.players(service.tournament("open-c").id or 0):
            service.check_in(p.id or 0)
    service.close()
    return path


async def test_check_in_mode_by_letters_and_enter(tmp_path: Path) -> None:
    path = _event(tmp_path, check_in=False)
    service = EventService(path)
    tid = service.tournament("open-c").id or 0
    target = sorted(service.store.players(tid), key=lambda p: p.name)[5]
    app = ArbitreApp(path, tournament="open-c")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("j", "slash")
        await pilot.press(*target.surname.lower()[:4])
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        # letters did not switch panes nor trigger other keys
        title = app.query_one("#joueurs-title", Static)
        assert "pointés 1 / 40" in str(title.content)
        await pilot.press("escape")
    checked = [p for p in service.store.players(tid) if p.checked_in]
    assert checked[0].surname.lower().startswith(target.surname.lower()[:4])
    assert len(checked) == 1


async def test_check_in_mode_says_on_its_line_who_was_already_checked_in(
    tmp_path: Path,
) -> None:
    """The check-in by name stays open over the status line: « déjà pointé(e) » said
    there was never seen (Entrée seemed to do nothing)."""
    from tests.helpers.screen import bottom_line

    path = _event(tmp_path, check_in=True)
    service = EventService(path)
    target = service.store.players(service.tournament("open-c").id or 0)[0]
    service.close()
    app = ArbitreApp(path, tournament="open-c")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("j", "slash", *target.name.lower(), "enter")
        await pilot.pause()
        said = bottom_line(app)
        assert f"{target.name} (N° " in said and "déjà pointé(e)" in said, said
        await pilot.press("a")  # the next key: the reason goes, the line is typed again
        await pilot.pause()
        assert "déjà" not in bottom_line(app)


async def test_pair_enter_results_and_forfeit_by_keys(tmp_path: Path) -> None:
    path = _event(tmp_path, check_in=True)
    service = EventService(path)
    app = ArbitreApp(path, tournament="open-c")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r", "a")
        await app.workers.wait_for_complete()  # the pairing runs off the UI thread
        await pilot.pause()
        t = service.tournament("open-c")
        rnd = service.current_round(t)
        assert rnd is not None and rnd.number == 1
        # one key a board: the selection moves on after each result (issue 49.7)
        await pilot.press("1", "equals_sign", "0")
        await pilot.pause()
        games = service.store.games(rnd.id or 0)
        assert [g.result for g in games[:3]] == [
            Result.WHITE_WINS,
            Result.DRAW,
            Result.BLACK_WINS,
        ]
        await pilot.press("f", "b")  # board 4: already selected after board 3's result
        await pilot.pause()
        fourth = service.store.games(rnd.id or 0)[3]
        assert fourth.result is Result.BLACK_FORFEIT_WIN
        absent = service.store.player(fourth.white_id)
        assert absent is not None and absent.excluded  # regulation 002: excluded unless kept
        await pilot.press("e")
        await pilot.pause()
        note = app.query_one("#ronde-note", Static)
        assert "E.5" in str(note.content)


def _first_row(service: EventService, key: str) -> StoredPlayer:
    from arbitre_tui.views.reader import Reader

    reader = Reader(service)
    t = reader.tournament(key)
    numbers = reader.numbers(t)
    return min(reader.players(t), key=lambda p: numbers[p.id])


async def test_half_point_bye_by_key_and_refusal(tmp_path: Path) -> None:
    path = _event(tmp_path, check_in=True)
    service = EventService(path)
    tid = service.tournament("open-c").id or 0
    app = ArbitreApp(path, tournament="open-c")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("j", "h", "2", "enter")
        await pilot.pause()
        await pilot.press("h", "8", "enter")  # refused: no bye in round 8
        await pilot.pause()
        status = str(app.query_one("#status", Static).content)
        assert "Refusé" in status and "ronde 8" in status
    first = _first_row(service, "open-c")  # N° 1: the pane's first row (issue 49.5)
    requests = service.store.bye_requests(tid)
    assert requests == {2: [first.id]}
    # the bye is honoured when round 2 is paired
    service.pair_round("open-c", seed=1)
    for g in service.store.games(service.current_round(service.tournament("open-c")).id or 0):  # type: ignore[union-attr]
        if g.black_id is not None:
            service.record_result("open-c", g.board, "1")
    service.close_round("open-c")
    rnd = service.pair_round("open-c", seed=2)
    byes = [g for g in service.store.games(rnd.id or 0) if g.bye is Bye.HALF_POINT]
    assert [g.white_id for g in byes] == [first.id]


async def test_pairing_runs_in_the_background_and_holds_other_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the engine works, keys still answer; a write is refused (the pairing read the
    state it commits on); the round shows once its commit returned."""
    path = _event(tmp_path, check_in=True)
    service = EventService(path)
    release = threading.Event()
    started = threading.Event()
    real = EventService.pair_round
    threads: list[str] = []

    def held(self: EventService, key: str, *args: object, **kw: object) -> object:
        threads.append(threading.current_thread().name)
        started.set()
        assert release.wait(30)
        return real(self, key, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(EventService, "pair_round", held)
    app = ArbitreApp(path, tournament="open-c")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r", "a")
        assert started.wait(10)
        await pilot.pause()
        status = app.query_one("#status", Static)
        assert "Appariement de la ronde 1 en cours" in str(status.content)
        await pilot.press("u")  # undo: a write, refused while the pairing runs
        await pilot.pause()
        assert "Refusé : appariement de la ronde 1 en cours" in str(status.content)
        await pilot.press("s")  # the app still answers: another pane shows
        await pilot.pause()
        assert app.query_one("#panes").current == "classement"  # type: ignore[attr-defined]
        t = service.tournament("open-c")
        assert service.current_round(t) is None  # nothing shown as done, nothing written
        release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "✓ Ronde 1 appariée" in str(status.content)
        rnd = service.current_round(t)
        assert rnd is not None and rnd.number == 1 and service.store.games(rnd.id or 0)
        await pilot.press("r")
        await pilot.pause()
        assert "Ronde 1" in str(app.query_one("#ronde-title", Static).content)
    assert threads and threads[0] != threading.main_thread().name
