"""Real processes on one event file: stations (JSON lines), the app in tmux, the server.

Everything here polls with a timeout instead of sleeping a fixed time.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import queue
import shlex
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.request
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .cli import ROOT, start_arbitre

# our own tmux server, never the default one, and one per test process: two checkouts
# running these tests at once must not kill each other's windows
TMUX_SOCKET = os.environ.get("ARBITRE_TEST_TMUX", f"arbitre-tests-{os.getpid()}")


def wait_for(condition: Callable[[], Any], timeout: float = 10.0, what: str = "condition") -> Any:
    """Poll ``condition`` until it returns something true; its value, or AssertionError."""
    deadline = time.monotonic() + timeout
    delay = 0.01
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timeout ({timeout} s) waiting for {what}")
        time.sleep(delay)
        delay = min(delay * 1.5, 0.1)


# -- reading the file as it is on disk ------------------------------------------------


def read_only(path: Path) -> sqlite3.Connection:
    """A plain reader (a process of its own would see the same: SQLite reads the WAL)."""
    con = sqlite3.connect(path, timeout=30)
    con.row_factory = sqlite3.Row
    return con


def games_of_round(path: Path, key: str, number: int | None = None) -> dict[int, str | None]:
    """Board → result of a round (default: the last) of section ``key``, read from the file."""
    con = read_only(path)
    try:
        tid = con.execute("SELECT id FROM tournaments WHERE key = ?", (key,)).fetchone()[0]
        if number is None:
            number = con.execute(
                "SELECT max(number) FROM rounds WHERE tournament_id = ?", (tid,)
            ).fetchone()[0]
        rows = con.execute(
            "SELECT g.board, g.result FROM games g JOIN rounds r ON r.id = g.round_id "
            "WHERE r.tournament_id = ? AND r.number = ? ORDER BY g.board",
            (tid, number),
        ).fetchall()
        return {r[0]: r[1] for r in rows}
    finally:
        con.close()


def journal_ops(path: Path, op: str = "record_result") -> list[dict[str, Any]]:
    con = read_only(path)
    try:
        return [
            {**dict(r), "args": json.loads(r["args"])}
            for r in con.execute("SELECT * FROM journal WHERE op = ? ORDER BY id", (op,))
        ]
    finally:
        con.close()


def cli(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    from .cli import arbitre

    return arbitre(*args, timeout=timeout)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# -- a station: EventService in its own process, JSON lines -------------------------


class Station:
    """``tests.helpers.station`` in a subprocess; ``call`` waits for its answer."""

    def __init__(self, path: Path, terminal: str, **options: Any) -> None:
        self.terminal = terminal
        argv = [sys.executable, "-m", "tests.helpers.station", str(path), terminal]
        if options:
            argv.append(json.dumps(options))
        self.proc = subprocess.Popen(
            argv,
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self._lines: queue.Queue[dict[str, Any] | None] = queue.Queue()
        threading.Thread(target=self._reader, daemon=True).start()
        first = self.next(timeout=30)
        assert first.get("ready"), first

    def _reader(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._lines.put(json.loads(line))
        self._lines.put(None)

    def next(self, timeout: float = 30) -> dict[str, Any]:
        try:
            item = self._lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"station {self.terminal}: no answer in {timeout} s") from None
        if item is None:
            err = self.proc.stderr.read() if self.proc.stderr else ""
            raise AssertionError(f"station {self.terminal} ended: {err[-2000:]}")
        return item

    def send(self, call: str, *args: Any, **options: Any) -> None:
        request: dict[str, Any] = {"call": call, "args": list(args)}
        for name in ("module", "pause", "report_begin"):
            if name in options:
                request[name] = options.pop(name)
        request["kwargs"] = options
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()

    def go(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write("go\n")
        self.proc.stdin.flush()

    def call(self, call: str, *args: Any, **options: Any) -> dict[str, Any]:
        self.send(call, *args, **options)
        return self.next()

    def ok(self, call: str, *args: Any, **options: Any) -> Any:
        answer = self.call(call, *args, **options)
        assert answer["ok"], answer
        return answer["value"]

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def close(self) -> None:
        self._close_process()

    def _close_process(self) -> None:
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()


# -- the real app in tmux ---------------------------------------------------------------


def _kill_tmux_server() -> None:
    """At exit: our server, and its socket file (tmux may leave it behind)."""
    subprocess.run(["tmux", "-L", TMUX_SOCKET, "kill-server"], capture_output=True)
    folder = Path(os.environ.get("TMUX_TMPDIR", "/tmp")) / f"tmux-{os.getuid()}"
    with contextlib.suppress(OSError):
        (folder / TMUX_SOCKET).unlink()


atexit.register(_kill_tmux_server)


def tmux(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["tmux", "-L", TMUX_SOCKET, *args], capture_output=True, text=True, check=check
    )


class AppInTmux:
    """`arbitre open FILE` in a detached tmux window of 80×24, on our own socket."""

    def __init__(
        self,
        path: Path,
        *extra: str,
        width: int = 80,
        height: int = 24,
        ready: Callable[[str], object] = lambda s: "Ronde" in s and "Touches" in s,
    ) -> None:
        self.path = path
        self.name = f"a{uuid.uuid4().hex[:10]}"
        self.pidfile = path.with_name(f"{self.name}.pid")
        command = (
            f"unset SSH_TTY; echo $$ > {shlex.quote(str(self.pidfile))}; cd {shlex.quote(str(ROOT))}; "
            f"exec {shlex.quote(sys.executable)} -m arbitre_tui.faces.cli.main open "
            f"{shlex.quote(str(path))} --no-mouse {' '.join(map(shlex.quote, extra))}"
        )
        env = {"TERM": "xterm-256color", "LANG": "C.UTF-8"}
        # a session that outlives the apps: the server exits with its last session, and a
        # window started while it exits would go with it (two stations restarting at once)
        tmux("new-session", "-d", "-s", "keeper", "sleep 3600", check=False)
        tmux(
            "new-session",
            "-d",
            "-s",
            self.name,
            "-x",
            str(width),
            "-y",
            str(height),
            *[a for k, v in env.items() for a in ("-e", f"{k}={v}")],
            f"bash -c {shlex.quote(command)}; sleep 600",
        )
        self.pid = int(wait_for(lambda: self._read_pid(), 10, "the app's pid"))
        self.wait_screen(ready, 30, "the app")

    def _read_pid(self) -> int | None:
        try:
            text = self.pidfile.read_text().strip()
        except FileNotFoundError:
            return None
        return int(text) if text else None

    def alive(self) -> bool:
        try:
            os.kill(self.pid, 0)
        except ProcessLookupError:
            return False
        # a zombie is dead for us; one reaped between the two reads too: its /proc entry
        # is gone (FileNotFoundError) or goes while read (ProcessLookupError, seen once)
        try:
            with open(f"/proc/{self.pid}/stat") as fh:
                return fh.read().split(")")[-1].split()[0] != "Z"
        except (FileNotFoundError, ProcessLookupError):
            return False

    def screen(self) -> str:
        out = tmux("capture-pane", "-p", "-t", self.name, check=False)
        return out.stdout

    def status(self) -> str:
        """The status line: the line above the footer (the last non-empty lines)."""
        lines = [line for line in self.screen().splitlines() if line.strip()]
        return "\n".join(lines[-3:-1]) if len(lines) >= 3 else "\n".join(lines)

    def keys(self, *keys: str) -> None:
        """Send keys; a window that is gone is the caller's to notice (alive())."""
        tmux("send-keys", "-t", self.name, *keys, check=False)

    def write(self, data: bytes) -> None:
        """Bytes as the terminal gets them from keys typed fast over SSH: in one write."""
        tmux("send-keys", "-t", self.name, "-H", *(f"{b:02x}" for b in data), check=False)

    def wait_screen(
        self, condition: Callable[[str], Any], timeout: float = 15, what: str = "screen"
    ) -> str:
        last = [""]

        def check() -> Any:
            last[0] = self.screen()
            return condition(last[0]) and last[0]

        try:
            return str(wait_for(check, timeout, what))
        except AssertionError as exc:
            raise AssertionError(f"{exc}\n--- screen ---\n{last[0]}") from None

    def press_and_wait(self, key: str, expect: str, timeout: float = 15) -> str:
        """Press a key, wait until the screen shows ``expect`` (after clearing the old text)."""
        self.keys(key)
        return self.wait_screen(lambda s: expect in s, timeout, repr(expect))

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.alive():
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, sig)
        wait_for(lambda: not self.alive(), 10, "the app to end")

    def close(self) -> None:
        with contextlib.suppress(AssertionError, ProcessLookupError):
            self.kill()
        tmux("kill-session", "-t", self.name, check=False)


class Server:
    """`arbitre serve FILE --port P` on 127.0.0.1."""

    def __init__(self, path: Path) -> None:
        self.port = free_port()
        # its errors in a file beside the event (a pipe nobody reads could fill and stall
        # it): what a 500 was is read there (errors())
        self.errors_file = path.with_name(f"{path.name}.serveur-{self.port}.err")
        self._errors = self.errors_file.open("w", encoding="utf-8")
        self.proc = start_arbitre(
            "serve",
            str(path),
            "--port",
            str(self.port),
            "--host",
            "127.0.0.1",
            stdout=subprocess.DEVNULL,
            stderr=self._errors,
        )
        wait_for(self._up, 30, "the results server")

    def errors(self, lines: int = 12) -> str:
        """The last lines the server wrote on its error output."""
        text = self.errors_file.read_text(encoding="utf-8", errors="replace")
        return "\n".join(text.splitlines()[-lines:])

    def _up(self) -> bool:
        if self.proc.poll() is not None:
            raise AssertionError(f"server ended: {self.errors()}")
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                return True
        except OSError:
            return False

    def get(self, path: str = "/") -> tuple[int, str]:
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}", timeout=20) as r:
            return r.status, r.read().decode("utf-8", "replace")

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self._errors.close()
