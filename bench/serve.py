"""Results server load: requests per second and latency for a 150-player standings page.

Builds an event with a 150-player section (3 rounds played), starts ``arbitre serve`` in
its own process on 127.0.0.1, then sends a bounded number of requests (at most
``REQUESTS``, at most ``SECONDS``) from ``CLIENTS`` concurrent clients, like phones
refreshing with gzip. Prints requests/s, median and p99 latency.
Target (issue #8): >= 200 requests/s and p99 <= 50 ms on this machine.

    python bench/serve.py [REQUESTS] [CLIENTS]
"""

from __future__ import annotations

import asyncio
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

from arbitre_tui.operations.templates import create_swiss_event

SECONDS = 30.0


async def load(url: str, total: int, clients: int) -> list[float]:
    times: list[float] = []
    deadline = time.perf_counter() + SECONDS
    headers = {"Accept-Encoding": "gzip"}

    async def client(session: aiohttp.ClientSession) -> None:
        while len(times) < total and time.perf_counter() < deadline:
            t0 = time.perf_counter()
            async with session.get(url, headers=headers) as r:
                await r.read()
                assert r.status == 200
            times.append(time.perf_counter() - t0)

    async with aiohttp.ClientSession() as session:
        await asyncio.gather(*(client(session) for _ in range(clients)))
    return times


def main() -> None:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    clients = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    path = Path(tempfile.mkdtemp()) / "serve.sqlite"
    create_swiss_event(path).close()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "arbitre_tui.faces.cli.main",
            "serve",
            str(path),
            "--port",
            str(port),
        ],
        stdout=subprocess.PIPE,
    )
    try:
        assert server.stdout is not None
        server.stdout.readline()
        url = f"http://127.0.0.1:{port}/open-a/classement/"
        for _ in range(50):
            try:
                asyncio.run(load(url, 1, 1))
                break
            except (aiohttp.ClientError, OSError):
                time.sleep(0.1)
        start = time.perf_counter()
        times = asyncio.run(load(url, total, clients))
        elapsed = time.perf_counter() - start
    finally:
        server.terminate()
        server.wait(10)
    times.sort()
    p99 = times[int(0.99 * (len(times) - 1))]
    print(
        f"{len(times)} requests, {clients} clients: {len(times) / elapsed:.0f} requests/s, "
        f"median {statistics.median(times) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
