"""A view keeps the players it read while the file's counter of changes to the players
(schema 9's triggers) is unchanged (views/reader.py, issue 34): every change, by this
station, another one, the command line or an undo, is seen at the next read."""

from __future__ import annotations

from pathlib import Path

from arbitre_tui.operations import EventService
from arbitre_tui.rules.models import Player, System, Tournament
from arbitre_tui.views.reader import Reader

from ..helpers.cli import arbitre


def _event(path: Path) -> tuple[EventService, list[int]]:
    service = EventService(path, create=True)
    service.create_event("Open du club", "Ville")
    service.add_tournament(Tournament(key="s", name="Open", system=System.SWISS, rounds_planned=5))
    ids = [
        service.register_player(
            "s", Player(surname=f"JOUEUR{k}", first_name="Ana", rating_fide=1500 + k)
        )
        for k in range(6)
    ]
    return service, ids


def _seen(reader: Reader) -> dict[int, tuple[str, bool, bool]]:
    with reader.consistent():
        t = reader.tournament("s")
        return {p.id: (p.name, p.checked_in, p.withdrawn) for p in reader.players(t)}


def test_a_change_to_the_players_is_seen_whoever_made_it(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite"
    service, ids = _event(path)
    reader = Reader(service)
    first = _seen(reader)
    assert first == _seen(reader)  # nothing changed: the same
    service.check_in(ids[0])  # this station
    assert _seen(reader)[ids[0]][1] is True
    service.undo()  # and undone
    assert _seen(reader)[ids[0]][1] is False
    other = EventService(path)  # another station on the same file
    other.withdraw(ids[1])
    other.close()
    assert _seen(reader)[ids[1]][2] is True
    out = arbitre("players", "edit", str(path), "JOUEUR2", "--nom", "NOUVEAU")  # ids[2], by name
    assert out.returncode == 0, out.stderr
    assert _seen(reader)[ids[2]][0].startswith("NOUVEAU")  # the command line's change
    service.close()


def test_a_result_leaves_the_players_read_before(tmp_path: Path) -> None:
    """What the cache is for: a key's result writes no player, so the pane's next read of
    the players is the list it had (the triggers count players' changes only)."""
    service, ids = _event(tmp_path / "club.sqlite")
    for pid in ids:
        service.check_in(pid)
    reader = Reader(service)
    with reader.consistent():
        t = reader.tournament("s")
        before = reader.players(t)
    service.pair_round("s")
    service.record_result("s", 1, "1-0")
    pane = Reader(service)  # a pane makes its own Reader at each load
    with pane.consistent():
        again = pane.players(t)
    assert again == before and all(a is b for a, b in zip(again, before, strict=True))
    service.close()
