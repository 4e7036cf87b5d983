"""Free Pairings Checker at scale: random tournaments checked both ways against a reference.

    ENGINE=/path/to/bbpPairings.exe python bench/crosscheck.py --tournaments 5000

1. ``arbitre generate`` (in process) writes a tournament; the reference's checker
   (``ENGINE --dutch FILE -c``) re-pairs every round: any « Checker pairings » table or
   « No valid pairing » is a discrepancy, and so is a file it refuses.
2. The reference's generator (``ENGINE --dutch -g CONFIG -o OUT -s SEED``) writes one;
   our checker (``check-pairings``) re-pairs every round.

Sizes and rates are drawn from the tournament number (reproducible): 6-80 players,
3-11 rounds, draws 10-50 %, forfeits, withdrawals, half- and zero-point byes or none.
``--demo``: every Swiss section of the demo event, exported as TRF-2026, through the
reference's reader and checker instead. Prints each discrepancy (with the file kept in --keep) and the totals. The project never
depends on the reference engine: this script only runs where ENGINE is given.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from arbitre_tui.rules import trf
from arbitre_tui.rules.errors import RuleError
from arbitre_tui.rules.swiss.checker import check_tournament
from arbitre_tui.rules.swiss.generator import NoPairing, Options, generate

IMPOSSIBLE: list[int] = []  # our tournaments stopped where neither engine finds a pairing


def draw_options(k: int) -> Options:
    rng = random.Random(f"crosscheck-{k}")
    players = rng.randint(6, 80)
    rounds = rng.randint(3, min(11, players - 1))
    return Options(
        players=players,
        rounds=rounds,
        seed=k,
        draws=rng.randint(10, 50),
        forfeits=rng.choice((0, 0, 15, 40)),
        withdrawals=rng.choice((0, 0, 60, 150)),
        half_byes=rng.choice((0, 0, 25, 60)),
        zero_byes=rng.choice((0, 0, 40, 100)),
    )


def ours_through_reference(engine: str, k: int, work: Path) -> str | None:
    """The reference checker on our generated tournament k; the problem, or None."""
    opts = draw_options(k)
    try:
        t = generate(opts)
    except NoPairing as exc:  # no pairing for a round: the reference must find none either
        path = work / f"ours-{k}-impossible.trf"
        path.write_bytes(trf.write(exc.partial).encode("utf-8"))
        run = subprocess.run(
            [engine, "--dutch", str(path), "-p"], capture_output=True, text=True, check=False
        )
        if run.returncode != 1:
            return f"{path.name} {opts}: we find no pairing, the reference: {run.stdout!r}"
        IMPOSSIBLE.append(k)
        path.unlink()
        return None
    path = work / f"ours-{k}.trf"
    path.write_bytes(trf.write(t).encode("utf-8"))
    run = subprocess.run(
        [engine, "--dutch", str(path), "-c"], capture_output=True, text=True, check=False
    )
    lines = [x for x in run.stdout.splitlines() if x.strip() and ": Round #" not in x]
    if run.returncode or lines:
        return f"{path.name} {opts}: code {run.returncode}\n" + "\n".join(
            lines + run.stderr.splitlines()
        )
    path.unlink()
    return None


def reference_through_ours(engine: str, k: int, work: Path) -> str | None:
    """Our checker on the reference's generated tournament k; the problem, or None."""
    opts = draw_options(k)
    config = work / f"config-{k}.txt"
    rates = [f"PlayersNumber={opts.players}", f"RoundsNumber={opts.rounds}"]
    rates.append(f"DrawPercentage={opts.draws}")
    if opts.forfeits:
        rates.append(f"ForfeitRate={opts.forfeits}")
    if opts.withdrawals:
        rates.append(f"RetiredRate={max(2, opts.withdrawals)}")
    if opts.half_byes:
        rates.append(f"HalfPointByeRate={opts.half_byes}")
    config.write_text("\n".join(rates) + "\n")
    path = work / f"ref-{k}.trf"
    run = subprocess.run(
        [engine, "--dutch", "-g", str(config), "-o", str(path), "-s", str(k + 1)],
        capture_output=True,
        text=True,
        check=False,
    )
    config.unlink()
    if run.returncode:  # the reference found no pairing for its own tournament: not ours
        path.unlink(missing_ok=True)
        return None
    try:
        checks = check_tournament(trf.parse(path.read_text(encoding="utf-8"), check_scores=False))
    except RuleError as exc:
        return f"{path.name}: our reader refuses it: {exc.message}"
    bad = [c for c in checks if not c.identical]
    if bad:
        return f"{path.name}: " + "; ".join(
            f"round {c.round}: missing {c.missing} extra {c.extra} colours {c.colours} "
            f"bye {c.bye_file}/{c.bye_ours} {c.error or ''}"
            for c in bad
        )
    path.unlink()
    return None


