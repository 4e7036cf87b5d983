"""Issue 53, point 8: `--json` always prints JSON — an empty list or object when there is
nothing (`round --json` on a section with no round printed « Aucune ronde appariée. »,
`explain --json` a sentence, `pair-trf --json --explain` the explanation's text after the
JSON, `pair-trf --json -p SORTIE` nothing at all) — on every command that offers it: the
list is taken from the parser, so a command given `--json` without a case here fails.

A refusal stays what it is without `--json`: exit 2, the reason in French on stderr and
nothing on stdout (a program reading stdout gets no half document; the exit code says
refused). Chosen so that `--json` never changes what a command does, only how it prints."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ...helpers.cli import arbitre, arbitre_here, run_here
from ...helpers.events import open_from_nothing
from ...helpers.parser import commands, options

# four players, no round played: what `pair-trf` pairs, where `check-pairings` has nothing
TRF = "\n".join(
    ["012 Open vide", "XXR 5"]
    + [
        f"001 {n:4d} m    {name:<33} {rating:4d} FRA {n:11d} 2000/01/01  0.0 {n:4d}"
        for n, name, rating in (
            (1, "DE LA FONTAINE-MÉRIGNAC, Jean", 2000),
            (2, "O'NEILL, Siobhán", 1900),
            (3, "D'ARTAGNAN, Charles", 1800),
            (4, "CHÂTEAUBRIAND, Marie", 1700),
        )
    ]
)

# command -> invocations on events holding nothing yet; {swiss} a Swiss section created
# from nothing, {ko} and {cup} the templates without players, {jeunes} the 003 template,
# {trf} the file above, {lists} rating lists imported, {out} a file to write
CASES: dict[str, list[str]] = {
    "show": ["{swiss}"],
    "journal": ["{swiss}", "{swiss} --limit 1"],
    "round": ["{swiss}", "{swiss} --ronde 3", "{ko}", "{cup}"],
    "cadence": ["{swiss}", "{cup}"],
    "players list": ["{swiss}", "{ko}"],
    "phones status": ["{swiss}"],
    "standings": ["{swiss}", "{ko}", "{cup}", "{jeunes} -t u8"],
    "prizes": [],  # no prize list is a refusal (below), as without --json
    "settings show": ["{swiss}"],
    "fees": ["{swiss}"],
    "explain": ["{swiss}", "{ko}", "{jeunes} -t u8"],
    "qualifiers": ["{jeunes} -t u8"],
    "ko status": ["{ko}"],
    "ko ranking": ["{ko}"],
    "cup status": ["{cup}"],
    "ratings find": ["Zzyzx --base {lists}"],
    "ratings check": ["{swiss} --base {lists}"],
    "tiebreaks": ["{trf}"],
    "pair-trf": ["{trf}", "{trf} --explain", "{trf} -p {out}", "{trf} --explain -p {out}"],
    "check-pairings": ["{trf}"],
}

# each command refused with --json: exit 2, French on stderr, stdout empty
REFUSED: dict[str, str] = {
    **{name: "{missing}" for name in CASES if name not in ("ratings find", "prizes")},
    "ratings find": "Durand --base {missing}",
    "prizes": "{swiss}",
    "ko status": "{swiss}",
    "cup status": "{swiss}",
}

EMPTY: dict[
    tuple[str, str], list[object] | dict[str, object]
] = {  # what « nothing » is, where the command's JSON is a list or an object
    ("round", "{swiss}"): [],
    ("round", "{swiss} --ronde 3"): [],
    ("explain", "{swiss}"): {},
    ("players list", "{swiss}"): [],
    ("standings", "{swiss}"): [],
    ("check-pairings", "{trf}"): [],
    ("ratings find", "Zzyzx --base {lists}"): [],
}


def _with_json() -> list[str]:
    return sorted(name for name, p in commands() if "--json" in options(p))


def test_every_command_with_json_has_its_cases() -> None:
    assert sorted(CASES) == _with_json()
    assert sorted(REFUSED) == _with_json()


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("json")
    from ...operations.test_rating_lists import write_fide_txt

    lists = folder / "listes.sqlite"
    run_here("ratings", "import", str(write_fide_txt(folder / "fide.txt")), "--base", str(lists))
    made = {"swiss": open_from_nothing(folder / "open.sqlite"), "lists": lists}
    for key, template in (
        ("ko", "open-ko"),
        ("cup", "coupe-alsace"),
        ("jeunes", "bas-rhin-jeunes"),
    ):
        made[key] = folder / f"{key}.sqlite"
        run_here("new", str(made[key]), "--template", template)
    (folder / "vide.trf").write_text(TRF + "\n", encoding="utf-8")
    made["trf"] = folder / "vide.trf"
    made["out"] = folder / "appariement.txt"
    made["missing"] = folder / "absent" / "rien.sqlite"
    return {k: str(v) for k, v in made.items()}


def _words(name: str, args: str, files: dict[str, str]) -> list[str]:
    return [*name.split(), *(w.format(**files) for w in args.split()), "--json"]


@pytest.mark.parametrize(("name", "args"), [(n, a) for n, cases in CASES.items() for a in cases])
def test_json_is_printed_even_when_there_is_nothing(
    files: dict[str, str], name: str, args: str
) -> None:
    words = _words(name, args, files)
    done = arbitre_here(*words)  # what is printed is checked here; exit codes below
    assert done.returncode == 0, (words, done.stdout[:300], done.stderr[:500])
    data: Any = json.loads(done.stdout)  # the whole of stdout, nothing before or after
    if (name, args) in EMPTY:
        assert data == EMPTY[name, args], (words, data)
    assert "Traceback" not in done.stderr


def test_pair_trf_writes_its_file_and_still_prints_json(files: dict[str, str]) -> None:
    out = Path(files["out"])
    out.unlink(missing_ok=True)
    done = arbitre("pair-trf", files["trf"], "--explain", "-p", str(out), "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["round"] == 1 and len(data["boards"]) == 2 and "explanation" in data
    assert out.read_text(encoding="utf-8").splitlines()[0] == "2"  # JaVaFo's form, as before


@pytest.mark.parametrize(("name", "args"), sorted(REFUSED.items()))
def test_a_refusal_with_json_is_french_on_stderr_and_nothing_on_stdout(
    files: dict[str, str], name: str, args: str
) -> None:
    words = _words(name, args, files)
    done = arbitre(*words)
    assert done.returncode == 2, (words, done.stdout[:300], done.stderr[:500])
    assert done.stdout == ""
    assert done.stderr.startswith("Refusé : "), done.stderr[:300]
    assert "Traceback" not in done.stderr and "Erreur inattendue" not in done.stderr
