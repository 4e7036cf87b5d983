"""Issue 32.6: the FFE paperwork about players — the licence attestation, the report of an
unjustified forfeit, the report of an exclusion, the arbiter's report on a player —, the
pointage with each fee and the desk's totals, the participants by rating: an event made
from nothing through the real command line, every PDF read back with pdftotext."""

from __future__ import annotations

import csv
import subprocess
from pathlib import Path

import pytest

from arbitre_tui.operations import EventService

from ..helpers.cli import arbitre, run_here
from ..helpers.events import copy_event

HEAD = ["nom", "prenom", "sexe", "naissance", "federation", "fide_id", "licence", "club"]
HEAD += ["elo_fide", "categorie", "paye", "paiement"]
PLAYERS = [
    ["Lefèvre", "Bérénice", "F", "2012-05-03", "FRA", "20200042", "K12345", "Colmar Échecs",
     "1850", "jeune", "oui", "espèces"],
    ["Martin", "Paul", "M", "1980-01-20", "FRA", "20200043", "A54321", "Mulhouse Philidor",
     "2210", "", "oui", "chèque"],
    ["Dubois", "Jean", "M", "1975-07-07", "FRA", "", "B11111", "Colmar Échecs",
     "1700", "", "non", ""],
    ["Schmitt", "Léa", "F", "2010-02-02", "FRA", "", "C22222", "Sélestat",
     "1620", "jeune", "non", ""],
    ["Keller", "Marc", "M", "1990-09-09", "GER", "4600001", "", "Freiburg",
     "2050", "", "oui", "CB"],
    ["Roth", "Anne", "F", "1968-03-03", "FRA", "", "D33333", "Strasbourg",
     "1540", "", "oui", "chèque"],
]  # fmt: skip


def pdftext(path: Path) -> str:
    out = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    return out


def flat(path: Path) -> str:
    return " ".join(pdftext(path).split())


