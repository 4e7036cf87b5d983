"""Import a 1 000 000-player synthetic FIDE list (TXT and XML, as FIDE writes them) and a
100 000-player FFE CSV with `arbitre ratings import`, each in a process of its own.
Target (issue 20): a few seconds, a few tens of MB of memory. Prints time, the import
process's peak RSS and the lists file's size; asserts nothing.

    PYTHONPATH=src python bench/ratings_import.py [PLAYERS]
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FEDS = ("FRA", "GER", "ESP", "IND", "USA", "RUS", "ITA", "NED", "POL", "BEL")
TITLES = ("", "", "", "", "", "", "", "", "FM", "IM", "GM", "CM")
HEADER = (
    "ID Number      Name                                                         Fed Sex "
    "Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)


def people(count: int, seed: int = 1) -> list[tuple[int, str, str, str, str, int, int, int, int]]:
    rng = random.Random(seed)
    out = []
    for i in range(count):
        name = f"Name{rng.randrange(10**6):06d}, First{i % 997}"
        out.append(
            (
                1_000_000 + i,
                name,
                rng.choice(FEDS),
                rng.choice("MMMF"),
                rng.choice(TITLES),
                rng.choice((0, rng.randrange(1000, 2800))),
                rng.choice((0, rng.randrange(1000, 2800))),
                rng.choice((0, rng.randrange(1000, 2800))),
                rng.randrange(1940, 2020),
            )
        )
    return out


def rating(r: int) -> str:
    return str(r) if r else ""


def write_txt(path: Path, rows: list[tuple[int, str, str, str, str, int, int, int, int]]) -> None:
    with path.open("w", encoding="utf-8") as out:
        out.write(HEADER + "\n")
        for fid, name, fed, sex, tit, s, r, b, year in rows:
            out.write(
                f"{fid:<15}{name:<61}{fed:<4}{sex:<4}{tit:<5}{'':<5}{'':<15}{'':<4}"
                f"{rating(s):<6}{'0':<4}{'20':<3}{rating(r):<6}{'0':<4}{'20':<3}"
                f"{rating(b):<6}{'0':<4}{'20':<3}{year:<6}\n"
            )


TYPE_HEADER = (
    "ID Number      Name                                                         Fed Sex "
    "Tit  WTit OTit           FOA SEP25 Gms  K   B-day Flag"
)


def write_type_txt(
    path: Path, rows: list[tuple[int, str, str, str, str, int, int, int, int]]
) -> None:
    """standard_rating_list.txt: one cadence, its rating column named by its month."""
    with path.open("w", encoding="utf-8") as out:
        out.write(TYPE_HEADER + "\n")
        for fid, name, fed, sex, tit, s, _r, _b, year in rows:
            out.write(
                f"{fid:<15}{name:<61}{fed:<4}{sex:<4}{tit:<5}{'':<5}{'':<15}{'':<4}"
                f"{rating(s):<6}{'0':<4}{'20':<5}{year:<6}\n"
            )


def zipped(writer, member: str):  # type: ignore[no-untyped-def]
    """A writer whose list ends inside a zip, as FIDE ships it (issue 32)."""
    import zipfile

    def write(path: Path, rows: list[tuple[int, str, str, str, str, int, int, int, int]]) -> None:
        inner = path.with_name(member)
        writer(inner, rows)
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
            z.write(inner, member)
        inner.unlink()

    return write


def write_xml(path: Path, rows: list[tuple[int, str, str, str, str, int, int, int, int]]) -> None:
    with path.open("w", encoding="utf-8") as out:
        out.write('<?xml version="1.0" encoding="utf-8"?>\n<playerslist>\n')
        for fid, name, fed, sex, tit, s, r, b, year in rows:
            out.write(
                f"<player><fideid>{fid}</fideid><name>{name}</name><country>{fed}</country>"
                f"<sex>{sex}</sex><title>{tit}</title><w_title></w_title><o_title></o_title>"
                f"<foa_title></foa_title><rating>{s}</rating><games>0</games><k>20</k>"
                f"<rapid_rating>{r}</rapid_rating><rapid_games>0</rapid_games><rapid_k>20</rapid_k>"
                f"<blitz_rating>{b}</blitz_rating><blitz_games>0</blitz_games><blitz_k>20</blitz_k>"
                f"<birthday>{year}</birthday><flag></flag></player>\n"
            )
        out.write("</playerslist>\n")


def write_ffe(path: Path, rows: list[tuple[int, str, str, str, str, int, int, int, int]]) -> None:
    with path.open("w", encoding="utf-8") as out:
        out.write("NrFFE;Nom;Prenom;Sexe;NeLe;Federation;FideCode;Elo;Rapide;Blitz;Club\n")
        for i, (fid, name, fed, sex, _tit, s, r, b, year) in enumerate(rows):
            surname, first = name.split(", ")
            out.write(
                f"{chr(65 + i % 26)}{i % 100000:05d};{surname};{first};{sex};"
                f"{year}-06-15;{fed};{fid};{s};{r};{b};Club {i % 900}\n"
            )


def run_import(base: Path, listing: Path) -> tuple[float, float, float]:
    """(seconds, CPU seconds, peak RSS in MB) of `arbitre ratings import` in a fresh
    process: on a loaded machine (2 CPUs shared) the CPU time says more than the clock."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src")}
    # VmHWM, the process's own peak (ru_maxrss would count the parent's, from the fork)
    code = (
        "import sys\n"
        "from arbitre_tui.faces.cli.main import main\n"
        "rc = main(sys.argv[1:])\n"
        "import resource\n"
        "hwm = [l for l in open('/proc/self/status') if l.startswith('VmHWM')][0]\n"
        "use = resource.getrusage(resource.RUSAGE_SELF)\n"
        "print('CPU', use.ru_utime + use.ru_stime, 'RSS', hwm.split()[1], file=sys.stderr)\n"
        "raise SystemExit(rc)\n"
    )
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", code, "ratings", "import", str(listing), "--base", str(base)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    seconds = time.perf_counter() - started
    figures = done.stderr.split("CPU")[-1].split()
    return seconds, float(figures[0]), int(figures[2]) / 1024


