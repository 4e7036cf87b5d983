"""Papi import (issue 33): the file of bench/papi_export.py (1 000 players, 9 rounds)
imported as a new event: mdb-export's reading, the decoding and the one journaled
operation. Prints the wall time (mdb-export is a subprocess) and this process's CPU time.
Asserts nothing.

    python bench/papi_import.py [players] [rounds]
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from arbitre_tui.operations.papi import import_event
from arbitre_tui.publish.papi import papi
from arbitre_tui.rules.models import Game, Player, Result, System, Tournament


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 9
    players = [
        Player(id=k, surname=f"Joueur{k}", first_name="Élodie", rating_fide=1000 + k % 1500,
               club="Échiquier Niçois", ffe_code=f"A{k:05d}", fide_id=20000000 + k)
        for k in range(1, count + 1)
    ]  # fmt: skip
    results = (Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS, Result.WHITE_FORFEIT_WIN)
    games = {
        n: [
            Game(round_id=n, board=b + 1, white_id=1 + (2 * b + n) % count,
                 black_id=1 + (2 * b + 1 + n) % count, result=results[(b + n) % 4])
            for b in range(count // 2)
        ]
        for n in range(1, rounds + 1)
    }  # fmt: skip
    t = Tournament(key="open", name="Open A", system=System.SWISS, rounds_planned=rounds)
    event = {"name": "Bench", "city": "Nice", "start_date": "2027-07-01"}
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "bench.papi"
        papi.write(papi.tables(event, t, players, games, "Suisse"), source)
        w0, c0 = time.perf_counter(), time.process_time()
        done = import_event(source, Path(tmp) / "bench.sqlite")
        w1, c1 = time.perf_counter(), time.process_time()
        print(f"{len(done.players)} joueurs, {len(done.rounds)} rondes importées : "
              f"{w1 - w0:.2f} s, dont {c1 - c0:.2f} s CPU de ce processus")  # fmt: skip


if __name__ == "__main__":
    main()
