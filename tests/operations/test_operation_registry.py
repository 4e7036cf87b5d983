"""The operation registry (issue 28.4, 35.13): every journaled name has its French label,
no label is dead, undo and `arbitre journal` speak French from it, and what removes many
rows at once (an import, a section) asks first — on an event made from nothing."""

from __future__ import annotations

import ast
import json
import re
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from arbitre_tui.operations.registry import Operation
from arbitre_tui.operations.wording import describe_operation, journal_line

from ..helpers.cli import arbitre

SRC = Path(__file__).resolve().parents[2] / "src" / "arbitre_tui"
REGISTRY = SRC / "operations" / "registry.py"


def _journaled() -> dict[str, list[str]]:
    """Every operation name the code journals, with where: the names passed to
    ``Journal.operation`` as text (the store's own « undo ») and every registry member
    the code names (``service.write(Operation.X, …)``, or one kept in a variable first)."""
    found: dict[str, list[str]] = {}
    for path in SRC.rglob("*.py"):
        if path == REGISTRY:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = str(path.relative_to(SRC))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "Operation"
            ):
                found.setdefault(node.attr.lower(), []).append(where)
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("operation", "write")
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
                and re.fullmatch(r"[a-z_]+", node.args[0].value)
            ):
                found.setdefault(node.args[0].value, []).append(where)
    return found


def test_every_journaled_name_has_its_label_and_none_is_dead() -> None:
    journaled = _journaled()
    names = {op.value for op in Operation}
    unknown = {name: where for name, where in journaled.items() if name not in names}
    assert not unknown, f"journaled without a label in operations/registry.py: {unknown}"
    dead = names - set(journaled)
    assert not dead, f"labels no code journals: {sorted(dead)}"
    assert len(names) > 50  # the scan found the operations, not nothing
    for op in Operation:
        assert op.label and "_" not in op.label, op
        assert (op.asks is None) == (op.why == ""), op


def test_writes_name_a_registry_operation_never_a_text() -> None:
    """``service.write("x", …)`` would journal a name the registry does not know."""
    for path in (SRC / "operations").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "write"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                pytest.fail(f"{path.name}:{node.lineno}: write({node.args[0].value!r}) by text")


def test_the_store_holds_no_operation_label() -> None:
    """Labels belong to operations: the store persists names, and says nothing of them."""
    texts = {
        node.value
        for path in (SRC / "store").rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }
    labels = {op.label for op in Operation} | {op.asks for op in Operation if op.asks}
    assert not labels & texts
    schema = set(re.findall(r"\w+", (SRC / "store" / "schema.py").read_text("utf-8")))
    names = {op.value for op in Operation} & texts - schema  # not a table's or column's name
    assert names <= {"undo"}, names  # the one operation the store itself journals


def test_every_argument_is_said_in_french() -> None:
    """Every field of every operation's record (issue 54.2: the words come from its type)
    has its words: the line holds no « key : », no English name, no JSON."""
    from arbitre_tui.operations.journal_args import ARGS

    args: dict[str, Any] = {
        "tournament": "open-a",
        "key": "open-a",
        "round": 2,
        "board": 3,
        "name": "DUPONT Jean",
        "result": "1-0",
        "side": "white",
        "checked": False,
        "checked_in": True,
        "player": 4,
        "players": [4, 5],
        "paid": True,
        "opt_out": True,
        "enabled": True,
        "city": "Colmar",
        "changes": {"cycles": 2},
        "start": "2027-01-16T14:00:00",
        "at": "2027-01-16T23:00:00",
        "colour": "black",
        "kind": "illegal_move",
        "match": 1,
        "team": 2,
        "club": "Colmar Échecs",
        "rounds": [1, 3],
        "which": "title",
        "who": "capitaine-recevant",
        "reason": "joueur non qualifié",
        "boards": [1, 2],
        "season": "2026-2027",
        "finalist": "Mulhouse",
        "keep": "feuille",
        "address": "192.168.1.20",
        "entries": 12,
        "system": "suisse",
        "steps": ["add_club", "add_team"],
        "target": 7,
        "op": "record_result",
        "what": "échiquier 1, 1-0",
    }
    for op in Operation:
        cls = ARGS.get(op)
        if cls is None:  # not typed yet: said by the names of its keys
            said = args
        else:
            said = {f.name: args[f.name] for f in fields(cls) if f.name in args}
            assert cls.from_stored(said).stored() == {"v": 2, **said}, op  # read back as written
        line = journal_line(op.value, said)
        assert not re.search(r"\b[a-z]+_[a-z_]+\b|[{}\[\]]", line), (op, line)
        for key, value in said.items():  # an argument without words is said « key : value »
            assert f"{key} :" not in journal_line(op.value, {key: value}), (op, key)
    assert journal_line("record_result", {"odd": 1}) == "résultat — odd : 1"  # the fallback
    assert journal_line("import_roster", {}) == "opération « import_roster »"  # an old file's


