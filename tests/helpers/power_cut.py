"""A power cut at every moment of a real command, without a FUSE file system.

The command runs under ``strace``, which records every write, truncation, fsync, creation,
removal and link the process makes (SQLite's own, in C, included) with the bytes written.
The record is replayed on a model of the folder that keeps two states per file, as LazyFS
does: what the process sees (every write) and what is on the disk (what the last
``fsync``/``fdatasync`` of that file made durable). Names (creation, removal, rename, link)
change at once, as in LazyFS, which passes them through. A cut at any moment leaves the
disk state: it is written out as a folder of its own and checked like a file found after a
power cut. Everything not synced is dropped — the worst case of a real disk, and LazyFS's
``clear-cache``.

The model checks itself: after each command, the files as the process saw them must be the
files on the real disk, byte for byte, or a write escaped the record (mmap, sendfile…).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

SYSCALLS = (
    "openat,pwrite64,write,writev,pwritev,pwritev2,ftruncate,fsync,fdatasync,lseek,"
    "unlink,unlinkat,rename,renameat,renameat2,link,linkat,sendfile,copy_file_range"
)
_UNMODELLED = {"writev", "pwritev", "pwritev2", "sendfile", "copy_file_range"}
_LINE = re.compile(r"^(\d+) +(\w+)\((.*)\) += (-?\d+)")
_FD = re.compile(r"^(\d+)<([^>]*)>")
_STRING = re.compile(r'"((?:\\x[0-9a-f]{2})*)"(\.\.\.)?')
_HEX = re.compile(r"\\x([0-9a-f]{2})")


def strace_available() -> bool:
    """Can ``strace`` follow a process here (installed, and ptrace allowed)?"""
    if shutil.which("strace") is None:
        return False
    done = subprocess.run(
        ["strace", "-qq", "-e", "trace=fsync", "-o", "/dev/null", "true"],
        capture_output=True,
        timeout=60,
    )
    return done.returncode == 0


def traced(command: list[str], trace: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run ``command`` under strace, its file calls with their whole bytes in ``trace``."""
    return subprocess.run(
        ["strace", "-f", "-qq", "-y", "-xx", "-s", "1048576", "-e", f"trace={SYSCALLS}",
         "-o", str(trace), *command],
        capture_output=True, text=True, cwd=cwd, timeout=300,
    )  # fmt: skip


def _unhex(text: str) -> bytes:
    return bytes(int(h, 16) for h in _HEX.findall(text))


def _path(text: str) -> str:
    """A path as strace -xx writes it: hex escapes, or plain (pipe:[…])."""
    return _unhex(text).decode("utf-8", "surrogateescape") if text.startswith("\\x") else text


