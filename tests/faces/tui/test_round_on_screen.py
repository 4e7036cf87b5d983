"""A result key writes to the round on screen (issue 29.1, found by the soak's review):
in the half second before the app sees that another station closed the round and paired
the next, `1` on board 1 went into the new round's board 1, a game the arbiter never saw."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitre_tui.operations import EventService

from ...helpers.cli import run_here
from ...helpers.screen import app_on, bottom_line, pause_until


def _answered(line: str) -> bool:
    """The result was refused or saved."""
    return "Refusé" in line or "enregistré" in line


def _event(tmp_path: Path) -> Path:
    path = tmp_path / "club.sqlite"
    players = tmp_path / "joueurs.csv"
    players.write_text(
        "nom,prenom,elo_fide\nDupont,Jean,2000\nMartin,Paul,1900\nDurand,Luc,1800\nPetit,Léa,1700\n",
        encoding="utf-8",
    )
    for args in (
        ("new", str(path), "--nom", "Open du club"),
        ("section", "add", str(path), "open", "--nom", "Open A", "--systeme", "suisse",
         "--rondes", "3"),
        ("players", "import", str(path), str(players), "-t", "open"),
        *(("checkin", str(path), str(n)) for n in range(1, 5)),
        ("pair", str(path), "-t", "open"),
    ):  # fmt: skip
        run_here(*args)
    return path


def _result(path: Path, number: int, board: int) -> str | None:
    service = EventService(path)
    rnd = service.store.round(service.tournament("open").id or 0, number)
    assert rnd is not None and rnd.id is not None
    game = service.store.games(rnd.id)[board - 1]
    service.close()
    return game.result.value if game.result else None


async def test_a_result_key_never_lands_in_a_round_not_on_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _event(tmp_path)
    async with app_on(path, "r") as (app, pilot):
        seen = app.reader.data_version()  # the app's poll sees no change: the half second
        monkeypatch.setattr(app.reader, "data_version", lambda: seen)
        other = EventService(path, terminal="poste 2")
        other.record_result("open", 1, "1-0")
        other.record_result("open", 2, "0-1")
        other.close_round("open")
        other.pair_round("open", seed=1)
        other.close()
        await pilot.press("1")  # board 1 of round 1, as the screen shows
        await pilot.pause()
        await pause_until(pilot, lambda: _answered(bottom_line(app)), 30)
        line = bottom_line(app)
        assert "enregistré" not in line, line
        assert _result(path, 2, 1) is None  # round 2, never shown here, untouched
        assert _result(path, 1, 1) == "1-0"


def _knockout(tmp_path: Path) -> Path:
    """A club's own knockout of four, round 1 paired, board 1 drawn: its decider pending."""
    path = tmp_path / "ko.sqlite"
    for args in (
        ("new", str(path), "--nom", "K.O. du club"),
        ("section", "add", str(path), "ko", "--nom", "K.O.", "--systeme", "ko", "--rondes", "2"),
        *(("register", str(path), f"Joueur{i}", "--elo", str(2000 - 100 * i), "--pointe")
          for i in range(4)),
        ("ko", "close-registration", str(path)),
        ("pair", str(path), "--seed", "1"),
        ("result", str(path), "1", "="),
    ):  # fmt: skip
        run_here(*args)
    return path


def _decider(path: Path, number: int, board: int) -> str | None:
    service = EventService(path)
    rnd = service.store.round(service.tournament("ko").id or 0, number)
    assert rnd is not None and rnd.id is not None
    game = service.store.games(rnd.id)[board - 1]
    service.close()
    return game.decider.value if game.decider else None


async def test_a_decider_key_never_lands_in_a_round_not_on_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`d` then `1` on board 1 of round 1, while the other station has settled round 1 and
    the final's board 1 is drawn too: the decider is not written into the final."""
    from arbitre_tui.operations import knockout

    path = _knockout(tmp_path)
    async with app_on(path, "r") as (app, pilot):
        seen = app.reader.data_version()  # the app's poll sees no change: the half second
        monkeypatch.setattr(app.reader, "data_version", lambda: seen)
        other = EventService(path, terminal="poste 2")
        knockout.record_decider(other, "ko", 1, "1")
        other.record_result("ko", 2, "1-0")
        other.close_round("ko")
        other.pair_round("ko", seed=1)
        other.record_result("ko", 1, "=")  # the final's board 1, drawn
        other.close()
        await pilot.press("d")  # board 1 of round 1, as the screen shows
        await pilot.pause()
        await pilot.press("1")
        await pause_until(pilot, lambda: _answered(bottom_line(app)), 30)
        line = bottom_line(app)
        assert "enregistré" not in line, line
        assert _decider(path, 2, 1) is None  # the final, never shown here, untouched
        assert _decider(path, 1, 1) == "1-0"
