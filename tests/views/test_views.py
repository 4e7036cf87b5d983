"""The read side (views/): each view on real event files, and every face showing the same.

A knockout's standings are its knockout ranking in the Classement pane, `arbitre standings`
and the site alike (checked against `arbitre ko ranking`); a cup's are its matches with
their scores; `--json` prints the figures the human output shows.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import arbitre_tui
from arbitre_tui.operations import EventService
from arbitre_tui.operations import cup as cup_ops
from arbitre_tui.operations.standings import standings
from arbitre_tui.operations.templates import create_from_template
from arbitre_tui.publish import pdf
from arbitre_tui.publish.html.site import Site
from arbitre_tui.rules.knockout import winner
from arbitre_tui.views import (
    bracket,
    draws,
    event,
    explanation,
    incidents,
    player_card,
    players,
    round_sheet,
)
from arbitre_tui.views import cup as cup_view
from arbitre_tui.views import standings as standings_view
from arbitre_tui.views.reader import Reader, as_json
from tests.publish.test_print import _text

from ..helpers.cli import arbitre_here
from ..helpers.screen import pane_table

_ROW = re.compile(
    r"<tr><td class='n'>([^<]+)</td><td class='p'><a href='\.\./joueur-\d+/'>([^<]+)</a>"
)


def _ko_ranking(path: Path) -> list[tuple[str, str]]:
    """(place, name) of every player, as `arbitre ko ranking --json` gives them."""
    out = arbitre_here("ko", "ranking", str(path), "--json")
    assert out.returncode == 0, out.stderr
    return [(g["place"], name) for g in json.loads(out.stdout) for name in g["players"]]


# -- each view on the demo ------------------------------------------------------------


def test_round_sheet_is_the_stored_round(demo_file: Path) -> None:
    service = EventService(demo_file)
    t = service.tournament("open-ko")
    sheet = round_sheet.build(Reader(service), t)
    rnd = service.current_round(t)
    assert rnd is not None and rnd.id is not None
    games = service.store.games(rnd.id)
    names = {p.id: p.name for p in service.store.players(t.id or 0)}
    assert sheet.number == rnd.number == 2 and len(sheet.boards) == len(games) == 32
    for b, g in zip(sheet.boards, games, strict=True):
        assert (b.board, b.white.id, b.white.name) == (g.board, g.white_id, names[g.white_id])
        assert b.result == (g.result.value if g.result else None)
        assert b.black is not None and b.black.id == g.black_id
    done = sum(g.result is not None for g in games)
    assert 0 < done < 32 and sheet.state == f"{done}/32 résultats"
    assert round_sheet.build(Reader(service), service.tournament("u10")).number == 0


def test_bracket_says_who_went_through(demo_file: Path) -> None:
    service = EventService(demo_file)
    t = service.tournament("open-ko")
    view = bracket.build(Reader(service), t)
    ratings = {p.id: p.rating for p in service.store.players(t.id or 0) if p.id}
    assert [r.number for r in view.rounds] == [1, 2]
    for rnd, games in zip(view.rounds, service.store.all_games(t.id or 0).values(), strict=True):
        for m, g in zip(rnd.matches, games, strict=True):
            w = winner(g.white_id, g.black_id, g.result, g.decider, "armageddon", ratings)
            assert (m.winner.id if m.winner else None) == w
            assert m.through == (m.winner.name if m.winner else ("—" if g.result else "…"))
    assert bracket.build(Reader(service), service.tournament("u8")).rounds == ()


def test_explanation_names_the_stored_record(demo_file: Path) -> None:
    service = EventService(demo_file)
    t = service.tournament("open-a")
    view = explanation.build(Reader(service), t)
    record = service.store.pairing_record(t.id or 0, 3)
    assert view is not None and record is not None and view.round == 3
    assert len(view.floaters) == len(record["floaters"]) > 0
    assert len(view.colours) == len(record["colours"])
    down = sum(f["direction"] == "down" for f in record["floaters"])
    assert view.summary().startswith(f"{down} flotteur(s) descendant(s)")
    assert explanation.build(Reader(service), service.tournament("u8")) is None
    out = arbitre_here("explain", str(demo_file), "-t", "open-a", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == json.loads(json.dumps(as_json(view)))


def test_player_cards_total_the_standings_points(demo_file: Path) -> None:
    """The u8 round robin, three rounds complete: each card's total is its points."""
    service = EventService(demo_file)
    t = service.tournament("u8")
    _codes, rows, done = standings(service, t)
    assert done == 3 and len(rows) == 6
    for r in rows:
        card = player_card.build(Reader(service), t, r.start)
        assert card is not None and card.games[-1].total == r.values["PTS"]
        assert [g.round for g in card.games] == sorted(g.round for g in card.games)
    assert player_card.build(Reader(service), t, 999_999) is None


