"""The pane bar is drawn again when what it says changes, not after each operation
(issue 56.2): every result asked it again and it repainted the same line, ≈ 0.6 ms of a
key's CPU in each frame."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from arbitre_tui.faces.tui.app import ArbitreApp
from arbitre_tui.faces.tui.pane_bar import PaneBar


async def test_a_result_leaves_the_pane_bar_as_drawn_and_a_new_section_redraws_it(
    demo_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[str] = []
    update = Static.update

    def counted(self: Static, *args: object, **kwargs: object) -> None:
        if isinstance(self, PaneBar):
            drawn.append(str(args[0]))
        update(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Static, "update", counted)
    app = ArbitreApp(demo_file, tournament="open-a")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(PaneBar)
        assert "Open A" in str(bar.render())
        drawn.clear()
        await pilot.press("1")  # a result on the first board: committed, the pane read again
        await pilot.pause()
        assert "enregistré" in str(app.screen.query_one("#status", Static).render())
        assert drawn == []
        await pilot.press("tab")  # the next section: its name on the bar
        await pilot.pause()
        assert len(drawn) == 1 and "Open A" not in drawn[0]
        assert app.tournament is not None and app.tournament.name in str(bar.render())
