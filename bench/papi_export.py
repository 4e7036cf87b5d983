"""Papi export (issue 33): 1 000 players and 9 rounds written as a Jet 4 file, read back.

Pure mapping plus the Jet writer (no event file): the players and games are made here,
every round fully paired with results. Prints the CPU time of the mapping and of the
writing (Papi's indexes included: 32 on JOUEUR), the file's size, its index pages, the
usage maps written by reference (type 1: page 1's map past 512 pages, a table's whose
pages span more) and mdbtools' count of JOUEUR rows; with ARBITRE_JACKCESS naming the
Jackcess checker (docs/papi.md), its last line and its time. Asserts nothing; a refusal
(32 767 players or more: a Ref past Papi's Integer columns, docs/papi.md) is printed in
French, exit 2.

    python bench/papi_export.py [players] [rounds]
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from arbitre_tui.publish.papi import jet, papi
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
    c0 = time.process_time()
    tables = papi.tables(event, t, players, games, "Suisse")
    c1 = time.process_time()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "bench.papi"
        try:
            left_out = papi.write(tables, out)
        except (ValueError, jet.JetError) as exc:
            print(f"{count} joueurs, {rounds} rondes : refusé — {exc}", file=sys.stderr)
            raise SystemExit(2) from None
        c2 = time.process_time()
        data = out.read_bytes()
        index_pages = sum(data[k] in (3, 4) for k in range(0, len(data), 4096))
        print(f"{count} joueurs, {rounds} rondes : tables {c1 - c0:.2f} s CPU, "
              f"écriture Jet 4 {c2 - c1:.2f} s CPU, {out.stat().st_size // 1024} Kio "
              f"dont {index_pages} pages d'index ; non écrits : {left_out or 'aucun'}")  # fmt: skip
        print(f"cartes d'usage par référence (type 1) : {_references(data) or 'aucune'}")
        checker = os.environ.get("ARBITRE_JACKCESS")
        if checker:
            w0 = time.perf_counter()
            run = subprocess.run([*checker.split(), str(out)], capture_output=True, text=True)
            last = run.stdout.strip().splitlines()[-1:] or [run.stderr.strip()]
            print(f"Jackcess : {last[0]} ({time.perf_counter() - w0:.1f} s)")
        if shutil.which("mdb-export"):
            lines = subprocess.run(["mdb-export", str(out), "JOUEUR"], capture_output=True,
                                   text=True, check=True).stdout.count("\n")  # fmt: skip
            print(f"mdb-export JOUEUR : {lines - 1} lignes")


def _references(data: bytes) -> str:
    """Which usage maps are type 1: page 1's, and each table's (by its TDEF page)."""
    db = jet.Database(data)
    found = ["page 1"] if db.row_at(1 << 8)[0] == 1 else []
    for p, page in enumerate(db.pages):
        if (
            page[0] == 2
            and page[40] == 0x4E
            and db.row_at(int.from_bytes(page[55:59], "little"))[0]
        ):
            found.append(f"table en page {p} ({len(db.owned_pages(p))} pages)")
    return ", ".join(found)


if __name__ == "__main__":
    main()
