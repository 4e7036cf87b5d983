"""Issue 20: results typed again from the signed score sheets. An écart must be settled
before the round closes; entries and decisions are journaled and undone; two processes
on one file; the real app by Pilot and through a terminal, keys in one write."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from arbitre_tui.faces.tui.app import ArbitreApp
from arbitre_tui.operations import EventService, OperationError
from arbitre_tui.operations.verification import settle_result, verify_result
from arbitre_tui.rules.models import Result
from tests.helpers.cli import arbitre
from tests.helpers.pty_app import ENTER, PtyApp, each_mode


def _state(path: Path, key: str = "open-a") -> dict[int, tuple[str, str | None, str | None]]:
    """Board → (entry, sheet, settled) of the last round, read back from the file."""
    service = EventService(path)
    try:
        rnd = service.current_round(service.tournament(key))
        assert rnd is not None and rnd.id is not None
        checks = service.store.result_checks(rnd.id)
        return {
            g.board: (
                str(g.result),
                checks[g.id]["result"] if g.id in checks else None,
                checks[g.id]["settled"] if g.id in checks else None,
            )
            for g in service.store.games(rnd.id)
        }
    finally:
        service.close()


def _fill(service: EventService, key: str = "open-a") -> None:
    """A result on every board of the round (1-0)."""
    rnd = service.current_round(service.tournament(key))
    assert rnd is not None
    for g in service.store.games(rnd.id or 0):
        if g.black_id is not None and g.result is None:
            service.record_result(key, g.board, "1")


def test_two_processes_an_ecart_blocks_the_close(demo_file: Path) -> None:
    """This process entered the results; the other one (the CLI) types the sheets again."""
    station = EventService(demo_file)
    _fill(station)
    file = str(demo_file)
    assert arbitre("verify", file, "1", "1", "-t", "open-a").returncode == 0
    done = arbitre("verify", file, "4", "=", "-t", "open-a")
    assert done.returncode == 0 and "ÉCART — saisi 1-0, feuille ½-½" in done.stdout
    done = arbitre("verify", file, "7", "0", "-t", "open-a")
    assert "ÉCART" in done.stdout
    with pytest.raises(OperationError) as refused:
        station.close_round("open-a")
    assert refused.value.message.startswith(
        "Écart avec la feuille de partie en ronde 3 : échiquiers 4, 7. Tranchez"
    )
    done = arbitre("close-round", file, "-t", "open-a")
    assert done.returncode == 2 and "échiquiers 4, 7" in done.stderr
    assert arbitre("settle", file, "4", "feuille", "-t", "open-a").returncode == 0
    settle_result(station, "open-a", 7, "saisie")
    state = _state(demo_file)
    assert state[1] == ("1-0", "1-0", None)
    assert state[4] == ("=-=", "=-=", "feuille") and state[7] == ("1-0", "1-0", "saisie")
    listing = arbitre("verify", file, "-t", "open-a").stdout
    assert "3/60 feuilles conformes, 0 écart(s)" in listing
    station.close_round("open-a")
    kept = station.journal.last_undoable(station.journal.terminal)  # the close
    assert kept is not None
    with pytest.raises(OperationError, match="la ronde 3 est close depuis"):
        station.undo(kept - 1)  # the écart settled « saisie »: the round is closed since
    station.close()


def test_entries_are_journaled_undone_and_refused_in_french(demo_file: Path) -> None:
    service = EventService(demo_file)
    service.record_result("open-a", 2, "1")
    with pytest.raises(OperationError, match="Échiquier 3 : aucun résultat saisi"):
        verify_result(service, "open-a", 3, "1")
    checked = verify_result(service, "open-a", 2, "0")
    assert not checked.agrees and checked.entered is Result.WHITE_WINS
    with pytest.raises(OperationError, match="pas d'écart"):
        settle_result(service, "open-a", 1, "feuille")
    settle_result(service, "open-a", 2, "feuille")
    assert _state(demo_file)[2] == ("0-1", "0-1", "feuille")
    assert service.undo() == "écart tranché, ronde 3, échiquier 2"
    assert _state(demo_file)[2] == ("1-0", "0-1", None)
    assert service.undo() == "vérification sur la feuille, ronde 3, échiquier 2"
    assert _state(demo_file)[2] == ("1-0", None, None)
    # the setting: every sheet checked before the close
    service.update_settings("open-a", {"verify_results": True})
    _fill(service)
    with pytest.raises(OperationError, match="Feuilles non vérifiées en ronde 3 : échiquiers 1, 2"):
        service.close_round("open-a")
    service.close()


async def test_verification_mode_in_the_app(demo_file: Path) -> None:
    """`v`: the keys enter the sheets and move on; `T` settles; `x` is refused meanwhile."""
    app = ArbitreApp(demo_file, tournament="open-a")
    async with app.run_test(size=(80, 24)) as pilot:
        # 1-0 on board 1, ½-½ on board 2, back to board 1: after each result the selection
        # moves to the next board without one (issue 49.7), hence no « down », two « up »
        await pilot.press("1", "equals_sign", "up", "up", "v")
        await pilot.pause()
        await pilot.press("1", "0")  # board 1 agrees; board 2: ½-½ entered, 0-1 on the sheet
        await pilot.pause()
        pane: Any = app.query_one("#ronde")
        assert pane.verifying and pane.selected_key() == "3"
        assert pane.shown_row("2")[3] == "½-½ ≠ 0-1" and pane.shown_row("1")[3] == "1-0 ✓"
        assert "1/60 conformes, 1 écart(s)" in str(app.query_one("#ronde-title").render())
        await pilot.press("up", "T", "f")
        await pilot.pause()
        assert pane.shown_row("2")[3] == "0-1 ✓"
        await pilot.press("v")
        await pilot.pause()
        assert not pane.verifying and pane.shown_row("2")[3] == "0-1"
    assert _state(demo_file)[2] == ("0-1", "0-1", "feuille")


@pytest.mark.slow
def test_verification_keys_in_one_write(demo_file: Path, tmp_path: Path) -> None:
    """The real app in a terminal: results, then the sheets, then the écart settled —
    once typed slowly, once in one write: the same records, and right."""
    writes = ["1", f"g2{ENTER}=", f"g3{ENTER}0", f"g1{ENTER}v1=1", f"g3{ENTER}Tf"]

    def run(mode: str) -> dict[int, Any]:  # both at once, each its own app (each_mode)
        path = tmp_path / f"{mode}.sqlite"
        shutil.copy(demo_file, path)
        with PtyApp(path, "open-a") as app:
            for write in writes:
                (app.slowly if mode == "slow" else app.burst)(list(write))
            assert app.quit() == 0
        return {b: s for b, s in _state(path).items() if b <= 4}

    slow, burst = each_mode(run)
    assert burst == slow
    assert burst[1] == ("1-0", "1-0", None) and burst[2] == ("=-=", "=-=", None)
    assert burst[3] == ("1-0", "1-0", "feuille")  # the sheet said 1-0, the entry 0-1
    assert burst[4] == ("None", None, None)
