"""Issue 53, point 4 (the rest): a Papi export never turns a character outside the BMP
(an emoji) into « ?? » without a word. Such names stay accepted where they enter (the
app, the PDFs, the site and TRF show them; a rare CJK character of a real name lies
there too): the export says which texts Papi cannot show, writes nothing, and with
--confirm writes each such character as « ? », said again. Read back with mdbtools."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from ...helpers.cli import arbitre, run_here
from ...helpers.events import digest, open_from_nothing

pytestmark = pytest.mark.skipif(shutil.which("mdb-export") is None, reason="mdbtools absent")


@pytest.fixture
def event(tmp_path: Path) -> Path:
    path = open_from_nothing(tmp_path / "open.sqlite")
    run_here("register", str(path), "D'ARTAGNAN 🎉", "--prenom", "Zoé😀",
             "--club", "Club 🏰 d'Évreux", "-t", "open")  # fmt: skip
    run_here("register", str(path), "O'NEILL", "--prenom", "Siobhán", "-t", "open")
    return path


def _joueurs(path: Path) -> str:
    return subprocess.run(
        ["mdb-export", str(path), "JOUEUR"], capture_output=True, text=True, check=True
    ).stdout


def test_an_emoji_is_said_and_nothing_is_written(event: Path, tmp_path: Path) -> None:
    out = tmp_path / "open.papi"
    before = digest(event)
    done = arbitre("export", "papi", str(event), "open", str(out))
    assert done.returncode == 2, done.stderr
    assert "Papi n'affiche pas les caractères hors du plan de base" in done.stderr
    assert "« ?? »" in done.stderr
    assert "D'ARTAGNAN 🎉 Zoé😀 (Nom, Prenom, Club)" in done.stderr
    assert "O'NEILL" not in done.stderr  # accents are Papi's own: nothing to say
    assert not out.exists() and digest(event) == before


def test_confirmed_each_emoji_becomes_one_question_mark_said(event: Path, tmp_path: Path) -> None:
    out = tmp_path / "open.papi"
    done = arbitre("export", "papi", str(event), "open", str(out), "--confirm")
    assert done.returncode == 0, done.stderr
    assert "Caractère remplacé par « ? » (Papi ne l'affiche pas) : D'ARTAGNAN 🎉 Zoé😀" in (
        done.stdout
    )
    read = _joueurs(out)
    assert '"D\'ARTAGNAN ?","Zoé?"' in read and '"Club ? d\'Évreux"' in read
    assert '"O\'NEILL","Siobhán"' in read
    assert "??" not in read


def test_a_section_without_emoji_exports_without_a_word(tmp_path: Path) -> None:
    path = open_from_nothing(tmp_path / "open.sqlite")
    run_here("register", str(path), "SAINT-ÉVREMOND", "--prenom",
             "Marie-Thérèse", "-t", "open")  # fmt: skip
    done = arbitre("export", "papi", str(path), "open", str(tmp_path / "o.papi"))
    assert done.returncode == 0, done.stderr
    assert "remplacé" not in done.stdout
