"""Printouts an arbiter pins on the wall (issue 17), read back as poppler reads them:
the whole Latin alphabet (or a transliteration, never « ? »), names fitted to their
column, French order, larger type, headings on every page, opt-out honoured everywhere."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from arbitre_tui.operations import EventService
from arbitre_tui.publish.pdf import DOCUMENTS, build, latin1
from arbitre_tui.publish.pdf.documents import Request
from arbitre_tui.publish.pdf.sheet import Sheet, unicode_font
from arbitre_tui.rules.names import fold
from arbitre_tui.views.collation import sort_key
from arbitre_tui.views.reader import Reader

from ..helpers.cli import arbitre

LONG = "DE LA FONTAINE-MONTMORENCY-SAINT-ÉMILION"
NAMES = [
    ("BŒUF", "Anne"),
    ("ŁUKASZEWICZ", "Łukasz"),
    ("DVOŘÁK", "Šimon"),
    ("ÉCHARD", "Émile"),
    (LONG, "Jean-Christophe-Marie"),
]


def _poppler(pdf: bytes, tmp: Path, *flags: str) -> str:
    tool = shutil.which("pdftotext")
    assert tool, "pdftotext (poppler-utils) is needed: .ci/run installs it"
    path = tmp / "x.pdf"
    path.write_bytes(pdf)
    out = subprocess.run([tool, *flags, str(path), "-"], capture_output=True, check=True)
    return out.stdout.decode("utf-8")


def _words(pdf: bytes, tmp: Path) -> list[list[tuple[float, float, float, str]]]:
    """Each page's words: (xMin, xMax, height, text)."""
    pages = []
    for page in _poppler(pdf, tmp, "-bbox").split("<page ")[1:]:
        pages.append(
            [
                (float(a), float(c), float(d) - float(b), w)
                for a, b, c, d, w in re.findall(
                    r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<',
                    page,
                )
            ]
        )
    return pages


@pytest.fixture
def latin(demo_file: Path) -> EventService:
    """The demo, five players of Open A's round 3 renamed with letters Latin-1 lacks."""
    service = EventService(demo_file)
    t = service.tournament("open-a")
    rnd = service.current_round(t)
    assert rnd is not None
    games = [g for g in service.store.games(rnd.id or 0) if g.black_id][:5]
    for g, (surname, first) in zip(games, NAMES, strict=True):
        with service.journal.operation("rename", {}) as tx:
            tx.update("players", g.white_id, {"surname": surname, "first_name": first})
    return service


def test_latin_names_print_right_in_french_order(latin: EventService, tmp_path: Path) -> None:
    assert unicode_font() is not None, "DejaVu Sans is needed: .ci/run installs fonts-dejavu-core"
    for what in ("appariements", "appariements-nom", "classement", "chevalets", "pointage"):
        text = _poppler(build(latin, what, "open-a"), tmp_path)
        for name in ("BŒUF Anne", "ŁUKASZEWICZ Łukasz", "DVOŘÁK Šimon", "ÉCHARD Émile"):
            assert name in text, (what, name)
        assert "?" not in text, what
    by_name = _poppler(build(latin, "appariements-nom", "open-a"), tmp_path, "-layout")
    firsts = [line.split()[0] for line in by_name.splitlines() if re.match(r"^\S+ \S", line)]
    players = [f for f in firsts if f.isupper() and len(f) > 2 and f not in ("BŒUF",)]
    assert players == sorted(players, key=sort_key)
    e_names = [f for f in firsts if fold(f).startswith("E")]
    f_first = next(i for i, f in enumerate(firsts) if f.startswith("F"))
    assert "ÉCHARD" in e_names and firsts.index("ÉCHARD") < f_first  # É with E, not after Z
    assert firsts.index("ŁUKASZEWICZ") < next(i for i, f in enumerate(firsts) if f[0] == "M")