def _new_event(tmp_path: Path) -> Path:
    path = tmp_path / "ev.sqlite"
    for args in (
        ("new", str(path), "--nom", "Open de Colmar"),
        (
            "section",
            "add",
            str(path),
            "open-a",
            "--nom",
            "Open A",
            "--systeme",
            "suisse",
            "--rondes",
            "5",
        ),
    ):
        out = arbitre(*args)
        assert out.returncode == 0, out.stderr
    return path


def _journal(path: Path) -> list[dict[str, Any]]:
    out = arbitre("journal", str(path), "--json")
    assert out.returncode == 0, out.stderr
    entries: list[dict[str, Any]] = json.loads(out.stdout)
    return entries


def _players(path: Path) -> list[dict[str, Any]]:
    out = arbitre("show", str(path), "--json")
    assert out.returncode == 0, out.stderr
    players: list[dict[str, Any]] = json.loads(out.stdout)["players"]
    return players


def test_undo_of_a_bulk_import_asks_first(tmp_path: Path) -> None:
    """35.13: 120 players removed by one undo only once the arbiter said yes."""
    path = _new_event(tmp_path)
    csv = tmp_path / "joueurs.csv"
    rows = "".join(f"Joueur{i},Jean,{1200 + i}\n" for i in range(120))
    csv.write_text("nom,prenom,elo_fide\n" + rows, encoding="utf-8")
    out = arbitre("players", "import", str(path), str(csv), "-t", "open-a")
    assert out.returncode == 0, out.stderr
    out = arbitre("undo", str(path))
    assert out.returncode == 2, out
    assert "Annuler l'import de joueurs" in out.stderr and "120 joueurs" in out.stderr, out
    assert "--confirm" in out.stderr and "Traceback" not in out.stderr
    assert len(_players(path)) == 120  # nothing changed
    out = arbitre("undo", str(path), "--confirm")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("Annulé : import de joueurs"), out.stdout
    assert _players(path) == []
    out = arbitre("redo", str(path))  # the players back: asked too, in the redo's words
    assert out.returncode == 2 and "Les 120 joueurs importés reviendront" in out.stderr, out
    assert arbitre("redo", str(path), "--confirm").returncode == 0
    assert len(_players(path)) == 120


def test_undo_of_a_section_s_creation_or_removal_asks_first(tmp_path: Path) -> None:
    path = _new_event(tmp_path)
    out = arbitre("undo", str(path))
    assert out.returncode == 2 and "Annuler la création du tournoi" in out.stderr, out
    out = arbitre("register", str(path), "-t", "open-a", "Dupont", "--prenom", "Jean")
    assert out.returncode == 0, out.stderr
    out = arbitre("section", "remove", str(path), "open-a", "--confirm")
    assert out.returncode == 0, out.stderr
    out = arbitre("undo", str(path))
    assert out.returncode == 2, out
    assert "Annuler la suppression du tournoi" in out.stderr and "1 joueurs" in out.stderr, out
    assert _players(path) == []
    out = arbitre("undo", str(path), "--confirm")
    assert out.returncode == 0, out.stderr
    assert "Annulé : tournoi supprimé, Open A" in out.stdout, out.stdout
    assert [p["surname"] for p in _players(path)] == ["Dupont"]


