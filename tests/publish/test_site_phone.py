"""Issue 31, point 4: phones at 390 px. The static export's pairings, pairings by name,
standings and player pages are opened from disk in headless Chromium at 390×844 with the
longest names (a 60-letter compound surname, one unbroken word): every column heading —
« Noirs », « Pts », every tie-break — lies inside the screen, and the page never scrolls
sideways. Measured by the browser itself (a script writes each heading's right edge)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from ..helpers.cli import run_here

CHROMIUM = next((c for c in ("chromium", "chromium-browser") if shutil.which(c)), None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium absent (.ci/run installs it)")

LONG = [
    ("De La Rochefoucauld-Montmorency-Laval", "Marie-Charlotte-Éléonore"),
    ("Wolfeschlegelsteinhausenbergerdorff", "Hubert"),
    ("Charpentier", "Sacha"),  # the fixtures' longest
    ("Carpentier", "Olivier"),
    ("Papadopoulos-Nikolaidou", "Anastasia-Konstantina"),
    ("Bé", "Al"),
    ("Vincent", "Léo"),
    ("Ngô", "Bảo"),
]
# headless Chromium keeps its window at least 500 px wide: the page is measured in a frame
# of 390×844 (the phone's viewport), read from the frame's own layout
FRAME = """<!doctype html><body style="margin:0"><iframe id="f" src="PAGE" width="390"
height="844" style="border:0"></iframe><script>document.getElementById('f').onload=()=>{
const d=document.getElementById('f').contentDocument,w=d.defaultView.innerWidth;
const heads=[...d.querySelectorAll('th')].map(h=>[h.textContent,
Math.round(h.getBoundingClientRect().right)]);
document.body.setAttribute('data-m',JSON.stringify({w:w,
scroll:d.documentElement.scrollWidth,heads:heads}));};</script></body>"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("phone")
    path = tmp / "open.sqlite"
    run_here("new", str(path), "--nom", "Open international de la ville")
    run_here("section", "add", str(path), "open", "--nom", "Open", "--systeme", "suisse",
        "--rondes", "5", "--cadence", "90+30")  # fmt: skip
    for k, (surname, first) in enumerate(LONG):
        run_here("register", str(path), surname, "--prenom", first, "--elo", str(2400 - 50 * k),
            "--club", "Cercle d'échecs de la ville", "--pointe")  # fmt: skip
    run_here("pair", str(path))
    for board in ("1", "2", "3", "4"):
        run_here("result", str(path), board, "=")
    run_here("close-round", str(path))
    run_here("pair", str(path))
    run_here("publish", str(path), str(tmp / "site"))
    return tmp / "site"


