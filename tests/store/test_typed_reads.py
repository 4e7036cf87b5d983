"""The store's reads are typed records (issue 54.1): each TypedDict names exactly what the
read returns, so the type checker's view of a row is the file's. A migration that adds a
column to one of these tables (or a read that changes its keys) makes this fail until the
record says so."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from arbitre_tui.operations import knockout, reporting
from arbitre_tui.operations.templates import create_knockout_event
from arbitre_tui.store import records
from arbitre_tui.store.repo import Store

# records that are rows of one table, read whole (SELECT *)
_ROWS: dict[str, Any] = {
    "event": records.EventRecord,
    "result_checks": records.ResultCheck,
    "draws": records.DrawRecord,
    "lucky_losers": records.LuckyLoser,
    "journal": records.JournalEntry,
    "proposals": records.ResultProposal,
}


def _keys(record: Any) -> set[str]:
    return set(record.__required_keys__) | set(record.__optional_keys__)


@pytest.mark.parametrize("table", sorted(_ROWS))
def test_a_row_record_names_its_table_s_columns(tmp_path: Path, table: str) -> None:
    store = Store(tmp_path / "e.sqlite", create=True)
    columns = {r[1] for r in store.conn.execute(f"PRAGMA table_info({table})")}
    store.close()
    assert _keys(_ROWS[table]) == columns
    if table == "proposals":
        assert _keys(records.CheckinProposal) == columns


def test_the_reads_of_a_knockout_return_what_their_records_name(tmp_path: Path) -> None:
    service = create_knockout_event(tmp_path / "k.sqlite", 100)
    knockout.close_registration(service, "ko")
    service.pair_round("ko", seed=5)
    store, t = service.store, service.tournament("ko")
    event = store.event()
    assert set(event) == _keys(records.EventRecord) and isinstance(event["settings"], dict)
    ko = store.ko_registration(t.id)
    assert ko is not None and set(ko) == _keys(records.KoRegistration)
    assert isinstance(ko["cancelled"], bool) and isinstance(ko["validated"], list)
    draws = store.draws()
    assert draws and all(set(d) == _keys(records.DrawRecord) for d in draws)
    assert store.draw(draws[0]["id"]) == draws[0]
    reporting.set_enabled(service, True)
    phones = store.phone_reporting()
    assert phones is not None and set(phones) == _keys(records.PhoneReporting)
    assert phones["enabled"] is True
    entries = store.journal_entries(3)
    assert entries and all(set(e) == _keys(records.JournalEntry) for e in entries)
    changes = store.journal_changes(entries[0]["id"])
    assert changes and all(set(c) == _keys(records.JournalChange) for c in changes)
    service.close()
