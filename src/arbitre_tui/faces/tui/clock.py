"""The app's one source of the time of day, so tests (and snapshots) can freeze it."""

from __future__ import annotations

import datetime as dt


def now() -> dt.datetime:
    """The local time, to the second (the arbiter's wall clock)."""
    return dt.datetime.now().replace(microsecond=0)
