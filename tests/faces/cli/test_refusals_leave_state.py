"""Issue 53, point 2: every refusal leaves the state exactly as it was. Each command of
`arbitre`, taken from its own parser (a command added without a case here fails
`test_every_command_has_a_refusal_case`), is refused once on a copy of the demo event
(nine sections, three rules, rounds paired, a K.O., a cup), its folder holding the
rating lists beside it, a TRF, a CSV and a file that is no Papi file; before and after,
every file of that folder is hashed (the event, any -wal or -journal sibling, the lists,
anything a command would have left there; SQLite's -shm index aside, as it is memory
shared between readers): the same bytes, exit 2, « Refusé : » and French.

A refusal that reaches the store is preferred to one of the parser: the command opens
the event, reads, often takes the write lock, and must still leave everything as it was.
Found and fixed this way: `restore` of a backup that does not exist left an empty
-wal and -shm beside the event (a read-only connection makes them), `explain --ronde 9`
and `appeal --ronde 9` of a section paired up to round 3 (the appeal was recorded)."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from tests.rules.test_parsers_fuzzed import assert_french

from ...helpers.cli import _NOT_HERE, arbitre, arbitre_here, run_here
from ...helpers.parser import commands

# {f} the event, {d} its folder, {l} the rating lists beside it, {t} a TRF of Open A,
# {p} a file that is no Papi file, {c} a CSV with a rating out of bounds
CASES: dict[str, list[str]] = {
    "demo": ["demo", "{f}", "--theme", "pas-un-theme"],
    "new": ["new", "{f}", "--nom", "Autre"],  # exists already
    "open": ["open", "{f}", "-t", "nulle-part"],
    "show": ["show", "{d}/absent.sqlite"],
    "journal": ["journal", "{f}", "--limit", "0"],
    "undo": ["undo", "{f}", "--id", "99999"],
    "redo": ["redo", "{f}"],
    "backup": ["backup", "{f}", "{d}/pas-de-dossier/copie.sqlite"],
    "restore": ["restore", "{f}", "{d}/pas-une-sauvegarde.sqlite"],
    "checkin": ["checkin", "{f}", "Personne-De-Ce-Nom"],
    "pair": ["pair", "{f}", "-t", "open-a"],  # round 3 not finished
    "round": ["round", "{f}", "-t", "nulle-part"],
    "result": ["result", "{f}", "999", "1", "-t", "open-a"],
    "print-round": ["print-round", "{f}", "{f}", "-t", "open-a"],
    "incident": ["incident", "{f}", "999", "illegal", "blancs", "-t", "open-a"],
    "close-round": ["close-round", "{f}", "-t", "open-a"],
    "round-start": ["round-start", "{f}", "-t", "open-a", "--ronde", "9"],
    "cadence": ["cadence", "{f}", "-t", "nulle-part"],
    "draws": ["draws", "{d}"],
    "players import": ["players", "import", "{f}", "{c}", "-t", "open-a"],
    "players list": ["players", "list", "{f}", "-t", "nulle-part"],
    "players remove": ["players", "remove", "{f}", "138"],  # has played
    "players edit": ["players", "edit", "{f}", "138", "--elo", "9999"],
    "players move": ["players", "move", "{f}", "138", "--vers", "open-b"],
    "event set": ["event", "set", "{f}", "--du", "20/01/2027", "--au", "10/01/2027"],
    "event show": ["event", "show", "{d}/absent.sqlite"],
    "section add": [
        "section",
        "add",
        "{f}",
        "open-a",
        "--nom",
        "Doublon",
        "--systeme",
        "suisse",
        "--rondes",
        "5",
    ],
    "section edit": ["section", "edit", "{f}", "open-a", "--rondes", "2"],
    "section remove": ["section", "remove", "{f}", "open-a", "--confirm"],
    "phones on": ["phones", "on", "{d}/absent.sqlite"],
    "phones off": ["phones", "off", "{d}/absent.sqlite"],
    "phones codes": ["phones", "codes", "{f}", "-t", "open-a", "--ronde", "8"],
    "phones status": ["phones", "status", "{f}", "-t", "nulle-part"],
    "phones confirm": ["phones", "confirm", "{f}", "1", "-t", "open-a"],
    "phones propose": ["phones", "propose", "{f}", "1", "ZZZZ", "1-0", "-t", "open-a"],
    "phones checkin": ["phones", "checkin", "{f}", "406", "ZZZZ"],
    "phones confirm-checkins": ["phones", "confirm-checkins", "{f}", "-t", "nulle-part"],
    "phones player-code": ["phones", "player-code", "{f}", "999999"],
    "tiebreaks": ["tiebreaks", "{t}", "--list", "PTS,XYZ"],
    "standings": ["standings", "{f}", "-t", "open-a", "--round", "9"],
    "prizes": ["prizes", "{f}", "-t", "u10"],
    "settings show": ["settings", "show", "{f}", "-t", "nulle-part"],
    "settings set": ["settings", "set", "{f}", "pas-un-reglage", "1", "-t", "open-a"],
    "pair-trf": ["pair-trf", "{t}", "-p", "{f}"],
    "check-pairings": ["check-pairings", "{f}"],
    "generate": ["generate", "{f}", "--players", "10", "--rounds", "3"],
    "bye": ["bye", "{f}", "138", "1"],  # round 1 already paired
    "publish-round": ["publish-round", "{f}", "-t", "nulle-part"],
    "swap": ["swap", "{f}", "138", "138", "-t", "open-a"],
    "prohibit": ["prohibit", "{f}", "999999", "-t", "open-a"],
    "keep": ["keep", "{f}", "Personne-De-Ce-Nom"],
    "withdraw": ["withdraw", "{f}", "Personne-De-Ce-Nom"],
    "register": [
        "register",
        "{f}",
        "O'NEILL",
        "--prenom",
        "Siobhán",
        "-t",
        "open-a",
        "--elo",
        "99999",
    ],
    "fees": ["fees", "{f}", "-t", "nulle-part"],
    "optout": ["optout", "{f}", "Personne-De-Ce-Nom"],
    "explain": ["explain", "{f}", "-t", "open-a", "--ronde", "9"],
    "playoff": ["playoff", "{f}", "title", "-t", "open-a"],
    "qualifiers": ["qualifiers", "{f}", "-t", "open-a"],
    "export trf": ["export", "trf", "{f}", "open-a", "{f}"],
    "export papi": ["export", "papi", "{f}", "open-a", "{d}/pas-de-dossier/x.papi"],
    "print": ["print", "{f}", "classement", "-t", "open-a", "--pdf", "{f}"],
    "display": ["display", "{f}", "-t", "nulle-part"],
    "serve": ["serve", "{f}", "--port", "99999"],
    "publish": ["publish", "{f}", "{f}"],
    "qr": ["qr", "{f}", "{d}/qr.gif"],
    "ko status": ["ko", "status", "{f}", "-t", "open-a"],
    "ko close-registration": ["ko", "close-registration", "{f}", "-t", "open-ko"],
    "ko ranking": ["ko", "ranking", "{f}", "-t", "open-a"],
    "absent": ["absent", "{f}", "999", "blancs", "-t", "open-ko"],
    "decider": ["decider", "{f}", "999", "1-0", "-t", "open-ko"],
    "lucky-loser": ["lucky-loser", "{f}", "-t", "open-a"],
    "cup team": ["cup", "team", "{f}", "Club\u200bFantôme", "-t", "coupe"],
    "cup transfer": ["cup", "transfer", "{f}", "442", "99", "-t", "coupe"],
    "cup draw": ["cup", "draw", "{f}", "-t", "open-a"],
    "cup status": ["cup", "status", "{f}", "-t", "open-a"],
    "cup lineup": ["cup", "lineup", "{f}", "99", "1", "442", "-t", "coupe"],
    "cup result": ["cup", "result", "{f}", "99", "1", "1-0", "-t", "coupe"],
    "cup unconfirm": ["cup", "unconfirm", "{f}", "99", "-t", "coupe"],
    "cup director": ["cup", "director", "{f}", "99", "1", "-t", "coupe"],
    "cup report": ["cup", "report", "{f}", "99", "-t", "coupe"],
    "cup confirm": ["cup", "confirm", "{f}", "99", "arbitre", "-t", "coupe"],
    "cup breach": ["cup", "breach", "{f}", "99", "1", "retard", "-t", "coupe"],
    "cup equipment": ["cup", "equipment", "{f}", "99", "1", "1", "-t", "coupe"],
    "cup honours": ["cup", "honours", "{f}", "-t", "coupe", "--season", "pas-une-saison"],
    "cup sheet": ["cup", "sheet", "{f}", "99", "{d}/feuille.html", "-t", "coupe"],
    "verify": ["verify", "{f}", "999", "1-0", "-t", "open-a"],
    "settle": ["settle", "{f}", "999", "saisie", "-t", "open-a"],
    "appeal": ["appeal", "{f}", "Appel du club", "-t", "open-a", "--ronde", "9"],
    "ratings import": ["ratings", "import", "{f}", "--base", "{l}"],
    "ratings find": ["ratings", "find", "Dupont", "--base", "{f}"],
    "ratings check": [
        "ratings",
        "check",
        "{f}",
        "-t",
        "open-a",
        "--base",
        "{d}/pas-de-liste.sqlite",
    ],
    "import papi": ["import", "papi", "{p}", "{f}"],
}


def test_every_command_has_a_refusal_case() -> None:
    assert sorted(CASES) == sorted(name for name, _ in commands())


@pytest.fixture(scope="module")
def master(demo_master: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("refus-etat")
    from ...operations.test_rating_lists import write_fide_txt

    event = Path(shutil.copy(demo_master, folder / "demo.sqlite"))
    lists = folder / "listes-elo.sqlite"
    run_here("ratings", "import", str(write_fide_txt(folder / "fide.txt")), "--base", str(lists))
    run_here("export", "trf", str(event), "open-a", str(folder / "open.trf"))
    (folder / "joueurs.csv").write_text("nom;prenom;elo\nO'NEILL;Siobhán;99999\n", "utf-8")
    (folder / "vide.papi").write_bytes(bytes(range(256)) * 12)
    assert not list(folder.glob("*-wal")) and not list(folder.glob("*.sauvegardes"))
    return folder


def _state(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.name.endswith("-shm")
    }


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_refused_command_leaves_every_file_as_it_was(
    master: Path, tmp_path: Path, name: str
) -> None:
    work = Path(shutil.copytree(master, tmp_path / "evenement"))
    where = {"f": "demo.sqlite", "l": "listes-elo.sqlite", "t": "open.trf", "p": "vide.papi"}
    names = {"d": str(work), **{k: str(work / v) for k, v in where.items()}}
    names["c"] = str(work / "joueurs.csv")
    argv = [a.format(**names) for a in CASES[name]]
    before = _state(work)
    # the state is what is checked: in this process where it can be (4 ms against 0.2 s),
    # the commands that run until stopped in their own
    run = arbitre if argv[0] in _NOT_HERE else arbitre_here
    done = run(*argv)
    assert done.returncode == 2, (argv, done.returncode, done.stdout[-500:], done.stderr[-800:])
    said = done.stderr.strip()
    assert said.startswith("Refusé : "), said[:500]
    assert "Traceback" not in said and "Erreur inattendue" not in said
    assert_french(said.splitlines()[0])
    after = _state(work)
    changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    assert not changed, (argv, changed, said[:300])
