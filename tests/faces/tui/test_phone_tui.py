"""The arbiter's side of the phones (issue 36): the Ronde pane's « Proposé » column and its
line, `o` and `O` confirming — a round played from phones through the real server on
127.0.0.1 and confirmed in the real app in a terminal, read back from the file."""

from __future__ import annotations

import json
import urllib.parse
from pathlib import Path

import pytest

from arbitre_tui.faces.web.server import ServerThread
from arbitre_tui.operations import EventService, reporting
from arbitre_tui.publish.html.reporting import board_path

from ...helpers.cli import arbitre
from ...helpers.events import copy_event
from ...helpers.pty_app import ENTER, PtyApp
from ...helpers.screen import pause_until
from ..web.test_phone_web import Client, _event, paired_master
from .test_snapshots import SIZE, SnapCompare, _app, frozen_demo, frozen_master

# the snapshots' fixtures, and the phones' round robin (reporting on, built once), used here
__all__ = ["frozen_demo", "frozen_master", "paired_master"]


@pytest.fixture
def paired(paired_master: Path, tmp_path: Path) -> Path:
    """A private copy of ``paired_master``: ``_event`` with `phones on`."""
    return copy_event(paired_master, tmp_path / "club.sqlite")


def _games(path: Path) -> dict[int, str | None]:
    out = arbitre("show", str(path), "--json")
    assert out.returncode == 0, out.stderr
    return {g["board"]: g["result"] for g in json.loads(out.stdout)["games"]}


def test_ronde_shows_the_phones_proposals(snap_compare: SnapCompare, frozen_demo: Path) -> None:
    """80×24: « Proposé » beside each board — both agree (2/2), one said (1/2), they
    disagree (≠) — and the line « 3 propositions en attente … »."""
    service = EventService(frozen_demo)
    reporting.set_enabled(service, True)
    codes = {(c.board, c.side): c.code for c in reporting.codes(service, "open-a")}
    said = [(1, "white", "1"), (1, "black", "1-0"), (2, "black", "="), (3, "white", "1")]
    said += [(3, "black", "0")]
    for k, (board, side, result) in enumerate(said):  # each from its own phone
        reporting.propose_result(service, "open-a", 3, board, codes[board, side], result, f"t{k}")
    service.close()
    assert snap_compare(_app(frozen_demo, "open-a"), press=[], terminal_size=SIZE)


@pytest.mark.slow
def test_a_round_from_phones_confirmed_in_the_app(paired: Path) -> None:
    """Two proposals per board from the phones; in the app `o` confirms board 1, `O` every
    other agreeing board, the board in conflict is refused and stays empty; `u` undoes
    the last confirmation like any result."""
    path = paired
    service = EventService(path)
    codes = {(c.board, c.side): c.code for c in reporting.codes(service, "rr")}
    service.close()
    # two phones per board, both through loopback: the shared-address case
    assert arbitre("settings", "set", str(path), "phones_shared_address", "oui").returncode == 0
    srv = ServerThread(path, port=0, reporting=True)
    srv.start()
    try:
        with PtyApp(path, "rr") as app:
            posted = len(app.output)
            said = {1: ("1", "1"), 2: ("=", "="), 3: ("1", "0")}
            for board, (white, black) in said.items():
                for side, result in (("white", white), ("black", black)):
                    phone = Client(srv.port)  # each player his own phone
                    phone.request("GET", board_path("rr", 1, board, codes[board, side]))
                    form = urllib.parse.urlencode({"code": codes[board, side], "result": result})
                    status, _, _ = phone.request("POST", board_path("rr", 1, board), form)
                    assert status == 303
            # the app sees the file change (it polls): « 3 propositions en attente … »; a
            # settle(quiet=1.2) here never found 1.2 s without the clock's draw, and took 35 s
            app.wait_drawn("propositions en attente", since=posted)
            screen = app.output.decode("utf-8", "replace")
            assert "Proposé" in screen and "en attente" in screen
            assert _games(path) == {1: None, 2: None, 3: None}
            app.slowly(["o"])  # board 1, under the cursor
            assert _games(path) == {1: "1-0", 2: None, 3: None}
            app.slowly(["g", "3", ENTER, "o"])  # in conflict: refused, nothing written
            assert _games(path) == {1: "1-0", 2: None, 3: None}
            shown = len(app.output)
            app.slowly(["O"])
            assert _games(path) == {1: "1-0", 2: "=-=", 3: None}
            app.wait_drawn("laissé : 3 (conflit)", since=shown)  # what it left, and why
            app.slowly(["u"])  # undone as any result
            assert _games(path) == {1: "1-0", 2: None, 3: None}
            assert app.quit() == 0
    finally:
        srv.stop()
    out = arbitre("phones", "status", str(path))
    assert "conflit : 1-0 / 0-1" in out.stdout and "½-½ proposé (2/2)" in out.stdout