def test_players_view_counts_check_ins(demo_file: Path) -> None:
    service = EventService(demo_file)
    t = service.tournament("open-a")
    service.check_in(service.store.players(t.id or 0)[0].id or 0, False)
    roster = players.build(Reader(service), t)
    stored = service.store.players(t.id or 0)
    assert roster.checked_in == sum(p.checked_in for p in stored) == len(stored) - 1
    assert roster.registration == ""
    ko = players.build(Reader(service), service.tournament("open-ko"))
    assert "exempts" in ko.registration and "inscriptions closes" in ko.registration


def test_a_view_is_one_snapshot_of_the_file(demo_file: Path) -> None:
    """Inside ``consistent()`` the other station's commit is not seen; after, it is."""
    service, other = EventService(demo_file), EventService(demo_file)
    reader = Reader(service)
    t = service.tournament("open-ko")
    open_board = next(b for b in round_sheet.build(reader, t).boards if b.result is None)
    with reader.consistent():
        before = round_sheet.build(reader, t)
        other.record_result("open-ko", open_board.board, "1-0")
        again = round_sheet.build(reader, t)
    assert again == before
    after = round_sheet.build(reader, t)
    assert after.boards[open_board.board - 1].result == "1-0" and after.done == before.done + 1


# -- a knockout's standings are its ranking, everywhere ----------------------------------------


async def test_knockout_standings_are_its_ranking_in_pane_cli_and_site(demo_file: Path) -> None:
    expected = _ko_ranking(demo_file)
    assert len(expected) == 128 and expected[0][0] == "1–48"
    # the command line, human and JSON
    out = arbitre_here("standings", str(demo_file), "-t", "open-ko", "--json")
    assert out.returncode == 0, out.stderr
    assert [(r["place"], r["name"]) for r in json.loads(out.stdout)] == expected
    assert "PTS" not in json.loads(out.stdout)[0]
    human = arbitre_here("standings", str(demo_file), "-t", "open-ko").stdout.splitlines()
    assert human[0] == (  # the round it ranks, and the decided matches of the next (issue 31.9)
        "Open K.O. — classement K.O. après la ronde 1, ronde 2 en cours (16 matchs décidés sur 32)"
    )
    assert [tuple(re.split(r"\s{2,}", line)[:2]) for line in human[2:]] == expected
    # the site
    page = Site(EventService(demo_file)).render("/open-ko/classement/")
    assert _ROW.findall(page) == expected and "<th class='n'>Pts</th>" not in page
    # the Classement pane
    labels, rows = await pane_table(demo_file, "open-ko", "s")
    assert labels == ["Pl.", "Nom", "Club", "Elo"]
    assert [(r[0], r[1]) for r in rows] == expected


async def test_knockout_standings_on_the_wall_screen_are_its_ranking(demo_file: Path) -> None:
    from textual.widgets import DataTable, Static

    from arbitre_tui.faces.tui.display import DisplayApp

    expected = _ko_ranking(demo_file)
    app = DisplayApp(demo_file, "open-ko", seconds=0)
    async with app.run_test(size=(100, 30)) as pilot:

        def title() -> str:
            return str(app.query_one("#title", Static).content)

        for _ in range(len(app.pages)):  # past the pairings' pages (32 boards at 100×30)
            if "classement K.O." in title():
                break
            await pilot.press("right")
        assert "classement K.O." in title()
        table = app.query_one("#table", DataTable)
        assert [str(c.label) for c in table.columns.values()] == ["Pl.", "Nom"]
        shown: list[tuple[str, ...]] = []
        for _ in range(100):  # every page of the ranking, in order (never forever)
            if "classement K.O." not in title():
                break
            shown += [tuple(str(c) for c in table.get_row_at(i)) for i in range(table.row_count)]
            await pilot.press("right")
        else:
            raise AssertionError("the ranking's pages never end")
    assert shown == expected


