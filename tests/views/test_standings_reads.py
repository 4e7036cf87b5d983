"""The standings read a section once (issue 56.2): its players and its games one query
each, for the ranking, the note on rating tie-breaks and the names alike (they were read
three and two times, and every round's games once more for the last complete round); the
crosstable likewise; and the command loads neither the TRF reader nor the cup's view."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from arbitre_tui.operations import EventService
from arbitre_tui.operations.standings import standings
from arbitre_tui.views import crosstable
from arbitre_tui.views import standings as view
from arbitre_tui.views.reader import Reader

from ..helpers.cli import ROOT
from ..helpers.long_names import long_names_event


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return long_names_event(tmp_path_factory.mktemp("long") / "e.sqlite")


def _queries(service: EventService, build: Callable[[], object]) -> dict[str, int]:
    """How many statements read the players' and the games' tables while ``build`` ran."""
    seen: list[str] = []
    service.store.conn.set_trace_callback(seen.append)
    try:
        build()
    finally:
        service.store.conn.set_trace_callback(None)
    return {table: sum(f"FROM {table} " in s for s in seen) for table in ("players", "games")}


def test_the_standings_read_the_players_and_the_games_once(event: Path) -> None:
    service = EventService(event)
    try:
        t = service.tournament("open")
        ranked = view.build(Reader(service), t)  # first: nothing kept from a read before
        assert _queries(service, lambda: view.build(Reader(service), t)) == {
            "players": 0,  # kept by the reader: unchanged since (players_version)
            "games": 1,
        }
        service2 = EventService(event)
        try:
            t2 = service2.tournament("open")
            reads = _queries(service2, lambda: view.build(Reader(service2), t2))
        finally:
            service2.close()
        assert reads == {"players": 1, "games": 1}
        # the same ranking as the operations' own reads give, after round 2
        codes, rows, done = standings(service, t)
        assert (ranked.after_round, list(ranked.codes)) == (done, codes)
        assert done == 2
        assert [(r.player.id, r.place, r.values) for r in ranked.rows] == [
            (r.start, r.place, r.values) for r in rows
        ]
        assert "CHÂTEAUBRIAND-SAINT-ÉVREMOND Marie-Thérèse" in {r.player.name for r in ranked.rows}
    finally:
        service.close()


def test_the_crosstable_reads_them_once_too(event: Path) -> None:
    service = EventService(event)
    try:
        t = service.tournament("open")
        reads = _queries(service, lambda: crosstable.build(Reader(service), t))
        assert reads == {"players": 1, "games": 1}
    finally:
        service.close()


PROBE = """
import contextlib, io, json, sys
from arbitre_tui.faces.cli.main import main
with contextlib.redirect_stdout(io.StringIO()) as out:
    code = main(sys.argv[2:])
with open(sys.argv[1], "w") as f:
    json.dump({"code": code, "out": out.getvalue(), "modules": sorted(sys.modules)}, f)
"""


def test_the_standings_command_loads_neither_the_trf_reader_nor_the_cup(
    event: Path, tmp_path: Path
) -> None:
    """`from_trf` (rules.trf), a cup's matches (views.cup) and DE's fractions are typed
    or loaded where used: about 35 ms of the command's start (issue 56.2)."""
    out = tmp_path / "probe.json"
    run = subprocess.run(
        [sys.executable, "-c", PROBE, str(out), "standings", str(event), "-t", "open"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    data = json.loads(out.read_text())
    assert data["code"] == 0, run.stderr
    assert "D'ARTAGNAN Charles" in data["out"]  # the probe saw the standings printed
    loaded = set(data["modules"])
    assert "arbitre_tui.rules.tiebreaks" in loaded
    unused = ("arbitre_tui.rules.trf", "arbitre_tui.views.cup", "fractions")
    assert [m for m in unused if m in loaded] == []
