"""argparse's own words in French through a gettext catalogue (issues 54.7 and 55.3).

argparse asks gettext for every word it writes; ``faces/cli/locale/fr/LC_MESSAGES/
argparse.po`` answers while it speaks (``errors.speaking_french``). Each kind of error it
can raise is provoked here through the real `arbitre` process: exit 2, one « Refusé : »
line and no English word of argparse's messages, whatever the machine's language.
"""

from __future__ import annotations

import argparse
import ast
import gettext
import os
import re
import subprocess
from pathlib import Path

import pytest

from arbitre_tui.faces.cli import errors
from arbitre_tui.publish import msgfmt

from ...helpers.cli import ARBITRE, ROOT, arbitre

PO = errors.LOCALE / "fr" / "LC_MESSAGES" / f"{errors.DOMAIN}.po"
F = "absent.sqlite"  # argparse refuses before any file is opened


def _argparse_messages() -> dict[str, str | None]:
    """Every msgid the running Python's argparse asks gettext for (its `_()` and
    `ngettext()` calls), with its plural."""
    tree = ast.parse(Path(argparse.__file__).read_text(encoding="utf-8"))
    found: dict[str, str | None] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            texts = [a.value for a in node.args if isinstance(a, ast.Constant)]
            if node.func.id == "_" and texts and isinstance(texts[0], str):
                found[texts[0]] = None
            elif node.func.id == "ngettext" and len(texts) >= 2:
                found[str(texts[0])] = str(texts[1])
    return found


# argparse's messages to the programmer who builds a parser wrong: a test fails first,
# the arbiter never reads them
TO_THE_PROGRAMMER = {
    "'required' is an invalid argument for positionals",
    "%r is not callable",
    ".__call__() not defined",
    "cannot have multiple subparser arguments",
    "cannot merge actions - two groups are named %r",
    "conflicting subparser alias: %s",
    "conflicting subparser: %s",
    "conflicting option string: %s",
    "dest= is required for options like %r",
    "invalid conflict_resolution value: %r",
    "invalid option string %(option)r: must start with a character %(prefix_chars)r",
    "mutually exclusive arguments must be optional",
}

CATALOGUE = msgfmt.parse(PO.read_text(encoding="utf-8"))
FRENCH = " ".join(CATALOGUE.values())
# every word of argparse's messages that French does not write too (« argument »,
# « options », « mode » are both), of three letters or more (« a » is French as well)
ENGLISH = {
    word
    for text in [*_argparse_messages(), *filter(None, _argparse_messages().values())]
    for word in re.findall(r"[a-z]+(?:'[a-z]+)?", re.sub(r"%(\(\w+\))?\w", " ", text))
    if len(word) > 2
} - set(re.findall(r"[a-z]+", FRENCH.lower()))


def english_words(text: str) -> set[str]:
    """argparse's English words in a message, what the arbiter typed (« … », the choices
    listed) and the command's usage line aside."""
    first = text.splitlines()[0] if text else ""
    first = re.sub(r"«[^»]*»|\(parmi [^)]*\)|(?<!\w)-[-\w]+", " ", first)
    return ENGLISH & set(re.findall(r"[a-z]+(?:'[a-z]+)?", first.lower()))


def test_the_english_words_are_argparses() -> None:
    """The list the tests look for is argparse's own vocabulary, not a guess."""
    assert {"invalid", "choose", "required", "unrecognized", "expected", "ambiguous"} <= ENGLISH
    assert {"allowed", "ignored", "usage", "positional", "show", "exit"} <= ENGLISH
    assert not {"argument", "arguments", "options"} & ENGLISH
    assert english_words("argument X: invalid choice: 'x' (choose from 'a')") == {
        "invalid",
        "choice",
        "choose",
        "from",
    }


def test_every_message_argparse_can_show_the_arbiter_is_translated() -> None:
    """The running Python's argparse (3.11 to 3.13 are in the catalogue): a message it adds
    in a later version fails here, named, until the catalogue has it."""
    missing = [m for m in _argparse_messages() if m not in TO_THE_PROGRAMMER]
    missing = [m for m in missing if not any(k.split("\0")[0] == m for k in CATALOGUE)]
    assert not missing, missing


def _placeholders(text: str) -> list[str]:
    return sorted(re.findall(r"%\((\w+)\)|%[sr]", text))


@pytest.mark.parametrize("key", [k for k in CATALOGUE if k], ids=lambda k: k[:30])
def test_each_translation_takes_argparses_values(key: str) -> None:
    """A French text asks for no value argparse does not give (it would crash the
    refusal): the same placeholders, the type's name aside (a function's, in English)."""
    msgid = key.split("\0")[0]
    for french in CATALOGUE[key].split("\0"):
        expected = [p for p in _placeholders(msgid) if p != "type"]
        assert _placeholders(french) == expected, (msgid, french)


# -- through the real process ---------------------------------------------------------------

CASES: dict[str, tuple[list[str], str]] = {
    "sans-commande": ([], "argument requis : COMMANDE"),
    "commande-inconnue": (["frobnicate"], "argument COMMANDE : choix invalide « frobnicate »"),
    "choix-invalide": (
        ["playoff", F, "finale"],
        "argument BARRAGE : choix invalide « finale » (parmi 'title', 'titre', 'qualification')",
    ),
    "argument-requis": (["result", F, "1"], "argument requis : RÉSULTAT"),
    "en-trop": (["show", F, "--jsn"], "arguments en trop ou inconnus : --jsn"),
    "une-valeur-attendue": (["result", F, "1", "1", "-t"], "une valeur attendue"),
    "quatre-valeurs": (
        ["playoff", F, "title", "--match", "1", "2"],
        "argument --match : 4 valeurs attendues",
    ),
    "option-ambigue": (
        ["pair", F, "--s"],
        "option ambiguë : --s peut être --seed, --sans-non-pointes",
    ),
    "incompatibles": (
        ["lucky-loser", F, "--reachable", "--not-reachable"],
        "argument --not-reachable : incompatible avec --reachable",
    ),
    "valeur-en-trop": (["result", F, "1", "1", "--confirm=oui"], "valeur « oui » en trop"),
    "entier-invalide": (["result", F, "abc", "1"], "valeur entière invalide « abc »"),
}


