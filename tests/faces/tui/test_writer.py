"""A write the other station holds up: queued in order on the writer thread, « en
attente de l'autre poste… » meanwhile, « ✓ » only once committed (issue 14 / 13)."""

from __future__ import annotations

import re
import sqlite3
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from textual.pilot import Pilot

from arbitre_tui.faces.tui.app import ArbitreApp
from arbitre_tui.operations import EventService
from arbitre_tui.rules.models import Result
from tests.helpers.pty_app import ENTER, PtyApp
from tests.helpers.screen import bottom_line, pause_until


def _results(path: Path, key: str = "open-ko") -> dict[int, str | None]:
    service = EventService(path)
    try:
        rnd = service.current_round(service.tournament(key))
        assert rnd is not None
        return {
            g.board: (g.result.value if g.result else None)
            for g in service.store.games(rnd.id or 0)
        }
    finally:
        service.close()


@asynccontextmanager
async def _other_station_writing(
    ko_master: Path, tmp_path: Path
) -> AsyncIterator[tuple[Path, sqlite3.Connection, ArbitreApp, Pilot[int]]]:
    """The knockout in the app at 80×24, painted, and another connection holding the
    write lock (BEGIN IMMEDIATE) until the test rolls it back."""
    import shutil

    path = tmp_path / "ko.sqlite"
    shutil.copy(ko_master, path)
    other = sqlite3.connect(path, isolation_level=None)  # the other station, writing
    app = ArbitreApp(path)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            other.execute("BEGIN IMMEDIATE")
            yield path, other, app, pilot
    finally:
        other.close()


def _said_saved(app: ArbitreApp, board: int) -> bool:
    """« Échiquier N : … enregistré » on the status line, or in the message under an open
    prompt."""
    from textual.widgets import Static

    from arbitre_tui.faces.tui.prompts import Prompt

    said = bottom_line(app)
    if isinstance(app.screen, Prompt):
        said = str(app.screen.query_one("#prompt-message", Static).content)
    return f"Échiquier {board} :" in said and "enregistré" in said


async def _until_saved(path: Path, board: int, pilot: Pilot[int], app: ArbitreApp) -> None:
    """The other station let go: until the writer has saved ``board``'s result, and said so."""
    await pause_until(
        pilot, lambda: _results(path)[board] is not None and _said_saved(app, board), 60
    )


async def test_results_wait_for_the_other_station_and_keep_their_order(
    ko_master: Path, tmp_path: Path
) -> None:
    async with _other_station_writing(ko_master, tmp_path) as (path, other, app, pilot):
        await pilot.press("1", "down", "0")
        await pilot.pause()
        assert "en attente de l'autre poste" in bottom_line(app)
        assert "✓" not in bottom_line(app)
        other.execute("ROLLBACK")
        await _until_saved(path, 2, pilot, app)
        assert "✓ Échiquier 2 : 0-1 — enregistré" in bottom_line(app)
    results = _results(path)
    assert (results[1], results[2]) == ("1-0", "0-1")
    service = EventService(path)
    ops = [
        row[0]
        for row in service.store.conn.execute(
            "SELECT args FROM journal WHERE op = 'record_result' ORDER BY id"
        )
    ]
    service.close()
    assert ['"board": 1' in ops[0], '"board": 2' in ops[1]] == [True, True]


async def test_a_prompt_opened_over_a_waiting_write_says_it_waits(
    ko_master: Path, tmp_path: Path
) -> None:
    """A result held up by the other station, then `g` at once: the jump prompt covers the
    status line, and a one-line message stays under it — but « en attente de l'autre
    poste » is shown above the question until the write is saved (then « enregistré », a
    line the prompt covers as before)."""
    from textual.widgets import Static

    from arbitre_tui.faces.tui.prompts import Prompt

    async with _other_station_writing(ko_master, tmp_path) as (path, other, app, pilot):
        await pilot.press("1", "g")
        await pilot.pause()
        assert isinstance(app.screen, Prompt)
        message = app.screen.query_one("#prompt-message", Static)
        assert message.display and "en attente de l'autre poste" in str(message.content)
        other.execute("ROLLBACK")
        await _until_saved(path, 1, pilot, app)
        assert isinstance(app.screen, Prompt)  # still open, still the jump
        message = app.screen.query_one("#prompt-message", Static)
        assert "enregistré" in str(message.content) and not message.display
        await pilot.press("escape")
    assert _results(path)[1] == "1-0"