def demo_through_reference(engine: str, work: Path) -> int:
    """Every Swiss section of the demo, exported, read by the reference: its checker must
    take the file and find each round as we paired it (a knock-out, a round-robin or a
    cup is no Swiss: the reference refuses FIDE_ROUNDROBIN and pairs none of them)."""
    from arbitre_tui.operations import EventService, trf_export
    from arbitre_tui.operations.templates import create_demo

    create_demo(work / "demo.sqlite").close()
    service = EventService(work / "demo.sqlite")
    problems = 0
    for t in service._store.tournaments():
        if t.system.value != "swiss":
            continue
        path = work / f"demo-{t.key}.trf"
        path.write_bytes(trf_export.export_trf(service, t.key).encode("utf-8"))
        run = subprocess.run(
            [engine, "--dutch", str(path), "-c"], capture_output=True, text=True, check=False
        )
        lines = [x for x in run.stdout.splitlines() if x.strip() and ": Round #" not in x]
        verdict = "read, every round as ours" if not (run.returncode or lines) else "DIFFERS"
        problems += verdict != "read, every round as ours"
        print(f"demo {t.key}: {verdict} {run.stderr.strip()} {' | '.join(lines[:4])}")
    service.close()
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=100)
    parser.add_argument("--start", type=int, default=0, help="first tournament number")
    parser.add_argument("--keep", default=None, help="folder for the files that differ")
    parser.add_argument("--demo", action="store_true", help="the demo's TRF exports only")
    args = parser.parse_args()
    engine = os.environ.get("ENGINE")
    if not engine or not shutil.which(engine):
        print("ENGINE=/path/to/bbpPairings is required (built outside the project).")
        return 2
    work = Path(args.keep or tempfile.mkdtemp(prefix="crosscheck-"))
    work.mkdir(parents=True, exist_ok=True)
    if args.demo:
        return 1 if demo_through_reference(engine, work) else 0
    t0 = time.perf_counter()
    problems = {"ours → reference": 0, "reference → ours": 0}
    for k in range(args.start, args.start + args.tournaments):
        for label, check in (
            ("ours → reference", ours_through_reference),
            ("reference → ours", reference_through_ours),
        ):
            found = check(engine, k, work)
            if found:
                problems[label] += 1
                print(f"DISCREPANCY {label} #{k}: {found}", flush=True)
        done = k - args.start + 1
        if done % 100 == 0:
            print(f"{done} tournaments, {time.perf_counter() - t0:.0f} s, {problems}", flush=True)
    print(
        f"{args.tournaments} tournaments each way in {time.perf_counter() - t0:.0f} s: "
        + ", ".join(f"{label}: {n} discrepancies" for label, n in problems.items())
        + f"; {len(IMPOSSIBLE)} of ours stopped on a round neither engine can pair"
    )
    if not args.keep and not any(problems.values()):
        shutil.rmtree(work, ignore_errors=True)
    return 1 if any(problems.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
