"""One typed settings model (issue 28.3): every setting — type, default, French label,
each regulation's value — is a field of rules/settings/model.py, and every read goes
through it: an AST scan of src/ holds it (on the code before, it found 99 reads)."""

from __future__ import annotations

import ast

from arbitre_tui.rules.settings import (
    EVENT_SETTINGS,
    PROFILES,
    SETTINGS,
    EventSettings,
    SectionSettings,
    check,
)

from ..helpers.cli import ROOT

SRC = ROOT / "src" / "arbitre_tui"
# the model itself, and the store that writes the rows
OWNERS = ("rules/settings/", "store/")
# writes that merge new values into the stored mapping (or check a template's): they
# handle the raw mapping to write it, and read no setting from it
WRITE_PATHS = {
    ("operations/configuration.py", "update_event_settings"),
    ("operations/setup.py", "set_event"),
    ("operations/templates.py", "_tournament"),
    ("operations/templates.py", "create_from_template"),
}


def _is_settings_attr(node: ast.AST | None) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "settings"


def _is_settings_key(node: ast.AST) -> bool:
    """``x["settings"]`` or ``x.get("settings", …)``: the raw mapping of a row."""
    if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
        return isinstance(node.slice, ast.Constant) and node.slice.value == "settings"
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and bool(node.args)
        and isinstance(node.args[0], ast.Constant)
        and node.args[0].value == "settings"
    )


def _reads(tree: ast.AST) -> list[tuple[int, str, str]]:
    """(line, enclosing function, what) of every setting read by name or raw mapping."""
    found: list[tuple[int, str, str]] = []

    def walk(node: ast.AST, function: str) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            function = node.name
        what = ""
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name in ("setting", "setting_or_event"):
                what = f"{name}(…) by name"
            elif name == "get" and _is_settings_attr(getattr(node.func, "value", None)):
                what = ".settings.get(…)"
        load = isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load)
        if load and _is_settings_attr(getattr(node, "value", None)):
            what = ".settings[…]"
        if _is_settings_key(node):
            what = "the raw « settings » mapping"
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.NamedExpr)) and node.value:
            values = node.value.values if isinstance(node.value, ast.BoolOp) else [node.value]
            if any(_is_settings_attr(v) for v in values):
                what = "an alias of .settings"
        if what:
            found.append((getattr(node, "lineno", 0), function, what))
        for child in ast.iter_child_nodes(node):
            walk(child, function)

    walk(tree, "")
    return found


def test_no_setting_is_read_but_through_the_typed_model() -> None:
    """No `setting(t, "name")`, no `t.settings["…"]`/`.get`, no event["settings"] read, no
    alias of the raw mapping, anywhere in src/ but the model's module and the store."""
    faults = []
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if rel.startswith(OWNERS):
            continue
        for line, function, what in _reads(ast.parse(path.read_text("utf-8"))):
            if what == "the raw « settings » mapping" and (rel, function) in WRITE_PATHS:
                continue
            faults.append(f"{rel}:{line} ({function}): {what}")
    assert not faults, "réglages lus hors du modèle typé :\n" + "\n".join(faults)


def test_the_scan_can_fail() -> None:
    """Each way the issue found is caught (the scan is not vacuous)."""
    code = """
def f(t, ev):
    a = setting(t, "fee")
    b = t.settings["fee"]
    c = t.settings.get("fee")
    s = t.settings
    d = ev["settings"].get("federation")
    e = ev.get("settings") or {}
"""
    whats = [what for _, _, what in _reads(ast.parse(code))]
    assert len(whats) == 6, whats


def test_every_setting_typed_with_a_french_label_and_valid_regulation_values() -> None:
    """One place: each field has a label (French, not its name), a default its own type
    accepts, and each regulation's value passes the same check as a typed one."""
    for table, model in ((SETTINGS, SectionSettings), (EVENT_SETTINGS, EventSettings)):
        assert list(table) == list(model.model_fields)
        for name, known in table.items():
            assert known.help and known.help != name and " " in known.help, name
            check(name, known.default, table)
    assert PROFILES["002"]["lateness_minutes"] == 30 and PROFILES["000"]["lateness_minutes"] == 5
    for code, values in PROFILES.items():
        for name, value in values.items():
            assert check(name, value) == value, (code, name)
