"""Child process for the pairing race: the real `arbitre` command line, whose Dutch engine
waits at a barrier (a folder where each racer leaves a file) so that two processes
compute the same round at the same time, then write it.

    python -m tests.helpers.pair_racer BARRIER NAME ARGS...
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from arbitre_tui.faces.cli.main import main
from arbitre_tui.operations import engines
from arbitre_tui.rules.swiss import dutch
from arbitre_tui.rules.swiss.model import RoundPairing, SwissState


def run() -> int:
    barrier, name, args = Path(sys.argv[1]), sys.argv[2], sys.argv[3:]
    engine = dutch.pair_round

    def at_the_barrier(state: SwissState) -> RoundPairing:
        (barrier / name).touch()
        deadline = time.monotonic() + 5  # never forever (a pairing holding the lock waits here)
        while len(list(barrier.iterdir())) < 2 and time.monotonic() < deadline:
            time.sleep(0.02)
        return engine(state)

    vars(engines)["pair_round"] = at_the_barrier  # the name the operations call, in this process
    return main(args)


if __name__ == "__main__":
    raise SystemExit(run())
