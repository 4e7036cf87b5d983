"""Issue 29.4, first half: undo means my last action. The same result typed again on a
board is its own operation (a no-op, said « inchangé »): `arbitre undo` takes it — and
says nothing changed — never the older, real entry behind it."""

from __future__ import annotations

from pathlib import Path

from arbitre_tui.operations import EventService

from ...helpers.cli import arbitre


def _own_event(path: Path) -> None:
    """An event made from nothing: 4 players checked in, round 1 paired."""
    steps = [
        ("new", str(path), "--nom", "Blitz du club", "--du", "2027-05-01"),
        ("section", "add", str(path), "b", "--nom", "Blitz", "--systeme", "suisse",
         "--rondes", "3", "--cadence", "5+3"),
        *[("register", str(path), f"Joueur{n}", "--elo", str(1500 + n), "--pointe")
          for n in range(4)],
        ("pair", str(path)),
    ]  # fmt: skip
    for step in steps:
        out = arbitre(*step)
        assert out.returncode == 0, (step, out.stderr)


def _board_one(path: Path) -> str | None:
    service = EventService(path)
    try:
        t = service.tournament("b")
        rnd = service.current_round(t)
        assert rnd is not None and rnd.id is not None
        game = service._store.games(rnd.id)[0]
        return game.result.value if game.result else None
    finally:
        service.close()


def test_undo_takes_the_same_result_typed_again(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite"
    _own_event(path)
    first = arbitre("result", str(path), "1", "1-0")
    assert first.returncode == 0 and "enregistré" in first.stdout, first.stderr
    again = arbitre("result", str(path), "1", "1-0")
    assert again.returncode == 0, again.stderr
    assert "inchangé" in again.stdout and "enregistré" not in again.stdout, again.stdout
    undo = arbitre("undo", str(path))
    assert undo.returncode == 0, undo.stderr
    assert "inchangé" in undo.stdout, undo.stdout  # it says it undid a no-op
    assert _board_one(path) == "1-0"  # the real entry stands
    undo = arbitre("undo", str(path))
    assert undo.returncode == 0, undo.stderr
    assert "inchangé" not in undo.stdout and "1-0" in undo.stdout, undo.stdout
    assert _board_one(path) is None  # only the second undo takes the real entry
    redo = arbitre("redo", str(path))
    assert redo.returncode == 0 and _board_one(path) == "1-0", redo.stderr