async def test_check_ins_from_phones_accepted_in_bulk_in_joueurs(tmp_path: Path) -> None:
    """Before round 1: two players said « je suis là » from their phones; Joueurs marks
    them « proposé » and says so; `P` checks both in, one operation that ctrl+z undoes."""
    from textual.widgets import Static

    from ...helpers.screen import app_on

    path = _event(tmp_path, pair=False)
    assert arbitre("phones", "on", str(path)).returncode == 0
    service = EventService(path)
    ids = [p.id or 0 for p in service.store.players(service.tournament("rr").id or 0)]
    for pid in ids[:2]:
        reporting.propose_checkin(service, pid, reporting.player_code(service, pid), "test")
    service.close()
    async with app_on(path, "j", "rr") as (app, pilot):
        table = app.query_one("#joueurs-table")
        cells = {str(table.get_row_at(i)[0]): str(table.get_row_at(i)[4]) for i in range(6)}  # type: ignore[attr-defined]
        assert sorted(v for v in cells.values()) == ["proposé", "proposé", "—", "—", "—", "—"]
        note = str(app.query_one("#joueurs-note", Static).content)
        assert "2 pointages proposés depuis les téléphones : P les pointe tous" in note
        await pilot.press("P")
        await pilot.pause()
        checked = {p.id for p in EventService(path).store.players(1) if p.checked_in}
        assert checked == set(ids[:2])
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert not any(p.checked_in for p in EventService(path).store.players(1))


async def test_the_wall_display_shows_proposed_results(paired: Path) -> None:
    """`arbitre display`: a board with a proposal waiting reads « résultat proposé » (never
    which one: the arbiter has not ruled); confirmed, its result."""
    from textual.widgets import DataTable

    from arbitre_tui.faces.tui.display import DisplayApp

    path = paired
    service = EventService(path)
    codes = {(c.board, c.side): c.code for c in reporting.codes(service, "rr")}
    for side in ("white", "black"):
        reporting.propose_result(service, "rr", 1, 2, codes[2, side], "0", side)
    app = DisplayApp(path, "rr", seconds=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        table = app.query_one("#table", DataTable)
        cells = [str(table.get_row_at(i)[2]) for i in range(3)]
        assert cells == ["", "résultat proposé", ""]
        reporting.confirm(service, "rr", 2)
        # it follows the file (data_version)
        await pause_until(pilot, lambda: str(table.get_row_at(1)[2]) == "0-1", 1.2)
        cells = [str(table.get_row_at(i)[2]) for i in range(3)]
        assert cells == ["", "0-1", ""]
    service.close()


async def test_l_in_the_qr_pane_lifts_the_phones_lock_out(paired: Path) -> None:
    """A board shut out after wrong codes from one address (the hall's router): `L` in
    the QR pane lifts it on the server the app started; without a server it says so."""
    from textual.widgets import Static

    from ...helpers.screen import app_on

    service = EventService(paired)
    code = next(c.code for c in reporting.codes(service, "rr") if c.board == 1)
    service.close()
    async with app_on(paired, "q", "rr") as (app, pilot):
        await pilot.press("L")
        await pilot.pause()
        said = " ".join(str(s.content) for s in app.query(Static))
        assert "rien à débloquer" in said
        srv = ServerThread(paired, port=0, reporting=True)
        srv.start()
        app.web_server = srv
        try:
            phone = Client(srv.port)
            for _ in range(5):
                assert phone.propose(1, "a" * 10, "1") == 403
            assert phone.propose(1, code, "1") == 429
            await pilot.press("L")
            await pilot.pause()
            assert phone.propose(1, code, "1") == 303
        finally:
            srv.stop()
