"""A warm parent for the suite's `arbitre` commands: each command is still its own process,
started from a parent that has already imported the project.

Why: the suite runs about 2 000 `arbitre` commands. A new interpreter spends ≈ 0.2 s of CPU
importing the project and its libraries before the command does anything, which is most of
what those tests cost on a 2-core machine. Here a parent (one per test worker) imports the
modules once; for each command it forks a child that takes the test's standard input, output
and error (passed over a Unix socket), its environment and its working directory, runs
``python -m arbitre_tui.faces.cli.main`` the way the interpreter would (`runpy`, the same
handling of SystemExit, of an uncaught exception and of atexit), and exits with that code.
The test reads the real exit status of the real child: a SIGKILL is still -9.

What it does not test: the imports of a fresh interpreter. `test_cli_imports`,
`arbitre_bytes`, `start_arbitre` and every test that builds its own command line start a
fresh interpreter, and ``ARBITRE_TESTS_FRESH=1`` sends every command to one.
"""

from __future__ import annotations

import importlib
import io
import json
import os
import pkgutil
import select
import signal
import socket
import struct
import sys
from typing import Any

MAIN = "arbitre_tui.faces.cli.main"
# faces that a command started through `arbitre()` never shows (the app and the server run
# in their own fresh interpreters, started by the tests that use them)
NOT_PRELOADED = ("arbitre_tui.faces.tui", "arbitre_tui.faces.web", "arbitre_tui.__main__")
# what decides, at an interpreter's start, how it encodes its output: a command whose
# environment differs here runs in a fresh interpreter instead
START_VARIABLES = ("PYTHONIOENCODING", "PYTHONUTF8", "LANG", "LC_ALL", "LC_CTYPE")


def preload() -> None:
    """Import every module a command may import, so that a child imports nothing."""
    import arbitre_tui

    for info in pkgutil.walk_packages(arbitre_tui.__path__, "arbitre_tui."):
        if info.name.startswith(NOT_PRELOADED):
            continue
        importlib.import_module(info.name)
    # the command's module runs as __main__, as `python -m` runs it: not imported before
    sys.modules.pop(MAIN, None)
    del sys.modules["arbitre_tui.faces.cli"].main


def _receive(conn: socket.socket) -> tuple[dict[str, Any], list[int]]:
    size_bytes, fds, _flags, _addr = socket.recv_fds(conn, 4, 3)
    (size,) = struct.unpack("!I", size_bytes)
    data = b""
    while len(data) < size:
        chunk = conn.recv(size - len(data))
        if not chunk:
            raise EOFError
        data += chunk
    return json.loads(data), list(fds)


def _run_command(request: dict[str, Any], fds: list[int]) -> int:
    """In the command's process: become the interpreter the test asked for and run; the
    code is returned up to this module's end, where the interpreter exits as usual (atexit,
    threads joined, modules and open connections finalised, streams flushed)."""
    for target, fd in enumerate(fds):
        os.dup2(fd, target)
        os.close(fd)
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    encoding = request["encoding"]
    sys.stdin = open(0, encoding=encoding, closefd=False)  # noqa: SIM115
    sys.stdout = open(1, "w", encoding=encoding, closefd=False)  # noqa: SIM115
    sys.stderr = io.TextIOWrapper(
        open(2, "wb", closefd=False),  # noqa: SIM115
        encoding=encoding,
        errors="backslashreplace",
        line_buffering=True,
    )
    for name in ("stdin", "stdout", "stderr"):  # as a fresh interpreter has them
        setattr(sys, f"__{name}__", getattr(sys, name))
    import runpy

    sys.argv = [MAIN, *request["args"]]
    try:
        runpy.run_module(MAIN, run_name="__main__", alter_sys=True)
    except SystemExit as exc:
        raise Command(exc.code if isinstance(exc.code, int | None) else str(exc.code)) from None
    except BaseException:
        sys.excepthook(*sys.exc_info())
        raise Command(1) from None
    raise Command(0)


class Command(BaseException):
    """Unwinds a command's process to this module's end, with its exit code."""

    def __init__(self, code: str | int | None) -> None:
        super().__init__()
        self.code = code


def _serve_one(conn: socket.socket) -> None:
    """In a waiter process: fork the command, tell the test its pid, then its status."""
    request, fds = _receive(conn)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    pid = os.fork()
    if pid == 0:
        conn.close()
        _run_command(request, fds)
    for fd in fds:
        os.close(fd)
    conn.sendall(struct.pack("!i", pid))
    _, status = os.waitpid(pid, 0)
    conn.sendall(struct.pack("!i", os.waitstatus_to_exitcode(status)))


def serve(path: str) -> None:
    preload()
    parent = os.getppid()
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the waiters are reaped by the system
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(16)
    print("prêt", flush=True)
    while os.getppid() == parent:
        ready, _, _ = select.select([listener], [], [], 1.0)
        if not ready:
            continue
        conn, _ = listener.accept()
        if os.fork() == 0:
            listener.close()
            code = 0
            try:
                _serve_one(conn)
            except Command:
                raise
            except BaseException:
                code = 1
            os._exit(code)
        conn.close()


def send(conn: socket.socket, request: dict[str, Any], fds: list[int]) -> None:
    data = json.dumps(request).encode()
    socket.send_fds(conn, [struct.pack("!I", len(data))], fds)
    conn.sendall(data)


def receive_int(conn: socket.socket) -> int | None:
    data = b""
    while len(data) < 4:
        chunk = conn.recv(4 - len(data))
        if not chunk:
            return None
        data += chunk
    (value,) = struct.unpack("!i", data)
    return int(value)


if __name__ == "__main__":
    try:
        serve(sys.argv[1])
    except Command as command:
        # a command's process: the interpreter ends as after `python -m`, with its code
        sys.exit(command.code)
