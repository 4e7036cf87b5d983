"""One procès-verbal: the PDF (read back with pdftotext) and the HTML sheet and site pages
render the same view — colours by board, board marks, score, winner, signature room."""

from __future__ import annotations

import re
import shutil
import subprocess
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

import pytest

from arbitre_tui.faces.web.server import ServerThread
from arbitre_tui.operations import EventService, cup
from arbitre_tui.publish.html.match_sheet import sheet_html
from arbitre_tui.publish.pdf import DOCUMENTS
from arbitre_tui.rules.cup import Board
from arbitre_tui.rules.models import CupMatch
from arbitre_tui.views.match_sheet import SheetBoard, match_sheet, match_sheets

from ..helpers.cli import arbitre

RESULTS = ["1-0", "X", "F-1", "1-0"]  # home 1.5 (a forfeit costs −1), away 1.5


def pdftotext(pdf: Path) -> str:
    """The text of a real PDF, as poppler reads it (lines kept)."""
    tool = shutil.which("pdftotext")
    assert tool, "pdftotext (poppler-utils) is needed: .ci/run installs it"
    out = subprocess.run([tool, "-layout", str(pdf), "-"], capture_output=True, check=True)
    return out.stdout.decode("utf-8")


class _Text(HTMLParser):
    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.feed(html)

    def handle_data(self, data: str) -> None:
        self.parts.append(data)

    @property
    def text(self) -> str:
        return " ".join(" ".join(self.parts).split())


@pytest.fixture
def played(demo_file: Path) -> tuple[EventService, CupMatch]:
    """The demo's cup drawn, a match played (with a home forfeit) and the arbiter's confirmation."""
    service = EventService(demo_file)
    cup.draw(service, "coupe", seed=3)
    t = service.tournament("coupe")
    m = next(x for x in cup.matches(service, t, 1) if x.away_team_id)
    assert m.away_team_id is not None
    for team in (m.home_team_id, m.away_team_id):
        ids = [p.id or 0 for p in service.store.players(t.id or 0) if p.team_id == team][:4]
        cup.hand_in_lineup(service, "coupe", m.number, team, ids)
    for board, result in enumerate(RESULTS, start=1):
        cup.record_board(service, "coupe", m.number, board, result)
    cup.confirm(service, "coupe", m.number, "arbitre")
    return service, m


def test_pdf_sheet_has_colours_score_and_signature_room(
    played: tuple[EventService, CupMatch], tmp_path: Path
) -> None:
    service, m = played
    out = tmp_path / "pv.pdf"
    run = arbitre(
        "print", str(service.path), "proces-verbal", "-t", "coupe", "--match", str(m.number),
        "--pdf", str(out),
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    text = pdftotext(out)
    sheet = match_sheet(service, "coupe", m.number)
    lines = text.splitlines()
    for b in sheet.boards:  # one line a board: its colours, both players, both marks
        assert b.home and b.away
        line = next(x for x in lines if b.home.surname.upper() in x)
        assert re.match(rf"\s*{b.number}\s+{b.colours[0]}\s", line), line
        assert (
            b.away.surname.upper() in line and b.colours[1] in line.split(b.home.surname.upper())[1]
        )
        marks = " ".join(b.marks)  # the minus sign prints as it is (DejaVu)
        assert marks in " ".join(line.split()), (marks, line)
    assert [b.colours[0] for b in sheet.boards] == ["Blancs", "Noirs", "Noirs", "Blancs"]
    assert sheet.score == "1.5 – 1.5"
    # the view keeps its numbers; paper writes them the French way (issue 31.9)
    assert f"Score : 1½ – 1½ — vainqueur : {sheet.winner}" in text
    assert f"Motif : {sheet.reason}" in " ".join(text.split())
    assert text.count("Signature :") == 3
    for role in ("Capitaine recevant", "Capitaine visiteur", "Arbitre"):
        assert role in text
    assert sheet.home in text and str(sheet.away) in text
    assert text.count("confirmé dans l'application") == 1  # the arbiter only


def test_html_sheet_and_site_render_the_same_view(
    played: tuple[EventService, CupMatch],
) -> None:
    service, m = played
    sheet = match_sheet(service, "coupe", m.number)
    html = _Text(sheet_html(service, "coupe", sheet.number)).text
    assert sheet.decision.replace("1.5", "1½") in html and html.count("Signature :") == 3
    assert html.count("Blancs") == html.count("Noirs") == 4
    srv = ServerThread(service.path, port=0)
    srv.start()
    base = f"http://127.0.0.1:{srv.port}"
    try:
        with urllib.request.urlopen(f"{base}/coupe/", timeout=10) as r:
            cup_page = _Text(r.read().decode()).text
        with urllib.request.urlopen(f"{base}/coupe/match-{sheet.match_id}/", timeout=10) as r:
            match_page = _Text(r.read().decode()).text
    finally:
        srv.stop()
    score = "1½-1½"  # the cup view's « 1.5-1.5 », written the French way (issue 31.9)
    assert f"{sheet.title} {score} {sheet.winner}" in cup_page  # the cup shows scores
    assert "Score : 1½ – 1½" in match_page and sheet.reason in match_page
    assert "1 – 0" in match_page and "F (−1) – 1" in match_page
    assert match_page.count("Blancs") == match_page.count("Noirs") == 4


def test_a_bye_prints_a_sheet_that_says_so(demo_file: Path, tmp_path: Path) -> None:
    service = EventService(demo_file)
    cup.draw(service, "coupe", seed=3)
    bye = next(s for s in match_sheets(service, service.tournament("coupe")) if s.bye)
    out = tmp_path / "bye.pdf"
    run = arbitre(
        "print", str(demo_file), "proces-verbal", "-t", "coupe", "--match", str(bye.number),
        "--pdf", str(out),
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    text = pdftotext(out)
    assert f"Exempt : {bye.home} passe au tour suivant sans jouer." in text
    assert "Score" not in text and "Blancs" not in text
    assert "Exempt" in _Text(sheet_html(service, "coupe", bye.number)).text


def test_print_looks_names_up_in_the_registry(demo_file: Path, tmp_path: Path) -> None:
    run = arbitre("print", str(demo_file), "menu", "--pdf", str(tmp_path / "x.pdf"))
    assert run.returncode == 2 and not (tmp_path / "x.pdf").exists()
    assert "Impression « menu » inconnue" in run.stderr
    assert all(name in run.stderr for name in DOCUMENTS)
    help_text = arbitre("print", "--help").stdout
    assert all(name in help_text for name in DOCUMENTS)


def test_every_board_result_has_its_marks_on_the_sheet() -> None:
    """A result the rules add (A-1, equipment missing) must print on the sheet too."""
    for result in Board:
        board = SheetBoard(1, "w", None, None, result)
        home, away = board.marks
        assert home and away, result
        assert board.points == result.points
