"""Papi round trip (issue 50.4): every Papi file of a folder imported as a new event
(`arbitre import papi`), exported again (`arbitre export papi`), and both files' INFO and
JOUEUR compared cell by cell with mdbtools' `mdb-export`. The files are never copied:
the folder is read where it is (real Papi files are not this project's to vendor).

Players are matched by name (Nom, Prenom: Papi's own Ref and Nr are renumbered here), an
opponent compared by name, dates as AAAA-MM-JJ. The cells the program recomputes
(RECOMPUTED, docs/papi.md says why) are counted apart. Prints, per file and in all, the
cells compared and those that came back, then the differing cells by column (with an
example). Asserts nothing.

    python bench/papi_round_trip.py DOSSIER [--detail]
"""

from __future__ import annotations

import collections
import csv
import io
import subprocess
import sys
import tempfile
from pathlib import Path

from arbitre_tui.faces.cli.main import main as arbitre
from arbitre_tui.operations.papi import import_event

# recomputed by Papi (and by arbitre-tui) from the games: never read back
RECOMPUTED_JOUEUR = frozenset(
    {"Ref", "Nr", "Pts", "PtA", "PtF", "Dep1", "Dep2", "Dep3", "Place", "Perf", "Board",
     "Flotteur"}
)  # fmt: skip
RECOMPUTED_INFO = frozenset({"RondeActive", "Version"})


def table(path: Path, name: str) -> list[dict[str, str]]:
    run = subprocess.run(
        ["mdb-export", "-D", "%Y-%m-%d", "-T", "%Y-%m-%d", str(path), name],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return list(csv.DictReader(io.StringIO(run.stdout)))


def _by_name(
    rows: list[dict[str, str]],
) -> tuple[dict[tuple[str, str], dict[str, str]], dict[str, str]]:
    names = {r["Ref"]: f"{r['Nom']} {r['Prenom']}".strip() for r in rows}
    return {(r["Nom"], r["Prenom"]): r for r in rows}, names


def compare(before: Path, after: Path, diff: collections.Counter[str],
            example: dict[str, str]) -> tuple[int, int, int]:  # fmt: skip
    """(cells compared, cells back, cells recomputed) of one file."""
    compared = same = recomputed = 0
    info_a = {r["Variable"]: r["Value"] for r in table(before, "INFO")}
    info_b = {r["Variable"]: r["Value"] for r in table(after, "INFO")}
    for var, value in info_a.items():
        if var in RECOMPUTED_INFO:
            recomputed += 1
            continue
        compared += 1
        if info_b.get(var) == value:
            same += 1
        else:
            diff[f"INFO.{var}"] += 1
            example.setdefault(f"INFO.{var}", f"{value!r} -> {info_b.get(var)!r}")
    rows_a, names_a = _by_name(table(before, "JOUEUR"))
    rows_b, names_b = _by_name(table(after, "JOUEUR"))
    for key, a in rows_a.items():
        b = rows_b.get(key, {})
        for col, value in a.items():
            if col in RECOMPUTED_JOUEUR:
                recomputed += 1
                continue
            compared += 1
            other = b.get(col)
            if col.endswith("Adv"):
                value, other = names_a.get(value, value), names_b.get(other or "", other)
            if other == value:
                same += 1
            else:
                k = f"JOUEUR.{'Rd..' + col[4:] if col.startswith('Rd') else col}"
                diff[k] += 1
                example.setdefault(k, f"{key}: {value!r} -> {other!r}")
    return compared, same, recomputed


def main() -> None:
    folder = Path(sys.argv[1])
    detail = "--detail" in sys.argv
    total = [0, 0, 0]
    diff: collections.Counter[str] = collections.Counter()
    example: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for src in sorted(folder.glob("*.papi")):
            event = Path(tmp) / f"{src.stem}.sqlite"
            out = Path(tmp) / f"{src.stem}.papi"
            import_event(src, event)
            if arbitre(["export", "papi", str(event), "papi", str(out), "--confirm"]) != 0:
                print(f"{src.name}: export refusé")
                continue
            mine: collections.Counter[str] = collections.Counter()
            c, s, r = compare(src, out, mine, example)
            diff.update(mine)
            total = [total[0] + c, total[1] + s, total[2] + r]
            print(f"{src.name}: {s} / {c} cells back ({r} recomputed)")
            if detail:
                for k, v in mine.most_common():
                    print(f"    {k}: {v}")
    print(f"all: {total[1]} / {total[0]} cells back, {total[0] - total[1]} differ, "
          f"{total[2]} recomputed")  # fmt: skip
    for k, v in diff.most_common():
        print(f"  {k}: {v}  e.g. {example.get(k, '')}")


if __name__ == "__main__":
    main()