@pytest.mark.parametrize("case", list(CASES))
def test_each_argparse_error_is_one_french_refusal(case: str) -> None:
    args, said = CASES[case]
    run = arbitre(*args)
    assert run.returncode == 2, run.stderr
    assert run.stderr.startswith(f"Refusé : {said}") or f" {said}" in run.stderr, run.stderr
    assert not english_words(run.stderr), (english_words(run.stderr), run.stderr)
    usage = run.stderr.splitlines()[1]
    assert usage.startswith("utilisation : arbitre"), run.stderr
    assert "Traceback" not in run.stderr and run.stdout == ""


def _in(env: dict[str, str | None], *args: str) -> subprocess.CompletedProcess[str]:
    """`arbitre` started with the machine's language variables set (or unset: None)."""
    given = {k: v for k, v in os.environ.items() if k not in env}
    given |= {k: v for k, v in env.items() if v is not None}
    return subprocess.run(
        [*ARBITRE, *args], capture_output=True, text=True, cwd=ROOT, env=given, timeout=120
    )


LANGUAGES: dict[str, dict[str, str | None]] = {
    "sans-langue": dict.fromkeys(("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")),
    "anglais": {"LANGUAGE": "en_US:en", "LC_ALL": "en_US.UTF-8", "LANG": "en_US.UTF-8"},
    "allemand": {"LANGUAGE": "de", "LANG": "de_DE.UTF-8"},
    "C": {"LANGUAGE": None, "LC_ALL": "C", "LANG": "C"},
}


@pytest.mark.parametrize("machine", list(LANGUAGES))
def test_french_whatever_the_machines_language(machine: str) -> None:
    """gettext reads the machine's language: the command line is French on every one."""
    env = LANGUAGES[machine]
    run = _in(env, "playoff", F, "title", "--match", "1")
    assert run.returncode == 2 and "4 valeurs attendues" in run.stderr, run.stderr
    assert not english_words(run.stderr), run.stderr
    shown = _in(env, "result", "--help")
    assert shown.stdout.startswith("utilisation : arbitre result"), shown.stdout
    assert "afficher cette aide et quitter" in shown.stdout
    assert "\narguments:\n" in shown.stdout and "positional" not in shown.stdout


def test_the_help_has_none_of_argparses_english() -> None:
    """Every phrase argparse adds to a help (its titles, `-h`'s line, the usage word), in
    the top help and a command's."""
    phrases = [
        part.strip()
        for message in _argparse_messages()
        for part in re.split(r"%(?:\(\w+\))?\w", message)
        if len(part.strip()) > 4 and set(re.findall("[a-z]+", part.lower())) & ENGLISH
    ]
    assert "show this help message and exit" in phrases and "usage:" in phrases
    for args in (["--help"], ["result", "--help"], ["ko", "--help"]):
        text = arbitre(*args).stdout
        assert text.startswith("utilisation : arbitre"), text
        assert not [p for p in phrases if p in text], args


def test_speaking_french_leaves_the_process_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    """The switches are put back: nothing else of the process speaks French because of
    argparse, and no process it starts inherits the language."""
    from arbitre_tui.faces.cli.main import build_parser

    monkeypatch.setenv("LANGUAGE", "de")
    before = gettext.textdomain()
    parser = build_parser("result")
    assert parser.format_help().startswith("utilisation : arbitre")
    with pytest.raises(SystemExit):
        parser.parse_args(["result", "--help"])
    assert os.environ["LANGUAGE"] == "de" and gettext.textdomain() == before
    monkeypatch.delenv("LANGUAGE")
    with pytest.raises(SystemExit):
        build_parser().parse_args(["frobnicate"])
    assert "LANGUAGE" not in os.environ and gettext.textdomain() == before


def test_messages_no_command_reaches_today_are_french_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A value a type refuses with Python's ValueError (« invalid float value: 'x' »), a
    required choice between options: no command has them today, the next one may."""
    parser = errors.FrenchParser(prog="arbitre essai")
    parser.add_argument("--cadence", type=float)
    either = parser.add_mutually_exclusive_group(required=True)
    either.add_argument("--oui", action="store_true")
    either.add_argument("--non", action="store_true")
    for args, said in (
        (["--oui", "--cadence", "x"], "argument --cadence : valeur invalide « x »"),
        ([], "l'un des arguments --oui --non est requis"),
    ):
        with pytest.raises(SystemExit) as stop:
            parser.parse_args(args)
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert err.startswith(f"Refusé : {said}. Voyez « arbitre essai --help »."), err
        assert not english_words(err), err


def test_the_catalogue_is_where_the_package_data_says() -> None:
    """The .mo beside its .po (compiled by publish/msgfmt, checked by test_languages) and
    listed in pyproject's package data, so a wheel speaks French too."""
    assert PO.with_suffix(".mo").read_bytes() == msgfmt.compile_file(PO)
    assert PO in msgfmt.catalogues()
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"faces/cli/locale/*/LC_MESSAGES/*.mo"' in pyproject
