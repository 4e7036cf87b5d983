"""A table drawn line by line (issue 56.1) is the page fpdf2's own table draws: the same
pixels and the same text, page after page, headings repeated; a cell that would wrap is
left to fpdf2."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from arbitre_tui.publish.pdf import layout, rows
from arbitre_tui.publish.pdf.sheet import Sheet

pytestmark = pytest.mark.skipif(
    not (shutil.which("pdftoppm") and shutil.which("pdftotext")), reason="poppler-utils absent"
)

NAMES = [
    "CHÂTEAUBRIAND-SAINT-ÉVREMOND Marie-Thérèse",
    "DE LA FONTAINE-MÉRIGNAC Jean-Baptiste",
    "O'NEILL Seán",
    "D'ARTAGNAN Charles",
    "VAN DER BERG-HOLLANDER Anne-Sophie",
    "SAINT-EXUPÉRY-D'AGAY Antoine-Marie",
]


def _pdf(
    tmp: Path, name: str, fast: bool, monkeypatch: pytest.MonkeyPatch, names: list[str] = NAMES
) -> tuple[Path, list[bool]]:
    """A table of long names over three pages, by our drawing or (``fast`` False) fpdf2's."""
    taken: list[bool] = []
    real = rows.draw

    def spy(*args: object, **kwargs: object) -> bool:
        done = real(*args, **kwargs) if fast else False  # type: ignore[arg-type]
        taken.append(done)
        return done

    monkeypatch.setattr(layout, "rows_draw", spy)
    doc = Sheet("Open de Sélestat — « L'Échiquier »", "Classement après la ronde 7")
    body = [
        [n, "1½" if n % 3 else "", names[n % 6], f"{2400 - n}", names[(n + 2) % 6], "FRA"]
        for n in range(1, 90)
    ]
    widths = [8, 8, 70, 12, 70, 10]
    doc.grid(["Pl.", "Pts", "Nom", "Elo", "Adversaire", "Féd."], body, widths, 12, names=(2, 4))
    doc.line_of("Fin de la liste.", 10)
    out = tmp / name
    out.write_bytes(bytes(doc.output()))
    return out, taken


def _pages(pdf: Path, tmp: Path) -> list[Image.Image]:
    prefix = tmp / pdf.stem
    subprocess.run(["pdftoppm", "-r", "60", "-gray", str(pdf), str(prefix)], check=True)
    return [Image.open(p) for p in sorted(tmp.glob(f"{pdf.stem}-*.pgm"))]


def _text(pdf: Path) -> str:
    run = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, check=True)
    return run.stdout.decode()


def test_the_table_drawn_line_by_line_is_fpdf2s_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ours, taken = _pdf(tmp_path, "ours.pdf", True, monkeypatch)
    theirs, _ = _pdf(tmp_path, "theirs.pdf", False, monkeypatch)
    assert taken == [True]  # drawn line by line, not laid out by fpdf2
    assert _text(ours) == _text(theirs)
    assert "Marie-Thérèse" in _text(ours)
    mine, fpdf2s = _pages(ours, tmp_path), _pages(theirs, tmp_path)
    assert len(mine) == len(fpdf2s) >= 3
    for page, (a, b) in enumerate(zip(mine, fpdf2s, strict=True), 1):
        assert ImageChops.difference(a, b).getbbox() is None, f"page {page} differs"


def test_a_cell_that_would_wrap_is_left_to_fpdf2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A word longer than its column, without a hyphen to break it at: fpdf2 cuts it."""
    word = "WOLFESCHLEGELSTEINHAUSENBERGERDORFFWELCHEVORALTERNWAREN Hubert"
    _, taken = _pdf(tmp_path, "long.pdf", True, monkeypatch, [word, *NAMES[1:]])
    assert taken == [False]
