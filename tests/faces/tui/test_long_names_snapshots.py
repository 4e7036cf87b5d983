"""Every pane at 80×24 with the names real events have (issue 49.1, 51.6): a name is cut
(« … »), never a column. Ronde keeps the board, both names, both Elo, the result and the
phones' « Proposé »; Classement the place, the name, the points and the tie-breaks.

The event is made from nothing (tests/helpers/long_names.py), its clocks and draws
frozen as in test_snapshots.py. Update after looking at the new SVGs:
``pytest tests/faces/tui/test_long_names_snapshots.py --snapshot-update``.
"""

from __future__ import annotations

import datetime as dt
import random
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from arbitre_tui.faces.tui import clock, title_bar
from arbitre_tui.faces.tui.app import ArbitreApp
from arbitre_tui.store import journal, stations
from tests.helpers.long_names import long_names_event, nine_rounds_event

FROZEN = dt.datetime(2027, 1, 16, 14, 0, 0)
SIZE = (80, 24)

SnapCompare = Callable[..., bool]


@pytest.fixture(scope="module")
def master(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("longnames") / "mousquetaires.sqlite"
    rng = random.Random(2027)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(journal, "new_seed", lambda: rng.getrandbits(63))
        mp.setattr(journal, "now", lambda: FROZEN.isoformat(timespec="seconds"))
        long_names_event(path)
    return path


@pytest.fixture
def event(master: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    target = tmp_path / "mousquetaires.sqlite"
    shutil.copy(master, target)
    monkeypatch.setattr(clock, "now", lambda: FROZEN)
    monkeypatch.setattr(title_bar, "clock_text", lambda: "14:00:00")
    monkeypatch.setattr(journal, "now", lambda: FROZEN.isoformat(timespec="seconds"))
    monkeypatch.setattr(stations, "station_label", lambda terminal: "poste 1")
    rng = random.Random(14)
    monkeypatch.setattr(journal, "new_seed", lambda: rng.getrandbits(63))
    return target


# (snapshot name, section, keys)
SCREENS: list[tuple[str, str, list[str]]] = [
    ("ronde", "open", []),
    ("ronde_scrolled_right", "open", ["right", "right", "right", "right", "right", "right"]),
    ("classement", "open", ["s"]),
    ("grille", "open", ["s", "g"]),
    ("prix", "open", ["s", "v"]),
    ("joueurs", "open", ["j"]),
    ("incidents", "open", ["i"]),
    ("cadence", "open", ["c"]),
    ("journal", "open", ["J"]),
    ("evenement", "open", ["E"]),
    ("pointage", "jeunes", ["j", "slash", *"evremond"]),
    ("chercher", "open", ["j", "ctrl+f", *"merignac"]),
]


@pytest.mark.parametrize(("name", "section", "keys"), SCREENS, ids=[s[0] for s in SCREENS])
def test_long_names_at_80x24(
    snap_compare: SnapCompare, event: Path, name: str, section: str, keys: list[str]
) -> None:
    assert snap_compare(ArbitreApp(event, tournament=section), press=keys, terminal_size=SIZE)


def test_grille_of_nine_rounds_at_80x24(
    snap_compare: SnapCompare, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nine rounds and the longest names: every round on screen at 80 columns, the
    colour letters dropped and the names cut, nothing to scroll (issue 49.3)."""
    path = tmp_path / "neuf.sqlite"
    rng = random.Random(2027)
    monkeypatch.setattr(journal, "new_seed", lambda: rng.getrandbits(63))
    monkeypatch.setattr(journal, "now", lambda: FROZEN.isoformat(timespec="seconds"))
    nine_rounds_event(path)
    monkeypatch.setattr(clock, "now", lambda: FROZEN)
    monkeypatch.setattr(title_bar, "clock_text", lambda: "14:00:00")
    monkeypatch.setattr(stations, "station_label", lambda terminal: "poste 1")
    app = ArbitreApp(path, tournament="open")
    assert snap_compare(app, press=["s", "g"], terminal_size=SIZE)
