"""The players' catalogues (issue 55): each compiled .mo is its .po's, every text the
pages send through the catalogue is in English and German, and the language's words."""

from __future__ import annotations

import ast
import datetime as dt
import gettext
from pathlib import Path

import pytest

from arbitre_tui.publish import msgfmt
from arbitre_tui.publish.lang import LANGS, negotiate, words
from arbitre_tui.rules.tiebreaks import NAMES

SRC = Path(msgfmt.__file__).resolve().parents[1]
# the modules whose texts a player reads, and the calls that carry a French text: its
# argument's position (``tr("…")`` the first; a refusal's reason the third…)
MODULES = (
    "publish/html/site.py",
    "publish/html/grille.py",
    "publish/html/reporting.py",
    "faces/web/reporting.py",
    "faces/web/server.py",
    "publish/lang.py",
    "faces/tui/display.py",
    "publish/pdf/documents.py",
)
CARRIED = ("Les résultats sur votre téléphone", "Votre résultat : avec votre code personnel")
CARRIERS = {
    "tr": (0,),
    "in_every": (0,),
    "_refuse": (2,),
    "_wrong_code": (1,),
    "_number_and_code": (1, 2),
}


def _called(node: ast.Call) -> str:
    f = node.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""


def french_texts() -> set[str]:
    """Every French text these modules give the catalogue (the menus' labels, the
    result buttons' words, the tie-breaks' names too)."""
    from arbitre_tui.publish.html.reporting import CHOICES
    from arbitre_tui.publish.html.site import PAGES

    out: set[str] = set()
    for module in MODULES:
        for node in ast.walk(ast.parse((SRC / module).read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            for at in CARRIERS.get(_called(node), ()):
                arg = node.args[at] if len(node.args) > at else None
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    out.add(arg.value)
    out |= {p.nav for p in PAGES if p.nav}
    out |= {text for _, shown, said in CHOICES for text in (shown, said) if text.isalpha()}
    out |= {n for n in NAMES.values()} | set(CARRIED)
    return out - {""}


@pytest.mark.parametrize("po", msgfmt.catalogues(), ids=lambda p: p.parts[-3])
def test_each_mo_is_its_po_compiled(po: Path) -> None:
    """The .mo shipped is exactly what the .po compiles to: a .po edited without
    `python -m arbitre_tui.publish.msgfmt` fails here."""
    assert po.with_suffix(".mo").read_bytes() == msgfmt.compile_file(po)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_text_of_the_pages_is_translated(lang: str) -> None:
    catalogue = gettext.translation("joueurs", msgfmt.LOCALE, [lang])
    texts = french_texts()
    assert len(texts) > 100
    missing = sorted(t for t in texts if catalogue.gettext(t) == t and t not in SAME[lang])
    assert missing == []


SAME = {  # words the language writes as French does
    "en": {"Buchholz", "Pts", "Total", "Match", "Score", "performance {n}", "points", "places"}
    | {"Sonneborn-Berger"},
    "de": {"Buchholz", "Pl.", "Name"},
    "fr": set(),
}


def test_the_languages_words() -> None:
    en, de, fr = words("en"), words("de"), words("fr")
    day = dt.date(2026, 7, 14)
    assert (fr.date(day), en.date(day), de.date(day)) == ("14/07/2026", "14/07/2026", "14.07.2026")
    assert (fr("Blancs"), en("Blancs"), de("Blancs")) == ("Blancs", "White", "Weiß")
    assert (en("exempt"), de("exempt"), de("forfait")) == ("bye", "spielfrei", "kampflos")
    assert fr.plural("{n} pt", "{n} pts", 1.5, n="1½") == "1½ pts"
    assert fr.plural("{n} pt", "{n} pts", 1, n="1") == "1 pt"
    assert en.plural("{n} pt", "{n} pts", 0.5, n="½") == "½ pts"
    assert de.plural("{n} pt", "{n} pts", 1, n="1") == "1 Pkt."
    assert fr.tiebreak("BH/C1") == "Buchholz tronqué"
    assert en.tiebreak("BH/C1") == "Buchholz Cut 1"
    assert en.tiebreak("BH/M1") == "Buchholz Median 1"
    assert de.tiebreak("BH/C1") == "Buchholz mit Streichwertung 1"
    assert de.tiebreak("SB") == "Sonneborn-Berger-Wertung"
    assert en.tiebreak("PS") == "Progressive Scores (Cumulative)"
    # a view's sentence: whole, or read through a pattern
    assert en.view("classement après la ronde 3") == "standings after round 3"
    assert de.view("bye ½ point") == "spielfrei (½ Punkt)"
    said = "½-½, Armageddon ½-½ (nulle : les Noirs passent)"
    assert en.view(said) == "½-½, Armageddon ½-½ (draw: Black goes through)"
    assert fr.view(said) == said
    for k, matches in ((1, "match décidé"), (2, "matchs décidés")):  # views/standings.py
        said = f"classement K.O. après la ronde 2, ronde 3 en cours ({k} {matches} sur 4)"
        assert en.view(said).endswith(f"round 3 in progress ({k} of 4 matches decided)")
        assert de.view(said).endswith(f"Runde 3 läuft ({k} von 4 Begegnungen entschieden)")


def test_accept_language_is_negotiated() -> None:
    assert negotiate("") == "fr"
    assert negotiate("en-GB,en;q=0.9") == "en"
    assert negotiate("de-DE,de;q=0.9,en;q=0.8,fr;q=0.7") == "de"
    assert negotiate("es-ES,es;q=0.9,de;q=0.5,en;q=0.6") == "en"
    assert negotiate("it, pt;q=0.5") == "fr"
    assert negotiate("en;q=0, de") == "de"
    assert negotiate("EN-us") == "en"
    assert negotiate("de;q=abc, en;q=0.1") == "en"
    assert set(LANGS) == {"fr", "en", "de"}


# the sentences a player reads that other floors write, read by ``view`` (issue 55): the
# operations' refusals a phone gets (409), the result a phone sends that is none, the
# standings' notes — (module, function) scanned for what it raises, returns or appends
VIEWED = (
    ("operations/reporting.py", ("_secret", "propose_result", "propose_checkin")),
    ("rules/models.py", ("parse_result",)),
    ("views/standings.py", ("_not_computed", "_play_off_places")),
)


def _sample(node: ast.expr, names: dict[str, object]) -> str | None:
    """A French sentence as the code writes it, each field a sample (a module's own text
    constant as itself); None for what is no sentence (an exception's own message)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if not isinstance(node, ast.JoinedStr):
        return None
    out = ""
    for part in node.values:
        if isinstance(part, ast.Constant):
            out += str(part.value)
        elif isinstance(part, ast.FormattedValue):
            value = part.value
            known = names.get(value.id) if isinstance(value, ast.Name) else None
            out += known if isinstance(known, str) else "D'ARTAGNAN Charles, 7"
    return out


def viewed_texts() -> set[str]:
    """Every such sentence, its fields filled with samples."""
    import importlib

    out: set[str] = set()
    for module, functions in VIEWED:
        tree = ast.parse((SRC / module).read_text(encoding="utf-8"))
        names = vars(importlib.import_module("arbitre_tui." + module[:-3].replace("/", ".")))
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef) or fn.name not in functions:
                continue
            for node in ast.walk(fn):
                said: ast.expr | None = None
                if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                    said = node.exc.args[0] if node.exc.args else None
                elif isinstance(node, ast.Return) and isinstance(node.value, ast.JoinedStr):
                    said = node.value
                elif isinstance(node, ast.Call) and _called(node) == "append" and node.args:
                    said = node.args[0]
                text = _sample(said, names) if said is not None else None
                if text:
                    out.add(text)
    return out


@pytest.mark.parametrize("lang", ["en", "de"])
def test_what_the_other_floors_say_to_a_player_is_translated(lang: str) -> None:
    texts = viewed_texts()
    assert len(texts) >= 10, texts
    assert any("La ronde 1 est appariée" in t for t in texts)
    tr = words(lang)
    left = sorted(t for t in texts if tr.view(t) == t)
    assert left == []
