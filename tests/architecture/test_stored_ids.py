"""A model read from the store has its id (issue 28.4): every read returns the stored
form (``StoredPlayer``, ``StoredTournament``…, rules/models.py) whose ``id`` — and a
player's or team's ``tournament_id`` — is an ``int``, never None. No code checks it
again: an AST scan of src/ finds no ``x.id or 0`` and no ``x.id is (not) None`` (on the
code before, it found 155: 65 ``or 0``, 74 ``is not None`` — asserts and filters — and
16 ``is None``).

The optional foreign keys are other names and stay checked where they may be None:
``black_id`` (a bye), ``away_team_id`` (an exempt team), ``game_id`` (an incident off
the board), ``team_id``, ``winner_team_id``.
"""

from __future__ import annotations

import ast

from ..helpers.cli import ROOT

SRC = ROOT / "src" / "arbitre_tui"
STORED_IDS = frozenset({"id", "tournament_id"})  # never None once read from the store


def _stored_id(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr in STORED_IDS


def _none(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _checks(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, code) of every ``x.id or 0`` and ``x.id is (not) None`` in ``tree``."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
            first, *rest = node.values
            if _stored_id(first) and any(
                isinstance(v, ast.Constant) and v.value == 0 for v in rest
            ):
                found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Compare) and isinstance(node.ops[0], ast.Is | ast.IsNot):
            pair = (node.left, node.comparators[0])
            if any(_stored_id(a) and _none(b) for a, b in (pair, pair[::-1])):
                found.append((node.lineno, ast.unparse(node)))
    return found


def test_no_stored_id_is_checked_again() -> None:
    """A stored model's id is an int: neither ``or 0`` nor a None check hides a None."""
    faults = [
        f"{path.relative_to(SRC).as_posix()}:{line}: {code}"
        for path in sorted(SRC.rglob("*.py"))
        for line, code in _checks(ast.parse(path.read_text("utf-8")))
    ]
    assert not faults, (
        "id d'un modèle lu du store vérifié à nouveau (lisez-le par le modèle stocké, "
        "StoredPlayer…, dont l'id est un int) :\n" + "\n".join(faults)
    )


def test_the_scan_can_fail() -> None:
    """Each form the issue found is caught, and the optional foreign keys are not."""
    code = """
def f(t, p, g, rnd, i):
    assert t.id is not None
    assert p.tournament_id is not None
    a = store.players(t.id or 0)
    b = {q.id: q for q in people if q.id is not None}
    if rnd is None or rnd.id is None:
        return None
    c = g.black_id if g.black_id is not None else None
    d = i.game_id or 0
    e = m.away_team_id or 0
"""
    assert sorted(line for line, _ in _checks(ast.parse(code))) == [3, 4, 5, 6, 7]
