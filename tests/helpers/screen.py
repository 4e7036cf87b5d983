"""What the arbiter reads at the bottom of the screen: the open prompt, or the status line."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.color import Color
from rich.style import Style
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Static

from arbitre_tui.faces.tui.prompts import Prompt

if TYPE_CHECKING:
    from PIL import Image

    from arbitre_tui.faces.tui.app import ArbitreApp


def bottom_line(app: App[Any]) -> str:
    """The question of the prompt on top if one is open, else the status line."""
    if isinstance(app.screen, Prompt):
        return app.screen.text
    return str(app.screen_stack[0].query_one("#status", Static).content)


@asynccontextmanager
async def app_on(
    path: Path, key: str, tournament: str | None = None
) -> AsyncIterator[tuple[ArbitreApp, Pilot[int]]]:
    """The real app on ``path`` at 80×24, its first ``key`` (a pane, the help, the settings)
    pressed and drawn: where most screen tests begin."""
    from arbitre_tui.faces.tui.app import ArbitreApp

    app = ArbitreApp(path, tournament=tournament)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(key)
        await pilot.pause()
        yield app, pilot


async def pane_table(path: Path, tournament: str, key: str) -> tuple[list[str], list[list[str]]]:
    """The real app on ``path``: press the pane's ``key``; its table's headings and rows."""
    from textual.widgets import DataTable

    from arbitre_tui.faces.tui.panes import REGISTRY

    pane = next(s.id for s in REGISTRY if s.key == key)
    async with app_on(path, key, tournament) as (app, _pilot):
        table = app.query_one(f"#{pane}-table", DataTable)
        labels = [str(c.label) for c in table.columns.values()]
        rows = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]
    return labels, rows


async def pause_until(pilot: Pilot[int], condition: Callable[[], object], limit: float) -> None:
    """Pause until ``condition()`` holds, at most ``limit`` seconds (what a fixed
    ``pilot.pause(limit)`` waited in full): the caller still asserts it after."""
    end = time.monotonic() + limit
    while not condition() and time.monotonic() < end:
        await pilot.pause(0.05)


def palette_typed(app: App[Any], query: str) -> bool:
    """The palette on top with ``query`` typed: its keys read, its list filtered."""
    from arbitre_tui.faces.tui.palette import Palette

    return isinstance(app.screen, Palette) and app.screen.buffer == query


def screen_text(app: App[Any]) -> str:
    """What the screen shows, line by line (from the widgets' render caches)."""
    update = app.screen._compositor.render_full_update()
    return "\n".join("".join(strip.text for strip in line) for line in update.strips)


def screen_cells(app: App[Any]) -> list[list[tuple[str, Style | None]]]:
    """Every cell of the screen as drawn (character, style), row by row."""
    update = app.screen._compositor.render_full_update()
    return [
        [(ch, seg.style) for strip in line for seg in strip for ch in seg.text]
        for line in update.strips
    ]


def screen_qr(app: App[Any], scale: int = 8) -> Image.Image:
    """The QR code the screen shows, as a PIL image (half blocks back to modules: the
    upper half is the foreground colour, the lower half the background), to decode."""
    from PIL import Image

    def black(colour: Color | None) -> bool:
        return colour is not None and colour.triplet is not None and colour.triplet.hex == "#000000"

    rows = [
        [(black(s.color), black(s.bgcolor)) if ch == "▀" and s else None for ch, s in line]
        for line in screen_cells(app)
    ]
    lines = [r for r in rows if any(c is not None for c in r)]
    if not lines:
        return Image.new("L", (64, 64), 255)
    left = min(next(i for i, c in enumerate(r) if c is not None) for r in lines)
    right = max(max(i for i, c in enumerate(r) if c is not None) for r in lines) + 1
    border = 4 * scale
    img = Image.new(
        "L", ((right - left) * scale + 2 * border, len(lines) * 2 * scale + 2 * border), 255
    )
    for y, row in enumerate(lines):
        for x in range(left, right):
            cell = row[x] if x < len(row) else None
            for half, dark in enumerate(cell or (False, False)):
                if dark:
                    box = (border + (x - left) * scale, border + (2 * y + half) * scale)
                    img.paste(0, (*box, box[0] + scale, box[1] + scale))
    return img
