"""Issue 35, point 6: the rating lists read as strictly as docs/listes-elo.md says. Each
fault of the campaign — a FIDE TXT cut in half, short lines, ratings 99999, « abcd » or
-100, duplicate ids, a 200 000-character line, an undefined XML entity, a NUL, an FFE
two-digit year, 1980-02-30, Elo 15000, licence « 123 », duplicate licences, an
unterminated quote, ESC in a name — is refused through the real command line with its
line and reason in French, exit 2, and the list imported before stays whole."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

import pytest

from .test_rating_lists import FFE, HEADER, LEKO, XML, arbitre, txt_line

LISTS = "listes-elo.sqlite"
JEANNE = txt_line(
    **{"ID Number": "651095", "Name": "Dupont, Jeanne", "Fed": "FRA", "Sex": "F",
       "SRtng": "2105", "RRtng": "2050", "B-day": "2012"}
)  # fmt: skip
GOOD_TXT = f"{HEADER}\n{LEKO}\n{JEANNE}\n"


def _txt(*lines: str) -> str:
    return "\n".join([HEADER, LEKO, *lines]) + "\n"


def _jeanne(**fields: str) -> str:
    base = {"ID Number": "651095", "Name": "Dupont, Jeanne", "Fed": "FRA", "Sex": "F"}
    return txt_line(**{**base, **fields})


FIDE_TXT = {
    "coupee-en-deux": (GOOD_TXT[: len(HEADER) + 1 + len(LEKO) + 40], "ligne 3 coupée"),
    "ligne-courte": (_txt("651095     Dup"), "ligne 3 coupée"),
    "elo-99999": (_txt(_jeanne(SRtng="99999")), "ligne 3 : Elo lent « 99999 » impossible"),
    "elo-abcd": (_txt(_jeanne(RRtng="abcd")), "ligne 3 : Elo rapide « abcd » impossible"),
    "elo-negatif": (_txt(_jeanne(SRtng="-100")), "ligne 3 : Elo lent « -100 » impossible"),
    "id-en-double": (_txt(_jeanne(), _jeanne(Name="Autre, Anne")), "identifiant 651095 en double"),
    "ligne-geante": (_txt("6" * 200_000), "ligne 3 de plus de 4096 caractères"),
    "nul": (_txt(_jeanne(Name="Du\x00pont, Jeanne")), "ligne 3 : caractère de contrôle (code 0)"),
    "echap": (_txt(_jeanne(Name="Du\x1b[2Jpont, J")), "ligne 3 : caractère de contrôle (code 27)"),
    "annee-illisible": (_txt(_jeanne(**{"B-day": "19xx"})), "ligne 3 : année de naissance"),
}
_PLAYER = XML[XML.index("<player>\n<fideid>651095") : XML.index("</playerslist>")]
FIDE_XML = {
    "entite-inconnue": (
        XML.replace("Dupont, Jeanne", "Dupont, &jeanne;"),
        "entité XML inconnue « &jeanne; »",
    ),
    "nul": (XML.replace("Dupont, Jeanne", "Dupont\x00, Jeanne"), "caractère de contrôle (code 0)"),
    "elo-negatif": (XML.replace("<rating>2105", "<rating>-100"), "Elo lent « -100 » impossible"),
    "elo-99999": (XML.replace("<rating>2105", "<rating>99999"), "Elo lent « 99999 » impossible"),
    "id-en-double": (XML.replace("</playerslist>", _PLAYER + "</playerslist>"), "en double"),
}
_ROW = 'N22222;"MARTIN";"Paul";"M";"1980-01-01";"FRA";"";"";1710;"F";0;"";0;"";"Club"\n'
FFE_CSV = {
    "annee-deux-chiffres": (FFE + _ROW.replace("1980-01-01", "01/02/80"), "ligne 4 : date de"),
    "30-fevrier": (FFE + _ROW.replace("1980-01-01", "1980-02-30"), "« 1980-02-30 » illisible"),
    "elo-15000": (FFE + _ROW.replace("1710", "15000"), "ligne 4 : Elo lent « 15000 » impossible"),
    "elo-abcd": (FFE + _ROW.replace("1710", "abcd"), "Elo lent « abcd » impossible"),
    "licence-123": (FFE + _ROW.replace("N22222", "123"), "ligne 4 : licence « 123 » illisible"),
    "licence-en-double": (FFE + _ROW.replace("N22222", "K12345"), "licence K12345 en double"),
    "guillemet-ouvert": (FFE + _ROW.replace('"MARTIN"', '"MARTIN'), "illisible"),
    "echap-dans-un-nom": (FFE + _ROW.replace("MARTIN", "MAR\x1bTIN"), "code 27"),
    "ligne-courte": (FFE + "N22222;MARTIN;Paul\n", "ligne 4 : 3 colonne(s)"),
}
CASES = {
    **{f"fide-txt-{k}": ("players_list_foa.txt", GOOD_TXT, *v) for k, v in FIDE_TXT.items()},
    **{f"fide-xml-{k}": ("players_list_xml_foa.xml", XML, *v) for k, v in FIDE_XML.items()},
    **{f"ffe-{k}": ("joueurs-ffe.csv", FFE, *v) for k, v in FFE_CSV.items()},
}


def _digest(path: Path) -> str:
    """What the lists file holds (its rows: SQLite rewrites pages a rollback undid)."""
    con = sqlite3.connect(path)
    try:
        return hashlib.sha256("\n".join(con.iterdump()).encode()).hexdigest()
    finally:
        con.close()


@pytest.mark.parametrize("case", CASES)
def test_a_list_with_a_fault_is_refused_with_its_line_and_changes_nothing(
    tmp_path: Path, case: str
) -> None:
    name, good, bad, said = CASES[case]
    encoding = "latin-1" if name.endswith(".csv") else "utf-8"
    (tmp_path / name).write_text(good, encoding=encoding)
    done = arbitre("ratings", "import", name, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    before = _digest(tmp_path / LISTS)
    (tmp_path / f"bad-{name}").write_bytes(bad.encode(encoding))
    refused = arbitre("ratings", "import", f"bad-{name}", cwd=tmp_path)
    assert refused.returncode == 2, (refused.stdout, refused.stderr[:300])
    assert said in refused.stderr, refused.stderr[:300]
    assert "rien n'est changé" in refused.stderr
    assert "Traceback" not in refused.stderr and len(refused.stderr) < 600
    assert _digest(tmp_path / LISTS) == before


def test_the_good_lists_still_read_whole(tmp_path: Path) -> None:
    for name, text, encoding in (
        ("players_list_foa.txt", GOOD_TXT, "utf-8"),
        ("players_list_xml_foa.xml", XML, "utf-8"),
        ("joueurs-ffe.csv", FFE + _ROW, "latin-1"),
    ):
        (tmp_path / name).write_text(text, encoding=encoding)
        done = arbitre("ratings", "import", name, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
    assert "MARTIN Paul" in arbitre("ratings", "find", "n22222", cwd=tmp_path).stdout
