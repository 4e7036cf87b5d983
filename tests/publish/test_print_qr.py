"""Issue 31, point 3: no dead QR code on paper. `print affiche` and `print chevalets`
refuse a loopback address (exit 2, nothing written) unless `--force`; the address is
printed in text; every QR code decodes (zxing-cpp, from the PDF's own images) to the
address the organiser chose. On an event created from nothing."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import zxingcpp
from PIL import Image

from ..helpers.cli import arbitre, run_here

pytestmark = pytest.mark.skipif(
    shutil.which("pdfimages") is None, reason="poppler-utils absent (.ci/run installs it)"
)
CHOSEN = "http://192.168.1.77:8123"


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("qr") / "open.sqlite"
    run_here("new", str(path), "--nom", "Open du club")
    run_here("section", "add", str(path), "open", "--nom", "Open", "--systeme", "suisse",
        "--rondes", "3", "--cadence", "15+5")  # fmt: skip
    for k in range(1, 11):
        run_here("register", str(path), f"Joueur{k}", "--elo", str(1500 + 10 * k), "--pointe")
    run_here("pair", str(path))
    return path


def _decoded(pdf: Path, tmp: Path) -> list[str]:
    """Every QR code of every image of the PDF, decoded."""
    out = tmp / "img"
    out.mkdir()
    subprocess.run(["pdfimages", "-png", str(pdf), str(out / "i")], check=True)
    found = []
    for png in sorted(out.glob("*.png")):
        found += [r.text for r in zxingcpp.read_barcodes(Image.open(png).convert("L"))]
    return found


def _text(pdf: Path) -> str:
    run = ["pdftotext", "-layout", str(pdf), "-"]
    return subprocess.run(run, capture_output=True, text=True, check=True).stdout


@pytest.mark.parametrize("doc", ["affiche", "chevalets"])
@pytest.mark.parametrize("dead", ["http://127.0.0.1:8080", "http://localhost:8080"])
def test_a_loopback_address_is_refused_unless_forced(
    event: Path, tmp_path: Path, doc: str, dead: str
) -> None:
    pdf = tmp_path / f"{doc}.pdf"
    run = arbitre("print", str(event), doc, "--pdf", str(pdf), "--base-url", dead)
    assert run.returncode == 2, run.stderr
    assert "Traceback" not in run.stderr and "--force" in run.stderr
    assert "aucun téléphone" in run.stderr and not pdf.exists()
    run = arbitre("print", str(event), doc, "--pdf", str(pdf), "--base-url", dead, "--force")
    assert run.returncode == 0, run.stderr
    assert "Attention" in run.stderr and pdf.exists()


def test_the_poster_qr_decodes_to_the_chosen_address_written_under_it(
    event: Path, tmp_path: Path
) -> None:
    pdf = tmp_path / "affiche.pdf"
    run_here(
        "print",
        str(event),
        "affiche",
        "--pdf",
        str(pdf),
        "--base-url",
        CHOSEN,
        "--wifi",
        "Salle-Echecs",
        "--wifi-cle",
        "roi-e4-123",
    )
    text = _text(pdf)
    pages = text.count("\f")
    codes = _decoded(pdf, tmp_path)
    # one in every page's corner, and the large one under the pairings
    assert set(codes) == {f"{CHOSEN}/open/"} and len(codes) == pages + 1, (pages, codes)
    assert f"{CHOSEN}/open/" in text
    assert "Wi-Fi : Salle-Echecs" in text and "mot de passe : roi-e4-123" in text


def test_the_poster_leaves_room_for_the_wifi_when_not_given(event: Path, tmp_path: Path) -> None:
    pdf = tmp_path / "affiche.pdf"
    run_here("print", str(event), "affiche", "--pdf", str(pdf), "--base-url", CHOSEN)
    assert re.search(r"Wi-Fi : _{10,}\s+mot de passe : _{10,}", _text(pdf))


def test_every_table_card_qr_decodes_to_its_board_and_shows_it(event: Path, tmp_path: Path) -> None:
    pdf = tmp_path / "chevalets.pdf"
    run_here("print", str(event), "chevalets", "--pdf", str(pdf), "--base-url", CHOSEN)
    expected = [f"{CHOSEN}/open/ronde-1/#b{b}" for b in range(1, 6)]
    assert sorted(_decoded(pdf, tmp_path)) == expected
    text = _text(pdf)
    assert all(url in text for url in expected)
    # eight cards to an A4 page: the five boards on one page (four a page before, issue 31)
    assert text.count("\f") == 1 and "page 1 / 1" in text


def test_a_document_without_qr_ignores_the_address(event: Path, tmp_path: Path) -> None:
    pdf = tmp_path / "appariements.pdf"
    run_here(
        "print", str(event), "appariements", "--pdf", str(pdf), "--base-url", "http://127.0.0.1"
    )
    assert pdf.exists()


def test_the_poster_and_the_table_cards_say_their_few_words_in_three_languages(
    event: Path, tmp_path: Path
) -> None:
    """Issue 55: paper is read by everyone in the hall; the pages its QR codes open
    answer in the phone's language."""
    poster, cards = tmp_path / "affiche.pdf", tmp_path / "chevalets.pdf"
    run_here("print", str(event), "affiche", "--pdf", str(poster), "--base-url", CHOSEN)
    run_here("print", str(event), "chevalets", "--pdf", str(cards), "--base-url", CHOSEN)
    said = " ".join(_text(poster).split())
    assert "Les résultats sur votre téléphone · Results on your phone · Ergebnisse auf" in said
    text = " ".join(_text(cards).split())
    assert text.count("Échiquier · Board · Brett") == 5
    assert text.count("Blancs · White · Weiß / Noirs · Black · Schwarz") == 5
