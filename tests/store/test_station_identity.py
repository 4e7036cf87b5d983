"""Which station is typing (issue 29.4): the terminal and the login session, so a dropped
SSH session does not hand its undo to the next login given the same /dev/pts/N; the
messages name the other station (issue 29.7)."""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import time

from arbitre_tui.store.stations import other_station, station_label

PROBE = "from arbitre_tui.store.stations import terminal_name; print(terminal_name())"


def _in_a_terminal(script: str) -> str:
    """Run ``script`` in a new pseudo-terminal (a login: its own session), read its output."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: a session leader on the new terminal, as sshd makes one
        os.execv(sys.executable, [sys.executable, "-c", script])
    out = b""
    deadline = time.monotonic() + 60  # never forever: a child that hangs fails here
    while time.monotonic() < deadline:
        if not select.select([fd], [], [], 1.0)[0]:
            continue
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    else:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)
        raise AssertionError(f"the terminal's program did not end: {out!r}")
    os.waitpid(pid, 0)
    os.close(fd)
    return out.decode().replace("\r", "")


def test_one_login_is_one_station_another_login_on_that_terminal_is_not() -> None:
    script = (
        f"import os, subprocess, sys\n{PROBE}\n"
        # a command typed in the same shell: same terminal, same session
        f"subprocess.run([sys.executable, '-c', {PROBE!r}])\n"
        # the next login on this very terminal: same tty, a new session
        f"subprocess.run([sys.executable, '-c', {PROBE!r}], preexec_fn=os.setsid)\n"
    )
    first, same, next_login = _in_a_terminal(script).split()
    assert "/dev/pts/" in first and "#" in first, first
    assert same == first
    assert next_login.split("#")[0] == first.split("#")[0]  # the same /dev/pts/N
    assert next_login != first  # but another station: its own undo


def test_without_a_terminal_the_user_and_host_are_the_station() -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, stdin=subprocess.DEVNULL,
        env={k: v for k, v in os.environ.items() if k not in ("ARBITRE_POSTE", "SSH_TTY")},
        check=True,
    ).stdout.strip()  # fmt: skip
    assert "@" in out and ":" not in out and "#" not in out, out


def test_the_other_station_is_named() -> None:
    assert station_label("arbitre@pi:/dev/pts/3#4121") == "pts/3, arbitre@pi"
    assert other_station("arbitre@pi:/dev/pts/3#4121") == "poste pts/3, arbitre@pi"
    assert other_station("arbitre@pi") == "poste arbitre@pi"
    assert other_station("poste-B") == "poste-B"  # ARBITRE_POSTE, already a name
    assert other_station("Table d'arbitrage") == "poste Table d'arbitrage"
