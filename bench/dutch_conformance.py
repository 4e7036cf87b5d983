"""Reference vectors: pair every case of tests/vectors/dutch and compare.

Prints each round that differs (pairs missing, pairs extra, bye) and the count
``identical N / total``. Exit code 1 when any differs.

    python bench/dutch_conformance.py [FILTER...]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from arbitre_tui.rules import trf
from arbitre_tui.rules.swiss.checker import parse_engine_output
from arbitre_tui.rules.swiss.dutch import pair_round
from arbitre_tui.rules.swiss.trf_state import state_from_trf

CASES = Path(__file__).resolve().parents[1] / "tests" / "vectors" / "dutch" / "cases"


def main() -> int:
    files = sorted(CASES.glob("*.trf"))
    if sys.argv[1:]:
        files = [f for f in files if any(a in f.name for a in sys.argv[1:])]
    same = 0
    start = time.perf_counter()
    for f in files:
        expected_pairs, expected_bye = parse_engine_output((f.with_suffix(".out")).read_text())
        result = pair_round(state_from_trf(trf.parse(f.read_text(), check_scores=False)))
        got = {(b.white, b.black) for b in result.boards}
        if got == expected_pairs and result.bye == expected_bye:
            same += 1
            continue
        print(
            f"{f.stem}: manquent {sorted(expected_pairs - got)}, en trop {sorted(got - expected_pairs)}, "
            f"exempt attendu {expected_bye}, obtenu {result.bye}"
        )
    elapsed = time.perf_counter() - start
    print(f"identical {same} / {len(files)}  ({elapsed:.1f} s)")
    return 0 if same == len(files) else 1


if __name__ == "__main__":
    raise SystemExit(main())
