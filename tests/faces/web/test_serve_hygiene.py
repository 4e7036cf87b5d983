"""Issue 31, point 8: `serve --base-url` changes nothing when the command is refused (the
port taken): the address is written only once the server listens."""

from __future__ import annotations

import queue
import socket
import threading
from pathlib import Path

from arbitre_tui.operations import EventService
from arbitre_tui.views.reader import Reader

from ...helpers.cli import arbitre


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


def test_malformed_requests_are_one_french_line_never_a_traceback(tmp_path: Path) -> None:
    from ...helpers.cli import start_arbitre

    path = tmp_path / "open.sqlite"
    assert arbitre("new", str(path), "--nom", "Open du club").returncode == 0
    proc = start_arbitre("serve", str(path), "--host", "127.0.0.1", "--port", "0")
    try:
        assert proc.stdout is not None
        online = proc.stdout.readline()
        port = int(online.split("écoute 127.0.0.1:")[1].split()[0])
        bad = [
            b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
            b"GET / HTTP/1.1\r\nX: " + b"a" * 20000 + b"\r\n\r\n",
            b"\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03",
            b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\n",
            b"GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
        ]
        for raw in bad:
            with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
                s.sendall(raw)
                assert s.recv(100).startswith(b"HTTP/1.0 400")
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=10)
    assert "Traceback" not in err, err
    assert err.count("Requête mal formée refusée (400) de 127.0.0.1") >= 4, err
    # why, in French, and never the client's bytes echoed (aiohttp's English message did)
    assert "ligne ou en-tête trop long" in err and "aaaaaaaa" not in err, err
    assert "longueur du corps invalide" in err and "corps mal découpé" in err, err
    assert "bytearray" not in err and "Got more than" not in err, err
    lines = [x for x in err.splitlines() if "mal formée" in x]
    assert all(len(x) < 120 for x in lines), lines


def test_the_live_server_allows_the_search_script_by_its_hash_and_keeps_sub_folders(
    tmp_path: Path,
) -> None:
    """The Content-Security-Policy lets exactly the « Joueurs » page's script run; a path
    without its slash redirects relatively (a proxy's sub-folder kept)."""
    import base64
    import hashlib
    import http.client
    import re

    from arbitre_tui.faces.web.server import ServerThread

    path = tmp_path / "open.sqlite"
    assert arbitre("new", str(path), "--nom", "Open du club").returncode == 0
    assert (
        arbitre(
            "section",
            "add",
            str(path),
            "open",
            "--nom",
            "Open",
            "--systeme",
            "suisse",
            "--rondes",
            "3",
            "--cadence",
            "15+5",
        ).returncode
        == 0
    )
    assert arbitre("register", str(path), "Joueur", "--elo", "1500").returncode == 0
    srv = ServerThread(path, port=0)
    srv.start()
    try:
        conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=10)
        conn.request("GET", "/open/joueurs/")
        r = conn.getresponse()
        html = r.read().decode()
        script = re.search(r"<script>(.*?)</script>", html, re.S)
        assert r.status == 200 and script
        digest = hashlib.sha256(script.group(1).encode()).digest()
        csp = r.getheader("Content-Security-Policy") or ""
        assert f"script-src 'sha256-{base64.b64encode(digest).decode()}'" in csp
        conn.request("GET", "/open/classement")
        r = conn.getresponse()
        r.read()
        assert r.status == 301 and r.getheader("Location") == "classement/"
    finally:
        srv.stop()


def test_serve_lists_this_machines_other_addresses(tmp_path: Path) -> None:
    """Issue 31, point 9: `serve` says which other addresses to try when the QR code's
    does not answer — this machine's own, read as the command reads them."""
    from arbitre_tui.publish.address import other_addresses

    from ...conftest import REAL_ADDRESSES
    from ...helpers.cli import start_arbitre

    path = tmp_path / "open.sqlite"
    assert arbitre("new", str(path), "--nom", "Open du club").returncode == 0
    proc = start_arbitre("serve", str(path), "--host", "127.0.0.1", "--port", "0")
    # Lines read by a thread, never select() on the buffered pipe: the first readline may
    # pull every line into Python's buffer (a loaded machine writes them all at once),
    # leaving select() an empty pipe and communicate() nothing — the lines were lost.
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    said = ""
    try:
        # the port line ends what serve says on listening (--port 0: never the QR's port)
        while "les QR codes donnent le port" not in said:
            line = lines.get(timeout=60)
            if line is None:
                break
            said += line
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=10)
    first = said.splitlines()[0] if said else ""
    assert "Résultats en ligne : http://" in first, said + err
    url = first.split("Résultats en ligne : ")[1].split()[0]
    others = other_addresses(url, REAL_ADDRESSES(), host="127.0.0.1")  # where it listens
    out = said
    listed = [x for x in out.splitlines() if x.startswith("Autres adresses")]
    if others:
        assert listed == [f"Autres adresses de cette machine : {', '.join(others)}"], out
    else:
        assert listed == [], out
    assert "Traceback" not in err
