"""Run the real `arbitre` command line in a subprocess, to its end or left running."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[2]
ARBITRE = (sys.executable, "-m", "arbitre_tui.faces.cli.main")


def arbitre(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """`arbitre ARGS` run to its end in its own process, its output and exit code read back.

    The process is forked from a warm parent (`zygote.py`) unless ``ARBITRE_TESTS_FRESH=1``
    or the environment changes how a fresh interpreter would encode its output."""
    warm = _Warm.get()
    if warm is not None:
        return warm.run(args, timeout)
    return subprocess.run(
        [*ARBITRE, *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=timeout,
    )


class _Warm:
    """This worker's warm parent, started at its first command and ended with the worker."""

    _instance: _Warm | None = None
    _failed = False

    def __init__(self) -> None:
        import atexit
        import tempfile

        from .zygote import START_VARIABLES

        self.folder = tempfile.mkdtemp(prefix="arbitre-warm-")
        self.path = os.path.join(self.folder, "s")
        self.start_env = {k: os.environ.get(k) for k in START_VARIABLES}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.helpers.zygote", self.path],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        ready = self.process.stdout.readline().strip()
        if ready != "prêt":
            self.process.kill()
            raise RuntimeError("le parent chaud n'a pas démarré")
        atexit.register(self.close)

    @classmethod
    def get(cls) -> _Warm | None:
        if os.environ.get("ARBITRE_TESTS_FRESH") == "1" or cls._failed:
            return None
        if cls._instance is None:
            try:
                cls._instance = _Warm()
            except (OSError, RuntimeError):
                cls._failed = True
                return None
        warm = cls._instance
        if any(os.environ.get(k) != v for k, v in warm.start_env.items()):
            return None
        return warm

    def run(self, args: tuple[str, ...], timeout: float) -> subprocess.CompletedProcess[str]:
        import locale
        import socket
        import tempfile
        import time

        from .zygote import receive_int, send

        command = [*ARBITRE, *args]
        encoding = locale.getpreferredencoding(False)
        with (
            open(os.devnull, "rb") as stdin,
            tempfile.TemporaryFile() as stdout,
            tempfile.TemporaryFile() as stderr,
            socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn,
        ):
            conn.connect(self.path)
            request = {
                "args": list(args),
                "env": dict(os.environ),
                "cwd": str(ROOT),
                "encoding": encoding,
            }
            send(conn, request, [stdin.fileno(), stdout.fileno(), stderr.fileno()])
            deadline = time.monotonic() + timeout
            conn.settimeout(timeout)
            pid = receive_int(conn)
            if pid is None:
                raise RuntimeError("le parent chaud n'a pas lancé la commande")
            try:
                conn.settimeout(max(0.0, deadline - time.monotonic()))
                code = receive_int(conn)
            except TimeoutError:
                os.kill(pid, signal.SIGKILL)
                raise subprocess.TimeoutExpired(command, timeout) from None
            if code is None:
                raise RuntimeError("le parent chaud n'a pas rendu le code de sortie")

            def text(file: IO[bytes]) -> str:
                file.seek(0)
                raw = file.read().decode(encoding)
                return raw.replace("\r\n", "\n").replace("\r", "\n")

            return subprocess.CompletedProcess(command, code, text(stdout), text(stderr))

    def close(self) -> None:
        import shutil

        self.process.kill()
        self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


def start_arbitre(
    *args: str, stdout: int = subprocess.PIPE, stderr: Any = subprocess.PIPE
) -> subprocess.Popen[str]:
    """`arbitre` started and left running (a server, a reader that leaves): the test reads
    its output as it comes, then ends it; its errors piped (or into a file)."""
    return subprocess.Popen([*ARBITRE, *args], cwd=ROOT, stdout=stdout, stderr=stderr, text=True)


def new_with_fixture_players(template: str, path: Path) -> None:
    """`arbitre new --template` (no player: the organiser's own event), then each section's
    fictitious players imported as an organiser would import a CSV — the tests' and the
    demo's players, which no template brings any more (issue 27)."""
    import json

    out = arbitre("new", "--template", template, str(path))
    assert out.returncode == 0, out.stderr
    spec = json.loads((ROOT / "fixtures" / "templates" / f"{template}.json").read_text("utf-8"))
    for section in spec["tournaments"]:
        csv = ROOT / "fixtures" / "players" / section["players"]
        out = arbitre("players", "import", str(path), str(csv), "-t", section["key"])
        assert out.returncode == 0, out.stderr


def arbitre_bytes(*args: str | bytes, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """`arbitre` given bytes as a terminal that is not UTF-8 sends them (« R\\xe9clamation »
    typed on a Latin-1 terminal); its output read strictly as UTF-8, as the terminal would."""
    out = subprocess.run(
        [
            *(a.encode() for a in ARBITRE),
            *(a if isinstance(a, bytes) else a.encode() for a in args),
        ],
        capture_output=True,
        cwd=ROOT,
        timeout=timeout,
    )
    return subprocess.CompletedProcess(
        out.args, out.returncode, out.stdout.decode("utf-8"), out.stderr.decode("utf-8")
    )