@dataclass
class Disk:
    """The folder as the process sees it (``seen``) and as a cut would leave it (``disk``)."""

    root: Path
    seen: dict[str, bytearray] = field(default_factory=dict)
    disk: dict[str, bytes] = field(default_factory=dict)
    offsets: dict[tuple[str, str], int] = field(default_factory=dict)
    command: int = 0  # the command being replayed, counted from 1
    acknowledged: int = 0  # how many commands said « enregistré » (wrote to stdout) so far

    @classmethod
    def of(cls, root: Path) -> Disk:
        """The folder as it is now, taken as durable (it was made before the cuts)."""
        state = cls(root)
        for file in sorted(root.rglob("*")):
            if file.is_file() and not file.name.endswith("-shm"):
                state.seen[str(file)] = bytearray(file.read_bytes())
                state.disk[str(file)] = file.read_bytes()
        return state

    def _ours(self, path: str) -> bool:
        return path.startswith(f"{self.root}/") and not path.endswith("-shm")

    def replay(self, trace: Path, cut: list[tuple[dict[str, bytes], int]]) -> None:
        """Apply the record; append to ``cut`` each new disk state with the number of
        acknowledgements made while it was the disk's state."""
        pending: dict[str, str] = {}
        for raw in trace.read_text("ascii").splitlines():
            if raw.endswith("<unfinished ...>"):
                pid = raw.split(" ", 1)[0]
                pending[pid] = raw[: -len("<unfinished ...>")].rstrip()
                continue
            resumed = re.match(r"^(\d+) +<\.\.\. \w+ resumed>(.*)$", raw)
            if resumed:
                raw = pending.pop(resumed.group(1)) + resumed.group(2)
            match = _LINE.match(raw)
            if not match or int(match.group(4)) < 0:
                continue
            before = dict(self.disk)
            self._apply(match.group(2), match.group(3), int(match.group(4)))
            if self.disk != before:
                cut[-1] = (cut[-1][0], self.acknowledged)
                cut.append((dict(self.disk), self.acknowledged))
        cut[-1] = (cut[-1][0], self.acknowledged)

    def _apply(self, call: str, args: str, result: int) -> None:
        fd = _FD.match(args)
        path = _path(fd.group(2)) if fd else ""
        if call == "write" and fd and fd.group(1) == "1":
            self.acknowledged = self.command
            return
        if call == "openat":
            self._open(args, result)
        elif call in {"pwrite64", "write"} and self._ours(path):
            self._write(call, fd.group(1) if fd else "", path, args, result)
        elif call == "lseek" and self._ours(path) and fd:
            self.offsets[(fd.group(1), path)] = result
        elif call == "ftruncate" and self._ours(path):
            size = int(args.rsplit(",", 1)[1])
            data = self.seen[path]
            self.seen[path] = data[:size] + bytearray(max(0, size - len(data)))
        elif call in {"fsync", "fdatasync"} and path in self.seen:
            self.disk[path] = bytes(self.seen[path])
        elif call in {"unlink", "unlinkat"}:
            self._unlink(self._names(args)[0])
        elif call in {"rename", "renameat", "renameat2", "link", "linkat"}:
            old, new = self._names(args)[:2]
            if old in self.seen:
                self.seen[new] = bytearray(self.seen[old])
                self.disk[new] = self.disk.get(old, b"")
                if call.startswith("rename"):
                    self._unlink(old)
        elif call in _UNMODELLED and any(
            self._ours(_path(f)) for f in re.findall(r"\d+<([^>]*)>", args)
        ):
            raise AssertionError(f"le modèle ne sait pas rejouer {call}({args[:200]})")

    def _names(self, args: str) -> list[str]:
        """The paths named by a call: each string, joined to the folder fd before it."""
        names: list[str] = []
        folder = ""
        for part in re.finditer(r"(-?\d+|AT_FDCWD)<([^>]*)>|" + _STRING.pattern, args):
            if part.group(2) is not None:
                folder = _path(part.group(2))
            else:
                name = _unhex(part.group(3)).decode("utf-8", "surrogateescape")
                names.append(name if name.startswith("/") else f"{folder}/{name}")
        return names

    def _open(self, args: str, result: int) -> None:
        name = self._names(args)[0]
        if not self._ours(name):
            return
        if name not in self.seen:
            if "O_CREAT" not in args:
                return
            self.seen[name] = bytearray()
            self.disk[name] = b""  # a name is made at once, its bytes are not
        if "O_TRUNC" in args:
            self.seen[name] = bytearray()
        self.offsets[(str(result), name)] = len(self.seen[name]) if "O_APPEND" in args else 0

    def _write(self, call: str, fd: str, path: str, args: str, result: int) -> None:
        string = _STRING.search(args)
        assert string and not string.group(2), f"écriture tronquée par strace : {call}"
        data = _unhex(string.group(1))[:result]
        if call == "pwrite64":
            offset = int(args.rsplit(",", 1)[1])
        else:
            offset = self.offsets.get((fd, path), 0)
            self.offsets[(fd, path)] = offset + len(data)
        file = self.seen.setdefault(path, bytearray())
        if len(file) < offset:
            file.extend(bytes(offset - len(file)))
        file[offset : offset + len(data)] = data

    def _unlink(self, name: str) -> None:
        self.seen.pop(name, None)
        self.disk.pop(name, None)

    def matches_real_folder(self) -> list[str]:
        """What differs between the model's view and the real folder (nothing, if the
        record missed no write)."""
        real = {
            str(f): f.read_bytes()
            for f in self.root.rglob("*")
            if f.is_file() and not f.name.endswith("-shm")
        }
        seen = {name: bytes(data) for name, data in self.seen.items()}
        return sorted(n for n in real.keys() | seen.keys() if real.get(n) != seen.get(n))


def write_out(state: dict[str, bytes], root: Path, target: Path) -> None:
    """The disk after a cut, as a folder of its own at ``target`` (same names)."""
    for name, data in state.items():
        out = target / Path(name).relative_to(root)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(data)
