"""Regenerate this folder with FIDE's reference checker (TieBreakServer), run outside the project.

    python generate.py /path/to/TieBreakServer [OUT] [--modifiers]

``--modifiers`` writes only the tables of the checker's own modifiers (P S D V X N) for
the events already there.

Not used by the tests: it records exactly how the vectors were made (see README.md).
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHARED = HERE.parent / "tiebreak"  # the vendored C.07 vectors: their TRFs get new columns

# The checker keeps Fore Buchholz's final-round adjustment for the codes after it in
# one list (its BH, SB, AOB then differ from a run of their own): FB codes come last.
FORE_LAST = ["FB", "FB/C1", "AOB/F"]
BUCHHOLZ = ["BH", "BH/C1", "BH/C2", "BH/M1", "BH/M2", "AOB"]
SONNEBORN = ["SB", "SB/C1", "SB/C2", "SB/M1"]
OWN = ["PS", "PS/C1", "WIN", "WON", "BPG", "BWG", "REP", "STD", "TPN", "RTNG"]
RATED = ["ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"]
KOYA = ["KS", "KS/L60", "KS/L+1", "KS/L-1"]
SWISS = ["PTS", *BUCHHOLZ, *SONNEBORN, *OWN, "ARO", "ARO/C1", "ARO/M1", *RATED[1:5], "KS"]
SWISS += FORE_LAST
UNRATED = ["PTS", *RATED, *(f"{code}/U1400" for code in RATED)]
ROUND_ROBIN = ["PTS", *SONNEBORN[:2], *KOYA, *OWN[2:], "PS", *RATED[:5]]
SHARED_SWISS = ["PTS", "AOB", *SONNEBORN[1:], *OWN[-3:], "ARO/C1", "ARO/M1", *RATED[2:5], "KS"]
SHARED_SWISS += FORE_LAST
SHARED_ROUND_ROBIN = ["PTS", *KOYA, *OWN[-3:], *RATED[2:5]]
DE_LISTS = {"de": ["PTS", "DE"], "win-de": ["PTS", "WIN", "DE"]}

# The checker's own modifiers (docs/tiebreaks.md). Its APRO and APPO crash on a cut
# (« Error 510 »): they are checked here without one. FB/P closes the list (see above);
# the other Fore codes have a list of their own.
SWISS_MODIFIERS = [
    *("PTS", "BH/P", "SB/P", "BH/C1/P", "SB/C1/P", "AOB/P"),
    *("BH/V1", "SB/V1", "BH/C1/V1", "SB/M1/V2024", "AOB/V2024", "BH/V2022"),
    *("ARO/C1/V0", "TPR/M1/V0", "PTP/C2/V2022", "APRO/V0", "APPO/V2022", "TPR/C1/V1"),
    *("SB/D", "SB/C1/D", "SB/D/P", "BH/C1/N", "SB/C1/N", "BH/M1/N", "SB/C2/N", "AOB/C1/N"),
    *("BH/X", "SB/C1/X", "TPR/X", "WIN/X", "BH/C1/P/N", "SB/C1/V1/N", "FB/P"),
]
SWISS_FORE_MODIFIERS = ["PTS", "FB/V1", "FB/C1/N", "AOB/F/P"]
ROUND_ROBIN_MODIFIERS = [
    *("PTS", "BH", "SB", "BH/S", "SB/S", "SB/C1/S", "BH/C1/S/N", "SB/P", "SB/S/P"),
    *("SB/V1", "SB/C1/N", "SB/D", "KS/X"),
]
# DE/S in a double round robin is left out: the checker counts an opponent met twice as
# one game met in all (it resets its count to 1), so it never sees that all have met.
SWISS_MODIFIER_LISTS = {
    "mod": SWISS_MODIFIERS,
    "fore-mod": SWISS_FORE_MODIFIERS,
    "de-p": ["PTS", "WIN", "DE/P"],
    "de-s": ["PTS", "DE/S"],
}
ROUND_ROBIN_MODIFIER_LISTS = {
    "mod": ROUND_ROBIN_MODIFIERS,
    "de-s": ["PTS", "DE/S"],
    "de-sp": ["PTS", "DE/S/P"],
}


def run(tbs: Path, *args: str) -> str:
    return subprocess.run(
        [sys.executable, *args], cwd=tbs, check=True, capture_output=True, text=True
    ).stdout


def generate_trfs(tbs: Path, out: Path) -> None:
    """Swiss (Dutch) and Berger events from the reference's own generator, seeded by number."""
    first = 0
    for players in (9, 12, 16, 21, 30, 41):
        for rounds in (5, 7, 9):
            run(
                tbs,
                "tournamentgenerator.py",
                "-g",
                str(first),
                "4",
                "-p",
                str(players),
                "-n",
                str(rounds),
                "-m",
                "dutch",
                "-R",
                "2400",
                "20",
                "100",
                "-S",
                "0.04",
                "0.08",
                "0.07",
                "-o",
                str(out / f"swiss/s{players}_{rounds}_%d.trf"),
            )
            first += 4
    for players in range(4, 11):
        single = players if players % 2 else players - 1
        for prefix, rounds in (("r", single), ("d", 2 * single)):
            run(
                tbs,
                "tournamentgenerator.py",
                "-g",
                str(first),
                "3",
                "-p",
                str(players),
                "-n",
                str(rounds),
                "-m",
                "berger",
                "-R",
                "2400",
                "20",
                "100",
                "-S",
                "0",
                "0",
                "0.08",
                "-o",
                str(out / f"round-robin/{prefix}{players}_%d.trf"),
            )
            first += 3
    # Unrated players: every fourth Swiss event, an eighth of its ratings blanked (seed 7).
    rng = random.Random(7)
    (out / "unrated").mkdir(exist_ok=True)
    for trf in sorted((out / "swiss").glob("*.trf"))[::4]:
        lines = trf.read_text(encoding="latin-1").split("\n")
        rows = [i for i, line in enumerate(lines) if line.startswith("001")]
        for i in rng.sample(rows, max(1, len(rows) // 8)):
            lines[i] = lines[i][:48] + "    " + lines[i][52:]
        (out / "unrated" / f"u{trf.name}").write_text("\n".join(lines), encoding="latin-1")
    # 3-1-0 scoring: every sixth Swiss event, its 162 record and its players' points redone.
    (out / "scoring-310").mkdir(exist_ok=True)
    for trf in sorted((out / "swiss").glob("*.trf"))[::6]:
        lines = [_three_one_zero(line) for line in trf.read_text(encoding="latin-1").split("\n")]
        (out / "scoring-310" / f"w{trf.name}").write_text("\n".join(lines), encoding="latin-1")


THREE_ONE_ZERO = "162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0    X 1.0"
POINTS = {"1": 3.0, "W": 3.0, "+": 3.0, "F": 3.0, "U": 3.0, "=": 1.0, "D": 1.0, "H": 1.0}


def _three_one_zero(line: str) -> str:
    if line.startswith("162"):
        return THREE_ONE_ZERO
    if not line.startswith("001"):
        return line
    points = sum(POINTS.get(line[i], 0.0) for i in range(98, len(line), 10))
    return f"{line[:80]}{points:4.1f}{line[84:]}"


def tsv(tbs: Path, trf: Path, target: Path, codes: list[str], round_robin: bool) -> None:
    mode = "-p" if round_robin else "-s"
    text = run(tbs, "tiebreakchecker.py", "-i", str(trf), mode, "-dT", "-r", "-t", *codes)
    target.write_text(text, encoding="utf-8")


def modifier_tables(tbs: Path, out: Path) -> None:
    """The tables of the checker's own modifiers, for every event already generated."""
    plan = [("swiss", out / "swiss"), ("unrated", out / "unrated")]
    plan += [("scoring-310", out / "scoring-310"), ("shared-swiss", SHARED / "swiss")]
    plan += [("round-robin", out / "round-robin")]
    plan += [("shared-round-robin", SHARED / "round-robin")]
    for folder, source in plan:
        round_robin = folder.endswith("round-robin")
        lists = ROUND_ROBIN_MODIFIER_LISTS if round_robin else SWISS_MODIFIER_LISTS
        for trf in sorted(source.glob("*.trf")):
            for name, codes in lists.items():
                if name.startswith("de-s") and trf.name.startswith("d"):
                    continue  # a double round robin: see ROUND_ROBIN_MODIFIER_LISTS
                tsv(tbs, trf, out / folder / f"{trf.stem}.{name}.tsv", codes, round_robin)


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--modifiers"]
    tbs = Path(args[0]).resolve()
    out = Path(args[1]).resolve() if len(args) > 1 else HERE
    if "--modifiers" in sys.argv:
        modifier_tables(tbs, out)
        return
    generate_trfs(tbs, out)
    plan = [("swiss", out / "swiss", SWISS, False), ("unrated", out / "unrated", UNRATED, False)]
    plan += [("scoring-310", out / "scoring-310", SWISS, False)]
    plan += [("round-robin", out / "round-robin", ROUND_ROBIN, True)]
    plan += [("shared-swiss", SHARED / "swiss", SHARED_SWISS, False)]
    plan += [("shared-round-robin", SHARED / "round-robin", SHARED_ROUND_ROBIN, True)]
    for folder, source, codes, round_robin in plan:
        (out / folder).mkdir(exist_ok=True)
        for trf in sorted(source.glob("*.trf")):
            tsv(tbs, trf, out / folder / f"{trf.stem}.tsv", codes, round_robin)
            for name, lst in DE_LISTS.items():
                tsv(tbs, trf, out / folder / f"{trf.stem}.{name}.tsv", lst, round_robin)
    modifier_tables(tbs, out)


if __name__ == "__main__":
    main()
