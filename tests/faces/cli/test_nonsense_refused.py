"""Issue 35 point 12 (all but the settings): nonsense the command line accepted, now each a
French refusal, exit 2, the event file byte for byte as it was and nothing written.

Through the real `arbitre` in a subprocess, on a private copy of the demo event (run from
a folder of the test's own, so that a page written « here » would be seen).
"""

from __future__ import annotations

import hashlib
import subprocess
from pathlib import Path

import pytest

from tests.rules.test_parsers_fuzzed import assert_french

from ...helpers.cli import ARBITRE

ROOT = Path(__file__).resolve().parents[3]
TRF = ROOT / "tests" / "vectors" / "tiebreak" / "swiss" / "t0001.trf"

CSV = "{i}.csv"  # written with the case's content before the command runs

# (arguments — {f} the event file, {o} a new file in the test's folder, {i} the CSV read —;
# French words)
CASES: dict[str, tuple[list[str], str]] = {
    "telephone-texte": (
        ["register", "{f}", "ZULU Zoé", "-t", "open-b", "--telephone", "appelle-moi"],
        "téléphone « appelle-moi » illisible",
    ),
    "paiement-bitcoin": (
        ["register", "{f}", "ZULU Zoé", "-t", "open-b", "--paiement", "bitcoin"],
        "moyen de paiement « bitcoin » inconnu",
    ),
    "csv-paiement-bitcoin": (
        ["players", "import", "{f}", CSV, "-t", "open-b"],
        "ligne 2 : moyen de paiement « bitcoin » inconnu",
    ),
    "csv-en-tete-double": (
        ["players", "import", "{f}", CSV, "-t", "open-b"],
        "colonne « nom » deux fois dans l'en-tête (colonnes 1 et 3)",
    ),
    "csv-champ-en-trop": (
        ["players", "import", "{f}", CSV, "-t", "open-b"],
        "ligne 3 : 4 champs pour 3 colonnes",
    ),
    "csv-telephone-texte": (
        ["players", "import", "{f}", CSV, "-t", "open-b"],
        "ligne 2 : téléphone « demander au club » illisible",
    ),
    "appel-ronde-7-sur-5": (
        ["appeal", "{f}", "Appel du club", "-t", "u8", "--ronde", "7"],
        "a 5 rondes : pas de ronde 7",
    ),
    "section-vide-open": (["open", "{f}", "-t", ""], "clé de tournoi vide"),
    "section-vide-qr": (["qr", "{f}", "{o}.png", "-t", " "], "clé de tournoi vide"),
    "section-vide-round": (["round", "{f}", "--tournoi", ""], "clé de tournoi vide"),
    "section-vide-display": (["display", "{f}", "-t", ""], "clé de section vide"),
    "section-vide-display-liste": (["display", "{f}", "-t", "open-a,"], "clé de section vide"),
    "display-deux-fois": (["display", "{f}", "-t", "open-a,open-a"], "nommée deux fois"),
    "display-deux-options": (
        ["display", "{f}", "-t", "open-b", "-t", "open-b"],
        "nommée deux fois",
    ),
    "qr-hors-du-site": (["qr", "{f}", "{o}.png", "--page", "../../etc/passwd"], "sans « .. »"),
    "qr-autre-site": (
        ["qr", "{f}", "{o}.svg", "-t", "open-a", "--page", "https://ailleurs.example/x"],
        "pas une adresse",
    ),
    "tiebreaks-ronde-99": (
        ["tiebreaks", str(TRF), "--round", "99"],
        "pas de classement après la ronde 99",
    ),
    "generate-1/0": (
        ["generate", "--players", "10", "--rounds", "3", "--forfeits", "1/0", "{o}.trf"],
        "N vaut 1 au moins",
    ),
    "publish-dossier-vide": (["publish", "{f}", ""], "Dossier vide"),
}


