"""Players propose results and check-ins from their phones; the arbiter confirms (issue
36, its core: codes, proposals, confirmation), through the command line: its `main()` in
the test's process, and the real `arbitre` process for each refusal."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from arbitre_tui.rules.models import Result
from arbitre_tui.rules.reporting import BoardProposals, Seat, checkin_code, seat_code

from ..helpers.cli import arbitre, run_here
from ..helpers.events import copy_event


def _refused(path: Path, said: str, *args: str) -> None:
    before = run_here("show", str(path), "--json")
    out = arbitre(*args)
    assert out.returncode == 2, out.stdout + out.stderr
    assert said in out.stderr and "Traceback" not in out.stderr, out.stderr
    assert run_here("show", str(path), "--json") == before


@pytest.fixture(scope="module")
def paired_master(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An event made from nothing through the real command line: a round robin of six,
    round 1 paired. Built once, copied by each test (``paired``)."""
    path = tmp_path_factory.mktemp("club") / "club.sqlite"
    run_here("new", str(path), "--nom", "Fermé du club")
    run_here(
        "section",
        "add",
        str(path),
        "rr",
        "--nom",
        "Fermé",
        "--systeme",
        "toutes-rondes",
        "--rondes",
        "5",
        "--cadence",
        "60+30",
    )
    for i in range(6):
        run_here("register", str(path), f"Joueur{i}", "--elo", str(1500 + 10 * i), "--pointe")
    run_here("pair", str(path))
    return path


@pytest.fixture
def paired(paired_master: Path, tmp_path: Path) -> Path:
    """A private copy of ``paired_master``."""
    return copy_event(paired_master, tmp_path / "club.sqlite")


def _codes(path: Path, *extra: str) -> dict[tuple[int, str], str]:
    """Each player's code of the round by (board, « blancs »/« noirs »)."""
    lines = run_here("phones", "codes", str(path), *extra).split("\n")
    return {(int(w[0]), w[1]): w[2] for w in (line.split() for line in lines if line.strip())}


def _propose(path: Path, board: int, code: str, result: str, *extra: str) -> str:
    return run_here("phones", "propose", str(path), str(board), code, result, *extra)


def _games(path: Path) -> dict[int, str | None]:
    data = json.loads(run_here("show", str(path), "--json"))
    return {g["board"]: g["result"] for g in data["games"]}


def test_nothing_is_proposed_while_reporting_is_off(paired: Path) -> None:
    _refused(paired, "fermée", "phones", "propose", str(paired), "1", "abcdefghij", "1")


def test_two_agreeing_proposals_are_recorded_when_the_arbiter_confirms(paired: Path) -> None:
    run_here("phones", "on", str(paired))
    codes = _codes(paired)
    assert len(codes) == 6 and len(set(codes.values())) == 6  # one per player
    assert "1-0 proposé (1/2)" in _propose(paired, 1, codes[1, "blancs"], "1")
    assert _games(paired)[1] is None  # a proposal is never a result
    _propose(paired, 1, codes[1, "noirs"], "1-0")
    # both from this one terminal: 2/2, flagged, left out of « confirm all »
    assert "1-0 proposé (2/2, même téléphone)" in run_here("phones", "status", str(paired))
    _refused(paired, "même téléphone : 1", "phones", "confirm", str(paired))
    assert "Confirmé : 1 échiquier (1)" in run_here("phones", "confirm", str(paired), "1")
    assert _games(paired)[1] == "1-0"
    journal = json.loads(run_here("journal", str(paired), "--json"))
    assert [e["op"] for e in journal[-3:]] == [
        "propose_result",
        "propose_result",
        "confirm_proposals",
    ]
    assert "propositions confirmées" in run_here("undo", str(paired))
    assert _games(paired)[1] is None
    assert "1-0 proposé (2/2, même téléphone)" in run_here("phones", "status", str(paired))


def test_one_code_proposing_twice_is_one_player(paired: Path) -> None:
    """The code says who proposes: the same code sent again is the same player changing
    his mind, never the other side agreeing (issue 51.1)."""
    run_here("phones", "on", str(paired))
    codes = _codes(paired)
    for _ in range(2):
        assert "1-0 proposé (1/2)" in _propose(paired, 2, codes[2, "blancs"], "1")
    status = json.loads(run_here("phones", "status", str(paired), "--json"))
    assert status["boards"][0]["agreed"] is None
    _refused(paired, "Aucun échiquier", "phones", "confirm", str(paired))
    _refused(paired, "même proposition des deux", "phones", "confirm", str(paired), "2")


