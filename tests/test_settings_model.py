"""One typed settings model (issue 28.3) and settings out of range refused (issue 35.12).

Every setting — type, default, French label, each regulation's value — is a field of
rules/settings.py's model, and every read goes through it: an AST scan of src/ holds it.
Out-of-range values are refused in French, exit 2, nothing changed, through the real
command line on an event created from nothing; the Réglages screen shows the labels.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from arbitre_tui.operations import EventService
from arbitre_tui.rules.errors import RuleError
from arbitre_tui.rules.settings import (
    EVENT_SETTINGS,
    PROFILES,
    RETIRED,
    SETTINGS,
    EventSettings,
    SectionSettings,
    check,
)

from .helpers.cli import ROOT, arbitre

SRC = ROOT / "src" / "arbitre_tui"
# the model itself, and the store that writes the rows
OWNERS = ("rules/settings.py", "store/")
# writes that merge new values into the stored mapping (or check a template's): they
# handle the raw mapping to write it, and read no setting from it
WRITE_PATHS = {
    ("operations/event.py", "update_event_settings"),
    ("operations/setup.py", "set_event"),
    ("operations/templates.py", "_tournament"),
    ("operations/templates.py", "create_from_template"),
}


def _is_settings_attr(node: ast.AST) -> bool:
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


def _event(tmp_path: Path, *sections: list[str]) -> str:
    """`arbitre new` then `arbitre section add`: an event from nothing."""
    path = str(tmp_path / "e.sqlite")
    out = arbitre("new", path, "--nom", "Open de Printemps", "--lieu", "Colmar")
    assert out.returncode == 0, out.stderr
    for args in sections:
        out = arbitre("section", "add", path, *args)
        assert out.returncode == 0, out.stderr
    return path


OPEN = ["open", "--nom", "Open", "--systeme", "suisse", "--rondes", "5", "--cadence", "90+30"]
HUGE = "x" * 100_000

REFUSED = {
    "elo-max-sous-min": (["max_rating", "1500"], "1500 est sous l'Elo minimal (2000)"),
    "bye-au-dela": (["half_point_byes_forbidden_rounds", "[4, 7]"], "ronde 7, mais Open compte 5"),
    "bye-ronde-0": (["half_point_byes_forbidden_rounds", "[0]"], "ronde 0, mais Open compte 5"),
    "categorie": (["category", "U999"], "une catégorie d'âge de la FFE est attendue"),
    "couleurs-5": (["board_colours_home", "WBBWB"], "(5 lettres pour 4 échiquiers)"),
    "couleurs-blancs": (["board_colours_home", "WWWB"], "autant de W que de B"),
    "organisateur-geant": (["organiser", HUGE], "100\u202f000 caractères, 200 au plus"),
    "lieu-geant": (["venue", HUGE], "100\u202f000 caractères, 200 au plus"),
    "tenant-geant": (["holder", HUGE], "100\u202f000 caractères"),
    "adjoints-geants": (["arbiters", f"A; {HUGE}"], "100\u202f000 caractères"),
    "arbitre-evenement-geant": (["chief_arbiter", HUGE], "100\u202f000 caractères"),
    "federation-geante": (["federation", HUGE], "100\u202f000 caractères"),
    "adresse-geante": (["base_url", "http://" + HUGE], "une adresse http://… est attendue"),
    "retire": (["result_deadline", "00:00"], "Réglage « result_deadline » retiré : "),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_out_of_range_settings_refused_in_french_and_nothing_changed(
    tmp_path: Path, case: str
) -> None:
    path = _event(tmp_path, OPEN)
    first = arbitre("settings", "set", path, "min_rating", "2000")
    assert first.returncode == 0, first.stderr
    before = EventService(path)._store.snapshot()
    args, words = REFUSED[case]
    out = arbitre("settings", "set", path, *args)
    assert out.returncode == 2, (out.stdout, out.stderr)
    assert words in out.stderr, out.stderr
    assert "Traceback" not in out.stderr and len(out.stderr) < 600  # the value cut, not echoed
    assert EventService(path)._store.snapshot() == before


def test_values_in_range_still_accepted(tmp_path: Path) -> None:
    """The bounds are not a wall: the same settings inside them are written."""
    path = _event(tmp_path, OPEN)
    for name, value in (
        ("min_rating", "1500"),
        ("max_rating", "2000"),
        ("half_point_byes_forbidden_rounds", "[4, 5]"),
        ("category", "u12f"),
        ("board_colours_home", "bwwb"),
        ("organiser", "o" * 200),
    ):
        out = arbitre("settings", "set", path, name, value)
        assert out.returncode == 0, (name, out.stderr)
    shown = json.loads(arbitre("settings", "show", path, "--json").stdout)
    assert shown["category"] == "U12F" and shown["board_colours_home"] == "BWWB"
    assert shown["half_point_byes_forbidden_rounds"] == [4, 5] and shown["max_rating"] == 2000


def test_a_section_added_or_shortened_keeps_its_settings_in_range(tmp_path: Path) -> None:
    """`section add --reglage` and `section edit --rondes` meet the same refusals."""
    path = _event(tmp_path)
    before = EventService(path)._store.snapshot()
    for setting, words in (
        (["min_rating=2000", "--reglage", "max_rating=1000"], "sous l'Elo minimal"),
        (["half_point_byes_forbidden_rounds=[6]"], "ronde 6, mais Open compte 5"),
        (["category=U999"], "une catégorie d'âge de la FFE"),
    ):
        out = arbitre("section", "add", path, *OPEN, "--reglage", *setting)
        assert out.returncode == 2 and words in out.stderr, out.stderr
    assert EventService(path)._store.snapshot() == before
    rule = "half_point_byes_forbidden_rounds=[5]"
    assert arbitre("section", "add", path, *OPEN, "--reglage", rule).returncode == 0
    before = EventService(path)._store.snapshot()
    short = arbitre("section", "edit", path, "open", "--rondes", "4")
    assert short.returncode == 2 and "ronde 5, mais Open compte 4" in short.stderr, short.stderr
    assert EventService(path)._store.snapshot() == before


def test_a_profile_value_past_a_short_section_is_no_fault(tmp_path: Path) -> None:
    """002's rounds without bye (8, 9) are its profile's, not a value the organiser wrote:
    a 5-round 002 section still takes its other settings."""
    path = _event(tmp_path, [*OPEN, "--reglement", "002"])
    out = arbitre("settings", "set", path, "fee", "12")
    assert out.returncode == 0, out.stderr


def test_board_colours_home_colours_the_match_sheet(tmp_path: Path) -> None:
    """A club's own cup (no regulation) where the home team has Black on board 1: the
    procès-verbal's colours and the match list follow the setting."""
    path = _event(tmp_path, ["coupe", "--nom", "Coupe", "--systeme", "coupe", "--rondes", "2"])
    csv = tmp_path / "equipes.csv"
    rows = ["nom,prenom,sexe,naissance,club,elo_ffe,equipe"]
    for k in range(1, 5):
        rows += [f"Alpha{k},Un,M,1990-01-01,Colmar,180{k},Colmar 1"]
        rows += [f"Beta{k},Deux,M,1990-01-01,Sélestat,170{k},Sélestat 1"]
    csv.write_text("\n".join(rows) + "\n", encoding="utf-8")
    for args in (
        ("players", "import", path, str(csv)),
        ("settings", "set", path, "board_colours_home", "BWWB"),
        ("cup", "draw", path, "--seed", "1"),
    ):
        out = arbitre(*args)
        assert out.returncode == 0, (args, out.stderr)
    match = json.loads(arbitre("cup", "status", path, "--json").stdout)[0]
    assert match["white_boards"] == "2 et 3"
    players = {p["id"]: p for p in json.loads(arbitre("players", "list", path, "--json").stdout)}
    for team in (match["home_team_id"], match["away_team_id"]):
        ids = sorted(pid for pid, p in players.items() if p.get("team_id") == team)
        out = arbitre("cup", "lineup", path, "1", str(team), *map(str, ids))
        assert out.returncode == 0, out.stderr
    sheet = tmp_path / "pv.html"
    assert arbitre("cup", "sheet", path, "1", str(sheet)).returncode == 0
    text = re.sub(r"<[^>]+>", " ", sheet.read_text("utf-8"))
    colours = re.findall(r"\b(Blancs|Noirs)\b", text)[:8]  # board by board: home, visitor
    assert colours == ["Noirs", "Blancs", "Blancs", "Noirs", "Blancs", "Noirs", "Noirs", "Blancs"]


