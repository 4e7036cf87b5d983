"""Issue 35 point 14: `restore` put another event's copy in place of this one; `restore
--list` showed unusable copies as if they were good. A copy is now checked to be this
event's (its creation and first journal entry), and the list marks each unusable copy
with why.

Two events made from nothing through the real command line.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.rules.test_parsers_fuzzed import assert_french

from ..helpers.cli import arbitre, arbitre_ok
from ..helpers.events import OPEN_SWISS, digest, from_nothing


def _event(path: Path, name: str, player: str) -> Path:
    return from_nothing(path, ["--nom", name], [OPEN_SWISS], [("-t", "open", player)])


@pytest.fixture(scope="module")
def masters(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    tmp = tmp_path_factory.mktemp("restore")
    (tmp / "b").mkdir()
    return (
        _event(tmp / "a.sqlite", "Open d'Allauch", "ALPHA Anne"),
        _event(tmp / "b" / "b.sqlite", "Open de Brest", "BRAVO Bruno"),
    )


@pytest.fixture
def events(masters: tuple[Path, Path], tmp_path: Path) -> tuple[Path, Path]:
    (tmp_path / "b").mkdir()
    return (
        Path(shutil.copy(masters[0], tmp_path / "a.sqlite")),
        Path(shutil.copy(masters[1], tmp_path / "b" / "b.sqlite")),
    )


def _name(path: Path) -> str:
    return str(json.loads(arbitre_ok("show", str(path), "--json"))["event"][0]["name"])


def test_another_events_backup_is_refused(events: tuple[Path, Path], tmp_path: Path) -> None:
    a, b = events
    copy_of_b = tmp_path / "copie-b.sqlite"
    arbitre_ok("backup", str(b), str(copy_of_b))
    before = digest(a)
    out = arbitre("restore", str(a), str(copy_of_b))
    assert out.returncode == 2, (out.stdout, out.stderr)
    assert "autre tournoi" in out.stderr and "Open de Brest" in out.stderr, out.stderr
    assert "Traceback" not in out.stderr
    assert_french(out.stderr)
    assert digest(a) == before and _name(a) == "Open d'Allauch"
    assert not list(tmp_path.glob("a.sqlite.avant-restauration-*"))


def test_the_list_marks_unusable_copies(events: tuple[Path, Path], tmp_path: Path) -> None:
    """One good copy, one of another event dropped in the folder, one cut short, one
    empty: each bad one marked with its reason; `restore` (no copy named) takes the good
    one even though the others are newer."""
    a, b = events
    arbitre_ok("register", str(a), "-t", "open", "CHARLIE Chloé")
    good = Path(arbitre_ok("backup", str(a)).split()[-1].rstrip("."))
    assert good.is_file(), good
    folder = a.with_name(a.name + ".sauvegardes")
    other = folder / "a-20991231-000000-000000-manuel.sqlite"
    arbitre_ok("backup", str(b), str(tmp_path / "copie-b.sqlite"))
    shutil.move(tmp_path / "copie-b.sqlite", other)  # dropped in by hand
    cut = folder / "a-20991231-000001-000000-manuel.sqlite"
    cut.write_bytes(good.read_bytes()[:5000])
    empty = folder / "a-20991231-000002-000000-manuel.sqlite"
    empty.write_bytes(b"")
    listing = arbitre_ok("restore", str(a), "--list").splitlines()
    marks = {Path(line.split("  [")[0]).name: line for line in listing}
    assert marks[good.name] == str(good), listing
    assert "[inutilisable : c'est la copie d'un autre tournoi" in marks[other.name]
    assert (
        "[inutilisable : " in marks[cut.name]
        and "[inutilisable : fichier vide]" in (marks[empty.name])
    )
    arbitre_ok("register", str(a), "-t", "open", "DELTA David")
    out = arbitre_ok("restore", str(a))
    assert str(good) in out
    players = json.loads(arbitre_ok("players", "list", str(a), "-t", "open", "--json"))
    assert {p["surname"] for p in players} == {"ALPHA Anne", "CHARLIE Chloé"}
