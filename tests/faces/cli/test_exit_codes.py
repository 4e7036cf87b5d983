"""Issue 53, point 9: the same fault the arbiter can fix exits 2 whichever command meets
it (README, « Codes de sortie »): an event in a folder that does not exist, for every
command that opens one; an output in a missing folder, on a full disk (/dev/full) or
onto a folder, for every command that writes one. Both lists come from the parser: a
command added without its case fails `test_every_command_is_covered`."""

from __future__ import annotations

from pathlib import Path

import pytest

from ...helpers.cli import _NOT_HERE, arbitre, arbitre_here, run_here
from ...helpers.parser import commands
from .test_refusals_leave_state import CASES as REFUSALS

# commands that open no event: a TRF, a list, a new file (their outputs are below)
NO_EVENT = frozenset(
    {"tiebreaks", "pair-trf", "check-pairings", "generate", "ratings import", "ratings find",
     "import papi", "new", "demo"}
)  # fmt: skip

# command -> its argv with {o} the output (the event {f}, the section open, a TRF {t})
OUTPUTS: dict[str, list[str]] = {
    "backup": ["backup", "{f}", "{o}"],
    "print-round": ["print-round", "{f}", "{o}"],
    "export trf": ["export", "trf", "{f}", "open", "{o}"],
    "export papi": ["export", "papi", "{f}", "open", "{o}"],
    "print": ["print", "{f}", "grille", "--pdf", "{o}"],
    "qr": ["qr", "{f}", "{o}"],
    "cup sheet": ["cup", "sheet", "{f}", "1", "{o}", "-t", "coupe"],
    "pair-trf": ["pair-trf", "{t}", "-p", "{o}"],
    "generate": ["generate", "{o}", "--players", "6", "--rounds", "2"],
    "publish": ["publish", "{f}", "{o}"],
    "new": ["new", "{o}", "--nom", "Autre"],
    "demo": ["demo", "{o}", "--no-open"],
    "import papi": ["import", "papi", "{p}", "{o}"],
    "ratings import": ["ratings", "import", "{l}", "--base", "{o}"],
}
SUFFIX = {"export papi": ".papi", "print": ".pdf", "qr": ".png", "publish": "",
          "cup sheet": ".html", "print-round": ".html"}  # fmt: skip
NOT_DEVICES = {  # an output that is a folder by nature, or a base SQLite must create
    "publish": "un dossier",
    "backup": "une base SQLite",
    "new": "une base SQLite",
    "demo": "une base SQLite",
    "import papi": "une base SQLite",
    "ratings import": "une base SQLite",
}


def _outputs_of_parser() -> set[str]:
    """Commands with an argument that names where they write."""
    words = ("SORTIE", "DESTINATION", "DOSSIER", "EVENEMENT")
    found = set()
    for name, p in commands():
        for a in p._actions:
            metavar = str(a.metavar or a.dest).upper()
            if any(w in metavar for w in words) or {"--pdf", "--output"} & set(a.option_strings):
                found.add(name)
    return found | {"new", "demo", "ratings import"}  # their first argument is created


def test_every_command_is_covered() -> None:
    names = {name for name, _ in commands()}
    assert set(REFUSALS) == names
    assert set(OUTPUTS) == _outputs_of_parser()
    assert names >= NO_EVENT


@pytest.mark.parametrize("name", sorted(n for n in REFUSALS if n not in NO_EVENT))
def test_an_event_in_a_missing_folder_exits_2(tmp_path: Path, name: str) -> None:
    missing = tmp_path / "absent" / "demo.sqlite"
    argv = list(REFUSALS[name])
    at = next(k for k, w in enumerate(argv) if "{f}" in w or "{d}" in w)  # the event
    argv[at] = str(missing)
    argv = [w.format(f=tmp_path / "x", d=tmp_path, l=tmp_path / "l", t=tmp_path / "t",
                     p=tmp_path / "p", c=tmp_path / "c") for w in argv]  # fmt: skip
    run = arbitre if argv[0] in _NOT_HERE else arbitre_here
    done = run(*argv)
    assert done.returncode == 2, (argv, done.returncode, done.stderr[-500:])
    assert done.stderr.startswith("Refusé : "), done.stderr[:300]
    assert not (tmp_path / "absent").exists()


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("sorties")
    path = folder / "e.sqlite"
    run_here("new", str(path), "--nom", "Open d'été")
    run_here("section", "add", str(path), "open", "--nom", "Open", "--systeme", "suisse",
             "--rondes", "5")  # fmt: skip
    run_here("section", "add", str(path), "coupe", "--nom", "Coupe", "--systeme", "coupe",
             "--rondes", "4")  # fmt: skip
    for name in ("O'NEILL", "D'ARTAGNAN", "DE LA FONTAINE-MÉRIGNAC", "CHÂTEAUBRIAND"):
        run_here("register", str(path), name, "--prenom", "Marie-Thérèse", "-t", "open")
    run_here("export", "trf", str(path), "open", str(folder / "open.trf"))
    (folder / "liste.txt").write_text("pas une liste\n", encoding="utf-8")
    (folder / "x.papi").write_bytes(b"\0" * 4096)
    return {"f": str(path), "t": str(folder / "open.trf"), "l": str(folder / "liste.txt"),
            "p": str(folder / "x.papi"), "d": str(folder)}  # fmt: skip


def _run(name: str, event: dict[str, str], out: str) -> tuple[int, str]:
    argv = [w.format(o=out, **event) for w in OUTPUTS[name]]
    done = (arbitre if argv[0] in _NOT_HERE else arbitre_here)(*argv)
    return done.returncode, done.stderr


@pytest.mark.parametrize("fault", ["dossier-absent", "disque-plein", "un-dossier"])
@pytest.mark.parametrize("name", sorted(OUTPUTS))
def test_an_output_the_arbiter_can_fix_exits_2(
    event: dict[str, str], tmp_path: Path, name: str, fault: str
) -> None:
    suffix = SUFFIX.get(name, ".sqlite" if name in NOT_DEVICES else ".trf")
    if fault == "dossier-absent":
        if name == "publish":
            pytest.skip("publish : le dossier du site est créé (son usage), parents compris")
        out = str(tmp_path / "absent" / f"sortie{suffix}")
    elif fault == "disque-plein":
        if name in NOT_DEVICES:
            pytest.skip(f"{name} : sa sortie est {NOT_DEVICES[name]}, pas un périphérique")
        out = "/dev/full"
    else:
        out = str(tmp_path)  # an existing folder where a file is expected
        if name == "publish":
            out = event["f"]  # publish: a file where a folder is expected
        elif name == "backup":
            pytest.skip("backup : un dossier donné y reçoit la copie (son usage)")
    before = sorted(p.name for p in Path(event["d"]).iterdir())
    code, said = _run(name, event, out)
    assert code == 2, (name, fault, code, said[-600:])
    assert said.startswith("Refusé : ") or "\nRefusé : " in said, said[:400]
    assert "Traceback" not in said and "Erreur inattendue" not in said
    assert sorted(p.name for p in Path(event["d"]).iterdir()) == before
    assert not (tmp_path / "absent").exists()
