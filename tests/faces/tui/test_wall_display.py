"""The wall display (issue 31.6): ← → turn pages, the pairings by name as venues pin
them up, a knockout's decider results, and at 80×24 every column on screen (a long name
is cut, no column is pushed off the wall)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable

from arbitre_tui.faces.tui.display import DisplayApp
from arbitre_tui.faces.tui.fit import fit_widths
from arbitre_tui.operations import EventService, knockout
from arbitre_tui.views.reader import Reader
from arbitre_tui.views.round_sheet import build

from ...helpers.cli import arbitre


def test_widths_fit_the_screen_the_widest_giving_way() -> None:
    assert fit_widths([4, 30, 9, 30], 100) == [4, 30, 9, 30]
    fitted = fit_widths([4, 40, 9, 40], 80)
    assert sum(fitted) + 2 * 4 <= 80 and fitted[0] == 4 and fitted[2] == 9
    assert abs(fitted[1] - fitted[3]) <= 1  # both names give way alike


@pytest.mark.slow
async def test_every_page_keeps_its_columns_at_80_columns(demo_file: Path) -> None:
    service = EventService(demo_file)
    try:
        reader, open_a = Reader(service), service.tournament("open-a")
        first = build(reader, open_a).boards[0]
        assert first.black is not None
        numbers = reader.numbers(reader.tournament("open-a"))  # the N° commands take (49.5)
        ids = (numbers[first.white.id], numbers[first.black.id])
    finally:
        service.close()
    for pid, name in zip(
        ids, ("DE LA TOUR D'AUVERGNE-LAURAGUAIS", "WOLFESCHLEGELSTEINHAUSEN"), strict=True
    ):
        run = arbitre("players", "edit", str(demo_file), str(pid), "-t", "open-a", "--nom", name,
                      "--prenom", "Marie-Bérénice-Alexandrine")  # fmt: skip
        assert run.returncode == 0, run.stderr
    app = DisplayApp(demo_file, ["open-ko", "open-a"], seconds=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(len(app.pages)):
            table = app.query_one(DataTable)
            if table.display and table.columns:
                width = sum(c.get_render_width(table) for c in table.columns.values())
                assert width <= 80, (app.page.title if app.page else "", width)
            await pilot.press("right")
            await pilot.pause()


async def test_the_pairings_by_name_are_a_page_of_their_own(demo_file: Path) -> None:
    app = DisplayApp(demo_file, ["open-a"], seconds=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        sheets = [p.sheet for p in app.pages if p.sheet.view == "noms"]
    assert sheets and sheets[0].columns == ("Joueur", "Éch.", "Couleur", "Adversaire")
    rows = [[str(c) for c in row] for row in sheets[0].rows]
    service = EventService(demo_file)
    try:
        sheet = build(Reader(service), service.tournament("open-a"))
    finally:
        service.close()
    expected = {b.white.public: str(b.board) for b in sheet.boards}
    expected |= {b.black.public: str(b.board) for b in sheet.boards if b.black}
    assert {r[0]: r[1] for r in rows} == expected  # every player, with their board
    names = [r[0] for r in rows]
    assert names == [line.player.public for line in sheet.by_name]  # French order


async def test_a_knockout_draw_shows_its_decider(demo_file: Path) -> None:
    service = EventService(demo_file)
    try:
        sheet = build(Reader(service), service.tournament("open-ko"))
        board = next(b.board for b in sheet.boards if b.result is None and b.black)
        service.record_result("open-ko", board, "=")
        knockout.record_decider(service, "open-ko", board, "1-0")
    finally:
        service.close()
    app = DisplayApp(demo_file, ["open-ko"], seconds=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        pairings = next(p.sheet for p in app.pages if p.sheet.view == "appariements")
    row = next(r for r in pairings.rows if str(r[0]) == str(board))
    assert str(row[2]) == "½-½ (1-0)", [str(c) for c in row]


@pytest.mark.parametrize(
    ("lang", "words", "french"),
    [
        ("en", ("White", "Black", "round", "Opponent", "standings after round"), "Blancs"),
        ("de", ("Weiß", "Schwarz", "Runde", "Gegner", "Tabelle nach Runde"), "Noirs"),
    ],
)
async def test_the_wall_speaks_the_halls_language(
    demo_file: Path, lang: str, words: tuple[str, ...], french: str
) -> None:
    """`arbitre display --langue en|de` (issue 55): titles, columns and colours in the
    language; no « Ronde », « Blancs », « Noirs », « classement » left."""
    app = DisplayApp(demo_file, ["open-a"], seconds=0, lang=lang)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        said = " ".join(
            " ".join([p.sheet.title, *p.sheet.columns, *(str(c) for r in p.sheet.rows for c in r)])
            for p in app.pages
        )
    assert all(w in said for w in words), said[:400]
    for word in (french, "ronde", "classement", "Adversaire"):
        assert word not in said, word


def test_arbitre_display_refuses_a_language_it_does_not_have(demo_file: Path) -> None:
    run = arbitre("display", str(demo_file), "--langue", "es")
    assert run.returncode == 2 and "--langue" in run.stderr