def test_a_disagreement_or_a_different_result_is_a_conflict_never_applied(paired: Path) -> None:
    run_here("phones", "on", str(paired))
    codes = _codes(paired)
    _propose(paired, 2, codes[2, "blancs"], "1")
    _propose(paired, 2, codes[2, "noirs"], "0")
    assert "conflit : 1-0 / 0-1" in run_here("phones", "status", str(paired))
    _refused(paired, "conflit", "phones", "confirm", str(paired), "2")
    _refused(paired, "Aucun échiquier", "phones", "confirm", str(paired))
    run_here("result", str(paired), "3", "=")
    _propose(paired, 3, codes[3, "blancs"], "1")
    assert "conflit : 1-0 (saisi ½-½)" in run_here("phones", "status", str(paired))
    _refused(paired, "conflit", "phones", "confirm", str(paired), "3")
    assert _games(paired) == {1: None, 2: None, 3: "=-="}


@pytest.mark.slow
def test_a_code_works_for_its_board_and_round_only(paired: Path) -> None:
    run_here("phones", "on", str(paired))
    codes = _codes(paired)
    for board, code in ((1, codes[2, "blancs"]), (2, "x" * 10), (2, codes[2, "noirs"] + "a")):
        _refused(
            paired, "ce code ne vaut pas", "phones", "propose", str(paired), str(board), code, "1"
        )
    for _ in range(5):
        _propose(paired, 1, codes[1, "blancs"], "=")
    _refused(
        paired, "5 propositions", "phones", "propose", str(paired), "1", codes[1, "blancs"], "1"
    )
    # his quota is his: the opponent still proposes
    assert "conflit" in _propose(paired, 1, codes[1, "noirs"], "1")
    _refused(
        paired, "ne se propose pas", "phones", "propose", str(paired), "2", codes[2, "blancs"], "--"
    )
    for board in (1, 2, 3):
        run_here("result", str(paired), str(board), "1", "--confirm")
    run_here("close-round", str(paired))
    run_here("pair", str(paired))
    round2 = _codes(paired)
    assert not set(round2.values()) & set(codes.values())  # another round, other codes
    old = codes[1, "blancs"]
    _refused(paired, "ce code ne vaut pas", "phones", "propose", str(paired), "1", old, "1")
    _refused(
        paired, "ce code ne vaut pas", "phones", "propose", str(paired), "1", old, "1", "-r", "1"
    )


def test_players_check_in_from_their_phones_before_round_1(tmp_path: Path) -> None:
    path = tmp_path / "e.sqlite"
    run_here("new", str(path), "--nom", "Open")
    run_here(
        "section", "add", str(path), "open", "--nom", "Open", "--systeme", "suisse", "--rondes", "5"
    )
    for i in range(4):
        run_here("register", str(path), f"Joueur{i}")
    run_here("phones", "on", str(path))
    code = run_here("phones", "player-code", str(path), "2").strip()
    _refused(path, "ne vaut pas", "phones", "checkin", str(path), "3", code)
    assert "JOUEUR1" in run_here("phones", "checkin", str(path), "2", code)
    run_here("phones", "checkin", str(path), "2", code)  # twice: one proposal
    assert "1 pointage(s) proposé(s)" in run_here("phones", "status", str(path))
    assert "1 joueur(s) pointé(s)" in run_here("phones", "confirm-checkins", str(path))
    players = json.loads(run_here("players", "list", str(path), "--json"))
    assert [p["checked_in"] for p in players] == [False, True, False, False]


def test_codes_differ_by_seat_round_and_player() -> None:
    secret = "00" * 32
    seats = [
        Seat(1, r, b, 10 * r + b, w, k, side)
        for r in (1, 2)
        for b, w, k in ((1, 1, 2), (2, 3, 4))
        for side in ("white", "black")
    ]
    codes = {seat_code(secret, s) for s in seats}
    codes |= {checkin_code(secret, 1, p) for p in (1, 2, 3)}
    assert len(codes) == 11 and all(len(c) == 10 for c in codes)
    s = seats[0]
    assert seat_code(secret, s) != seat_code("11" * 32, s)
    # another opponent, the other colour, another game: another code
    for other in (replace(s, black_id=9), replace(s, side="black"), replace(s, game_id=99)):
        assert seat_code(secret, other) != seat_code(secret, s)


def test_the_arbiter_reads_each_board_in_one_phrase() -> None:
    w, d = Result.WHITE_WINS, Result.DRAW
    assert BoardProposals(4, w, None, None).label == "1-0 proposé (1/2)"
    assert BoardProposals(4, w, w, None).agreed is w
    assert BoardProposals(4, w, d, None).label == "conflit : 1-0 / ½-½"
    assert BoardProposals(4, w, w, d).agreed is None and BoardProposals(4, w, w, d).conflict
    assert BoardProposals(4, w, w, w).label == "" and not BoardProposals(4, w, w, w).conflict
    assert BoardProposals(4, w, w, None, True).label == "1-0 proposé (2/2, même téléphone)"
