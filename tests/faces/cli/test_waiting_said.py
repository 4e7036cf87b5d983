"""Issue 53, point 7: a command held by another station's write says so at once and
counts the seconds, instead of a silent command for up to 30 s.

Another station is a real second process (tests/helpers/station.py) that stops inside its
own result's transaction, BEGIN IMMEDIATE taken and its writes done, on the real file;
the real `arbitre result` is started beside it. Into a pipe: a line as the wait begins,
one each 5 s, one at its end; on a terminal (a pseudo-terminal here): one line rewritten
each second."""

from __future__ import annotations

import contextlib
import os
import pty
import queue
import re
import select
import subprocess
import threading
from pathlib import Path

from ...helpers.cli import ARBITRE, ROOT
from ...helpers.procs import Station, games_of_round, wait_for

WAITING = "En attente de l'autre poste…"


def _holding(path: Path, stations: list[Station]) -> Station:
    """Another station in the middle of its write: board 2's result, not committed yet."""
    other = Station(path, "poste-B")
    stations.append(other)
    other.send("record_result", "rr", 2, "0-1", pause=True)
    assert other.next().get("paused")
    return other


def _lines(stream: object) -> queue.Queue[str | None]:
    """The stream's lines as they come, read by a thread (a read never blocks the test);
    None at its end."""
    got: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        for line in stream:  # type: ignore[attr-defined]
            got.put(line)
        got.put(None)

    threading.Thread(target=read, daemon=True).start()
    return got


def test_a_command_waiting_for_another_station_says_it_and_counts(
    rr_file: Path, stations: list[Station]
) -> None:
    other = _holding(rr_file, stations)
    command = subprocess.Popen(
        [*ARBITRE, "result", str(rr_file), "1", "1"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        lines = _lines(command.stderr)
        seen: list[str] = []

        def said(text: str) -> bool:
            while not lines.empty():
                line = lines.get()
                seen.append("" if line is None else line.rstrip("\n"))
            return text in seen

        wait_for(lambda: said(WAITING), 60, "« en attente » as the wait begins")
        assert command.poll() is None  # said while it waits, not after

        def counted() -> str | None:  # « … 5 s » (6 on a machine too loaded to tick at 5)
            said("")
            return next((x for x in seen if re.fullmatch(rf"{WAITING} [56] s", x)), None)

        line = wait_for(counted, 60, "the seconds counted")
        assert command.poll() is None
        assert seen[: seen.index(line)] == [WAITING]  # no line each second
    finally:
        other.go()
    assert other.next(timeout=60)["ok"]
    assert command.wait(60) == 0
    wait_for(lambda: said(""), 60, "the end of its messages")  # None: stderr closed
    out = command.stdout.read() if command.stdout else ""
    rest = seen[:-1]
    assert rest[-1].startswith("L'autre poste a fini (") and rest[-1].endswith(" s d'attente).")
    assert "\r" not in "".join(rest)  # into a pipe or a log: whole lines only
    assert "Échiquier 1 : 1-0" in out
    games = games_of_round(rr_file, "rr", 1)
    assert (games[1], games[2]) == ("1-0", "0-1")  # both writes, one after the other


def test_on_a_terminal_the_waiting_line_is_rewritten(
    rr_file: Path, stations: list[Station]
) -> None:
    other = _holding(rr_file, stations)
    master, slave = pty.openpty()
    command = subprocess.Popen(
        [*ARBITRE, "result", str(rr_file), "1", "1"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=slave,
        text=True,
    )
    os.close(slave)
    shown = b""

    def counts() -> list[int]:
        nonlocal shown
        if select.select([master], [], [], 0.2)[0]:  # never a read that blocks the test
            with contextlib.suppress(OSError):  # EIO: the command has ended
                shown += os.read(master, 4096)
        return [int(n) for n in re.findall(rf"\r\x1b\[K{WAITING} (\d+) s", shown.decode())]

    try:
        wait_for(lambda: len(counts()) >= 2, 60, "the count rewritten twice")
        assert command.poll() is None
    finally:
        other.go()
    assert other.next(timeout=60)["ok"]
    assert command.wait(60) == 0
    text = shown.decode()
    assert text.startswith(WAITING)
    seen = counts()
    assert seen == sorted(set(seen)) and seen[0] >= 1  # one line, rewritten, counting up
    assert "\n" not in text.split(f"{WAITING} {seen[1]} s")[0]
    os.close(master)
    assert games_of_round(rr_file, "rr", 1)[1] == "1-0"