def test_the_retired_setting_of_an_older_file_is_ignored_and_said(tmp_path: Path) -> None:
    """A file written when result_deadline was accepted opens, shows it as retired, and
    nothing reads it."""
    import sqlite3

    path = _event(tmp_path, OPEN)
    with sqlite3.connect(path) as db:  # as an older version wrote it
        db.execute(
            "UPDATE tournaments SET settings = json_set(settings, '$.result_deadline', '00:00')"
        )
    db.close()
    shown = arbitre("settings", "show", path)
    assert shown.returncode == 0, shown.stderr
    assert re.search(r"result_deadline\s+\(ignoré\)\s+retiré\s+l'heure limite", shown.stdout)
    assert "result_deadline" not in json.loads(arbitre("settings", "show", path, "--json").stdout)
    assert set(RETIRED) == {"result_deadline"}
    with pytest.raises(RuleError, match="retiré"):
        check("result_deadline", "00:00")


async def test_the_settings_screen_speaks_french(tmp_path: Path) -> None:
    """Issue 29.5: Réglages lists « homologué FIDE », not `fide_rated`, each label from the
    model; the key `settings set` takes is said under the table, the prompt asks by label."""
    from textual.widgets import DataTable, Static

    from .helpers.screen import app_on, bottom_line, screen_text

    path = Path(_event(tmp_path, [*OPEN, "--reglement", "002"]))
    async with app_on(path, "comma") as (app, pilot):
        table = app.screen.query_one(DataTable)
        rows = [[str(c) for c in table.get_row_at(k)] for k in range(table.row_count)]
        labels = [s.help if len(s.help) <= 36 else s.help[:35] + "…" for s in SETTINGS.values()]
        assert [row[0] for row in rows] == labels
        assert ["homologué FIDE", "oui", "règlement"] in rows
        keys = [name for name in SETTINGS if "_" in name]  # « cycles » is a French word too
        assert not any(name in row[0] for row in rows for name in keys)
        lines = screen_text(app).splitlines()  # at 80 columns: label, value and source
        assert any(re.search(r"homologué FIDE +oui +règlement", line) for line in lines), lines
        table.move_cursor(row=list(SETTINGS).index("rating_standard_fallback"))
        await pilot.pause()
        lines = screen_text(app).splitlines()
        assert any(re.search(r"Elo rapide/blitz.*… +non +défaut", line) for line in lines), (
            "\n".join(lines)
        )
        said = str(app.screen.query_one("#settings-help", Static).content)
        assert said.startswith(SETTINGS["rating_standard_fallback"].help + " ("), said  # whole
        table.move_cursor(row=list(SETTINGS).index("fide_rated"))
        await pilot.pause()
        said = str(app.screen.query_one("#settings-help", Static).content)
        assert said == "homologué FIDE (clé : fide_rated)", said
        await pilot.press("enter")
        await pilot.pause()
        assert bottom_line(app).startswith("homologué FIDE ="), bottom_line(app)
