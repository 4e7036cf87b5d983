"""The light commands read what they print and no more (issue 56.2): `show` counts each
section's players instead of building them, and the store's reads hand the records their
field names as the records' own strings (interned), which Python matches by identity."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from arbitre_tui.rules.models import StoredGame, StoredPlayer, StoredRound
from arbitre_tui.store import records, repo
from arbitre_tui.store.records import dicts

from ...helpers.cli import run_here
from ...helpers.long_names import long_names_event


@pytest.fixture(scope="module")
def long_names(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return long_names_event(tmp_path_factory.mktemp("long") / "long.sqlite")


def test_show_counts_the_players_without_building_one(
    long_names: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[int] = []

    def counted(row: dict[str, object]) -> StoredPlayer:
        built.append(1)
        return records._player(row)

    monkeypatch.setattr("arbitre_tui.store.repo._player", counted)
    out = run_here("show", str(long_names))
    assert "14 joueurs, ronde 3/5" in out and "4 joueurs, ronde 1/5" in out
    assert built == []
    run_here("players", "list", str(long_names), "-t", "jeunes")  # the probe sees a read
    assert len(built) == 4


def test_the_records_are_built_from_interned_field_names(long_names: Path) -> None:
    store = repo.Store(long_names, read_only=True)
    try:
        for sql, record in (
            ("SELECT * FROM players", StoredPlayer),
            ("SELECT * FROM rounds", StoredRound),
            ("SELECT * FROM games", StoredGame),
        ):
            names = {f.name: f.name for f in dataclasses.fields(record)}
            row = next(dicts(store.conn.execute(sql)))
            assert all(key is names[key] for key in row), record
        t = store.tournament("open")
        assert t is not None
        players = store.players(t.id)
        assert players[0] == store.player(players[0].id)
        assert players[0].name == "CHÂTEAUBRIAND-SAINT-ÉVREMOND Marie-Thérèse"
        assert store.player(10**6) is None
        assert store.player_count(t.id) == len(players) == 14
    finally:
        store.close()


def test_a_write_loads_the_journal_records_of_its_own_family(long_names: Path) -> None:
    """`EventContext.write` checks a record against its operation's family alone: a result
    loads the results' records, a check-in the players', never the five others (issue 56.2)."""
    from .test_cli_imports import _loaded

    family = "arbitre_tui.operations.journal_args."
    for args, own in (
        (("result", "F", "2", "=", "-t", "open", "--confirm"), "results"),
        (("checkin", "--cancel", "F", "3", "-t", "open"), "players"),
    ):
        f = long_names.with_name(f"{own}.sqlite")
        f.write_bytes(long_names.read_bytes())
        loaded = _loaded(f.parent, *(str(f) if a == "F" else a for a in args))
        assert sorted(m for m in loaded if m.startswith(family)) == [family + own], args
