"""The layers' import contracts, read from the source itself.

Every module under ``src/arbitre_tui`` is parsed with :mod:`ast`; every import counts,
at module level or deferred into a function (the house defers many imports for start-up
time, and a deferred import is a dependency all the same), relative ones resolved.
``tests/architecture/test_layers.py`` proves the other half in a subprocess: what importing the rules
core actually loads. ``[tool.importlinter]`` in ``pyproject.toml`` states the same layers
for ``lint-imports``.

A pair allowed to break a contract would be listed by name in ``KNOWN_VIOLATIONS`` with
its reason (none is, today), and a second test fails once a listed pair is gone, so the
list can only shrink.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.architecture.test_layers import FORBIDDEN as RULES_FORBIDDEN_LIBRARIES

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
PACKAGE = "arbitre_tui"

# A layer may import only these layers of the house (itself included).
ONLY: dict[str, frozenset[str]] = {
    "files": frozenset({"files"}),  # below every floor: what backups and exports share on disk
    "rules": frozenset({"rules"}),
    "store": frozenset({"files", "rules", "store"}),
}
# A layer must not import these layers of the house.
NEVER: dict[str, frozenset[str]] = {
    "operations": frozenset({"faces", "publish", "views"}),
    "views": frozenset({"faces"}),
    "publish": frozenset({"faces"}),
    "faces": frozenset({"store"}),
}
# Only the store opens the event file: nobody else even imports SQLite.
SQLITE = frozenset({"sqlite3", "_sqlite3", "sqlite_utils"})

# (importer, imported) pairs allowed to break a contract: none left (issue 15 moved the
# command line's backups and errors behind the operations). A pair added here needs its reason.
KNOWN_VIOLATIONS: dict[tuple[str, str], str] = {}


def _module_name(path: Path) -> tuple[str, bool]:
    """Dotted name of a source file, and whether it is a package's ``__init__``."""
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        return ".".join(parts[:-1]), True
    return ".".join(parts), False


def imports_of(path: Path) -> Iterator[str]:
    """Every module ``path`` imports, absolute, wherever the import statement stands."""
    module, is_package = _module_name(path)
    here = module.split(".") if is_package else module.split(".")[:-1]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                yield node.module or ""
                continue
            base = ".".join(here[: len(here) - (node.level - 1)])
            if node.module:
                yield f"{base}.{node.module}"
            else:  # from . import x: x is a module of the package
                yield from (f"{base}.{alias.name}" for alias in node.names)


def _graph() -> list[tuple[str, str]]:
    files = sorted((SRC / PACKAGE).rglob("*.py"))
    return [(_module_name(f)[0], imported) for f in files for imported in imports_of(f)]


GRAPH = _graph()


def _layer(module: str) -> str | None:
    """``rules`` for ``arbitre_tui.rules.trf``; None outside the house or at its top."""
    parts = module.split(".")
    return parts[1] if parts[0] == PACKAGE and len(parts) > 1 else None


def _top(module: str) -> str:
    return module.split(".")[0]


def layer_violations(graph: list[tuple[str, str]]) -> set[tuple[str, str]]:
    """The (importer, imported) pairs that break a contract between the house's layers."""
    bad = set()
    for importer, imported in graph:
        source, target = _layer(importer), _layer(imported)
        if source is None or _top(imported) != PACKAGE:
            continue
        if source in ONLY and target not in ONLY[source]:
            bad.add((importer, imported))  # the package top counts too: None is not allowed
        if target in NEVER.get(source, frozenset()):
            bad.add((importer, imported))
    return bad


def test_the_graph_is_read_whole() -> None:
    """Deferred and relative imports are in it: a contract over half a graph proves nothing."""
    pairs = set(GRAPH)
    # deferred into a function, written relative (faces/cli/launch.py, cmd_demo)
    assert ("arbitre_tui.faces.cli.launch", "arbitre_tui.operations.templates") in pairs
    # from . import x, at module level of a package's __init__
    assert ("arbitre_tui.operations", "arbitre_tui.operations.event") in pairs
    assert ("arbitre_tui.rules.swiss.checker", "arbitre_tui.rules.errors") in pairs  # ..errors
    modules = {importer for importer, _ in GRAPH}
    for layer in ("rules", "store", "operations", "publish", "faces"):
        assert any(_layer(m) == layer for m in modules), layer


def test_layers_import_only_downwards() -> None:
    """files: only files; rules: only rules; store: files, rules and store; operations: no face, publish or view;
    views and publish: no face; faces: never the store (but the listed pairs)."""
    unexpected = layer_violations(GRAPH) - KNOWN_VIOLATIONS.keys()
    assert not unexpected, "imports against the layers:\n" + "\n".join(
        f"  {a} imports {b}" for a, b in sorted(unexpected)
    )


def test_the_allow_list_only_shrinks() -> None:
    """A listed pair that no longer occurs is struck off the list, so it cannot come back."""
    gone = KNOWN_VIOLATIONS.keys() - layer_violations(GRAPH)
    assert not gone, "no longer imported, remove from KNOWN_VIOLATIONS:\n" + "\n".join(
        f"  {a} -> {b}" for a, b in sorted(gone)
    )


def test_rules_import_no_ui_database_or_network_library() -> None:
    """tests/architecture/test_layers.py's libraries, in the source: deferred imports included."""
    bad = sorted(
        (a, b) for a, b in GRAPH if _layer(a) == "rules" and _top(b) in RULES_FORBIDDEN_LIBRARIES
    )
    assert not bad, bad


