"""Every pane, prompt and refusal at 80×24, as SVG snapshots of one fixed demo event.

The safety net for moving the panes around: a change of what the arbiter sees shows
up here. The demo is built with its draws' seeds and clocks frozen (colour draws are
otherwise random), and the app's clocks are frozen too, so two runs give the same
screens. Update after looking at the new SVGs: ``pytest tests/faces/tui/test_snapshots.py
--snapshot-update``.
"""

from __future__ import annotations

import datetime as dt
import random
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from arbitre_tui.faces.tui import clock, title_bar
from arbitre_tui.faces.tui.app import ArbitreApp
from arbitre_tui.operations.templates import create_demo
from arbitre_tui.store import journal, stations

FROZEN = dt.datetime(2027, 1, 16, 14, 0, 0)
SIZE = (80, 24)

SnapCompare = Callable[..., bool]


@pytest.fixture(scope="module")
def frozen_master(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo, built with seeded draws and a stopped clock: the same file every time."""
    path = tmp_path_factory.mktemp("snapdemo") / "demo.sqlite"
    rng = random.Random(2027)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(journal, "new_seed", lambda: rng.getrandbits(63))
        mp.setattr(journal, "now", lambda: FROZEN.isoformat(timespec="seconds"))
        create_demo(path).close()
    return path


@pytest.fixture
def frozen_demo(frozen_master: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private copy, the app's clocks stopped at 14:00 on the first day, draws seeded."""
    target = tmp_path / "demo.sqlite"
    shutil.copy(frozen_master, target)
    monkeypatch.setattr(clock, "now", lambda: FROZEN)
    monkeypatch.setattr(title_bar, "clock_text", lambda: "14:00:00")
    monkeypatch.setattr(journal, "now", lambda: FROZEN.isoformat(timespec="seconds"))
    rng = random.Random(14)  # draws made during the test (the cup's) are seeded too
    monkeypatch.setattr(journal, "new_seed", lambda: rng.getrandbits(63))
    return target


def _app(path: Path, tournament: str | None = None) -> ArbitreApp:
    return ArbitreApp(path, tournament=tournament)


# (snapshot name, tournament, keys) — each pane by its key, on the section that fills it.
PANES: list[tuple[str, str | None, list[str]]] = [
    ("ronde_ko", None, []),
    ("ronde_round_robin", "u8", []),
    ("cadence", None, ["c"]),
    ("incidents", None, ["i"]),
    ("repechage", None, ["p"]),
    ("coupe", "coupe", ["k"]),  # the cup's own section (no Coupe pane elsewhere)
    ("classement", "open-a", ["s"]),
    ("prix", "open-a", ["s", "v"]),
    ("grille_americaine", "open-a", ["s", "g"]),
    # the sheets typed again: board 1 agrees, board 2 differs (½-½ entered, 0-1 signed)
    # (a result moves the selection to the next board without one: issue 49.7)
    ("verification", "open-a", ["1", "equals_sign", "up", "up", "v", "1", "0"]),
    ("joueurs", "open-a", ["j"]),
    ("qr", "open-a", ["q"]),
    ("tableau", None, ["b"]),
]


def test_help_lists_every_key(snap_compare: SnapCompare, frozen_demo: Path) -> None:
    assert snap_compare(_app(frozen_demo), press=["question_mark"], terminal_size=SIZE)


def test_refusal_shows_its_reason(snap_compare: SnapCompare, frozen_demo: Path) -> None:
    """Closing a round (confirmed) with results missing: refused, in red, with the reason."""
    assert snap_compare(_app(frozen_demo), press=["x", "o"], terminal_size=SIZE)


def test_cup_match_screen(snap_compare: SnapCompare, frozen_demo: Path) -> None:
    async def draw_and_open(pilot: Any) -> None:
        await pilot.press("k", "d")
        await pilot.pause()
        await pilot.press("down", "down", "down", "down", "enter")  # match 5, not a bye
        await pilot.pause()

    assert snap_compare(_app(frozen_demo, "coupe"), run_before=draw_and_open, terminal_size=SIZE)


# (snapshot name, tournament, keys) — each prompt open, with something typed in it.
PROMPTS: list[tuple[str, str | None, list[str]]] = [
    ("aller_a", None, ["g", "1", "2"]),
    ("forfait", None, ["g", "1", "7", "enter", "f"]),
    ("departage", None, ["g", "1", "7", "enter", "equals_sign", "d"]),  # d since issue 29
    ("cloturer", None, ["x"]),
    ("debut_de_ronde", None, ["c", "d", "1", "4", "0", "5"]),
    ("pointage", "open-a", ["j", "slash", "b", "a", "r", "o", "n"]),
    ("pointage_personne", "open-a", ["j", "slash", "b", "a", "r", "o", "x"]),
    ("bye", "open-a", ["j", "h", "4"]),
    ("retirer", "open-a", ["j", "w"]),
    ("incident_confirmer", None, ["i", *["down"] * 16, "w", "w", "w"]),
]


SCREENS = [(f"pane-{n}", t, k) for n, t, k in PANES] + [
    (f"prompt-{n}", t, k) for n, t, k in PROMPTS
]


@pytest.mark.parametrize(("name", "tournament", "keys"), SCREENS, ids=[s[0] for s in SCREENS])
def test_screen(
    snap_compare: SnapCompare,
    frozen_demo: Path,
    name: str,
    tournament: str | None,
    keys: list[str],
) -> None:
    """Each pane by its key, and each prompt open with something typed in it."""
    assert snap_compare(_app(frozen_demo, tournament), press=keys, terminal_size=SIZE)


def test_journal_screen(
    snap_compare: SnapCompare, frozen_master: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`J`: the journal at 80×24. The demo's operations were made by a host whose name
    changes from machine to machine: they are read under a station name given here."""
    target = tmp_path / "demo.sqlite"
    shutil.copy(frozen_master, target)
    monkeypatch.setattr(clock, "now", lambda: FROZEN)
    monkeypatch.setattr(title_bar, "clock_text", lambda: "14:00:00")
    monkeypatch.setattr(stations, "station_label", lambda terminal: "poste 1")
    assert snap_compare(_app(target), press=["J"], terminal_size=SIZE)