def calibration() -> float:
    """Seconds for 10 million additions: the machine's speed now (2 shared CPUs)."""
    started = time.perf_counter()
    total = 0
    for i in range(10_000_000):
        total += i
    return time.perf_counter() - started


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    # FIDE sorts its lists by name: the ids come in no order (the harder case for the table)
    print(
        f"charge {os.getloadavg()[0]:.1f} ; boucle de référence (10 M additions) "
        f"{calibration():.2f} s"
    )
    rows = sorted(people(count), key=lambda row: row[1])
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        base = folder / "listes-elo.sqlite"
        print(f"{count} joueurs synthétiques ; cible : quelques secondes, quelques dizaines de Mo")
        for label, writer, name, n in (
            ("FIDE TXT", write_txt, "players_list_foa.txt", count),
            ("FIDE XML", write_xml, "players_list_xml_foa.xml", count),
            ("FFE CSV ", write_ffe, "joueurs-ffe.csv", min(count, 100_000)),
            ("FIDE zip", zipped(write_txt, "players_list_foa.txt"), "players_list.zip", count),
            (
                "std zip ",
                zipped(write_type_txt, "standard_rating_list.txt"),
                "standard_rating_list.zip",
                count,
            ),
        ):
            listing = folder / name
            writer(listing, rows[:n])
            seconds, cpu, rss = run_import(base, listing)
            size = base.stat().st_size / 2**20
            print(
                f"{label} {n:>8} joueurs  liste {listing.stat().st_size / 2**20:6.1f} Mo  "
                f"import {seconds:5.1f} s (CPU {cpu:5.1f} s)  RSS max {rss:5.1f} Mo  listes-elo.sqlite {size:5.1f} Mo"
            )
            listing.unlink()


if __name__ == "__main__":
    main()
