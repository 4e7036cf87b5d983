"""The Réglages screen speaks French (issue 29.5, last item): each setting by the model's
label, cut to fit 80 columns, the key `settings set` takes said under the table."""

from __future__ import annotations

import re
from pathlib import Path

from arbitre_tui.rules.settings import SETTINGS

from ...helpers.screen import app_on, bottom_line, pause_until, screen_text
from ..cli.test_settings_refused import OPEN, _event


async def test_the_settings_screen_speaks_french(tmp_path: Path) -> None:
    """Issue 29.5: Réglages lists « homologué FIDE », not `fide_rated`, each label from the
    model; the key `settings set` takes is said under the table, the prompt asks by label."""
    from textual.widgets import DataTable, Static

    path = Path(_event(tmp_path, [*OPEN, "--reglement", "002"]))
    async with app_on(path, "comma") as (app, pilot):
        table = app.screen.query_one(DataTable)
        rows = [[str(c) for c in table.get_row_at(k)] for k in range(table.row_count)]
        labels = [s.help if len(s.help) <= 36 else s.help[:35] + "…" for s in SETTINGS.values()]
        assert [row[0] for row in rows] == labels
        assert ["homologué FIDE", "oui", "règlement"] in rows
        keys = [name for name in SETTINGS if "_" in name]  # « cycles » is a French word too
        assert not any(name in row[0] for row in rows for name in keys)
        lines = screen_text(app).splitlines()  # at 80 columns: label, value and source
        assert any(re.search(r"homologué FIDE +oui +règlement", line) for line in lines), lines
        table.move_cursor(row=list(SETTINGS).index("rating_standard_fallback"))
        await pilot.pause()
        lines = screen_text(app).splitlines()
        assert any(re.search(r"Elo rapide/blitz.*… +non +défaut", line) for line in lines), (
            "\n".join(lines)
        )
        said = str(app.screen.query_one("#settings-help", Static).content)
        assert said.startswith(SETTINGS["rating_standard_fallback"].help + " ("), said  # whole
        table.move_cursor(row=list(SETTINGS).index("fide_rated"))
        await pilot.pause()
        said = str(app.screen.query_one("#settings-help", Static).content)
        assert said == "homologué FIDE (clé : fide_rated)", said
        await pilot.press("enter")
        await pilot.pause()
        assert bottom_line(app).startswith("homologué FIDE ="), bottom_line(app)


def _setting(path: Path, name: str) -> object:
    """A setting of the event's first section, as the file has it."""
    from arbitre_tui.operations import EventService

    service = EventService(path, check=False)
    try:
        return service.tournament(service.store.tournaments()[0].key).settings.get(name)
    finally:
        service.close()


async def test_a_value_typed_over_replaces_the_current_one(tmp_path: Path) -> None:
    """Entrée on a setting opens its value selected, as the QR address does: the first
    character typed replaces it (« 3010 » after « 30 » was « 3010 »), ⌫ first edits it."""
    from arbitre_tui.operations import EventService

    path = Path(_event(tmp_path, [*OPEN, "--reglage", "lateness_minutes=30"]))
    async with app_on(path, "comma") as (app, pilot):
        from textual.widgets import DataTable

        app.screen.query_one(DataTable).move_cursor(row=list(SETTINGS).index("lateness_minutes"))
        await pilot.pause()
        await pilot.press("enter", "1", "5")
        await pilot.pause()
        assert "= 15_" in bottom_line(app), bottom_line(app)
        await pilot.press("enter")
        await pause_until(pilot, lambda: _setting(path, "lateness_minutes") == 15, 30)
    service = EventService(path)
    key = service.store.tournaments()[0].key
    assert service.tournament(key).settings["lateness_minutes"] == 15
    service.close()
