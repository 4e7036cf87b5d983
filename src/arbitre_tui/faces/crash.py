"""The faces' last guard's report: an unforeseen error's traceback written to a file, so
the arbiter reads one French sentence and never a traceback (the command line's main()
and the app's guard both write it)."""

from __future__ import annotations

import datetime as dt
import os
import sys
from pathlib import Path


def crash_dir() -> Path:
    """Where crash reports go: $XDG_STATE_HOME/arbitre (~/.local/state/arbitre)."""
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / "arbitre"


def crash_log(exc: BaseException) -> Path:
    """Write the traceback beside the others (a temporary folder if home is read-only)."""
    import traceback

    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    name = f"erreur-{stamp}-{os.getpid()}.txt"
    try:
        detail = "".join(traceback.format_exception(exc))
    except Exception:  # a traceback that cannot be formatted: its type and words at least
        detail = f"{type(exc).__name__}: {exc!r}\n"
    argv = " ".join(sys.argv[1:])
    if len(argv) > 10_000:  # a 100 000-character value typed: its beginning says enough
        argv = argv[:10_000] + "…"
    text = f"arbitre {argv}\n{dt.datetime.now().isoformat()}\n\n{detail}"
    # what the terminal typed that is not UTF-8 stays as \udcXX: the report is written whole
    data = text.encode("utf-8", "backslashreplace")
    for folder in (crash_dir(), Path(os.environ.get("TMPDIR", "/tmp")) / "arbitre"):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / name
            path.write_bytes(data)
            return path
        except (OSError, ValueError):
            continue
    raise OSError("no folder to write the crash report")