CSV_CONTENT = {
    "csv-paiement-bitcoin": "nom;prenom;paye;paiement\nZULU;Zoé;oui;bitcoin\n",
    "csv-en-tete-double": "nom;prenom;surname\nZULU;Zoé;Z\n",
    "csv-champ-en-trop": "nom;prenom;elo\nYANKEE;Yves;1500\nZULU, Zoé;Z;1600;1700\n",
    "csv-telephone-texte": "nom;prenom;telephone\nZULU;Zoé;demander au club\n",
}


@pytest.mark.parametrize("case", list(CASES))
def test_nonsense_is_refused(demo_file: Path, tmp_path: Path, case: str) -> None:
    args, words = CASES[case]
    here = tmp_path / "ici"
    here.mkdir()
    before = hashlib.sha256(demo_file.read_bytes()).hexdigest()
    argv = [a.format(f=demo_file, o=here / "sortie", i=tmp_path / "entree") for a in args]
    if case in CSV_CONTENT:
        (tmp_path / "entree.csv").write_text(CSV_CONTENT[case], "utf-8")
    run = subprocess.run(
        [*ARBITRE, *argv],
        capture_output=True,
        text=True,
        cwd=here,
        timeout=60,
        stdin=subprocess.DEVNULL,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
    )
    assert run.returncode == 2, (run.returncode, run.stderr[-2000:])
    assert words in run.stderr and "Traceback" not in run.stderr, run.stderr
    assert_french(run.stderr.splitlines()[0])
    assert hashlib.sha256(demo_file.read_bytes()).hexdigest() == before
    assert list(here.iterdir()) == []


# -- the cup (004): a draw made, then what its rules do not allow ---------------------------


@pytest.fixture(scope="module")
def cup_drawn(demo_master: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo's cup, round 1 drawn through the command line (exempts and matches)."""
    import shutil

    path = Path(shutil.copy(demo_master, tmp_path_factory.mktemp("cup") / "coupe.sqlite"))
    run = subprocess.run(
        [*ARBITRE, "cup", "draw", str(path), "-t", "coupe", "--seed", "1"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    return path


def _cup_matches(path: Path) -> tuple[int, int, int]:
    """(an exempt match, a match to play, its home team)."""
    import json

    run = subprocess.run(
        [*ARBITRE, "cup", "status", str(path), "-t", "coupe", "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    rows = json.loads(run.stdout)
    exempt = next(m for m in rows if m["away_team_id"] is None)
    played = next(m for m in rows if m["away_team_id"] is not None)
    return exempt["number"], played["number"], played["home_team_id"]


CUP_CASES: dict[str, tuple[list[str], str]] = {
    "directeur-sans-resultat": (
        ["director", "{f}", "{played}", "{home}", "--note", "tirage au sort"],
        "le directeur ne décide qu'une finale toute nulle (art. 4.2)",
    ),
    "transmis-exempt": (["report", "{f}", "{exempt}"], "exempt, pas de résultat à transmettre"),
    "confirme-exempt": (
        ["confirm", "{f}", "{exempt}", "arbitre"],
        "exempt, pas de procès-verbal à confirmer",
    ),
    "transmis-un-mois-avant": (
        ["report", "{f}", "{played}", "--when", "2027-01-07T20:00", "--match-day", "2027-02-07"],
        "avant le jour du match (07/02/2027)",
    ),
    "equipe-sans-nom": (["team", "{f}", "Colmar", "--nom", "   "], "Nom de l'équipe vide"),
}


@pytest.mark.parametrize("case", list(CUP_CASES))
def test_cup_nonsense_is_refused(cup_drawn: Path, tmp_path: Path, case: str) -> None:
    import shutil

    path = Path(shutil.copy(cup_drawn, tmp_path / "coupe.sqlite"))
    exempt, played, home = _cup_matches(path)
    args, words = CUP_CASES[case]
    argv = [a.format(f=path, exempt=exempt, played=played, home=home) for a in args]
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    run = subprocess.run(
        [*ARBITRE, "cup", *argv, "-t", "coupe"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert run.returncode == 2, (run.returncode, run.stdout, run.stderr)
    assert words in run.stderr and "Traceback" not in run.stderr, run.stderr
    assert_french(run.stderr.splitlines()[0])
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
