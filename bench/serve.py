"""Results server under load and under a flood, as on a Pi (file limit 1 024).

Builds an event with a 150-player section (3 rounds played), starts ``arbitre serve`` in
its own process on 127.0.0.1 with its file-descriptor limit set to ``--nofile``, then:

1. load: ``--clients`` concurrent clients (each its own connection, like phones
   refreshing with gzip) send at most ``--requests`` requests in at most 30 s; prints
   requests/s, median and p99 latency, failures.
2. flood: ``--flood`` idle sockets opened and held (half of them send half a request and
   stop), more than the server's file limit; then a phone's request during the flood,
   and one after the flood is gone (recovery). Prints how many sockets the server closed,
   each request's status and time.

Targets (issues #8, #17): >= 200 requests/s and p99 <= 50 ms at 20 clients; every request
answered at 300 clients; during and after 1 100 idle sockets with ``--nofile 1024``, the
phone's request answered in under a second.

``--src DIR`` runs the server from another source tree (the baseline: ``--src
/work/main/src`` before issue 17).

    python bench/serve.py [--requests 3000] [--clients 20] [--flood 1100] [--nofile 1024]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import aiohttp

from arbitre_tui.operations.templates import create_swiss_event

SECONDS = 30.0


async def load(url: str, total: int, clients: int) -> tuple[list[float], int]:
    """(latencies, failures): ``clients`` connections at once, each a phone."""
    times: list[float] = []
    failures = 0
    deadline = time.perf_counter() + SECONDS
    headers = {"Accept-Encoding": "gzip"}

    async def client(session: aiohttp.ClientSession) -> None:
        nonlocal failures
        while len(times) + failures < total and time.perf_counter() < deadline:
            t0 = time.perf_counter()
            try:
                async with session.get(url, headers=headers) as r:
                    await r.read()
                    if r.status != 200:
                        raise aiohttp.ClientError(str(r.status))
            except (TimeoutError, aiohttp.ClientError, OSError):
                failures += 1
                continue
            times.append(time.perf_counter() - t0)

    timeout = aiohttp.ClientTimeout(total=10)
    connector = aiohttp.TCPConnector(limit=clients)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:
        await asyncio.gather(*(client(session) for _ in range(clients)))
    return times, failures


def phone(url: str) -> str:
    """One request as a phone makes it: status and time, or why it failed."""
    t0 = time.perf_counter()
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            r.read()
            return f"{r.status} en {(time.perf_counter() - t0) * 1000:.0f} ms"
    except (urllib.error.URLError, OSError) as exc:
        return f"ÉCHEC après {time.perf_counter() - t0:.1f} s ({exc})"


def closed(sock: socket.socket) -> bool:
    sock.settimeout(0)
    try:
        return sock.recv(1) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


def flood(port: int, count: int, url: str) -> None:
    socks: list[socket.socket] = []
    refused = 0
    t0 = time.perf_counter()
    for k in range(count):
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=2)
        except OSError:
            refused += 1
            continue
        if k % 2:
            s.sendall(b"GET /open-a/ HTTP/1.1\r\nHost: salle\r\n")  # headers never end
        socks.append(s)
    opened = time.perf_counter() - t0
    during = phone(url)
    time.sleep(0.5)
    gone = sum(closed(s) for s in socks)
    print(
        f"flood: {len(socks)} idle sockets opened in {opened:.1f} s ({refused} refused); "
        f"{gone} closed by the server; a phone during the flood: {during}"
    )
    for s in socks:
        s.close()
    time.sleep(1.0)
    print(f"flood: a phone 1 s after the flood: {phone(url)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("requests", nargs="?", type=int, default=3000)
    ap.add_argument("clients", nargs="?", type=int, default=20)
    ap.add_argument("--requests", dest="requests_opt", type=int, default=None)
    ap.add_argument("--clients", dest="clients_opt", type=int, default=None)
    ap.add_argument("--flood", type=int, default=1100, help="idle sockets (0: none)")
    ap.add_argument("--nofile", type=int, default=1024, help="the server's file limit")
    ap.add_argument("--src", default=None, help="run the server from this source tree")
    args = ap.parse_args()
    total = args.requests_opt or args.requests
    clients = args.clients_opt or args.clients
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = min(hard, max(soft, args.flood + clients + 256))
    resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))  # the bench's own sockets

    path = Path(tempfile.mkdtemp()) / "serve.sqlite"
    create_swiss_event(path).close()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ)
    if args.src:
        env["PYTHONPATH"] = args.src

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (args.nofile, hard))

    command = ["serve", str(path), "--port", str(port), "--host", "127.0.0.1"]
    server = subprocess.Popen(
        [sys.executable, "-m", "arbitre_tui.faces.cli.main", *command],
        stdout=subprocess.PIPE,
        env=env,
        preexec_fn=limit,
    )
    url = f"http://127.0.0.1:{port}/open-a/classement/"
    print(f"server: {args.src or 'this tree'}, file limit {args.nofile}")
    try:
        assert server.stdout is not None
        server.stdout.readline()
        for _ in range(50):
            if phone(url).startswith("200"):
                break
            time.sleep(0.1)
        start = time.perf_counter()
        times, failures = asyncio.run(load(url, total, clients))
        elapsed = time.perf_counter() - start
        times.sort()
        p99 = times[int(0.99 * (len(times) - 1))] if times else float("nan")
        median = statistics.median(times) if times else float("nan")
        print(
            f"load: {len(times)} requests, {clients} clients: {len(times) / elapsed:.0f} "
            f"requests/s, median {median * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
            f"{failures} failed"
        )
        if args.flood:
            flood(port, args.flood, url)
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    main()
