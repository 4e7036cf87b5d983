"""Nothing but SQLite opens an event file while this process holds it (issue 13).

Closing any descriptor of a file drops every POSIX lock the process holds on it, SQLite's
included: another process then checkpoints and deletes the WAL, and acknowledged results
vanish. The store's audit hook turns such an open() into an immediate error.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from arbitre_tui.operations import EventService
from arbitre_tui.store.db import ForbiddenOpen, is_held


def test_open_of_a_held_event_file_is_refused(demo_file: Path) -> None:
    service = EventService(demo_file)
    try:
        assert is_held(demo_file)
        with pytest.raises(ForbiddenOpen):
            demo_file.open("rb")
        with pytest.raises(ForbiddenOpen):
            shutil.copy(demo_file, demo_file.with_name("copie.sqlite"))
        wal = demo_file.with_name(demo_file.name + "-wal")
        with pytest.raises(ForbiddenOpen):
            wal.read_bytes()
        # the connection still works: nothing was opened, so no lock was lost
        assert service.store.event()["name"]
    finally:
        service.close()
    assert not is_held(demo_file)
    assert demo_file.read_bytes()[:16] == b"SQLite format 3\x00"  # free again once closed


def test_two_services_in_one_process_release_in_turn(demo_file: Path) -> None:
    first, second = EventService(demo_file), EventService(demo_file)
    first.close()
    assert is_held(demo_file)  # the second connection still holds it
    with pytest.raises(ForbiddenOpen):
        demo_file.read_bytes()
    second.close()
    assert not is_held(demo_file)


def test_opening_a_service_never_opens_the_file_from_python(demo_file: Path) -> None:
    """The old header check read the file with open() while the web server's or a
    worker's connection was open in the same process: a second service must not."""
    holder = EventService(demo_file)
    try:
        other = EventService(demo_file)  # raised ForbiddenOpen with the open() header check
        other.close()
    finally:
        holder.close()