def test_knockout_printed_standings_are_its_ranking(demo_file: Path) -> None:
    text = _text(pdf.build(EventService(demo_file), "classement", "open-ko"))
    assert "Classement K.O. après la ronde 1" in text and " Pts " not in text
    at = 0
    for place, name in _ko_ranking(demo_file):
        at = text.find(f"{place} {name}", at)  # « 1–48 »: the dash prints as it is
        assert at >= 0, (place, name)


def test_incident_sheet_counts_what_was_recorded(demo_file: Path) -> None:
    service = EventService(demo_file)
    t = service.tournament("open-ko")
    board = next(b for b in round_sheet.build(Reader(service), t).boards if b.result is None)
    service.record_incident("open-ko", board.board, "black", "illegal_move")
    service.record_incident("open-ko", board.board, "white", "device_ring")
    sheet = incidents.build(Reader(service), t)
    line = next(x for x in sheet.boards if x.board == board.board)
    assert (line.white_illegal, line.black_illegal, line.rings) == (0, 1, 1)
    assert sum(x.white_illegal + x.black_illegal + x.rings for x in sheet.boards) == 2
    assert sheet.round == 2 and sheet.limit == 3 and line.black == board.black.name  # type: ignore[union-attr]


def test_draws_are_replayed_and_the_summary_counts(demo_file: Path) -> None:
    service = EventService(demo_file)
    view = draws.build(Reader(service), service.tournament("open-ko"))
    assert len(view.draws) == len(service.store.draws()) > 3 and all(d.same for d in view.draws)
    assert [x.player for x in view.lucky_losers] and view.holes is not None
    assert draws.build(Reader(service), service.tournament("u8")).holes is None
    summary = event.build(Reader(service))
    shown = arbitre_here("show", str(demo_file)).stdout.splitlines()
    assert (
        shown[0] == f"{summary.name} — {summary.city} — {summary.dates}"
        and summary.dates == "du 16/01/2027 au 11/07/2027"
        and len(shown) == len(summary.sections) + 1
    )
    for s, line in zip(summary.sections, shown[1:], strict=True):
        assert line.split()[0] == s.key and f"{s.players:4d} joueurs, ronde {s.rounds}/" in line


# -- a cup's standings are its matches with scores --------------------------------------------


def _cup_round_played(path: Path) -> EventService:
    service = create_from_template(path, "coupe-alsace")
    t = cup_ops.cup_of(service, None)
    cup_ops.draw(service, None, seed=1)
    rng = random.Random(4)
    for m in cup_ops.matches(service, t, 1):
        if m.away_team_id is None:
            continue
        for team in (m.home_team_id, m.away_team_id):
            roster = [p.id or 0 for p in service.store.players(t.id or 0) if p.team_id == team]
            cup_ops.hand_in_lineup(service, None, m.number, team, roster[:4])
        for board in range(1, 5):
            cup_ops.record_board(service, None, m.number, board, rng.choice(["1-0", "0-1"]))
    return service


async def test_cup_standings_are_its_matches_with_scores(tmp_path: Path) -> None:
    service = _cup_round_played(tmp_path / "cup.sqlite")
    t = service.tournament("coupe")
    stored = cup_ops.matches(service, t)
    played = [m for m in stored if m.away_team_id is not None]
    assert len(played) == 4
    view = standings_view.build(Reader(service), t)
    assert view.kind == "cup" and view.rows == () and len(view.matches) == len(stored) == 8
    scores = {m.id: m.score for m in view.matches}
    for m in played:
        assert scores[m.id] == f"{m.home_points:g}-{m.away_points:g}"
        assert m.home_points is not None and m.away_points is not None
        assert m.home_points + m.away_points == 4
    # the command line prints the same matches
    out = arbitre_here("standings", str(service.path), "-t", "coupe", "--json")
    assert out.returncode == 0, out.stderr
    assert {r["id"]: r["score"] for r in json.loads(out.stdout)} == scores
    # the site's standings and cup pages show the scores
    site = Site(EventService(service.path))
    for path in ("/coupe/classement/", "/coupe/"):
        page = site.render(path)
        for m in played:
            assert f"<td class='r'>{scores[m.id]}</td>" in page
    # the Classement pane too
    labels, rows = await pane_table(service.path, "coupe", "s")
    assert "Score" in labels
    assert sorted(r[4] for r in rows if r[4]) == sorted(scores[m.id] for m in played)
    assert cup_view.build(Reader(service), t).last_round == 1


