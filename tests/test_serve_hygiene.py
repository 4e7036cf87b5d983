"""Issue 31, point 8: `serve --base-url` changes nothing when the command is refused (the
port taken): the address is written only once the server listens."""

from __future__ import annotations

import socket
from pathlib import Path

from arbitre_tui.operations import EventService
from arbitre_tui.views.reader import Reader

from .helpers.cli import arbitre


def test_a_refused_serve_does_not_record_its_base_url(tmp_path: Path) -> None:
    path = tmp_path / "open.sqlite"
    assert arbitre("new", str(path), "--nom", "Open du club").returncode == 0
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        run = arbitre(
            "serve",
            str(path),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--base-url",
            "http://10.1.2.3:8080",
        )
    assert run.returncode == 2, run.stderr
    assert "Impossible d'écouter" in run.stderr and "Traceback" not in run.stderr
    assert "enregistrée" not in run.stdout
    assert "base_url" not in Reader(EventService(path)).event()["settings"]
