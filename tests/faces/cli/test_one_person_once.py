"""Issue 49.3: one person, once — a licence or a FIDE id anywhere in the event refused with
the section named (a blitz side event takes the main one's players); the same name and
birth date refused as a probable double unless --homonyme; an import into a finished
tournament refused. Every refusal exits 2 and leaves the file byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest

from ...helpers.cli import arbitre, run_here
from ...helpers.events import digest as _digest


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("une-fois") / "ete.sqlite"
    run_here("new", str(path), "--nom", "Open d'été")
    for key, name, cadence in (
        ("open-a", "Open A", "90+30"), ("open-b", "Open B", "90+30"), ("blitz", "Blitz", "3+2"),
    ):  # fmt: skip
        run_here(
            "section", "add", str(path), key, "--nom", name, "--systeme", "suisse",
            "--rondes", "5", "--cadence", cadence,
        )  # fmt: skip
    run_here(
        "register", str(path), "CHÂTEAUBRIAND-SAINT-ÉVREMOND", "--prenom", "Marie-Thérèse",
        "--licence", "A12345", "--fide-id", "20012345", "--naissance", "14/07/1985",
        "-t", "open-a",
    )  # fmt: skip
    run_here(
        "register", str(path), "DE LA FONTAINE-MÉRIGNAC", "--prenom", "Jean-Baptiste",
        "--naissance", "01/02/1970", "-t", "open-a",
    )  # fmt: skip
    return path


def _refused(event: Path, *args: str) -> str:
    before = _digest(event)
    out = arbitre(*args)
    assert out.returncode == 2, (out.stdout, out.stderr)
    assert "Traceback" not in out.stderr and "Erreur inattendue" not in out.stderr
    assert _digest(event) == before
    return out.stderr


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (  # the same licence in the same section, another case
            ("--licence", "a12345", "-t", "open-a"),
            "licence A12345 déjà inscrite dans ce tournoi : CHÂTEAUBRIAND-SAINT-ÉVREMOND",
        ),
        (  # the same licence in another section: that section named
            ("--licence", "A12345", "-t", "open-b"),
            "déjà inscrit en Open A (licence A12345 : CHÂTEAUBRIAND-SAINT-ÉVREMOND Marie-Thérèse",
        ),
        (
            ("--fide-id", "20012345", "-t", "open-b"),
            "déjà inscrit en Open A (identifiant FIDE 20012345",
        ),
    ],
)
def test_a_licence_or_fide_id_is_one_person_in_the_event(
    event: Path, args: tuple[str, ...], said: str
) -> None:
    err = _refused(event, "register", str(event), "O'NEILL", "--prenom", "Seán", *args)
    assert said in err


def test_a_blitz_side_event_takes_the_main_events_players(event: Path) -> None:
    out = arbitre(
        "register", str(event), "CHÂTEAUBRIAND-SAINT-ÉVREMOND", "--prenom", "Marie-Thérèse",
        "--licence", "A12345", "--naissance", "14/07/1985", "-t", "blitz",
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    # but never twice in the blitz itself
    err = _refused(
        event, "register", str(event), "CHATEAUBRIAND-SAINT-EVREMOND", "--licence", "A12345",
        "-t", "blitz",
    )  # fmt: skip
    assert "licence A12345 déjà inscrite dans ce tournoi" in err


def test_the_same_name_and_birth_date_is_a_probable_double(event: Path) -> None:
    # accents, case and hyphens aside: the same person typed again
    err = _refused(
        event, "register", str(event), "de la fontaine merignac", "--prenom", "jean baptiste",
        "--naissance", "1970-02-01", "-t", "open-b",
    )  # fmt: skip
    assert "probable doublon de DE LA FONTAINE-MÉRIGNAC Jean-Baptiste (inscr. 2)" in err
    assert "déjà inscrit en Open A" in err and "--homonyme" in err
    out = arbitre(
        "register", str(event), "DE LA FONTAINE-MÉRIGNAC", "--prenom", "Jean-Baptiste",
        "--naissance", "01/02/1970", "-t", "open-b", "--homonyme",
    )  # fmt: skip
    assert out.returncode == 0, out.stderr


def test_an_import_is_held_to_the_same_rules(event: Path, tmp_path: Path) -> None:
    sheet = tmp_path / "inscrits.csv"
    sheet.write_text(
        "Nom;Prénom;Né(e) le;N° FFE\nD'ARTAGNAN;Charles;01/01/1990;Z99999\n"
        "Châteaubriand-Saint-Évremond;Marie-Thérèse;;A12345\n"
    )
    err = _refused(event, "players", "import", str(event), str(sheet), "-t", "open-b")
    assert "ligne 3 : déjà inscrit en Open A (licence A12345" in err


def test_an_import_into_a_finished_tournament_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "fini.sqlite"
    run_here("new", str(path), "--nom", "Rapide")
    run_here(
        "section", "add", str(path), "r", "--nom", "Rapide", "--systeme", "suisse",
        "--rondes", "1",
    )  # fmt: skip
    for name in ("O'NEILL", "D'ARTAGNAN"):
        run_here("register", str(path), name, "--pointe", "-t", "r")
    run_here("pair", str(path), "-t", "r", "--seed", "1")
    run_here("result", str(path), "1", "=", "-t", "r")
    run_here("close-round", str(path), "-t", "r")
    sheet = tmp_path / "tard.csv"
    sheet.write_text("nom\nRETARDATAIRE\n")
    err = _refused(path, "players", "import", str(path), str(sheet), "-t", "r")
    assert "Rapide est terminé (ronde 1 close)" in err
    err = _refused(path, "register", str(path), "RETARDATAIRE", "-t", "r")
    assert "terminé" in err
