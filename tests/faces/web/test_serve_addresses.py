"""`serve` lists only the addresses it answers on (issue 49.10): listening on 0.0.0.0 (the
default) it answered no IPv6 address, yet advertised this machine's; each address listed
is now tried with a real connection."""

from __future__ import annotations

import queue
import socket
import threading
from pathlib import Path

import pytest

from arbitre_tui.publish.address import Interface as I
from arbitre_tui.publish.address import answers_on, other_addresses

from ...conftest import REAL_ADDRESSES
from ...helpers.cli import run_here, start_arbitre

MACHINE = [I("lo", "127.0.0.1"), I("lo", "::1"), I("wlan0", "10.0.0.7"),
           I("eth0", "192.168.1.4"), I("eth0", "fd00::2")]  # fmt: skip


def test_only_the_addresses_the_listening_host_answers_on() -> None:
    url = "http://10.0.0.7:8080"
    assert other_addresses(url, MACHINE, host="0.0.0.0") == ["192.168.1.4"]
    assert other_addresses(url, MACHINE, host="::") == ["192.168.1.4", "fd00::2"]
    assert other_addresses(url, MACHINE, host="192.168.1.4") == ["192.168.1.4"]
    assert other_addresses(url, MACHINE, host="127.0.0.1") == []
    assert answers_on("fd00::2", "arbitre.local")  # a name: not judged


def _serve_lines(path: Path, host: str) -> str:
    proc = start_arbitre("serve", str(path), "--host", host, "--port", "0")
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    said = ""
    try:
        while "les QR codes donnent le port" not in said:
            line = lines.get(timeout=60)
            if line is None:
                break
            said += line
        port = int(said.split(" — écoute ")[1].split()[0].rsplit(":", 1)[1])
        listed = [x for x in said.splitlines() if x.startswith("Autres adresses")]
        others = listed[0].split(" : ", 1)[1].split(", ") if listed else []
        for address in others:  # every address said answers
            family = socket.AF_INET6 if ":" in address else socket.AF_INET
            with socket.socket(family, socket.SOCK_STREAM) as s:
                s.settimeout(10)
                s.connect((address, port))
    finally:
        proc.terminate()
        proc.communicate(timeout=10)
    return said


@pytest.mark.parametrize("host", ["0.0.0.0", "::"])
def test_serve_advertises_only_where_it_listens(tmp_path: Path, host: str) -> None:
    v6 = [i.address for i in REAL_ADDRESSES() if ":" in i.address and i.address != "::1"]
    if host == "::" and not v6:
        pytest.skip("no IPv6 address on this machine")
    path = tmp_path / "ete.sqlite"
    run_here("new", str(path), "--nom", "Open d'Été de Saint-Évremond")
    said = _serve_lines(path, host)
    listed = [x for x in said.splitlines() if x.startswith("Autres adresses")]
    if host == "0.0.0.0":  # IPv4 only: no IPv6 address said
        assert not any(a in said for a in v6), said
    else:
        assert listed and all(a in listed[0] for a in v6), said
