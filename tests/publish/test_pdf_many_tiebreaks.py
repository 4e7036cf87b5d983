"""Standings printed with many tie-breaks: a dozen and more turn the page landscape (as the
grille does), and a table whose short columns alone would not fit the page sets its type
smaller rather than stopping on « Erreur inattendue » (fpdf2's « Not enough horizontal
space », or its refusal of a width a float's rounding put past the page's)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from arbitre_tui.operations import EventService
from arbitre_tui.operations.setup import edit_section
from arbitre_tui.publish.pdf import sheet
from arbitre_tui.rules.tiebreaks.codes import SUPPORTED
from tests.helpers.cli import arbitre
from tests.helpers.long_names import long_names_event

pytestmark = pytest.mark.skipif(
    not shutil.which("pdftotext") or sheet.unicode_font() is None,
    reason="poppler-utils or DejaVu Sans absent",
)

CODES = [c for c in SUPPORTED if c != "PTS"]  # every code but the points, in order


def _printed(tmp_path: Path, count: int) -> tuple[str, str]:
    """The long-names event's standings with its first ``count`` tie-breaks, printed by the
    real command: (pdfinfo's page size, the text read back)."""
    path = long_names_event(tmp_path / f"e{count}.sqlite")
    service = EventService(path)
    try:
        edit_section(service, "open", tiebreaks=list(CODES[:count]))
    finally:
        service.close()
    pdf = tmp_path / f"classement-{count}.pdf"
    run = arbitre("print", str(path), "classement", "-t", "open", "--pdf", str(pdf))
    assert run.returncode == 0, run.stdout + run.stderr
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    size = next(line for line in info.stdout.splitlines() if line.startswith("Page size"))
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout  # fmt: skip
    return size, text


def test_five_tiebreaks_stay_portrait(tmp_path: Path) -> None:
    size, text = _printed(tmp_path, 5)
    assert "595.28 x 841.89" in size
    assert "BH/M1" in text and "N'DIAYE Aïssatou" in text


def test_sixteen_tiebreaks_print_landscape_every_heading_whole(tmp_path: Path) -> None:
    size, text = _printed(tmp_path, 16)
    assert "841.89 x 595.28" in size
    assert "N'DIAYE Aïssatou" in text
    for code in CODES[:16]:
        assert code in text.split(), code


def test_every_tiebreak_prints_rather_than_stops(tmp_path: Path) -> None:
    size, text = _printed(tmp_path, len(CODES))
    assert "841.89 x 595.28" in size
    assert "Aïssatou" in text
