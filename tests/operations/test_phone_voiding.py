"""Proposals die with their pairing (issue 51.3): whatever changes a board's players — a
swap, the pairing undone, a new pairing, a withdrawal, a forfeit the arbiter enters —
voids what its players proposed and the codes they proposed with; through the real
command line on an event made from nothing, with long accented names."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ..helpers.cli import arbitre, run_here
from ..helpers.events import copy_event

NAMES = [
    "CHÂTEAUBRIAND-SAINT-ÉVREMOND Marie-Thérèse",
    "DE LA FONTAINE-MÉRIGNAC Jean-Baptiste",
    "O'NEILL Siobhán",
    "D'ARTAGNAN Charles",
    "LÉVÊQUE Anaïs",
    "VAN DER BRÜGGEN Éloïse",
]


@pytest.fixture(scope="module")
def swiss_master(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Swiss open of six, round 1 paired, reporting on; built once."""
    path = tmp_path_factory.mktemp("open") / "open.sqlite"
    run_here("new", str(path), "--nom", "Open d'Évreux")
    run_here(
        "section", "add", str(path), "open", "--nom", "Open", "--systeme", "suisse", "--rondes", "5"
    )
    for i, name in enumerate(NAMES):
        run_here("register", str(path), name, "--elo", str(1900 - 50 * i), "--pointe")
    run_here("pair", str(path))
    run_here("phones", "on", str(path))
    return path


@pytest.fixture
def event(swiss_master: Path, tmp_path: Path) -> Path:
    return copy_event(swiss_master, tmp_path / "open.sqlite")


def _codes(path: Path) -> dict[tuple[int, str], str]:
    lines = run_here("phones", "codes", str(path)).split("\n")
    return {(int(w[0]), w[1]): w[2] for w in (line.split() for line in lines if line.strip())}


def _boards(path: Path) -> dict[int, str]:
    """The boards the phones spoke of: their label."""
    data = json.loads(run_here("phones", "status", str(path), "--json"))
    return {b["board"]: b["label"] for b in data["boards"]}


def _games(path: Path) -> dict[int, dict[str, object]]:
    return {g["board"]: g for g in json.loads(run_here("show", str(path), "--json"))["games"]}


def _both_propose(path: Path, board: int, result: str = "1") -> dict[tuple[int, str], str]:
    codes = _codes(path)
    for side in ("blancs", "noirs"):
        run_here("phones", "propose", str(path), str(board), codes[board, side], result)
    assert "(2/2" in _boards(path)[board]
    return codes


def _refused_code(path: Path, board: int, code: str) -> None:
    out = arbitre("phones", "propose", str(path), str(board), code, "1")
    assert out.returncode == 2 and "ce code ne vaut pas" in out.stderr, out.stderr


def test_a_swap_voids_the_proposals_and_codes_of_both_boards(event: Path) -> None:
    codes = _both_propose(event, 1)
    run_here("phones", "propose", str(event), "2", codes[2, "blancs"], "=")
    games = _games(event)
    a, b = games[1]["white_id"], games[2]["white_id"]
    run_here("swap", str(event), str(a), str(b))
    assert _boards(event) == {}
    for board, side in ((1, "blancs"), (1, "noirs"), (2, "blancs")):
        _refused_code(event, board, codes[board, side])
    assert not set(_codes(event).values()) & {codes[1, "blancs"], codes[2, "blancs"]}
    run_here("undo", str(event))  # the swap undone: its board and its proposals back
    assert "1-0 proposé (2/2" in _boards(event)[1]


def test_undoing_the_pairing_then_pairing_again_voids_them(event: Path) -> None:
    _both_propose(event, 1)
    journal = json.loads(run_here("journal", str(event), "--json"))
    pairing = next(e["id"] for e in journal if e["op"] == "pair_round")
    run_here("undo", str(event), "--id", str(pairing), "--confirm")
    assert _boards(event) == {}
    run_here("pair", str(event))  # a new pairing (the same one, as it happens)
    assert _boards(event) == {}
    left = json.loads(run_here("show", str(event), "--json"))["proposals"]
    assert [p for p in left if p.get("status") == "pending"] == []


def test_a_withdrawal_voids_the_board(event: Path) -> None:
    codes = _both_propose(event, 2, "=")
    run_here("withdraw", str(event), str(_games(event)[2]["black_id"]))
    assert 2 not in _boards(event)
    _refused_code(event, 2, codes[2, "blancs"])


def test_a_forfeit_entered_by_the_arbiter_voids_the_board(event: Path) -> None:
    codes = _both_propose(event, 3, "1")
    run_here("absent", str(event), "3", "noirs", "--keep")
    assert _boards(event).get(3, "") == ""
    assert [p for p in json.loads(run_here("show", str(event), "--json"))["proposals"]
            if p["board"] == 3] == []  # fmt: skip
    _refused_code(event, 3, codes[3, "blancs"])
