"""Issue 30.20, 004 art. 3.4: a team that reported its result after midnight travels next
round and keeps White on boards 1 and 4; the next round's pairings say so explicitly —
`cup status`, the Coupe pane, the site's list and the wall."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from textual.widgets import Static

from arbitre_tui.faces.tui.display import DisplayApp
from arbitre_tui.operations import EventService
from arbitre_tui.operations import cup as ops
from arbitre_tui.operations.templates import create_from_template

from ...helpers.cli import arbitre
from ...helpers.screen import app_on, screen_text

SAID = "le visiteur a les Blancs aux échiquiers 1 et 4"


def _second_round_with_a_late_reporter(path: Path) -> tuple[int, str]:
    """Round 1 played, one winner reported after midnight (art. 3.9), round 2 drawn: the
    number of the match where the late team travels, and that team's name."""
    service = create_from_template(path, "coupe-alsace")
    t = ops.cup_of(service, None)
    ops.draw(service, None, seed=3)
    late_team = None
    for m in ops.matches(service, t, 1):
        if m.away_team_id is None:
            continue
        for team in (m.home_team_id, m.away_team_id):
            roster = [p.id or 0 for p in service.store.players(t.id or 0) if p.team_id == team]
            ops.hand_in_lineup(service, None, m.number, team or 0, roster[:4])
        for board in range(1, 5):
            ops.record_board(service, None, m.number, board, "1-0")  # the home team wins
        late = late_team is None
        late_team = late_team or m.home_team_id
        when = dt.datetime(2027, 2, 8, 0, 30) if late else dt.datetime(2027, 2, 7, 21, 0)
        ops.report(service, None, m.number, when, dt.date(2027, 2, 7))
    ops.draw(service, None, seed=4)
    match = next(m for m in ops.matches(service, t, 2) if m.away_team_id == late_team)
    assert match.away_keeps_white
    name = ops.teams_of(service, t)[late_team or 0].name
    service.close()
    return match.number, name


async def test_the_visitors_keeping_white_said_in_every_list(tmp_path: Path) -> None:
    path = tmp_path / "coupe.sqlite"
    number, team = _second_round_with_a_late_reporter(path)
    out = arbitre("cup", "status", str(path))
    assert out.returncode == 0 and f"Blancs aux échiquiers 1 et 4 : le visiteur, {team}" in (
        out.stdout
    ), out.stdout
    async with app_on(path, "k") as (app, _pilot):  # the Coupe pane
        note = str(app.query_one("#coupe-note", Static).content)
        assert f"Match {number} — Blancs aux échiquiers 1 et 4 : le visiteur, {team}" in note
    wall = DisplayApp(path, seconds=0)
    async with wall.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert wall.page is not None and wall.page.sheet.view == "appariements"
        shown = screen_text(wall)
        assert f"Art. 3.4 : {SAID} — match {number} ({team})" in shown, shown
    from arbitre_tui.publish.html.site import Site

    service = EventService(path)
    try:
        html = Site(service).cup_page(ops.cup_of(service, None))
    finally:
        service.close()
    assert f"Blancs aux échiquiers 1 et 4 : le visiteur, {team}" in html
