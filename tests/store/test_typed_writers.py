"""The hot writes with typed arguments (issue 54.1, store/writers.py): a board's result
and the settings, on a real event file, journaled and undone like any write."""

from __future__ import annotations

from pathlib import Path

from arbitre_tui.rules.models import Result
from arbitre_tui.store.writers import write_result, write_settings
from tests.conftest import make_round_robin

VENUE = "Salle D'ARTAGNAN, 12 rue de l'Évêché — Château-Thierry"


def test_a_result_is_written_from_its_type_and_the_decider_kept_unless_said(
    tmp_path: Path,
) -> None:
    service = make_round_robin(tmp_path / "rr.sqlite", 4)
    rnd = service.pair_round("rr", seed=1)
    assert rnd is not None
    game = service.store.games(rnd.id)[0]
    journal = service.store.journal
    with journal.operation("result") as tx:
        write_result(tx, game.id, Result.DRAW, Result.WHITE_WINS)
    row = service.store.conn.execute("SELECT result, decider FROM games WHERE id = ?", (game.id,))
    assert tuple(row.fetchone()) == ("=-=", "1-0")
    with journal.operation("clear") as tx:
        write_result(tx, game.id, None)  # the decider as it stands
    stored = service.store.games(rnd.id)[0]
    assert stored.result is None and stored.decider is Result.WHITE_WINS
    with journal.operation("result") as tx:
        write_result(tx, game.id, Result.BLACK_WINS, None)
    stored = service.store.games(rnd.id)[0]
    assert stored.result is Result.BLACK_WINS and stored.decider is None
    journal.undo()
    assert service.store.games(rnd.id)[0].result is None
    service.close()


def test_the_settings_are_written_whole_with_their_accents(tmp_path: Path) -> None:
    service = make_round_robin(tmp_path / "rr.sqlite", 4)
    store = service.store
    t = service.tournament("rr")
    with store.journal.operation("settings") as tx:
        write_settings(tx, {**t.settings, "lateness_minutes": 45}, t.id)
        write_settings(tx, {"venue": VENUE})
    assert service.tournament("rr").settings["lateness_minutes"] == 45
    assert store.event()["settings"] == {"venue": VENUE}
    raw = store.conn.execute("SELECT settings FROM event").fetchone()[0]
    assert "Évêché" in raw  # the row keeps the accents as they are, not \u escapes
    store.journal.undo()
    assert store.event()["settings"] == {} and service.tournament("rr").settings == t.settings
    service.close()
