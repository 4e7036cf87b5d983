"""Issue 53, point 9: a backup or an export killed while it writes (a real SIGKILL, at
the moment its hidden partial file is written and not yet in place) leaves no half file
under the name asked for, and its hidden partial — full-size for a backup — is removed
by the next run that writes into that folder, a USB stick's as well as the event's."""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

import pytest

from ...helpers.cli import ARBITRE, ROOT, arbitre

# command (written into {o}, the other folder) ; the kill point ; the file it makes
CASES = {
    "backup": (["backup", "{f}", "{o}/copie.sqlite"], "copie-partielle", "copie.sqlite"),
    "export trf": (["export", "trf", "{f}", "rr", "{o}/rr.trf"], "export-partiel", "rr.trf"),
    "export papi": (["export", "papi", "{f}", "rr", "{o}/rr.papi"], "export-partiel", "rr.papi"),
    "print-round": (["print-round", "{f}", "{o}/r1.html"], "export-partiel", "r1.html"),
    "print": (
        ["print", "{f}", "grille", "--pdf", "{o}/grille.pdf"],
        "export-partiel",
        "grille.pdf",
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_killed_write_leaves_nothing_the_next_run_does_not_remove(
    rr_file: Path, tmp_path: Path, name: str
) -> None:
    words, point, made = CASES[name]
    other = tmp_path / "cle-usb"
    other.mkdir()
    argv = [w.format(f=rr_file, o=other) for w in words]
    killed = subprocess.run(
        [*ARBITRE, *argv],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        env={**os.environ, "ARBITRE_TEST_KILL": point},
    )
    assert killed.returncode == -signal.SIGKILL, (killed.returncode, killed.stderr[-500:])
    left = [p.name for p in other.iterdir()]
    assert len(left) == 1 and left[0].startswith(f".{made}.partiel-"), left  # no half file
    assert (other / left[0]).stat().st_size > 0

    again = arbitre(*argv)  # the same command again, into the same folder
    assert again.returncode == 0, again.stderr[-500:]
    assert sorted(p.name for p in other.iterdir()) == [made]
    assert (other / made).stat().st_size > 0