# -- --json round-trips -------------------------------------------------------------------------


def test_round_json_is_what_the_human_output_shows(demo_file: Path) -> None:
    human = arbitre_here("round", str(demo_file), "-t", "open-ko").stdout.splitlines()
    out = arbitre_here("round", str(demo_file), "-t", "open-ko", "--json")
    assert out.returncode == 0, out.stderr
    boards = json.loads(out.stdout)
    assert human[0] == "Open K.O. — ronde 2" and len(human) - 1 == len(boards) == 32
    for b, line in zip(boards, human[1:], strict=True):
        number, white, result, black = re.split(r"\s{2,}", line.strip())
        assert (int(number), white, black) == (b["board"], b["white"]["name"], b["black"]["name"])
        assert result == (b["result_label"] or "…")


def test_standings_json_is_what_the_human_output_shows(demo_file: Path) -> None:
    out = arbitre_here("standings", str(demo_file), "-t", "open-a", "--json")
    assert out.returncode == 0, out.stderr
    rows = json.loads(out.stdout)
    human = arbitre_here("standings", str(demo_file), "-t", "open-a").stdout.splitlines()
    assert human[1].split() == ["Pl.", "Nom", "Club", "Elo", "Pts", "BH/C1", "BH", "TPR", "WIN"]
    assert len(rows) == len(human) - 2 == 120
    for row, line in zip(rows, human[2:], strict=True):
        cells = re.split(r"\s{2,}", line.strip())
        assert (cells[0], cells[1]) == (row["place"], row["name"])
        # the human output writes points the French way, « 1½ » (issue 49.9)
        points = cells[-5].replace("½", ".5").replace(",", ".")
        assert float("0" + points if points.startswith(".") else points) == row["PTS"]
        assert "." not in cells[-5] and int(cells[-1]) == row["WIN"]


def test_ko_status_json_is_what_the_human_output_shows(demo_file: Path) -> None:
    out = arbitre_here("ko", "status", str(demo_file), "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    human = arbitre_here("ko", "status", str(demo_file)).stdout.splitlines()
    assert human[0] == f"{data['entries']} inscrits — {data['case']}"
    assert human[2] == f"liste d'attente : {len(data['waiting_list'])}"
    refunds = [line.split()[1:3] for line in human if line.startswith("  rembourser")]
    assert refunds == [r["name"].split() for r in data["refunds"]]


# -- faces read the views, not the store --------------------------------------------------------

# Reads of the service's store left in faces and publish: none (issue 15; the backup
# became ``EventService.backup``). This list may only shrink.
STORE_READS_LEFT: dict[str, int] = {}


def test_faces_and_publish_do_not_read_the_store(tmp_path: Path) -> None:
    package = Path(arbitre_tui.__file__).parent
    found: dict[str, int] = {}
    for layer in ("faces", "publish"):
        for source in sorted((package / layer).rglob("*.py")):
            reads = [
                line
                for line in source.read_text(encoding="utf-8").splitlines()
                if re.search(r"\._?store\.\w+\(|\b_?store\.conn\b|\.store\b", line)
                and not line.lstrip().startswith("from ")
            ]
            if reads:
                found[str(source.relative_to(package))] = len(reads)
    assert {k: v for k, v in found.items() if v > STORE_READS_LEFT.get(k, 0)} == {}
    # issue 28.1 made the store public on the operations' event context (operations read
    # it); the faces' rule is this scan, which must catch such a read
    assert re.search(r"\._?store\.\w+\(|\b_?store\.conn\b|\.store\b", "service.store.players(1)")


def test_panes_never_read_their_cells_back() -> None:
    """A pane names the players of a board from the view rows it rendered (issue 28.5),
    never from the text of its cells (a cut, a marked or a reformatted cell would lie)."""
    package = Path(arbitre_tui.__file__).parent
    readers = [
        str(source.relative_to(package))
        for source in sorted((package / "faces" / "tui").rglob("*.py"))
        if "self.shown_row(" in source.read_text(encoding="utf-8")
    ]
    assert readers == []
