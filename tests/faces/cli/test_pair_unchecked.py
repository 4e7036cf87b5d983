"""`arbitre pair` before round 1 with registered players not checked in: refused with the
count, exit 2, nothing written, unless --sans-non-pointes (issue 49.7)."""

from __future__ import annotations

from pathlib import Path

from arbitre_tui.operations import EventService
from tests.helpers.cli import arbitre
from tests.helpers.long_names import long_names_event


def _ten_of_fourteen_checked_in(path: Path) -> Path:
    long_names_event(path, played=False)
    service = EventService(path)
    for p in service.store.players(service.tournament("open").id)[:10]:
        service.check_in(p.id)
    service.close()
    return path


def test_round_one_with_players_not_checked_in_is_refused_then_paired_on_request(
    tmp_path: Path,
) -> None:
    path = _ten_of_fourteen_checked_in(tmp_path / "ln.sqlite")
    before = path.read_bytes()
    out = arbitre("pair", str(path), "-t", "open")
    assert out.returncode == 2, out.stdout + out.stderr
    assert "4 inscrits non pointés : les laisser de côté ?" in out.stderr, out.stderr
    assert "--sans-non-pointes" in out.stderr and "Traceback" not in out.stderr
    assert path.read_bytes() == before  # nothing changed, byte for byte
    out = arbitre("pair", str(path), "-t", "open", "--sans-non-pointes")
    assert out.returncode == 0, out.stderr
    assert "ronde 1 appariée" in out.stdout
    service = EventService(path)
    rnd = service.current_round(service.tournament("open"))
    assert rnd is not None and len(service.store.games(rnd.id)) == 5  # the ten, not 14
    service.close()


def test_round_one_with_everyone_checked_in_asks_nothing(tmp_path: Path) -> None:
    path = long_names_event(tmp_path / "ln.sqlite", played=False)
    service = EventService(path)
    for p in service.store.players(service.tournament("jeunes").id):
        service.check_in(p.id)
    service.close()
    out = arbitre("pair", str(path), "-t", "jeunes")
    assert out.returncode == 0, out.stderr
