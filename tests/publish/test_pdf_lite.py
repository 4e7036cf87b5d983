"""The light PDF writer (issue 56.2) draws fpdf2's page: the same pixels, the same text
read back (« Œ », « Ł », « Š » included), the same pages; what it cannot draw is left to
fpdf2, and without DejaVu Sans fpdf2's Helvetica prints the list as before."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from arbitre_tui.operations import EventService
from arbitre_tui.publish.pdf import DOCUMENTS, build, lite, sheet
from arbitre_tui.publish.pdf.documents import Request
from arbitre_tui.publish.pdf.lite import LiteSheet, Unsupported
from arbitre_tui.publish.pdf.sheet import Sheet
from tests.helpers.long_names import long_names_event

pytestmark = pytest.mark.skipif(
    not (shutil.which("pdftoppm") and shutil.which("pdftotext")) or sheet.unicode_font() is None,
    reason="poppler-utils or DejaVu Sans absent",
)

LIGHT = b"/Producer (arbitre-tui)"  # written by lite.py, not by fpdf2
NAMES = [
    "BŒUF Łukasz",
    "ŠIMONOVÁ Žofie",
    "CHÂTEAUBRIAND-SAINT-ÉVREMOND Marie-Thérèse",
    "O'NEILL Seán",
    "D'ARTAGNAN Charles",
    "DE LA FONTAINE-MÉRIGNAC Jean-Baptiste",
]


def _draw(doc: Sheet | LiteSheet) -> bytes:
    """Three pages of a table of long names, then a line of text."""
    body = [
        [n, "1½" if n % 3 else "", NAMES[n % 6], f"{2400 - n}", NAMES[(n + 2) % 6], "FRA"]
        for n in range(1, 90)
    ]
    widths = [8, 8, 70, 12, 70, 10]
    doc.grid(["Pl.", "Pts", "Nom", "Elo", "Adversaire", "Féd."], body, widths, 12, names=(2, 4))
    doc.ln(2)
    doc.line_of("BH : Buchholz ; Œ, Ł, Š : lettres lues à l'écran.", 9)
    return bytes(doc.output())


def _pages(pdf: bytes, tmp: Path, name: str) -> list[Image.Image]:
    path = tmp / f"{name}.pdf"
    path.write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", "60", "-gray", str(path), str(tmp / name)], check=True)
    return [Image.open(p) for p in sorted(tmp.glob(f"{name}-*.pgm"))]


def _text(pdf: bytes, tmp: Path, *options: str) -> str:
    path = tmp / "read.pdf"
    path.write_bytes(pdf)
    run = subprocess.run(["pdftotext", *options, str(path), "-"], capture_output=True, check=True)
    return run.stdout.decode()


def _same(ours: bytes, theirs: bytes, tmp: Path) -> None:
    for options in ((), ("-layout",)):
        assert _text(ours, tmp, *options) == _text(theirs, tmp, *options), options
    mine, fpdf2s = _pages(ours, tmp, "ours"), _pages(theirs, tmp, "theirs")
    assert len(mine) == len(fpdf2s)
    for page, (a, b) in enumerate(zip(mine, fpdf2s, strict=True), 1):
        assert ImageChops.difference(a, b).getbbox() is None, f"page {page} differs"


def test_the_light_sheet_is_fpdf2s_page(tmp_path: Path) -> None:
    title, subtitle = "Open de Sélestat — « L'Échiquier »", "Classement après la ronde 7"
    ours = _draw(LiteSheet(title, subtitle))
    theirs = _draw(Sheet(title, subtitle))
    assert LIGHT in ours and LIGHT not in theirs
    _same(ours, theirs, tmp_path)
    text = _text(ours, tmp_path)
    assert "BŒUF Łukasz" in text and "ŠIMONOVÁ Žofie" in text and "page 4 / 4" in text


@pytest.mark.parametrize("what", ["appariements", "classement"])
def test_the_long_names_lists_are_fpdf2s_pages(tmp_path: Path, what: str) -> None:
    service = EventService(long_names_event(tmp_path / "noms.sqlite"))
    try:
        ours = build(service, what, "open")
        request = Request(service, service.tournament("open"))  # lite False: fpdf2
        theirs = bytes(DOCUMENTS[what].render(request).output())
    finally:
        service.close()
    assert LIGHT in ours and LIGHT not in theirs
    _same(ours, theirs, tmp_path)
    assert "MÉRIGNAC" in _text(ours, tmp_path) and "Gaël" in _text(ours, tmp_path)


def test_what_the_light_writer_cannot_draw_is_left_to_fpdf2(tmp_path: Path) -> None:
    doc = LiteSheet("Open", "Classement")
    with pytest.raises(Unsupported):  # a word wider than its column: fpdf2's table breaks it
        doc.grid(["Nom", "Pts"], [["A" * 80, "1"]], [40, 10], 12, names=(0,))
    with pytest.raises(Unsupported):  # a paragraph of several lines: fpdf2's multi_cell
        doc.line_of("Un commentaire bien trop long pour une seule ligne de la page. " * 4, 10)


def test_without_dejavu_the_list_is_fpdf2s_in_helvetica(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lite, "unicode_font", lambda: None)
    monkeypatch.setattr(sheet, "unicode_font", lambda: None)
    service = EventService(long_names_event(tmp_path / "noms.sqlite"))
    try:
        pdf = build(service, "classement", "open")
    finally:
        service.close()
    assert LIGHT not in pdf and b"Helvetica" in pdf
    assert "MÉRIGNAC" in _text(pdf, tmp_path)  # Latin-1: Helvetica has it
