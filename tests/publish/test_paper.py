"""Issue 31, point 7: paper, read back as poppler reads it. A 120-player Open created from
nothing, seven rounds played and the eighth paired, one player with the longest of names:
the poster carries its QR on every page; every table is fpdf2's own layout, so no cell is
cut (opponents past 100, federations, the long name whole, its first name kept), and no
word runs over the next column; the grille américaine turns landscape when it must;
figures are French (« 5½ », « 25,5 »)."""

from __future__ import annotations

import csv
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import zxingcpp
from PIL import Image

from arbitre_tui.operations import EventService
from arbitre_tui.views.reader import Reader

from ..helpers.cli import ROOT, arbitre, run_here

pytestmark = pytest.mark.skipif(
    shutil.which("pdfimages") is None, reason="poppler-utils absent (.ci/run installs it)"
)
CHOSEN = "http://192.168.1.77:8123"
SURNAME, FIRST = "de la Fontaine-Montmorency-Saint-Émilion", "Jean-Christophe-Marie"
TABLES = ("appariements", "appariements-nom", "classement", "grille", "grille-americaine",
          "pointage", "affiche")  # fmt: skip


@pytest.fixture(scope="module")
def crowd(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Open: the 120 players of a CSV (the weakest renamed), seven rounds played."""
    folder = tmp_path_factory.mktemp("paper")
    path = folder / "open.sqlite"
    run_here("new", str(path), "--nom", "Open international de Strasbourg")
    run_here("section", "add", str(path), "open", "--nom", "Open A", "--systeme", "suisse",
        "--rondes", "9", "--cadence", "90+30")  # fmt: skip
    source = ROOT / "fixtures" / "players" / "marina_a.csv"
    rows = list(csv.DictReader(source.open(encoding="utf-8")))
    weakest = min(rows, key=lambda r: int(r["elo_fide"] or 0))
    weakest["nom"], weakest["prenom"] = SURNAME, FIRST
    table = folder / "joueurs.csv"
    with table.open("w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    run_here("players", "import", str(path), str(table), "-t", "open")
    service = EventService(path)
    for pid in Reader(service).people(service.tournament("open")):
        service.check_in(pid)
    for n in range(1, 8):
        rnd = service.pair_round("open", seed=n)
        for g in Reader(service).games(rnd):
            if g.black_id:
                service.record_result("open", g.board, ("1-0", "=-=", "0-1")[(g.board + n) % 3])
        service.close_round("open")
    service.close()
    run_here("pair", str(path))
    return path


def _print(event: Path, what: str, tmp: Path) -> Path:
    pdf = tmp / f"{what}.pdf"
    run_here("print", str(event), what, "--pdf", str(pdf), "--base-url", CHOSEN)
    return pdf


def _text(pdf: Path, *flags: str) -> str:
    run = ["pdftotext", *flags, str(pdf), "-"]
    return subprocess.run(run, capture_output=True, text=True, check=True).stdout


def _pages(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    return int(re.search(r"Pages:\s+(\d+)", info.stdout).group(1))  # type: ignore[union-attr]


def _codes_on(pdf: Path, page: int, tmp: Path) -> list[str]:
    out = tmp / f"p{page}"
    out.mkdir()
    run = ["pdfimages", "-png", "-f", str(page), "-l", str(page), str(pdf), str(out / "i")]
    subprocess.run(run, check=True)
    found = []
    for png in sorted(out.glob("*.png")):
        found += [r.text for r in zxingcpp.read_barcodes(Image.open(png).convert("L"))]
    return found


def test_the_poster_carries_its_qr_on_every_page(crowd: Path, tmp_path: Path) -> None:
    pdf = _print(crowd, "affiche", tmp_path)
    pages = _pages(pdf)
    assert pages >= 2  # sixty boards at the wall's 14 pt
    for page in range(1, pages + 1):
        assert f"{CHOSEN}/open/" in _codes_on(pdf, page, tmp_path), page


@pytest.mark.parametrize("what", TABLES)
def test_no_cell_is_cut_and_the_long_name_is_whole(crowd: Path, tmp_path: Path, what: str) -> None:
    text = _text(_print(crowd, what, tmp_path), "-layout")
    assert "…" not in text and "..." not in text, what
    at = text.find("DE LA FONTAINE-")  # the whole name in order, wrapped after its
    assert at >= 0, what  # hyphens, its first name kept
    for piece in ("MONTMORENCY-", "SAINT-", "ÉMILION", FIRST):
        found = text.find(piece, at)
        assert found >= 0 and found - at < 500, (what, piece, text[at : at + 500])
        at = found + len(piece)


def test_the_grille_americaine_prints_every_cell_of_every_row(crowd: Path, tmp_path: Path) -> None:
    """Each row's line holds its federation, rating and every cell, whole (« +107N »)."""
    from arbitre_tui.views.grille import build

    service = EventService(crowd)
    grid = build(Reader(service), service.tournament("open"))
    pdf = _print(crowd, "grille-americaine", tmp_path)
    lines = _text(pdf, "-layout").splitlines()
    assert len(grid.rounds) == 8 and len(grid.rows) == 120
    assert any(re.fullmatch(r"[-+=<>]1\d\d[BN]", c) for r in grid.rows for c in r.cells)
    for r in grid.rows:
        wanted = [r.federation, *[c for c in r.cells if c]]
        pattern = r"\s+".join(re.escape(w) for w in wanted)
        assert any(re.search(rf"(^|\s){pattern}(\s|$)", line) for line in lines), r
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    assert "841.89 x 595.28" in info.stdout  # eight rounds and four tie-breaks: landscape


@pytest.mark.parametrize("what", ["appariements", "grille-americaine", "classement"])
def test_no_word_runs_over_the_next_column(crowd: Path, tmp_path: Path, what: str) -> None:
    pdf = _print(crowd, what, tmp_path)
    bbox = _text(pdf, "-bbox")
    for page in bbox.split("<page ")[1:]:
        words = [
            (float(a), float(c), float(b), w)
            for a, b, c, w in re.findall(
                r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<', page
            )
        ]
        top = min(y for _, _, y, w in words if w == "Pl." or w == "Éch.")
        starts = sorted(x0 for x0, _, y, _ in words if abs(y - top) < 1)  # the headings
        assert len(starts) >= 4, (what, starts)
        last = max(y for x0, _, y, w in words if abs(x0 - starts[0]) < 1 and w[0].isdigit())
        for x0, x1, y, w in words:
            if y <= top + 1 or y > last + 1:  # the headings; the legend, the page number
                continue
            after = [s for s in starts if s > x0 + 0.5]
            assert not after or x1 < after[0], (what, w, x1, after[0])


def test_a_table_card_keeps_the_first_name(crowd: Path, tmp_path: Path) -> None:
    text = _text(_print(crowd, "chevalets", tmp_path), "-layout")
    line = next(s for s in text.splitlines() if "DE LA FONTAINE" in s)
    assert re.search(r"DE LA FONTAINE\S*… (Jean-Christophe-Marie|J\.-C\.-M\.)", line), line
    assert text.count("\f") == 8  # sixty boards, eight to a page


def test_printed_figures_are_french(crowd: Path, tmp_path: Path) -> None:
    """Points « 5½ », tie-breaks « 25,5 », never « 5.5 » (issue 31, point 9)."""
    for what in ("classement", "grille", "grille-americaine"):
        text = _text(_print(crowd, what, tmp_path), "-layout")
        assert "½" in text and not re.search(r"\d\.\d", text), what
    assert re.search(r"\d,5", _text(_print(crowd, "classement", tmp_path)))


def test_the_cup_has_a_poster(tmp_path: Path) -> None:
    """The cup's tour on the wall: its matches, the cup's QR on every page and large with
    its address, the Wi-Fi; refused in French before any tour is drawn."""
    from ..helpers.cli import new_with_fixture_players

    path = tmp_path / "coupe.sqlite"
    new_with_fixture_players("coupe-alsace", path)
    pdf = tmp_path / "affiche.pdf"
    args = ("print", str(path), "affiche", "--pdf", str(pdf), "--base-url", CHOSEN)
    run = arbitre(*args)
    assert run.returncode == 2 and "aucun tour tiré" in run.stderr, run.stderr
    assert "Traceback" not in run.stderr and not pdf.exists()
    run_here("cup", "draw", str(path))
    run_here(*args, "--wifi", "Salle-Echecs", "--wifi-cle", "roi-e4-123")
    text = _text(pdf, "-layout")
    assert "Tour 1 : les matchs" in text and "Recevant" in text and "Visiteur" in text
    assert "exempt" in text and f"{CHOSEN}/coupe/" in text
    assert "Wi-Fi : Salle-Echecs" in text and "mot de passe : roi-e4-123" in text
    for page in range(1, _pages(pdf) + 1):
        assert f"{CHOSEN}/coupe/" in _codes_on(pdf, page, tmp_path), page


@pytest.mark.parametrize("left", [72.0, 76.0, 80.0, 84.0])
def test_the_posters_wifi_stays_with_its_code(tmp_path: Path, left: float) -> None:
    """Whatever room the pairings leave, the large code, its address and the Wi-Fi are
    printed on one page (the Wi-Fi was left alone on the next when the code just fit)."""
    from arbitre_tui.publish.pdf.sheet import Sheet

    doc = Sheet("Open", "Appariements de la ronde 1")
    doc.set_y(doc.h - 15 - left)  # ``left`` mm above the page's bottom margin
    doc.qr(CHOSEN, 60, below=8)
    doc.wifi("Salle-Echecs", "roi-e4-123")
    pdf = tmp_path / "affiche.pdf"
    pdf.write_bytes(bytes(doc.output()))
    pages = _text(pdf).split("\f")
    with_url = [k for k, page in enumerate(pages) if CHOSEN in page]
    with_wifi = [k for k, page in enumerate(pages) if "Wi-Fi : Salle-Echecs" in page]
    assert with_url == with_wifi and len(with_url) == 1, (left, with_url, with_wifi)
