"""The header is one widget (issue 34.4: Textual's Header was four, styled and laid out
at every start): the icon at the left, the event, section and round in the middle, the
clock at the right end, which moves every second; the title follows the section shown."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widget import Widget

from arbitre_tui.faces.tui import title_bar
from arbitre_tui.faces.tui.app import ArbitreApp
from arbitre_tui.faces.tui.title_bar import TitleBar

from ...helpers.screen import pause_until, screen_text


async def test_the_header_line_and_its_clock(
    demo_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[str] = []  # each time the clock is drawn

    def clock() -> str:
        drawn.append(f"14:00:{len(drawn) % 60:02d}")
        return drawn[-1]

    monkeypatch.setattr(title_bar, "clock_text", clock)
    app = ArbitreApp(demo_file, tournament="open-a")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(TitleBar)
        assert list(bar.query(Widget)) == []  # one widget, no child
        first = screen_text(app).splitlines()[0]
        assert len(first) == 80 and first.startswith(" ♞      ")
        assert "Open A (1900 et plus) — ronde 3/9" in first
        assert first[-10:].strip().startswith("14:00:")
        before = len(drawn)
        # idle: the clock alone is drawn again, every second
        await pause_until(pilot, lambda: len(drawn) - before >= 2, 30)
        assert len(drawn) - before >= 2
        later = screen_text(app).splitlines()[0]
        assert later[-10:] != first[-10:] and later[:70] == first[:70]
        await pilot.press("tab")  # the next section: the title follows
        await pilot.pause()
        assert "Open B" in screen_text(app).splitlines()[0]
