"""Where a bench runs a process: all cores, one core, and the Raspberry Pi stand-in.

The stand-in (issue 56) is one core limited to 30 % by a cgroup (3000 µs every 10000 µs),
where `python -c pass` takes about what it takes on a Raspberry Pi 4. It needs a writable
cgroup: v2 (``cpu.max`` under /sys/fs/cgroup) or v1 (``cpu.cfs_quota_us`` under
/sys/fs/cgroup/cpu); where neither is writable, ``pi_cgroup`` says why and the column is
left out.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path("/sys/fs/cgroup")
QUOTA, PERIOD = 3000, 10000


def pi_cgroup() -> tuple[Path | None, str]:
    """A cgroup limited to 30 % of one core, or None and the reason it could not be made."""
    name = f"arbitre-bench-pi-{os.getpid()}"
    try:
        if (ROOT / "cgroup.controllers").exists():  # v2
            subtree = ROOT / "cgroup.subtree_control"
            if "cpu" not in subtree.read_text().split():
                subtree.write_text("+cpu")
            group = ROOT / name
            group.mkdir()
            (group / "cpu.max").write_text(f"{QUOTA} {PERIOD}")
        else:  # v1
            group = ROOT / "cpu" / name
            group.mkdir()
            (group / "cpu.cfs_period_us").write_text(str(PERIOD))
            (group / "cpu.cfs_quota_us").write_text(str(QUOTA))
    except OSError as err:
        return None, f"no cgroup for the Pi stand-in here ({err})"
    # killed, the bench still runs its `finally` and removes the group
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    return group, f"cgroup {group} ({QUOTA}/{PERIOD} µs, one core)"


def remove(group: Path | None) -> None:
    if group is not None:
        with contextlib.suppress(OSError):
            group.rmdir()


def one_core() -> None:
    """As `taskset -c 0`: the child process and what it starts run on core 0 only."""
    os.sched_setaffinity(0, {0})


def in_group(group: Path) -> Callable[[], None]:
    def enter() -> None:
        os.sched_setaffinity(0, {0})
        (group / "cgroup.procs").write_text("0")

    return enter


def modes(group: Path | None) -> dict[str, Callable[[], None] | None]:
    """Column name -> what the child runs before exec (None: nothing)."""
    found: dict[str, Callable[[], None] | None] = {"all cores": None, "one core": one_core}
    if group is not None:
        found["Pi stand-in"] = in_group(group)
    return found
