"""A Swiss pairing through the store: the whole operation, not only the engine.

Open A of the Open Marina Viva with N players, rounds 1-5 paired and played through
``EventService.pair_round`` (snapshot read, fingerprint, engine, write transaction).
Prints each round's pairing time and the fingerprint's own cost.

    python bench/pair_store.py [SIZES...]
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from arbitre_tui.operations.templates import create_swiss_event


def main() -> None:
    sizes = [int(a) for a in sys.argv[1:]] or [100, 300]
    for n in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            service = create_swiss_event(Path(tmp) / "b.sqlite", players=n, rounds=0)
            times = []
            for number in range(1, 6):
                t0 = time.perf_counter()
                rnd = service.pair_round("open-a", seed=number)
                times.append(time.perf_counter() - t0)
                for g in service._store.games(rnd.id or 0):
                    if g.black_id is not None:
                        service.record_result("open-a", g.board, "1" if g.board % 3 else "=")
                service.close_round("open-a")
            tid = service.tournament("open-a").id or 0
            fp = getattr(service._store, "fingerprint", None)
            cost = ""
            if fp is not None:
                t0 = time.perf_counter()
                for _ in range(10):
                    fp(tid)
                cost = f", fingerprint {(time.perf_counter() - t0) * 100:.1f} ms"
            service.close()
        print(
            f"{n:5d} players: median {statistics.median(times) * 1000:7.1f} ms, rounds "
            + " ".join(f"{t * 1000:.0f}" for t in times)
            + cost,
            flush=True,
        )


if __name__ == "__main__":
    main()
