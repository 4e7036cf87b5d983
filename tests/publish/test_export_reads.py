"""Issue 56: one static export reads each section's games once and builds each view once
for every page and language (views/memo.py), and writes the very pages a page-by-page
render writes; the live server's site keeps reading the file as it is now."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from arbitre_tui.operations import EventService
from arbitre_tui.publish.html import static
from arbitre_tui.publish.html.site import Site
from arbitre_tui.store.repo import Store
from arbitre_tui.views.memo import MemoReader
from arbitre_tui.views.reader import Reader

from ..helpers.long_names import long_names_event


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return long_names_event(tmp_path_factory.mktemp("export") / "mousquetaires.sqlite")


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def test_the_export_reads_each_sections_games_once_and_writes_the_same_pages(
    event: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reads: dict[str, Counter[int]] = {"kept": Counter(), "anew": Counter()}
    all_games = Store.all_games
    service = EventService(event)
    try:
        for how in ("kept", "anew"):

            def counted(store: Store, tournament_id: int, how: str = how) -> object:
                reads[how][tournament_id] += 1
                return all_games(store, tournament_id)

            monkeypatch.setattr(Store, "all_games", counted)
            if how == "anew":  # every page read anew, as before issue 56
                monkeypatch.setattr(static, "MemoReader", Reader)
            pages = static.export_site(service, tmp_path / how)
        sections = [t.id for t in service.store.tournaments()]
    finally:
        service.close()
    # kept: the Reader's one read, plus the operations' own (standings after each round,
    # the crosstable), however many pages and languages; anew: one and more a page
    assert pages > 100 and sorted(reads["kept"]) == sorted(reads["anew"]) == sorted(sections)
    assert all(reads["kept"][t] * 4 <= reads["anew"][t] for t in sections), reads
    kept, anew = _tree(tmp_path / "kept"), _tree(tmp_path / "anew")
    assert kept.keys() == anew.keys() and len(kept) == pages + 4  # 404 × 3, the manifest
    assert [k for k in kept if kept[k] != anew[k]] == []


def test_the_servers_site_sees_a_result_at_once(event: Path, tmp_path: Path) -> None:
    path = tmp_path / "live.sqlite"
    path.write_bytes(event.read_bytes())
    service = EventService(path)
    try:
        site = Site(service)  # as faces/web/server.py makes it, once for every request
        assert not isinstance(site.reader, MemoReader)
        before = site.render("/open/ronde-3/")
        service.record_result("open", 2, "0-1", 3)
        after = site.render("/open/ronde-3/")
        assert before != after and "0-1" in after
    finally:
        service.close()
