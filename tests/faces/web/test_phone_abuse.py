"""The results server under abuse (issue 51.5), against the real server on 127.0.0.1: a
body or headers trickling in are dropped after a bound with one log line and no
traceback; every answer, whatever its status, carries the security headers and names no
version; a 405 says which methods the address takes."""

from __future__ import annotations

import logging
import socket
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest

from arbitre_tui.faces.web import reporting as web_reporting
from arbitre_tui.faces.web.server import ServerThread
from arbitre_tui.publish.html.reporting import board_path

from ...helpers.events import copy_event
from .test_phone_web import Client, _codes, paired_master

__all__ = ["paired_master"]


@pytest.fixture
def server(
    paired_master: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[Path, ServerThread]]:
    """A private copy of the phones' event, served with short bounds (1 s idle, a body
    within 1 s)."""
    path = copy_event(paired_master, tmp_path / "club.sqlite")
    monkeypatch.setattr(web_reporting, "BODY_SECONDS", 1.0)
    srv = ServerThread(path, port=0, reporting=True, idle=1.0)
    srv.start()
    try:
        yield path, srv
    finally:
        srv.stop()


def _trickle(port: int, head: bytes, drip: bytes, bound: float) -> tuple[bytes, float | None]:
    """Send ``head``, then ``drip`` a byte at a time until the server closes (or
    ``bound`` seconds): what it answered, and when it closed (None: it never did)."""
    s = socket.create_connection(("127.0.0.1", port))
    s.settimeout(0.2)
    got, t0 = b"", time.monotonic()
    try:
        s.sendall(head)
        for k in range(10_000):
            if time.monotonic() - t0 > bound:
                return got, None
            try:
                s.sendall(drip[k % len(drip) : k % len(drip) + 1])
                data = s.recv(4096)
                if not data:
                    return got, time.monotonic() - t0
                got += data
            except TimeoutError:
                continue
            except OSError:
                return got, time.monotonic() - t0
        return got, None
    finally:
        s.close()


def test_a_body_or_headers_sent_slowly_are_dropped_without_a_traceback(
    server: tuple[Path, ServerThread], caplog: pytest.LogCaptureFixture
) -> None:
    _path, srv = server
    caplog.set_level(logging.INFO)
    post = (
        b"POST /rr/saisie/1/1/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 200\r\n\r\ncode="
    )
    for _ in range(3):  # a script sending bodies byte by byte
        answer, closed = _trickle(srv.port, post, b"a", 15.0)
        assert closed is not None, "a body trickling in was never dropped"
        assert answer.startswith(b"HTTP/1.1 408"), answer[:80]
    headers = b"GET /rr/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    answer, closed = _trickle(srv.port, headers, b"X-Slow: aaaa\r\n", 15.0)
    assert closed is not None and b"200 OK" not in answer, "headers trickling never dropped"
    # a body cut short: the phone went away mid-form
    s = socket.create_connection(("127.0.0.1", srv.port))
    s.sendall(post + b"abc")
    s.close()
    deadline = time.monotonic() + 10
    while "interrompue" not in caplog.text and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [r for r in caplog.records if r.exc_info], caplog.text
    assert "Traceback" not in caplog.text
    said = [r.getMessage() for r in caplog.records if "lente" in r.getMessage()]
    assert len(said) == 3, said  # one line each
    assert Client(srv.port).request("GET", "/rr/")[0] == 200  # still answering


def test_every_answer_carries_the_security_headers_and_no_version(
    server: tuple[Path, ServerThread],
) -> None:
    path, srv = server
    phone = Client(srv.port)
    code = _codes(path)[1, "white"]
    mine = board_path("rr", 1, 1, code)
    form = urllib.parse.urlencode({"code": code, "result": "1"})
    _, first, _ = phone.request("GET", "/rr/")
    asked = [
        ("GET", "/rr/", None, {}),  # 200
        ("GET", "/rr/", None, {"If-None-Match": first["ETag"]}),  # 304
        ("GET", "/rr", None, {}),  # 301
        ("GET", "/nulle-part/", None, {}),  # 404
        ("DELETE", "/rr/", None, {}),  # 405
        ("GET", board_path("rr", 1, 1) + "acces/", None, {}),  # 405, POST only
        ("GET", mine, None, {}),  # 200, the code in the address
        ("POST", board_path("rr", 1, 1), form, {}),  # 303 to the code's page
        ("GET", board_path("rr", 1, 1, "aaaaaaaaaa"), None, {}),  # 403
        ("POST", board_path("rr", 1, 1), form, {"Content-Type": "text/plain"}),  # 415
    ]
    seen = set()
    for method, target, body, headers in asked:
        status, got, _ = phone.request(method, target, body, **headers)
        seen.add(status)
        where = (method, target, status)
        assert "frame-ancestors 'none'" in got.get("Content-Security-Policy", ""), where
        assert got.get("X-Content-Type-Options") == "nosniff", where
        assert got.get("Server") == "arbitre", where  # never aiohttp's version
        if "/saisie/" in target:
            assert got.get("Cache-Control") == "no-store", where
    assert seen == {200, 301, 303, 304, 403, 404, 405, 415}, seen
    status, got, _ = phone.request("GET", board_path("rr", 1, 1) + "acces/")
    assert status == 405 and got["Allow"] == "POST"
    status, got, _ = phone.request("PUT", board_path("rr", 1, 1))
    assert status == 405 and got["Allow"] == "GET,HEAD,POST"
    status, got, _ = phone.request("DELETE", "/rr/")
    assert status == 405 and got["Allow"] == "GET,HEAD"
