"""Bounds on input (issue 18): peak memory of `arbitre players import` and of the pairing.

Each figure is the peak RSS of one `arbitre` process (os.wait4), beside the target:
an import of 100 000 rows under ~100 MiB (a Raspberry Pi), a 10 MB field refused; and
`pair-trf` on 1 000 and 3 000 players (round 1), with the engine's own estimate
(rules.swiss.bounds) that refuses a field the machine cannot pair. Prints, asserts nothing.

    python bench/input_bounds.py [ROWS...]      # default 10000 100000
    python bench/input_bounds.py --pairing 1000 3000
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

IMPORT_TARGET_MIB = 100
# before issue 18 (main 9ede540, this machine): the whole file parsed, then inserted
BASELINE_MIB = {10_000: 130, 100_000: 714}
BASELINE_PAIRING = "1 000 players 217 MiB (8 s); 3 000 players >= 555 MiB, round 1 unfinished"


def run(*args: str) -> tuple[int, float, float, str]:
    """Exit code, seconds, peak RSS (MiB) and stderr of one `arbitre` process."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "arbitre_tui.faces.cli.main", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stderr is not None
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return proc.returncode, time.perf_counter() - t0, usage.ru_maxrss / 1024, err


def event(folder: Path) -> Path:
    from arbitre_tui.operations import EventService
    from arbitre_tui.rules.models import System, Tournament

    path = folder / "bench.sqlite"
    service = EventService(path, create=True)
    service.create_event("Bench", "Ville")
    service.add_tournament(
        Tournament(key="open", name="Open", system=System.SWISS, rounds_planned=9)
    )
    service.close()
    return path


def csv_file(folder: Path, rows: int) -> Path:
    path = folder / f"players-{rows}.csv"
    with path.open("w", encoding="utf-8") as out:
        out.write("nom,prenom,sexe,naissance,fide_id,licence,club,elo_fide\n")
        for i in range(rows):
            out.write(
                f"Joueur{i:06d},Prénom,M,{1950 + i % 60}-0{1 + i % 9}-1{i % 9},"
                f"{1_000_000 + i},A{i:05d},Club {i % 300},{1000 + i % 1800}\n"
            )
    return path


def imports(sizes: list[int]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for rows in sizes:
            path = event(folder)
            data = csv_file(folder, rows)
            code, secs, peak, err = run("players", "import", str(path), str(data), "-t", "open")
            print(
                f"import {rows:7d} rows ({data.stat().st_size / 1e6:5.1f} MB): exit {code}, "
                f"{secs:6.1f} s, peak {peak:6.0f} MiB (target < {IMPORT_TARGET_MIB}, before "
                f"{BASELINE_MIB.get(rows, '?')}) "
                f"{err.strip()[:80]}",
                flush=True,
            )
            path.unlink()
        field = folder / "field.csv"
        field.write_text("nom\n" + "A" * 10_000_000 + "\n", encoding="utf-8")
        code, secs, peak, err = run(
            "players", "import", str(event(folder)), str(field), "-t", "open"
        )
        print(
            f"a 10 MB field: exit {code}, {secs:.1f} s, peak {peak:.0f} MiB : {err.strip()[:100]}"
        )


def trf_file(folder: Path, players: int) -> Path:
    from arbitre_tui.rules import trf

    t = trf.TrfTournament(rounds=9)
    for i in range(1, players + 1):
        t.players[i] = trf.TrfPlayer(start=i, name=f"Joueur {i}", rating=2800 - i % 1800)
    path = folder / f"field-{players}.trf"
    path.write_text(trf.write(t, "\n"), encoding="utf-8")
    return path


def pairings(sizes: list[int]) -> None:
    from arbitre_tui.rules.swiss.bounds import pairing_memory

    print(f"measured when the bound was set: {BASELINE_PAIRING}")
    with tempfile.TemporaryDirectory() as tmp:
        for players in sizes:
            path = trf_file(Path(tmp), players)
            code, secs, peak, err = run("pair-trf", str(path))
            print(
                f"pair-trf {players:5d} players: exit {code}, {secs:6.1f} s, peak {peak:6.0f} "
                f"MiB; estimate {pairing_memory(players) / 2**20:6.0f} MiB {err.strip()[:100]}",
                flush=True,
            )


if __name__ == "__main__":
    if sys.argv[1:2] == ["--pairing"]:
        pairings([int(a) for a in sys.argv[2:]] or [1000, 3000])
    else:
        imports([int(a) for a in sys.argv[1:]] or [10_000, 100_000])
