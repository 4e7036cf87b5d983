"""« En attente de l'autre poste… » while a command waits for another station's write
(issue 53.7): said as the wait begins, then its seconds counted, so that the arbiter does
not take a command held up to 30 s for a frozen one.

On a terminal the line is rewritten each second; into a file or a pipe (a log, a cron
job) a line is written as the wait begins, one each 5 s, and one at its end: no carriage
returns in a log."""

from __future__ import annotations

import sys

WAITING = "En attente de l'autre poste…"
EVERY_SECONDS = 5  # a line each 5 s when stderr is not a terminal


class WaitSaid:
    """The listener: told the seconds waited (0.0 at first) and None at the end."""

    def __init__(self) -> None:
        self.shown = -1  # the last whole second said; -1: not waiting

    def __call__(self, seconds: float | None) -> None:
        err = sys.stderr
        terminal = _is_terminal(err)
        if seconds is None:
            if self.shown >= 0:
                if terminal:
                    err.write("\n")
                else:
                    err.write(f"L'autre poste a fini ({self.shown} s d'attente).\n")
            self.shown = -1
        else:
            whole = int(seconds)
            if self.shown < 0:
                err.write(WAITING if terminal else f"{WAITING}\n")
            elif terminal and whole != self.shown:
                err.write(f"\r\x1b[K{WAITING} {whole} s")
            elif not terminal and whole // EVERY_SECONDS > self.shown // EVERY_SECONDS:
                err.write(f"{WAITING} {whole} s\n")
            self.shown = whole
        err.flush()


def _is_terminal(stream: object) -> bool:
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except Exception:  # a closed or odd stream: written as to a file
        return False


def listen() -> None:
    """This command's waits said on stderr from now on."""
    from ...operations.waiting import listen as store_listens

    store_listens(WaitSaid())