def _measure(page: Path) -> dict[str, object]:
    probe = page.parent / "probe-390.html"  # beside the page: the same relative links
    probe.write_text(FRAME.replace("PAGE", page.name), "utf-8")
    run = subprocess.run(
        [
            str(CHROMIUM),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--allow-file-access-from-files",
            "--window-size=800,900",
            "--virtual-time-budget=3000",
            "--dump-dom",
            probe.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    probe.unlink()
    found = re.search(r"data-m=\"([^\"]*)\"", run.stdout)
    assert found, run.stderr[-2000:]
    return dict(json.loads(found.group(1).replace("&quot;", '"')))


@pytest.mark.parametrize(
    "page",
    [
        "open/ronde-2/index.html",
        "open/ronde-2/noms/index.html",
        "open/classement/index.html",
        "open/joueur-1/index.html",
        "open/index.html",
        # the same pages in English and German (issue 55): longer words, the languages' links
        "en/open/ronde-2/noms/index.html",
        "en/open/joueur-1/index.html",
        "de/open/classement/index.html",
        "de/open/ronde-2/index.html",
    ],
)
def test_every_column_stays_on_a_390_px_screen(site: Path, page: str) -> None:
    m = _measure(site / page)
    assert m["w"] == 390
    heads = m["heads"]
    assert isinstance(heads, list) and heads
    off = [(h, right) for h, right in heads if right > 390]
    assert not off, (page, off)
    assert m["scroll"] == 390, (page, m["scroll"])


SEARCH = """<!doctype html><body><iframe id="f" src="index.html" width="390" height="844">
</iframe><script>document.getElementById('f').onload=()=>{const d=document.getElementById(
'f').contentDocument,q=d.getElementById('q'),out={};for(const typed of ['rochefoucauld',
'NGO bao','charpentier sacha','zzz']){q.value=typed;q.dispatchEvent(new Event('input'));
out[typed]=[...d.querySelectorAll('#joueurs li')].filter(e=>!e.hidden).map(e=>e.textContent
.trim());}document.body.setAttribute('data-m',JSON.stringify(out));};</script></body>"""


def test_the_search_box_finds_a_player_in_the_static_export(site: Path) -> None:
    """Typed in the page opened from disk: no server; accents and case do not matter."""
    page = site / "open" / "joueurs" / "index.html"
    assert "Chercher un nom" in page.read_text("utf-8")
    probe = page.parent / "search-probe.html"
    probe.write_text(SEARCH, "utf-8")
    run = subprocess.run(
        [
            str(CHROMIUM),
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--allow-file-access-from-files",
            "--virtual-time-budget=3000",
            "--dump-dom",
            probe.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    probe.unlink()
    found = re.search(r"data-m=\"([^\"]*)\"", run.stdout)
    assert found, run.stderr[-2000:]
    shown = json.loads(found.group(1).replace("&quot;", '"'))
    assert [n.split(" 2")[0] for n in shown["rochefoucauld"]] == [
        "DE LA ROCHEFOUCAULD-MONTMORENCY-LAVAL Marie-Charlotte-Éléonore"
    ]
    assert len(shown["NGO bao"]) == 1 and shown["NGO bao"][0].startswith("NGÔ Bảo")
    assert len(shown["charpentier sacha"]) == 1 and shown["zzz"] == []


def test_the_players_card_gives_place_after_each_round_performance_and_next_board(
    site: Path,
) -> None:
    html = (site / "open" / "joueur-1" / "index.html").read_text("utf-8")
    text = re.sub(r"<[^>]+>", " ", html)
    assert "Ronde 2 :" in text and "échiquier 1" in text  # where they play now, and whom
    assert re.search(r"n° 1 · ½ pt · performance \d{4}", text), text
    row = re.search(r"<tr><td class='n'><a [^>]*>1</a>.*?</tr>", html)
    assert row and re.search(r"<td class='n'>1–8</td></tr>", row.group(0)), row


def test_the_menu_highlights_the_page_shown(site: Path) -> None:
    """Issue 31, point 9: the current round (by board or by name), a player's card under
    « Joueurs », an earlier round under no entry."""

    def on(page: str) -> list[str]:
        html = (site / page).read_text("utf-8")
        return re.findall(r"<a href='[^']*' class='on'>([^<]+)</a>", html.split("</nav>")[0])

    assert on("open/ronde-2/index.html") == ["Ronde en cours"]
    assert on("open/ronde-2/noms/index.html") == ["Ronde en cours"]
    assert on("open/joueur-3/index.html") == ["Joueurs"]
    assert on("open/classement/index.html") == ["Classement"]
    assert on("open/ronde-1/index.html") == []


def test_figures_are_written_the_french_way(site: Path) -> None:
    """Issue 31, point 9: « ½ » for points, a decimal comma elsewhere, never « 0.5 »."""
    html = (site / "open" / "classement" / "index.html").read_text("utf-8")
    cells = re.findall(r"<td class='n'>([^<]*)</td>", html)
    assert "½" in cells and not [c for c in cells if "." in c]
    card = (site / "open" / "joueur-2" / "index.html").read_text("utf-8")
    assert "0.5" not in re.sub(r"<[^>]+>", " ", card) and "½" in card
