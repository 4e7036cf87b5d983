"""Issue 35 point 2: once a knockout's registration is closed, no path adds or takes away an
entry, and `ko status` shows the lists recorded at the close (000 art. 2.1).

An event made from nothing through the command line (`new`, `section add`, `players import`,
`ko close-registration`, its `main()` in the test's process), then every path that could
change the entries, each refused by the real `arbitre` process in French with exit 2 and
the file unchanged byte for byte.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.rules.test_parsers_fuzzed import assert_french

from ..helpers.cli import arbitre, run_here
from ..helpers.events import digest

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ROOT / "fixtures" / "players"


def _csv(players: int, tmp: Path, first: int = 0) -> Path:
    path = tmp / f"joueurs-{first}.csv"
    rows = ["nom;prenom;elo;paye;paiement"]
    rows += [f"JOUEUR{i:03d};Anne;{1500 + i};oui;chèque" for i in range(first, first + players)]
    path.write_text("\n".join(rows) + "\n", "utf-8")
    return path


@pytest.fixture(scope="module")
def closed_master(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 000 knockout of 130 entries (128 validated, 2 waiting), closed; a Swiss beside."""
    tmp = tmp_path_factory.mktemp("ko-closed")
    path = tmp / "ko.sqlite"
    run_here("new", str(path), "--nom", "K.O. du club")
    ko = ["--nom", "K.O.", "--systeme", "ko", "--rondes", "7", "--reglement", "000"]
    run_here("section", "add", str(path), "ko", *ko)
    run_here(
        "section", "add", str(path), "open", "--nom", "Open", "--systeme", "suisse", "--rondes", "5"
    )
    run_here("players", "import", str(path), str(_csv(130, tmp)), "-t", "ko")
    run_here("register", str(path), "-t", "open", "MARTIN Paul")
    run_here("ko", "close-registration", str(path), "-t", "ko")
    return path


@pytest.fixture
def closed(closed_master: Path, tmp_path: Path) -> Path:
    return Path(shutil.copy(closed_master, tmp_path / "ko.sqlite"))


def _status(path: Path) -> dict[str, object]:
    return dict(json.loads(run_here("ko", "status", str(path), "-t", "ko", "--json")))


def _refused(path: Path, *args: str, words: str) -> None:
    before = digest(path)
    out = arbitre(*args)
    assert out.returncode == 2, (out.stdout, out.stderr)
    assert "Traceback" not in out.stderr
    assert words in out.stderr, out.stderr
    assert_french(out.stderr)
    assert digest(path) == before


def test_register_and_import_refused(closed: Path, tmp_path: Path) -> None:
    _refused(closed, "register", str(closed), "-t", "ko", "DUPONT Jean", words="closes")
    csv = _csv(3, tmp_path, first=500)
    _refused(closed, "players", "import", str(closed), str(csv), "-t", "ko", words="closes")


def test_move_into_or_out_of_a_closed_knockout_refused(closed: Path) -> None:
    """`players move` was the path left open: a player of the Swiss moved into the bracket
    (or a validated entry moved out, a hole in the recorded bracket)."""
    players = json.loads(run_here("players", "list", str(closed), "-t", "open", "--json"))
    swiss = str(players[0]["number"])  # the N° (issue 49.5)
    _refused(
        closed, "players", "move", str(closed), swiss, "-t", "open", "--vers", "ko", words="closes"
    )
    _refused(
        closed, "players", "move", str(closed), "1", "-t", "ko", "--vers", "open", words="closes"
    )


def test_remove_a_validated_entry_refused(closed: Path) -> None:
    """Deleting an entry the closed list names: refused, withdraw said instead."""
    _refused(closed, "players", "remove", str(closed), "1", "-t", "ko", words="arbitre withdraw")


def test_status_keeps_the_recorded_waiting_list(closed: Path) -> None:
    """A bracket player withdrawn after the close does not bring a waiting player into the
    bracket nor put a bracket player on the refund list."""
    before = _status(closed)
    assert before["waiting_list"] == ["JOUEUR128 Anne", "JOUEUR129 Anne"]
    run_here("withdraw", str(closed), "5")
    after = _status(closed)
    assert after["waiting_list"] == before["waiting_list"]
    assert after["refunds"] == before["refunds"]
    assert after["entries"] == before["entries"] == 130
    assert after["case"] == before["case"]