@pytest.mark.slow
def test_a_question_from_the_writer_waits_for_the_open_prompt(tmp_path: Path) -> None:
    """Issue 29.8, the soak's stalled jump prompt (« 3_ » 10 s after Entrée, right after a
    refused `a`): a result held up by the other station went to the writer thread; its
    « remplacer ? » came back while « Aller à l'échiquier : 3_ » was open, opened on top
    of it and took the Entrée meant for the jump (« Entrée ne répond pas à la question »):
    the jump prompt stayed, the next keys went into it. The question now waits until the
    prompt on screen is closed. Through the real terminal, each burst in one write."""
    from tests.helpers.events import round_robin_paired

    path = round_robin_paired(tmp_path / "rr.sqlite", 8)
    service = EventService(path)
    service.record_result("rr", 2, Result.WHITE_WINS)  # board 2: 1-0, from elsewhere
    service.close()
    other = sqlite3.connect(path, isolation_level=None)  # the other station, writing
    with PtyApp(path, "rr") as app:
        app.burst(["a"])  # refused (round 1 is not closed), once the pairing has read
        assert _wait_drawn(app, 0, "Refusé")
        other.execute("BEGIN IMMEDIATE")
        seen = len(app.output)
        # 0-1 on board 2 waits for the other station (writer thread); then « g3 »
        app.burst(["g", "2", ENTER, "0", "g", "3"])
        # the 0-1 waits: board 2 still holds 1-0 and the jump prompt is open. (Whether a
        # frame shows « en attente de l'autre poste » before the « g » typed in the same
        # write opens the prompt is the machine's timing: this check failed 1 run in 4 on
        # a busy machine. The prompt then says it: the test above.)
        assert _wait_drawn(app, seen, "Entrée valide")
        assert _round_robin_results(path)[2] == "1-0"
        seen = len(app.output)
        other.execute("ROLLBACK")  # the writer's turn: board 2 holds 1-0, it asks
        # (it was drawn over the jump prompt at once; it now waits, unseen: 5 s is the
        # writer's time to take the lock and ask)
        _wait_drawn(app, seen, "remplacer", timeout=5)
        app.burst([ENTER])  # the jump's Entrée: board 3 (was: cancelled the question)
        app.burst(["o"])  # then the question, yes: board 2 becomes 0-1
        app.burst(["1"])  # and 1-0 on board 3, where the jump went
        assert app.quit() == 0
    other.close()
    results = _round_robin_results(path)
    assert (results[2], results[3]) == ("0-1", "1-0"), results


def _drawn(output: bytes | bytearray) -> str:
    """The text the app drew, without the terminal's escape sequences (colours, moves)."""
    return re.sub(r"\x1b(\[[0-9;?]*[A-Za-z]|\][^\x07]*\x07)", "", output.decode(errors="replace"))


def _wait_drawn(app: PtyApp, since: int, text: str, timeout: float = 10) -> bool:
    """Until the app has drawn ``text`` (after byte ``since`` of its output), or timeout."""
    deadline = time.monotonic() + timeout
    while text not in _drawn(app.output[since:]) and time.monotonic() < deadline:
        app.settle(quiet=0.2, first=0.5)
    return text in _drawn(app.output[since:])


def _round_robin_results(path: Path) -> dict[int, str | None]:
    return _results(path, "rr")


async def test_an_answer_arriving_while_the_app_closes_does_not_crash_it(
    ko_master: Path, tmp_path: Path
) -> None:
    """A write's answer can reach the app after its widgets are gone (ctrl+q just after a
    key, or a slow station under load): it is dropped, not an « Erreur inattendue »
    (seen in the key fuzz at 200×60 under load: NoMatches '#status' at shutdown)."""
    path = tmp_path / "e.sqlite"
    path.write_bytes(ko_master.read_bytes())
    app = ArbitreApp(path, tournament="open-ko")
    async with app.run_test(size=(80, 24)) as pilot:
        await app.query_one("#status").remove()
        await pilot.pause()
        app.set_status("Échiquier 1 : 1-0 — enregistré")  # must not raise
        app.refuse("plus rien à l'écran")
        await pilot.pause()
