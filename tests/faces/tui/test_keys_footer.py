"""The footer of keys builds only the keys that start within the terminal's width (issue
34.4: 13 of 23 were built, styled and laid out at every start and change of pane, never
seen at 80 columns); a wider terminal shows them again, and « ? Touches » stays."""

from __future__ import annotations

from pathlib import Path

from textual.widgets._footer import FooterKey

from arbitre_tui.faces.tui.app import ArbitreApp
from arbitre_tui.operations.templates import create_from_template


def _shown(app: ArbitreApp) -> list[tuple[str, int, int]]:
    return [(k.description, k.region.x, k.region.width) for k in app.screen.query(FooterKey)]


async def test_the_keys_past_the_last_column_are_not_built(tmp_path: Path) -> None:
    path = tmp_path / "e.sqlite"
    create_from_template(path, "marina-viva").close()
    app = ArbitreApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        narrow = _shown(app)
        assert narrow and all(x < 80 for _d, x, _w in narrow)  # none starts past the edge
        assert narrow[-1][1] + narrow[-1][2] >= 70  # the line is full up to « ? Touches »
        assert app.screen.query_one("#all-keys").region.right == 80
        await pilot.resize_terminal(200, 24)
        await pilot.pause()
        await pilot.pause()
        wide = _shown(app)
        assert len(wide) > len(narrow)  # a wider terminal builds the others
        assert [d for d, _x, _w in wide[: len(narrow)]] == [d for d, _x, _w in narrow]
        assert all(x < 200 for _d, x, _w in wide)
