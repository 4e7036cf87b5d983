"""The selected row is readable on a terminal of 16 colours (issue 29.5).

Over SSH from an old terminal (TERM=xterm, no 256 colours), Rich writes each colour as
the nearest of the 16 ANSI colours (``Color.downgrade(ColorSystem.STANDARD)``), which
the terminal paints with its own palette. The theme's selection blue became cyan there,
under white text: 2:1. Here the running app draws every pane (each section's format, so
every pane it shows), the cup's match sheet, the settings and the event screens, in each
theme the app ships; every character of the selected row — its table focused, and under
a prompt — is downgraded as Rich does, painted with xterm's default palette, and its
WCAG contrast must be at least 4.5:1 (and so in truecolour).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from rich.color import Color, ColorSystem, ColorType
from rich.style import Style
from textual.app import App
from textual.widgets import DataTable

from arbitre_tui.faces.tui.app import ArbitreApp
from arbitre_tui.faces.tui.panes import used_by
from arbitre_tui.faces.tui.prompts import Prompt
from arbitre_tui.faces.tui.themes import load_themes
from arbitre_tui.operations import EventService
from arbitre_tui.operations.formats import format_of
from tests.helpers.screen import screen_cells

# xterm's default palette (its charproc.c / XTerm-col.ad): what a 16-colour xterm paints
XTERM = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
    (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
    (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
    (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
]  # fmt: skip
MINIMUM = 4.5  # WCAG AA, ordinary text

THEMES = [theme.name for theme in load_themes()]
SECTIONS = ["open-a", "open-ko", "u8", "coupe"]  # Swiss, knockout, round robin, cup


def luminance(rgb: tuple[int, int, int]) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def sixteen(color: Color | None) -> tuple[int, int, int]:
    """The colour a 16-colour xterm paints for ``color``, downgraded as Rich does."""
    assert color is not None and color.type is not ColorType.DEFAULT, color
    number = color.downgrade(ColorSystem.STANDARD).number
    assert number is not None and 0 <= number < 16, color
    return XTERM[number]


def truecolour(color: Color | None) -> tuple[int, int, int]:
    assert color is not None and color.triplet is not None, color
    return tuple(color.triplet)  # type: ignore[return-value]


@dataclass(frozen=True)
class Cell:
    where: str
    character: str
    style: Style

    def pair(self) -> tuple[Color | None, Color | None]:
        fg, bg = self.style.color, self.style.bgcolor
        return (bg, fg) if self.style.reverse else (fg, bg)

    def in_sixteen(self) -> float:
        fg, bg = self.pair()
        return contrast(sixteen(fg), sixteen(bg))

    def in_truecolour(self) -> float:
        fg, bg = self.pair()
        return contrast(truecolour(fg), truecolour(bg))


def selected_rows(app: App[Any], where: str) -> list[Cell]:
    """Every character of each visible table's cursor row, as the screen draws it."""
    cells = screen_cells(app)  # the top screen, and what shows under a prompt
    screen = app.screen_stack[-2] if isinstance(app.screen, Prompt) else app.screen
    out = []
    for table in screen.query(DataTable):
        if not (table.display and table.row_count and table.show_cursor):
            continue
        assert table.cursor_type == "row", table  # the whole row is the selection
        region = table.scrollable_content_region  # not its scrollbars
        header = table.header_height if table.show_header else 0
        y = region.y + header + table.cursor_row - round(table.scroll_y)
        if not region.y <= y < region.bottom:
            continue  # a table with no room drawn (the QR pane's, under its code)
        focus = "sélection" if table.has_focus else "sélection, table sans le focus"
        for ch, style in cells[y][region.x : region.right]:
            if ch.strip():
                out.append(Cell(f"{where} #{table.id} ({focus})", ch, style))  # type: ignore[arg-type]
    return out


async def _every_selected_row(path: Path, theme: str) -> list[Cell]:
    """The real app on ``path`` in ``theme``: each section, each pane it shows, the
    Ronde pane under a prompt, the cup's match sheet, the settings, the event screen."""
    service = EventService(path)
    formats = {key: format_of(service.tournament(key)) for key in SECTIONS}
    service.close()
    found: list[Cell] = []
    for key in SECTIONS:
        app = ArbitreApp(path, tournament=key, theme_name=theme)
        async with app.run_test(size=(80, 24)) as pilot:
            for pane in used_by(formats[key]):
                await pilot.press(pane.key)
                await pilot.pause()
                found += selected_rows(app, f"{theme} {key} {pane.label}")
            await pilot.press("r", "g")  # a prompt over the Ronde pane
            await pilot.pause()
            found += selected_rows(app, f"{theme} {key} Ronde + Aller à")
            await pilot.press("escape", "comma")  # Réglages
            await pilot.pause()
            found += selected_rows(app, f"{theme} {key} Réglages")
            await pilot.press("escape", "E")  # l'événement
            await pilot.pause()
            found += selected_rows(app, f"{theme} {key} Événement")
            await pilot.press("escape")
            if key == "coupe":  # the draw, then a match's sheet
                await pilot.press("k", "d")
                await pilot.pause()
                await pilot.press("down", "down", "down", "down", "enter")
                await pilot.pause()
                found += selected_rows(app, f"{theme} {key} feuille de match")
    return found


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.slow
async def test_the_selected_row_is_readable_in_16_colours(demo_file: Path, theme: str) -> None:
    cells = await _every_selected_row(demo_file, theme)
    worst: dict[str, tuple[float, float, Cell]] = {}
    for cell in cells:
        ratio = cell.in_sixteen()
        if cell.where not in worst or ratio < worst[cell.where][0]:
            worst[cell.where] = (ratio, cell.in_truecolour(), cell)
    for where, (ratio, true, cell) in sorted(worst.items()):
        print(
            f"{where}: {ratio:.2f}:1 in 16 colours, {true:.2f}:1 truecolour "
            f"(« {cell.character} » {cell.style})"
        )
    unreadable = {
        where: f"{ratio:.2f}:1 « {cell.character} » {cell.style}"
        for where, (ratio, _true, cell) in worst.items()
        if ratio < MINIMUM
    }
    assert not unreadable, unreadable
    assert min(cell.in_truecolour() for cell in cells) >= MINIMUM
    seen = {where.split(" #")[0] for where in worst}  # every place was drawn and read
    for key in SECTIONS:
        for place in ("Réglages", "Événement", "Joueurs"):
            assert f"{theme} {key} {place}" in seen, (key, place, sorted(seen))
        if key != "coupe":  # no board before the cup's draw
            assert f"{theme} {key} Ronde + Aller à" in seen, (key, sorted(seen))
    assert f"{theme} coupe feuille de match" in seen and f"{theme} coupe Coupe" in seen
    assert f"{theme} open-ko Tableau" in seen and f"{theme} open-ko Repêchage" in seen