def test_register_checked_in_is_one_entry_one_undo(tmp_path: Path) -> None:
    """35.13: `register --pointe` is one journal entry: one undo leaves nobody registered."""
    path = _new_event(tmp_path)
    before = len(_journal(path))
    out = arbitre("register", str(path), "-t", "open-a", "Dupont", "--prenom", "Jean", "--pointe")
    assert out.returncode == 0, out.stderr
    added = _journal(path)[before:]
    assert [e["op"] for e in added] == ["register_player"], added
    assert [p["checked_in"] for p in _players(path)] == [1]
    out = arbitre("undo", str(path))
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("Annulé : inscription, DUPONT Jean"), out.stdout
    assert _players(path) == []
    assert "pointé" in added[0]["description"]


def test_undo_and_journal_speak_french(tmp_path: Path) -> None:
    """« Annulé : équipe engagée, Colmar Échecs », never « enter team »; `arbitre journal`
    prints each entry in words: no English name, no JSON."""
    path = _new_event(tmp_path)
    cup = ("section", "add", str(path), "coupe", "--nom", "Coupe", "--systeme", "coupe")
    out = arbitre(*cup, "--rondes", "3")
    assert out.returncode == 0, out.stderr
    out = arbitre("cup", "team", str(path), "Colmar Échecs", "-t", "coupe")
    assert out.returncode == 0, out.stderr
    out = arbitre("undo", str(path))
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("Annulé : équipe engagée, Colmar Échecs"), out.stdout
    for args in (
        ("register", str(path), "-t", "open-a", "Dupont", "--prenom", "Jean", "--pointe"),
        ("register", str(path), "-t", "open-a", "Martin", "--prenom", "Paul"),
        ("checkin", str(path), "2"),
        ("pair", str(path), "-t", "open-a"),
        ("result", str(path), "1", "1-0", "-t", "open-a"),
        ("settings", "set", str(path), "-t", "open-a", "verify_results", "oui"),
    ):
        out = arbitre(*args)
        assert out.returncode == 0, out
    out = arbitre("journal", str(path))
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "équipe engagée, Colmar Échecs — tournoi coupe ; club Colmar Échecs" in text, text
    assert "avec : club ajouté" in text, text
    assert "réglages — tournoi open-a ; verify_results = oui" in text, text
    assert "inscription, DUPONT Jean — tournoi open-a ; pointé" in text, text
    assert "annulation de « équipe engagée, Colmar Échecs »" in text, text
    assert "(annulée)" in text and "appariement" in text, text
    assert "ronde 1, échiquier 1, 1-0" in text, text
    names = {op.value for op in Operation}
    words = set(re.findall(r"[a-z_]+", text))
    assert not words & names - {"undo"} and "undo" not in text.split(), text
    assert not re.search(r"[{}\[\]\"]", text), text
    for entry in _journal(path):  # --json keeps the names as stored, and the words beside
        assert entry["op"] in names
        assert entry["description"] == journal_line(entry["op"], entry["args"])


def test_described_as_before() -> None:
    """The words undo already said keep their shape (issue 13's « échiquier 5, 1-0 »)."""
    assert describe_operation("record_result", {"round": 2, "board": 5, "result": "1-0"}) == (
        "échiquier 5, 1-0"
    )
    assert describe_operation("cup_draw", {"round": 1}) == "tirage de la coupe, tour 1"
    assert describe_operation("check_in", {"checked": False, "name": "X"}) == "pointage retiré, X"
