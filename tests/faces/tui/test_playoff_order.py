"""Issue 30.13, 003 art. 6: a perfect five-way tie for the title. The play-off's seeds are
the order the standings show — nothing orders a complete tie, so a drawing of lots does,
drawn once (seed recorded) when the play-off is announced and shown in both —; after the
play-off the standings (command line, Classement pane, site, wall) show its order."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from textual.widgets import DataTable, Static

from arbitre_tui.faces.tui.app import ArbitreApp
from arbitre_tui.faces.tui.display import DisplayApp
from arbitre_tui.operations import EventService, playoffs
from arbitre_tui.rules.models import Result

from ...helpers.cli import run_here

LOTS = "ordonnés par tirage au sort"


def _five_way(path: Path, origin: str) -> None:
    """U8 as a round robin of six: one loses every game, the five others draw theirs."""
    from tests.operations.test_swiss_events import _five_way_u8, _play

    if origin == "template":
        _five_way_u8(path.parent).close()
        return
    f = str(path)
    run_here("new", f, "--nom", "Jeunes du club", "--du", "2027-03-06")
    run_here("section", "add", f, "u8", "--nom", "Petits poussins", "--systeme", "toutes-rondes",
        "--rondes", "5", "--cadence", "25+0", "--reglement", "003")  # fmt: skip
    for n in range(1, 7):
        run_here("register", f, f"Enfant{n}", "--naissance", f"2020-0{n}-10",
            "--elo", str(900 + n), "--licence", f"K{n:05d}", "--pointe")  # fmt: skip
    service = EventService(path)
    loser = max(p.id or 0 for p in service.store.players(service.tournament("u8").id or 0))

    def five_way(w: int, b: int) -> Result:
        if loser in (w, b):
            return Result.BLACK_WINS if w == loser else Result.WHITE_WINS
        return Result.DRAW

    _play(service, "u8", five_way)
    service.close()


def _draws(path: Path) -> int:
    service = EventService(path)
    try:
        row = service.store.conn.execute(
            "SELECT count(*) FROM draws WHERE purpose LIKE 'barrage pour le titre%'"
        ).fetchone()
        return int(row[0])
    finally:
        service.close()


async def _shown(path: Path) -> tuple[list[list[str]], str, list[list[str]], str, str]:
    """The Classement pane's rows and note, the wall's standings rows and its title, and
    the site's standings page."""
    from arbitre_tui.publish.html.site import Site

    app = ArbitreApp(path, tournament="u8")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        table = app.query_one("#classement-table", DataTable)
        pane = [[str(c) for c in table.get_row_at(i)[:2]] for i in range(table.row_count)]
        note = str(app.query_one("#classement-note", Static).content)
    wall = DisplayApp(path, ["u8"], seconds=0)
    async with wall.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        sheet = next(p.sheet for p in wall.pages if p.sheet.view == "classement")
        rows = [[str(c) for c in row[:2]] for row in sheet.rows]
        title = sheet.note
    service = EventService(path)
    try:
        html = Site(service).standings_page(service.tournament("u8"))
    finally:
        service.close()
    return pane, note, rows, title, html


@pytest.mark.parametrize("origin", ["template", "nothing"])
@pytest.mark.slow
async def test_play_off_seeds_by_lot_then_its_order_everywhere(tmp_path: Path, origin: str) -> None:
    path = tmp_path / "j.sqlite"
    _five_way(path, origin)
    f = str(path)
    # announced: the seeds drawn by lot, once, said; the standings show the same order
    said = run_here("playoff", f, "title", "-t", "u8")
    assert "tirées au sort" in said and _draws(path) == 1, said
    run_here("playoff", f, "title", "-t", "u8")
    assert _draws(path) == 1  # drawn once: shown again, never drawn again
    service = EventService(path)
    seeds = playoffs.seeds_of(service, "u8", "title")
    names = {p.id: p.name for p in service.store.players(service.tournament("u8").id or 0)}
    service.close()
    assert "  " + ", ".join(f"{k}. {names[p]}" for k, p in enumerate(seeds, 1)) in said
    standings = json.loads(run_here("standings", f, "-t", "u8", "--json"))
    assert [r["player_id"] for r in standings][:5] == seeds
    assert {r["place"] for r in standings[:5]} == {"1–5"}  # not decided yet: shared
    assert LOTS in run_here("standings", f, "-t", "u8")
    pane, note, wall, wall_note, html = await _shown(path)
    assert [row[1] for row in pane][:5] == [names[p] for p in seeds] and LOTS in note
    assert [row[1] for row in wall][:5] == [names[p] for p in seeds] and LOTS in wall_note
    assert LOTS in html
    pdf = tmp_path / "classement.pdf"
    run_here("print", f, "classement", "-t", "u8", "--pdf", str(pdf))
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "tirage au sort" in " ".join(text.split()), text
    # the play-off played through the command line, the first named winning each match
    service = EventService(path)
    status = playoffs.playoff_status(service, "u8", "title")
    service.close()
    for _ in range(20):  # the play-off's matches, each once (never forever)
        if not status.pending:
            break
        a, b = status.pending[0]
        run_here("playoff", f, "title", "-t", "u8", "--match", str(a), str(b), "2", "0")
        service = EventService(path)
        status = playoffs.playoff_status(service, "u8", "title")
        service.close()
    else:
        raise AssertionError(f"the play-off never ends: {status.pending}")
    assert status.places is not None
    order = [names[p] for p in status.places]
    standings = json.loads(run_here("standings", f, "-t", "u8", "--json"))
    assert [(r["place"], r["name"]) for r in standings][:5] == [
        (str(k), name) for k, name in enumerate(order, 1)
    ]
    pane, _note, wall, _title, html = await _shown(path)
    assert pane[:5] == [[str(k), name] for k, name in enumerate(order, 1)]
    assert wall[:5] == pane[:5]
    assert [html.index(name) for name in order] == sorted(html.index(name) for name in order)
    assert LOTS not in html  # the seeds' lots said while they matter, not after
