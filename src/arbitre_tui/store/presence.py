"""Who else has an event file open: the stations, the results server, a command.

Every SQLite connection to a WAL database holds a shared POSIX lock on its ``-shm`` file for
as long as it is open; Linux lists those locks, with the process holding each, in
``/proc/locks``. Reading that list opens nothing of the event (a stat of the -shm only),
so it is safe while this process holds its own connection.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Holder:
    pid: int
    command: str

    @property
    def label(self) -> str:
        words = self.command.split()
        sub = next((w for w in words[1:] if not w.startswith("-")), "")
        if "arbitre" in self.command and sub == "serve":
            kind = "serveur de résultats"
        elif "arbitre" in self.command and sub in ("open", "demo"):
            kind = "poste d'arbitrage"
        elif "arbitre" in self.command and sub == "display":
            kind = "écran d'affichage"
        elif "arbitre" in self.command:
            kind = f"commande arbitre {sub}".strip()
        else:
            kind = "autre programme"
        return f"{kind} (pid {self.pid} : {self.command[:60]})"


def _cmdline(pid: int) -> str:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return "?"
    parts = [os.path.basename(p) if i == 0 else p for i, p in enumerate(raw.split(b"\0"))]
    words = [os.fsdecode(p) for p in parts if p]
    # python -m / a script: show from the arbitre entry point on
    for i, w in enumerate(words):
        if w.endswith("arbitre") or w.endswith("arbitre_tui.faces.cli.main"):
            return " ".join(["arbitre", *words[i + 1 :]])
    return " ".join(words)


def holders(path: Path) -> list[Holder] | None:
    """Other processes with the event open; None when this system cannot tell."""
    locks = Path("/proc/locks")
    if not locks.exists():
        return None
    inodes: set[tuple[int, int]] = set()
    for candidate in (path, path.with_name(path.name + "-shm")):
        try:
            st = os.stat(candidate)
        except OSError:
            continue
        inodes.add((st.st_dev, st.st_ino))
    if not inodes:
        return []
    found: dict[int, Holder] = {}
    for line in locks.read_text().splitlines():
        fields = line.split()
        if "->" in fields:
            fields.remove("->")  # a waiting lock: same layout after the arrow
        if len(fields) < 6 or fields[1] not in ("POSIX", "OFDLCK"):
            continue
        try:
            pid = int(fields[4])
            major, minor, inode = fields[5].split(":")
        except ValueError:
            continue
        dev = os.makedev(int(major, 16), int(minor, 16))
        if (dev, int(inode)) in inodes and pid != os.getpid() and pid > 0:
            found.setdefault(pid, Holder(pid, _cmdline(pid)))
    return sorted(found.values(), key=lambda h: h.pid)
