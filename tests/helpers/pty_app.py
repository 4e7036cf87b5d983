"""The real `arbitre open FILE` in a pseudo-terminal at 80×24, driven by raw key bytes.

What an SSH session delivers: keys typed quickly arrive in one read, so a burst is
written with one ``os.write``; typed slowly, one key per write, 0.3 s apart.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import TracebackType
from typing import TypeVar

ENTER, BACKSPACE, ESCAPE, CTRL_Q = "\r", "\x7f", "\x1b", "\x11"
T = TypeVar("T")


class PtyApp:
    """One app process on its own terminal; ``settle`` waits until it stops drawing."""

    def __init__(self, path: Path, tournament: str) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
        env.pop("TEXTUAL", None)
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "arbitre_tui.faces.cli.main",
                "open",
                str(path),
                "--tournoi",
                tournament,
            ],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
        )
        os.close(slave)
        self.fd = master
        self.output = bytearray()
        self.settle(quiet=0.6, first=20.0)

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:
            return False
        self.output += chunk
        return bool(chunk)

    def settle(self, quiet: float = 0.45, first: float = 5.0) -> None:
        """Until the app has drawn and then written nothing for ``quiet`` seconds.

        (The header clock draws once a second; its gaps are longer than ``quiet``.)
        """
        deadline = time.monotonic() + first
        while not self._read(0.05) and time.monotonic() < deadline:
            pass
        last = time.monotonic()
        while time.monotonic() - last < quiet and time.monotonic() < deadline + 30:
            if self._read(0.05):
                last = time.monotonic()

    def wait_drawn(self, text: str, since: int = 0, timeout: float = 35.0) -> None:
        """Until the app has drawn ``text`` (in what it wrote from byte ``since`` on), then
        settled: a change it notices by itself (it polls the file), without waiting for a
        quiet that the header clock's one draw a second never leaves longer than 1 s."""
        deadline = time.monotonic() + timeout
        wanted = text.encode()
        while wanted not in self.output[since:]:
            if time.monotonic() > deadline:
                raise AssertionError(f"timeout ({timeout} s) waiting for the app to draw {text!r}")
            self._read(0.05)
        self.settle()

    def burst(self, keys: list[str]) -> None:
        """Every key in one write: one read on the app's side, as over SSH."""
        os.write(self.fd, "".join(keys).encode())
        self.settle()

    def slowly(self, keys: list[str], gap: float = 0.3) -> None:
        for key in keys:
            os.write(self.fd, key.encode())
            end = time.monotonic() + gap
            while time.monotonic() < end:
                self._read(0.02)
        self.settle()

    def quit(self, timeout: float = 30.0) -> int:
        """ctrl+q, then what the app writes is read until it has ended: a terminal nobody
        reads fills up (a pty holds a few KB), and the app's last frames then block its
        writer thread, which Textual joins on the way out — the app never ends (seen under
        load in CI: « timed out after 15 seconds »)."""
        os.write(self.fd, CTRL_Q.encode())
        deadline = time.monotonic() + timeout
        try:
            while self.proc.poll() is None and time.monotonic() < deadline:
                self._read(0.05)
            code = self.proc.wait(timeout=max(deadline - time.monotonic(), 0.1))
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()
            while self._read(0.05):
                pass
            os.close(self.fd)
        return code

    def __enter__(self) -> PtyApp:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self.proc.poll() is None:
            self.quit()


def each_mode(run: Callable[[str], T]) -> list[T]:
    """``run("slow")`` and ``run("burst")`` at the same time, each its own app on its own
    terminal and its own copy of the file: the slow one mostly waits between its keys, and
    the burst's keys still arrive in one write. Their values, slow first."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = [pool.submit(run, mode) for mode in ("slow", "burst")]
        return [f.result() for f in futures]