@pytest.fixture(scope="module")
def event_master(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`new`, `section add` (a FIDE Swiss with a fee table), `players import`, round 1
    paired, a forfeit without excuse (the player is excluded by the section's setting),
    an incident."""
    tmp_path = tmp_path_factory.mktemp("colmar")  # built once, copied by each test (event)
    path = tmp_path / "colmar.sqlite"
    run_here(
        "new", str(path), "--nom", "Open de Colmar", "--lieu", "Colmar",
        "--du", "2027-04-10", "--au", "2027-04-12", "--arbitre", "LEROY Anne",
    )  # fmt: skip
    run_here(
        "section", "add", str(path), "open", "--nom", "Open A", "--systeme", "suisse",
        "--rondes", "5", "--cadence", "90+30",
        "--reglage", "fee=20", "--reglage", 'fees={"jeune": 10}',
        "--reglage", "homologation_number=64321", "--reglage", "venue=Salle Europe",
        "--reglage", "forfeit_excludes=oui",
    )  # fmt: skip
    players = tmp_path / "joueurs.csv"
    with players.open("w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows([HEAD, *PLAYERS])
    run_here("players", "import", str(path), str(players), "-t", "open")
    service = EventService(path)
    for p in service.store.players(service.tournament("open").id or 0):
        service.check_in(p.id or 0)
    service.close()
    run_here("pair", str(path), "-t", "open")
    return path


@pytest.fixture
def event(event_master: Path, tmp_path: Path) -> Path:
    """A private copy of ``event_master``."""
    return copy_event(event_master, tmp_path / "colmar.sqlite")


def ids(path: Path, key: str = "open") -> dict[str, int]:
    """Each player's N° (the number --joueur takes since issue 49.5), by surname."""
    from arbitre_tui.views.reader import Reader

    service = EventService(path)
    reader = Reader(service)
    t = reader.tournament(key)
    numbers = reader.numbers(t)
    out = {p.surname: numbers[p.id] for p in reader.players(t)}
    service.close()
    return out


def board_of(path: Path, surname: str) -> tuple[int, str]:
    service = EventService(path)
    t = service.tournament("open")
    rnd = service.current_round(t)
    assert rnd is not None and rnd.id is not None
    pid = next(p.id for p in service.store.players(t.id or 0) if p.surname == surname)
    for g in service.store.games(rnd.id):
        if pid in (g.white_id, g.black_id):
            service.close()
            return g.board, "blancs" if g.white_id == pid else "noirs"
    raise AssertionError(surname)


def test_pointage_prints_each_fee_and_the_totals(event: Path, tmp_path: Path) -> None:
    out = tmp_path / "pointage.pdf"
    done = arbitre("print", str(event), "pointage", "-t", "open", "--pdf", str(out))
    assert done.returncode == 0, done.stderr
    lines = pdftext(out).splitlines()

    def row(name: str) -> str:
        return " ".join(next(x for x in lines if name in x).split())

    assert row("LEFÈVRE").endswith("10 € payé oui")  # the « jeune » fee, paid, checked in
    assert row("SCHMITT").endswith("10 € dû oui")
    assert row("DUBOIS").endswith("20 € dû oui")  # the flat fee
    text = flat(out)
    # 10 + 20 + 20 + 10 + 20 + 20 owed; paid: Lefèvre 10 (espèces), Martin 20 (chèque),
    # Keller 20 (CB), Roth 20 (chèque)
    assert "Total des droits : 100 € (6 joueurs) ; payé : 70 € (4 joueurs) ; " in text
    assert "reste dû : 30 € (2 joueurs)." in text
    assert "Payé par moyen de paiement : CB 20 € ; chèque 40 € ; espèces 10 €." in text


def test_participants_by_rating(event: Path, tmp_path: Path) -> None:
    out = tmp_path / "participants.pdf"
    done = arbitre("print", str(event), "participants-elo", "-t", "open", "--pdf", str(out))
    assert done.returncode == 0, done.stderr
    text = pdftext(out)
    assert "Liste des participants par Elo (6 joueurs)" in text
    order = [s for s in ("MARTIN", "KELLER", "LEFÈVRE", "DUBOIS", "SCHMITT", "ROTH")]
    at = [text.index(s) for s in order]
    assert at == sorted(at)  # 2210, 2050, 1850, 1700, 1620, 1540
    martin = next(x for x in text.splitlines() if "MARTIN" in x).split()
    assert martin[:2] == ["1", "1"] and "2210" in martin and "FRA" in martin


def test_unjustified_forfeit_and_exclusion_forms(event: Path, tmp_path: Path) -> None:
    board, side = board_of(event, "Dubois")
    done = arbitre("absent", str(event), str(board), side, "-t", "open")
    assert done.returncode == 0, done.stderr
    dubois = ids(event)["Dubois"]
    out = tmp_path / "forfait.pdf"
    done = arbitre(
        "print", str(event), "forfait-non-justifie", "-t", "open", "--joueur", str(dubois),
        "--pdf", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    text = flat(out)
    assert "Rapport de forfait non justifié — DUBOIS Jean" in text
    assert "Numéro d'homologation FFE 64321" in text
    assert "Dates du 10/04/2027 au 12/04/2027" in text
    assert "Lieu Salle Europe, Colmar" in text and "Arbitre principal LEROY Anne" in text
    assert "N° de licence FFE B11111" in text and "Club Colmar Échecs" in text
    colour = "Blancs" if side == "blancs" else "Noirs"
    line = next(x for x in pdftext(out).splitlines() if x.split()[:1] == ["1"])
    assert line.split()[:3] == ["1", str(board), colour]
    assert "Excuse présentée aucune (forfait non justifié)" in text
    assert "Suite exclu du tournoi" in text
    assert "Règle appliquée un forfait sans excuse exclut (règlement 002)" in text
    out = tmp_path / "exclusion.pdf"
    done = arbitre(
        "print", str(event), "exclusion", "-t", "open", "--joueur", str(dubois),
        "--pdf", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    text = flat(out)
    assert "Rapport d'exclusion — DUBOIS Jean" in text
    assert f"- Ronde 1, échiquier {board}, {colour} contre" in text and "forfait" in text
    assert "- Exclu du tournoi." in text and "État dans le tournoi exclu" in text
    assert "L'arbitre principal" in text and "Le joueur (pris connaissance)" in text


def test_report_on_a_player_and_licence_attestation(event: Path, tmp_path: Path) -> None:
    board, side = board_of(event, "Lefèvre")
    done = arbitre(
        "incident", str(event), str(board), "ring", side, "-t", "open",
        "--note", "téléphone sonné en zeitnot",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lefevre = ids(event)["Lefèvre"]
    out = tmp_path / "rapport.pdf"
    done = arbitre(
        "print", str(event), "rapport-joueur", "-t", "open", "--joueur", str(lefevre),
        "--pdf", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    text = flat(out)
    assert "Rapport de l'arbitre sur un joueur — LEFÈVRE Bérénice" in text
    assert f"- Ronde 1, échiquier {board}, " in text
    assert "sonnerie d'appareil — téléphone sonné en zeitnot" in text
    assert "Identifiant FIDE 20200042" in text and "Date de naissance 03/05/2012" in text
    assert "Catégorie U16F" in text  # born 2012, season 2026-2027 counted in April 2027
    out = tmp_path / "licence.pdf"
    done = arbitre(
        "print", str(event), "attestation-licence", "-t", "open", "--joueur", str(lefevre),
        "--pdf", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    text = flat(out)
    assert "Attestation de licence — LEFÈVRE Bérénice" in text
    assert "Je soussigné(e) LEFÈVRE Bérénice atteste être titulaire d'une licence" in text
    assert "pour la saison 2026-2027" in text and "n° K12345, au club Colmar Échecs" in text
    assert "Le joueur (ou son représentant légal)" in text
    # without a player: the event filled, the player's lines left to fill by hand
    blank = tmp_path / "vierge.pdf"
    done = arbitre("print", str(event), "attestation-licence", "-t", "open", "--pdf", str(blank))
    assert done.returncode == 0, done.stderr
    text = flat(blank)
    assert "Numéro d'homologation FFE 64321" in text and "LEFÈVRE" not in text
    assert "Je soussigné(e) ______" in text


def test_forms_refuse_a_player_of_another_section_and_a_list(event: Path, tmp_path: Path) -> None:
    out = tmp_path / "x.pdf"
    done = arbitre(
        "print", str(event), "exclusion", "-t", "open", "--joueur", "999", "--pdf", str(out)
    )
    assert done.returncode == 2 and "Aucun joueur n° 999 en Open A" in done.stderr
    assert not out.exists()
    done = arbitre(
        "print", str(event), "pointage", "-t", "open", "--joueur", "1", "--pdf", str(out)
    )
    assert done.returncode == 2 and "n'est pas un formulaire sur un joueur" in done.stderr
    assert not out.exists()


def test_forfeit_form_follows_the_format_not_the_setting_alone(tmp_path: Path) -> None:
    """A round robin never excludes on a forfeit (its pairings are fixed), even with the
    setting written: the form says what the pairing does, from the one format rule."""
    path = tmp_path / "rr.sqlite"
    assert arbitre("new", str(path), "--nom", "Fermé de Colmar").returncode == 0
    done = arbitre(
        "section", "add", str(path), "ferme", "--nom", "Fermé", "--systeme", "toutes-rondes", "--rondes", "5",
        "--cadence", "90+30", "--reglage", "forfeit_excludes=oui",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    players = tmp_path / "joueurs.csv"
    with players.open("w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows([HEAD, *PLAYERS[:6]])
    done = arbitre("players", "import", str(path), str(players), "-t", "ferme")
    assert done.returncode == 0, done.stderr
    assert arbitre("pair", str(path), "-t", "ferme").returncode == 0
    done = arbitre("absent", str(path), "1", "blancs", "-t", "ferme")
    assert done.returncode == 0, done.stderr
    service = EventService(path)
    t = service.tournament("ferme")
    rnd = service.current_round(t)
    assert rnd is not None and rnd.id is not None
    white_id = next(g.white_id for g in service.store.games(rnd.id) if g.board == 1)
    from arbitre_tui.views.reader import Reader

    white = Reader(service).numbers(t)[white_id]  # his N° (issue 49.5)
    service.close()
    out = tmp_path / "forfait.pdf"
    done = arbitre(
        "print", str(path), "forfait-non-justifie", "-t", "ferme", "--joueur", str(white),
        "--pdf", str(out),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    text = flat(out)
    assert "Suite maintenu dans le tournoi" in text and "par décision" not in text, text
    assert "Règle appliquée règlement du tournoi" in text, text
