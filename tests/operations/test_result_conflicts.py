"""Issue 13, observation 4: writing over an existing result asks, it never wins silently."""

from __future__ import annotations

import getpass
import re
from pathlib import Path
from typing import Any

from ..helpers.procs import AppInTmux, Station, cli, games_of_round, journal_ops, tmux

ASK = "issue 13 (4): last write wins silently"


def _station(path: Path, name: str, stations: list[Station]) -> Station:
    s = Station(path, name)
    stations.append(s)
    return s


def _asks(answer: dict[str, Any], *words: str) -> str:
    assert not answer["ok"], f"written without asking: {answer}"
    assert answer["error"] == "NeedsConfirmation", answer
    message = str(answer["message"])
    for word in words:
        assert word in message, message
    return message


def test_other_stations_result_is_not_overwritten_without_asking(
    rr_file: Path, stations: list[Station]
) -> None:
    a = _station(rr_file, "poste-A", stations)
    b = _station(rr_file, "poste-B", stations)
    a.ok("record_result", "rr", 1, "1-0")
    entries = len(journal_ops(rr_file))
    message = _asks(b.call("record_result", "rr", 1, "0-1"), "1-0", "poste-A", "remplacer")
    assert re.search(r"\d\d:\d\d:\d\d", message), f"no time of the result there: {message}"
    assert "Échiquier 1" in message or "échiquier 1" in message
    assert games_of_round(rr_file, "rr")[1] == "1-0"
    assert len(journal_ops(rr_file)) == entries, "a refused question wrote to the journal"
    b.ok("record_result", "rr", 1, "0-1", confirm=True)
    assert games_of_round(rr_file, "rr")[1] == "0-1"


def test_own_result_changed_asks_too_naming_this_station(
    rr_file: Path, stations: list[Station]
) -> None:
    a = _station(rr_file, "poste-A", stations)
    a.ok("record_result", "rr", 2, "=-=")
    _asks(a.call("record_result", "rr", 2, "1-0"), "ce poste", "remplacer")
    assert games_of_round(rr_file, "rr")[2] == "=-="


def test_same_result_again_asks_nothing(rr_file: Path, stations: list[Station]) -> None:
    """Passes today (nothing asks anything yet); it must keep passing."""
    a = _station(rr_file, "poste-A", stations)
    b = _station(rr_file, "poste-B", stations)
    a.ok("record_result", "rr", 3, "0-1")
    b.ok("record_result", "rr", 3, "0-1")
    a.ok("record_result", "rr", 3, "0-1")
    assert games_of_round(rr_file, "rr")[3] == "0-1"


def test_command_line_asks_then_confirm_replaces(rr_file: Path) -> None:
    assert cli("result", str(rr_file), "1", "1").returncode == 0
    out = cli("result", str(rr_file), "1", "0")
    assert out.returncode == 2, out.stdout + out.stderr
    assert "déjà 1-0" in out.stderr and "remplacer" in out.stderr, out.stderr
    assert "Traceback" not in out.stderr
    assert games_of_round(rr_file, "rr")[1] == "1-0"
    out = cli("result", str(rr_file), "1", "0", "--confirm")
    assert out.returncode == 0, out.stderr
    assert games_of_round(rr_file, "rr")[1] == "0-1"


def test_app_asks_before_replacing_the_command_lines_result(rr_file: Path) -> None:
    """The other station (the command line) wrote 1-0 on board 1; the app's `0` on board 1
    asks « déjà 1-0 (poste root@pi, …) — remplacer ? o/n », the other station by its name
    (issue 29.7): `n` keeps 1-0, `o` writes 0-1."""
    app = AppInTmux(rr_file)
    try:
        app.wait_screen(lambda s: "Ronde 1" in s, 10, "round 1")
        assert cli("result", str(rr_file), "1", "1").returncode == 0
        app.wait_screen(lambda s: "1/4 résultats" in s, 5, "the other station's result")
        app.keys("0")  # the cursor is on board 1
        screen = app.wait_screen(
            lambda s: "remplacer" in s or "enregistré" in s, 10, "the question"
        )
        assert "déjà 1-0" in screen and "enregistré" not in screen
        assert f"poste {getpass.getuser()}@" in screen, screen  # no tty: user@host
        app.keys("n")
        app.wait_screen(lambda s: "remplacer" not in s, 5, "the question to go")
        assert games_of_round(rr_file, "rr")[1] == "1-0"
        app.keys("0")
        app.wait_screen(lambda s: "remplacer" in s, 10, "the question again")
        app.keys("o")
        app.wait_screen(lambda s: "Échiquier 1 : 0-1 — enregistré" in s, 10, "saved")
        assert games_of_round(rr_file, "rr")[1] == "0-1"
    finally:
        app.close()
        tmux("kill-server", check=False)
