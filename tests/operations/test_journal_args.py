"""Typed journal arguments (issue 54.2): each operation says what it does as a frozen
record, checked when written (a wrong field or type raises, nothing is written) and read
back from the row's JSON — the format of today (« v »: 2) and the bare dicts the versions
before wrote, which still show their words and still undo."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from arbitre_tui.operations import EventService
from arbitre_tui.operations.journal_args import ARGS, BoardArgs, ResultArgs
from arbitre_tui.operations.registry import Operation
from arbitre_tui.operations.wording import describe_operation, journal_line
from arbitre_tui.store.journal_args import FORMAT, PlainArgs

from ..conftest import make_round_robin
from ..helpers.cli import arbitre


def _rows(path: Path) -> list[tuple[int, str, str]]:
    con = sqlite3.connect(path)
    try:
        return [tuple(r) for r in con.execute("SELECT id, op, args FROM journal ORDER BY id")]
    finally:
        con.close()


def _paired(tmp_path: Path) -> tuple[EventService, Path]:
    path = tmp_path / "ev.sqlite"
    service = make_round_robin(path, 4)
    service.pair_round("rr", seed=3)
    return service, path


def test_every_operation_has_its_record() -> None:
    assert set(ARGS) == set(Operation) - {Operation.UNDO}


def test_a_wrong_field_or_type_raises_when_written_and_nothing_is_written(
    tmp_path: Path,
) -> None:
    service, path = _paired(tmp_path)
    before = _rows(path)
    with pytest.raises(TypeError):
        ResultArgs(board="5")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        ResultArgs(bord=5)  # type: ignore[call-arg]
    with pytest.raises(TypeError), service.write(Operation.RECORD_RESULT, BoardArgs(board=1)):
        pass  # the record of another operation
    with pytest.raises(TypeError), service.write(Operation.RECORD_RESULT, ResultArgs()) as tx:
        tx.args = ResultArgs(board=True)  # a bool is not a board number
    service.close()
    assert _rows(path) == before


def test_the_stored_format_is_versioned_and_reads_back_as_written(tmp_path: Path) -> None:
    service, path = _paired(tmp_path)
    service.record_result("rr", 1, "1-0")
    service.close()
    _id, op, text = _rows(path)[-1]
    stored = json.loads(text)
    assert op == "record_result" and stored["v"] == FORMAT == 2
    said = ResultArgs.from_stored(stored)
    assert (said.tournament, said.round, said.board, said.result) == ("rr", 1, 1, "1-0")
    assert said.stored() == stored
    assert describe_operation(op, stored) == "échiquier 1, 1-0"
    assert journal_line(op, stored) == "ronde 1, échiquier 1, 1-0 — tournoi rr"


def test_a_row_written_by_the_version_before_shows_its_words_and_undoes(
    tmp_path: Path,
) -> None:
    """The previous version wrote a bare dict, keys in the order the operation said them
    (no « v »): `arbitre journal` says it as before, and undo takes it back."""
    service, path = _paired(tmp_path)
    service.record_result("rr", 2, "0-1")
    service.close()
    entry, _op, _text = _rows(path)[-1]
    old = {"board": 2, "tournament": "rr", "round": 1, "result": "0-1"}
    con = sqlite3.connect(path)
    with con:  # the journal refuses edits: its guard lifted the time of writing the old row
        (guard,) = con.execute(
            "SELECT sql FROM sqlite_master WHERE name = 'journal_no_update'"
        ).fetchone()
        con.execute("DROP TRIGGER journal_no_update")
        con.execute("UPDATE journal SET args = ? WHERE id = ?", (json.dumps(old), entry))
        con.execute(guard)
    con.close()
    out = arbitre("journal", str(path), "--json")
    assert out.returncode == 0, out.stderr
    last = json.loads(out.stdout)[-1]
    assert last["args"] == old
    assert last["description"] == "ronde 1, échiquier 2, 0-1 — tournoi rr"
    out = arbitre("undo", str(path))
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("Annulé : échiquier 2, 0-1"), out.stdout
    out = arbitre("journal", str(path))
    assert out.returncode == 0, out.stderr
    assert "annulation de « échiquier 2, 0-1 » — opération n°" in out.stdout, out.stdout
    assert "(annulée)" in out.stdout


def test_old_and_odd_shapes_still_read() -> None:
    """A key no field names is kept and said as written; a value of the wrong type reads
    as written (PlainArgs), never refused: the journal always opens."""
    assert journal_line("check_in", {"player": 4, "checked": False, "name": "O'NEILL"}) == (
        "pointage retiré, O'NEILL — joueur inscr. 4"
    )
    assert journal_line("withdraw", {"player": 4, "name": "X", "odd": 1}) == (
        "retrait, X — joueur inscr. 4 ; odd : 1"
    )
    assert journal_line("record_result", {"board": "cinq", "result": "1-0"}) == (
        "résultat — board : cinq ; result : 1-0"
    )
    assert isinstance(ResultArgs.from_stored({}), ResultArgs)
    assert PlainArgs.of({"steps": ["add_club"], "x": 1}).steps == ("add_club",)
    assert journal_line("enter_team", {"steps": ["add_club", "add_team"]}) == (
        "équipe engagée — avec : club ajouté, équipe ajoutée"
    )