def test_a_long_name_is_fitted_to_its_column(latin: EventService, tmp_path: Path) -> None:
    """No overprint: the long name, wherever it is, ends before the next column starts;
    it wraps onto another line of its row, whole, with its first name (issue 31.7)."""
    for what, heads in (
        ("appariements", ["Éch.", "Blancs", "Résultat", "Noirs"]),
        ("appariements-nom", ["Joueur", "Éch.", "Couleur", "Adversaire"]),
        ("classement", ["Pl.", "Nom", "Pts"]),
    ):
        checked = 0
        for words in _words(build(latin, what, "open-a"), tmp_path):
            starts = sorted(x0 for x0, _, _, w in words if w in heads)[: len(heads)]
            assert len(starts) == len(heads), (what, starts)
            for x0, x1, _, w in words:
                if "MONTMORENCY" in w:
                    checked += 1
                    after = [s for s in starts if s > x0 + 1]
                    assert not after or x1 < after[0], (what, w, x1, after[0])
                    assert "…" not in w, (what, w)  # wrapped whole, never cut (issue 31.7)
        assert checked, what
        assert "Jean-Christophe-Marie" in _poppler(build(latin, what, "open-a"), tmp_path), what


def test_wall_lists_are_larger_and_headed_on_every_page(
    latin: EventService, tmp_path: Path
) -> None:
    pairing = build(latin, "appariements", "open-a")
    desk = build(latin, "pointage", "open-a")
    pages = _words(pairing, tmp_path)
    assert len(pages) >= 2
    for words in pages:  # the table's headings again at the top of every page
        assert {"Éch.", "Blancs", "Résultat", "Noirs"} <= {w for *_, w in words}

    def body(pdf: bytes) -> float:
        heights = sorted(h for x0, _, h, w in _words(pdf, tmp_path)[0] if w.isupper())
        return heights[len(heights) // 2]

    assert body(pairing) >= 1.3 * body(desk)  # 14 pt on the wall, 10 pt at the desk


def test_without_the_font_letters_are_transliterated_never_question_marks(
    latin: EventService, tmp_path: Path
) -> None:
    assert latin1("BŒUF Łukasz Šimon Dvořák — «x»") == "BOEUF Lukasz Simon Dvorák - «x»"
    doc = DOCUMENTS["appariements"].render(Request(latin, latin.tournament("open-a")))
    assert doc.face == "DejaVu"
    core = Sheet("Événement", "Łódź", unicode=False)
    core.grid(["Nom"], [["BŒUF Anne"], ["ŁUKASZEWICZ Łukasz"], ["DVOŘÁK Šimon"]], [80])
    text = _poppler(bytes(core.output()), tmp_path)
    assert "BOEUF Anne" in text and "LUKASZEWICZ Lukasz" in text and "DVORÁK Simon" in text
    assert "Lódz" in text and "?" not in text


def test_opt_out_is_honoured_in_every_public_printout(latin: EventService, tmp_path: Path) -> None:
    t = latin.tournament("open-a")
    rnd = latin.current_round(t)
    assert rnd is not None
    game = next(g for g in latin.store.games(rnd.id or 0) if g.black_id)
    hidden = latin.store.player(game.black_id or 0)
    assert hidden is not None
    with latin.journal.operation("optout", {}) as tx:
        tx.update("players", hidden.id or 0, {"publish_opt_out": 1})
    label = f"Joueur n° {Reader(latin).numbers(t)[hidden.id or 0]}"  # pairing number, issue 31
    public = [d for d in DOCUMENTS.values() if d.public and not d.per_match]
    assert {d.name for d in public} >= {"appariements", "appariements-nom", "classement",
                                        "grille", "affiche", "chevalets"}  # fmt: skip
    for doc in public:
        text = _poppler(build(latin, doc.name, "open-a"), tmp_path)
        assert hidden.surname.upper() not in text, doc.name
        assert label in text, doc.name
    out = tmp_path / "ronde.html"
    run = arbitre("print-round", str(latin.path), "-t", "open-a", str(out))
    assert run.returncode == 0, run.stderr
    html = out.read_text()
    assert hidden.surname.upper() not in html and label in html


def test_a_bye_is_no_empty_match_sheet(demo_file: Path, tmp_path: Path) -> None:
    """A bye's procès-verbal says the team goes through; no board, no captain to sign."""
    from arbitre_tui.operations import cup
    from arbitre_tui.publish.html.match_sheet import sheet_html
    from arbitre_tui.views.match_sheet import match_sheets

    service = EventService(demo_file)
    cup.draw(service, "coupe", seed=3)
    bye = next(s for s in match_sheets(service, service.tournament("coupe")) if s.bye)
    pdf = _poppler(build(service, "proces-verbal", "coupe", bye.number), tmp_path)
    html = sheet_html(service, "coupe", bye.number)
    for text in (pdf, html):
        assert f"Exempt : {bye.home} passe au tour suivant sans jouer." in text
        assert "Capitaine" not in text and "Arbitre" in text and "Blancs" not in text
