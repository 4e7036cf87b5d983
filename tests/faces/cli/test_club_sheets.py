"""Issue 49.2: a registration sheet as a French spreadsheet saves it — French headers as
clubs write them, `;`, Windows-1252, JJ/MM/AAAA, « 1 850 » and « 1.850 », a column of
remarks — imported with every column placed or named; `--apercu` writes nothing,
`--strict` refuses a column that would be left aside. On an event built from nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ...helpers.cli import arbitre, run_here
from ...helpers.events import digest, open_from_nothing

HEADER = (
    "N°;Nom;Prénom;Né(e) le;Sexe;Elo FIDE;ELO FFE;Rapide;Club;N° FFE;Code FIDE;Fédération;"
    "Titre;Mail;Téléphone;Remarques"
)
ROWS = (
    "1;CHÂTEAUBRIAND-SAINT-ÉVREMOND;Marie-Thérèse;14/07/1985;F;1 850;1 820;1 790;"
    "Échiquier d'Orléans;A12345;20012345;FRA;WFM;mt@example.fr;06 12 34 56 78;végétarienne",
    "2;DE LA FONTAINE-MÉRIGNAC;Jean-Baptiste;01/02/1970;M;2.105;;;Cercle de Mérignac;"
    "B23456;;FRA;;;;",
    "3;O’NEILL;Seán;03/03/2001;M;;1\u00a0500;;Club d’Échecs de Brest;C34567;;IRL;;;;arrive ronde 2",
    "4;D'ARTAGNAN;Charles;;M;1650;;;;;;FRA;;;;",
    "5;BŒUF;François;12/12/1999;M;1 999;;;Œcuménique;D45678;;FRA;;;;",
)


@pytest.fixture
def event(tmp_path: Path) -> Path:
    path = open_from_nothing(tmp_path / "ete.sqlite")
    return path


@pytest.fixture
def sheet(tmp_path: Path) -> Path:
    path = tmp_path / "inscrits.csv"
    path.write_bytes(("\r\n".join((HEADER, *ROWS)) + "\r\n").encode("cp1252"))
    return path


def _players(event: Path) -> list[dict[str, object]]:
    players: list[dict[str, object]] = json.loads(run_here("players", "list", str(event), "--json"))
    return players


def test_the_club_sheet_is_imported_with_every_column_placed_or_named(
    event: Path, sheet: Path
) -> None:
    out = arbitre("players", "import", str(event), str(sheet), "--encoding", "latin-1")
    assert out.returncode == 0, out.stderr
    assert "5 joueur(s) importé(s) dans open." in out.stdout
    # the two columns left aside, each named with its place; « Rapide » is kept (the
    # rapid rating has its field since issue 50.1)
    assert "colonne 1 « N° » non reconnue : ignorée" in out.stdout
    assert "« Rapide »" not in out.stdout
    assert "colonne 16 « Remarques » non reconnue : ignorée" in out.stdout
    players = {p["surname"]: p for p in _players(event)}
    first = players["CHÂTEAUBRIAND-SAINT-ÉVREMOND"]
    assert first["first_name"] == "Marie-Thérèse"
    assert first["birth_date"] == "1985-07-14"  # « Né(e) le », JJ/MM/AAAA
    assert (first["rating_fide"], first["rating_ffe"]) == (1850, 1820)  # « 1 850 »
    assert first["rating_rapid"] == 1790  # « Rapide »
    assert (first["ffe_code"], first["fide_id"]) == ("A12345", 20012345)
    assert (first["title"], first["email"], first["phone"]) == (
        "WFM", "mt@example.fr", "06 12 34 56 78",
    )  # fmt: skip
    assert first["club"] == "Échiquier d'Orléans"
    assert players["DE LA FONTAINE-MÉRIGNAC"]["rating_fide"] == 2105  # « 2.105 »
    assert players["O’NEILL"]["rating_ffe"] == 1500  # a no-break space
    assert players["O’NEILL"]["federation"] == "IRL"
    assert players["BŒUF"]["club"] == "Œcuménique"  # Windows-1252's Œ, not Latin-1's


def test_the_preview_shows_each_column_and_writes_nothing(event: Path, sheet: Path) -> None:
    before = digest(event)
    out = arbitre("players", "import", str(event), str(sheet), "--encoding", "latin-1", "--apercu")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert "rien n'est enregistré" in lines[0]
    said = {line.split("→")[0].split(".", 1)[1].strip(): line.split("→")[1] for line in lines[1:17]}
    assert said["Né(e) le"].split()[:3] == ["date", "de", "naissance"]
    assert "« 14/07/1985 »" in said["Né(e) le"]
    assert said["N° FFE"].strip().startswith("licence FFE")
    assert said["Code FIDE"].strip().startswith("identifiant FIDE")
    assert said["Mail"].strip().startswith("courriel")
    assert said["Remarques"].strip().startswith("non reconnue")
    assert said["Rapide"].strip().startswith("classement rapide")
    assert "5 joueur(s) lisible(s), 0 ligne(s) fautive(s)." in out.stdout
    assert digest(event) == before
    assert _players(event) == []


def test_strict_refuses_a_column_left_aside_and_writes_nothing(event: Path, sheet: Path) -> None:
    before = digest(event)
    out = arbitre("players", "import", str(event), str(sheet), "--encoding", "latin-1", "--strict")
    assert out.returncode == 2
    assert "--strict" in out.stderr and "« Remarques » non reconnue" in out.stderr
    assert "Traceback" not in out.stderr
    assert digest(event) == before


def test_strict_imports_a_sheet_whose_columns_are_all_kept(event: Path, tmp_path: Path) -> None:
    plain = tmp_path / "plain.csv"
    plain.write_text("NOM;prénom;DATE DE NAISSANCE;elo;club\nPERRIN;Gaël;02/03/2004;1 710;Brest\n")
    out = arbitre("players", "import", str(event), str(plain), "--strict")
    assert out.returncode == 0, out.stderr
    assert "Attention" not in out.stdout
    (player,) = _players(event)
    assert (player["birth_date"], player["rating_fide"]) == ("2004-03-02", 1710)


def test_utf8_refusal_names_latin1_which_reads_windows_1252(event: Path, sheet: Path) -> None:
    before = digest(event)
    out = arbitre("players", "import", str(event), str(sheet))
    assert out.returncode == 2
    assert "--encoding latin-1" in out.stderr
    assert digest(event) == before
