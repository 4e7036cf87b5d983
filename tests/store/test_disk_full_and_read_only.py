"""Issue 13, observation 7: a full disk and a read-only file are named as such.

A small tmpfs is the disk (mounting needs root, as in CI; skipped otherwise). Read-only
is made by the kernel, not by permissions (root ignores those): the tmpfs remounted
read-only (a read-only folder) or the event file bind-mounted read-only on itself.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from ..helpers.procs import AppInTmux, cli, games_of_round, tmux

DISK = "issue 13 (7): full disk and read-only are called « endommagé » or crash"


def _mount(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["mount", *args], capture_output=True, text=True)


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Path]:
    """A 1 MiB tmpfs, unmounted afterwards (with whatever is still mounted on it)."""
    where = tmp_path / "disk"
    where.mkdir()
    out = _mount("-t", "tmpfs", "-o", "size=1m,mode=0777", "tmpfs", str(where))
    if out.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {out.stderr.strip()}")
    try:
        yield where
    finally:
        for inner in sorted(where.rglob("*"), reverse=True):
            subprocess.run(["umount", str(inner)], capture_output=True)
        subprocess.run(["umount", "-l", str(where)], capture_output=True)


def _fill(disk: Path, leave_kib: int = 0) -> Path:
    """Fill the disk, leaving ``leave_kib`` KiB free; the filler file is returned."""
    filler = disk / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    try:
        block = b"\0" * 4096
        while shutil.disk_usage(disk).free > leave_kib * 1024:
            try:
                os.write(fd, block)
            except OSError:
                break
    finally:
        os.close(fd)
    return filler


def _intact(path: Path) -> None:
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        con.close()


def _says_disk_full(out: subprocess.CompletedProcess[str]) -> None:
    assert out.returncode != 0, out.stdout
    assert "Traceback" not in out.stderr, out.stderr
    assert "endommagé" not in out.stderr, out.stderr
    assert "disque plein" in out.stderr and "rien n'a été enregistré" in out.stderr, out.stderr


def test_result_on_a_full_disk_then_space_back(rr_master: Path, disk: Path) -> None:
    path = disk / "f.sqlite"
    shutil.copy(rr_master, path)
    filler = _fill(disk)
    out = cli("result", str(path), "1", "1")
    _says_disk_full(out)
    filler.unlink()
    _intact(path)
    assert games_of_round(path, "rr")[1] is None
    out = cli("result", str(path), "1", "1")
    assert out.returncode == 0, out.stderr
    assert games_of_round(path, "rr")[1] == "1-0"


def test_close_round_on_a_nearly_full_disk_leaves_no_half_backup(
    rr_master: Path, disk: Path
) -> None:
    """Room for the commit, not for the backup: today the round closes, then a traceback
    and a 0-byte backup. Assumed: close and backup are all or nothing."""
    path = disk / "f.sqlite"
    shutil.copy(rr_master, path)
    for board in (1, 2, 3, 4):
        assert cli("result", str(path), str(board), "1").returncode == 0
    filler = _fill(disk, leave_kib=64)
    out = cli("close-round", str(path))
    _says_disk_full(out)
    folder = path.with_name(path.name + ".sauvegardes")
    left = [p for p in folder.rglob("*") if p.is_file()] if folder.exists() else []
    assert all(p.stat().st_size > 0 for p in left), f"half-made backup left: {left}"
    filler.unlink()
    _intact(path)
    out = cli("close-round", str(path))
    assert out.returncode == 0, out.stderr
    backups = list(folder.rglob("*.sqlite"))  # round-close backups: in rondes/
    assert backups and all(p.stat().st_size > 0 for p in backups)


def test_app_on_a_full_disk_keeps_running_and_saves_once_space_is_back(
    rr_master: Path, disk: Path
) -> None:
    path = disk / "f.sqlite"
    shutil.copy(rr_master, path)
    app = AppInTmux(path)
    try:
        app.wait_screen(lambda s: "Ronde 1" in s, 10, "round 1")
        filler = _fill(disk)
        app.keys("1")
        screen = app.wait_screen(
            lambda s: "disque plein" in s or "enregistré" in s or not app.alive(), 15, "answer"
        )
        assert app.alive(), "the app ended"
        assert "disque plein" in screen and "enregistré" not in screen.replace(
            "rien n'a été enregistré", ""
        )
        filler.unlink()
        app.keys("1")
        app.wait_screen(lambda s: "Échiquier 1 : 1-0 — enregistré" in s, 15, "saved")
        app.kill()
        assert games_of_round(path, "rr")[1] == "1-0"
    finally:
        app.close()
        tmux("kill-server", check=False)


def test_read_only_folder_is_named_read_only(rr_master: Path, disk: Path) -> None:
    path = disk / "f.sqlite"
    shutil.copy(rr_master, path)
    out = _mount("-o", "remount,ro", str(disk))
    assert out.returncode == 0, out.stderr
    for args in (("result", str(path), "1", "1"), ("show", str(path))):
        out = cli(*args)
        assert "endommagé" not in out.stderr and "Traceback" not in out.stderr, out.stderr
        if out.returncode != 0:
            assert "lecture seule" in out.stderr, out.stderr
    out = cli("result", str(path), "1", "1")
    assert out.returncode != 0 and "lecture seule" in out.stderr, out.stderr


def test_read_only_file_is_named_read_only(rr_master: Path, disk: Path) -> None:
    path = disk / "f.sqlite"
    shutil.copy(rr_master, path)
    for args in (["--bind", str(path), str(path)], ["-o", "remount,bind,ro", str(path)]):
        out = _mount(*args)
        if out.returncode != 0:
            pytest.skip(f"cannot bind-mount read-only here: {out.stderr.strip()}")
    out = cli("result", str(path), "1", "1")
    assert out.returncode != 0
    assert "Traceback" not in out.stderr and "endommagé" not in out.stderr, out.stderr
    assert "lecture seule" in out.stderr, out.stderr
