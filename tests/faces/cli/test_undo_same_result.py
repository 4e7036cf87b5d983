"""Issue 29.4, first half: undo means my last action. The same result typed again on a
board is its own operation (a no-op, said « inchangé »): `arbitre undo` takes it — and
says nothing changed — never the older, real entry behind it."""

from __future__ import annotations

from pathlib import Path

from arbitre_tui.operations import EventService

from ...helpers.cli import arbitre, run_here


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
        run_here(*step)


def _board_one(path: Path) -> str | None:
    service = EventService(path)
    try:
        t = service.tournament("b")
        rnd = service.current_round(t)
        assert rnd is not None and rnd.id is not None
        game = service.store.games(rnd.id)[0]
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


def test_a_cup_board_typed_again_is_undone_first(tmp_path: Path) -> None:
    """The same on a cup match's board (`arbitre cup result` twice, then `arbitre undo`)."""
    from arbitre_tui.operations import cup as ops
    from arbitre_tui.operations.templates import create_from_template

    path = tmp_path / "coupe.sqlite"
    service = create_from_template(path, "coupe-alsace")
    t = ops.cup_of(service, None)
    ops.draw(service, None, seed=10)
    m = next(x for x in ops.matches(service, t, 1) if x.away_team_id)
    for team in (m.home_team_id, m.away_team_id):
        roster = [p.id or 0 for p in service.store.players(t.id or 0) if p.team_id == team]
        ops.hand_in_lineup(service, None, m.number, team or 0, roster[:4])
    service.close()

    def board_one() -> str | None:
        service = EventService(path)
        try:
            return ops.find_match(service, ops.cup_of(service, None), m.number).results[0]
        finally:
            service.close()

    for said in ("enregistré", "inchangé"):
        out = arbitre("cup", "result", str(path), str(m.number), "1", "1-0")
        assert out.returncode == 0 and said in out.stdout, (out.stdout, out.stderr)
    undo = arbitre("undo", str(path))
    assert undo.returncode == 0 and "inchangé" in undo.stdout, (undo.stdout, undo.stderr)
    assert board_one() == "1-0"
    undo = arbitre("undo", str(path))
    assert undo.returncode == 0 and "inchangé" not in undo.stdout, undo.stdout
    assert board_one() is None