def test_only_the_store_imports_sqlite() -> None:
    """The store is the only code that opens the event file; nothing else holds a driver."""
    bad = sorted((a, b) for a, b in GRAPH if _top(b) in SQLITE and _layer(a) != "store")
    assert not bad, bad


@pytest.mark.parametrize(
    ("importer", "imported", "layer_rule"),
    [
        ("arbitre_tui.rules.trf", "arbitre_tui.store.db", "rules"),
        ("arbitre_tui.rules.trf", "arbitre_tui", "rules"),
        ("arbitre_tui.rules.trf", "arbitre_tui.files.partials", "rules"),
        ("arbitre_tui.files.partials", "arbitre_tui.store.backup", "files"),
        ("arbitre_tui.store.repo", "arbitre_tui.operations.event", "store"),
        ("arbitre_tui.operations.swiss", "arbitre_tui.publish.site", "operations"),
        ("arbitre_tui.views.round_sheet", "arbitre_tui.faces.tui.app", "views"),
        ("arbitre_tui.publish.pdf", "arbitre_tui.faces.cli.main", "publish"),
        ("arbitre_tui.faces.web.server", "arbitre_tui.store.repo", "faces"),
    ],
)
def test_each_contract_catches_its_breach(importer: str, imported: str, layer_rule: str) -> None:
    """The checker itself, on one forbidden import per contract (and an allowed one)."""
    assert layer_violations([(importer, imported)]) == {(importer, imported)}, layer_rule
    assert layer_violations([("arbitre_tui.faces.cli.main", "arbitre_tui.operations")]) == set()


def _importlinter() -> list[dict[str, Any]]:
    with (ROOT / "pyproject.toml").open("rb") as f:
        contracts: list[dict[str, Any]] = tomllib.load(f)["tool"]["importlinter"]["contracts"]
    return contracts


def _house(module: str) -> str:
    return module.removeprefix(f"{PACKAGE}.")


def test_importlinter_states_the_same_contracts() -> None:
    """[tool.importlinter] forbids what this file forbids, for every layer that exists
    (views/ once it is there), with KNOWN_VIOLATIONS as its only ignored imports."""
    layers = {p.name for p in (SRC / PACKAGE).iterdir() if (p / "__init__.py").exists()}
    expected = {
        (source, target)
        for source in layers
        for target in layers
        if (source in ONLY and target not in ONLY[source])
        or target in NEVER.get(source, frozenset())
    }
    expected |= {(s, lib) for s in layers - {"store"} for lib in SQLITE - {"_sqlite3"}}
    stated: set[tuple[str, str]] = set()
    ignored: set[tuple[str, str]] = set()
    for contract in _importlinter():
        assert contract["type"] == "forbidden" and contract["allow_indirect_imports"] is True
        for source in contract["source_modules"]:
            for target in contract["forbidden_modules"]:
                stated.add((_house(source), _house(target)))
        for line in contract.get("ignore_imports", []):
            importer, imported = (part.strip() for part in line.split("->"))
            ignored.add((importer, imported))
    assert expected <= stated, sorted(expected - stated)
    assert {("rules", lib) for lib in RULES_FORBIDDEN_LIBRARIES if lib != "_sqlite3"} <= stated
    assert ignored == KNOWN_VIOLATIONS.keys()


_LINT_IMPORTS = (
    "import sys; from importlinter.cli import lint_imports_command as c; c(sys.argv[1:])"
)


def test_lint_imports_keeps_every_contract() -> None:
    """The real tool, on the installed package: every contract KEPT."""
    out = subprocess.run(
        [sys.executable, "-c", _LINT_IMPORTS, "--no-cache"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert " 0 broken" in out.stdout and "BROKEN" not in out.stdout


def private_reaches(path: Path) -> list[str]:
    """``alias._name`` where ``alias`` is a module of the house imported by ``path``: a
    private helper used across a module boundary (as the cup screen once did)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    modules: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (
            node.level > 0 or (node.module or "").startswith(PACKAGE)
        ):
            modules |= {alias.asname or alias.name for alias in node.names}
        elif isinstance(node, ast.Import):
            modules |= {a.asname or a.name for a in node.names if a.name.startswith(PACKAGE)}
    return [
        f"{path.name}:{node.lineno} {node.value.id}.{node.attr}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id in modules
        and node.attr.startswith("_")
        and not node.attr.startswith("__")
    ]


def test_faces_views_and_publish_use_no_private_helper(tmp_path: Path) -> None:
    """Faces, views and publish call what the lower layers make public, never ``ops._x``;
    the checker itself is tried on a line that breaks the rule."""
    bad = [
        hit
        for layer in ("faces", "views", "publish")
        for f in sorted((SRC / PACKAGE / layer).rglob("*.py"))
        for hit in private_reaches(f)
    ]
    assert not bad, bad
    probe = tmp_path / "probe.py"
    probe.write_text("from ..operations import cup as ops\nops._match(1)\nops.matches(1)\n")
    assert private_reaches(probe) == ["probe.py:2 ops._match"]


def test_operations_change_the_file_through_the_event_context() -> None:
    """Issue 15's event context: every operation writes through ``service.write(op, args)``
    (one journaled transaction); only ``EventContext.write`` itself opens the journal's."""
    callers = [
        f"{f.relative_to(SRC)}: {line.strip()}"
        for f in sorted((SRC / PACKAGE / "operations").rglob("*.py"))
        for line in f.read_text(encoding="utf-8").splitlines()
        if "journal.operation(" in line
    ]
    assert callers == ["arbitre_tui/operations/context.py: return self.journal.operation(op, args)"]
