"""The light commands import only what they need (issue 19): no PDF library, no Textual,
no web server; `--help` not even the store, `pair-trf` and `generate` not SQLite.

Each command runs in a fresh interpreter, as the user starts it; the modules loaded when
it ends are read from ``sys.modules``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ...helpers.cli import ROOT

PROBE = """
import contextlib, io, json, sys
from arbitre_tui.faces.cli.main import main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        code = main(sys.argv[2:])
    except SystemExit as exc:
        code = exc.code
with open(sys.argv[1], "w") as out:
    json.dump({"code": code, "modules": sorted(sys.modules)}, out)
"""

NEVER = ("fpdf", "fontTools", "PIL", "textual", "rich", "http.server", "qrcode", "segno")
# The store, SQLite, and the event service that opens them. The operations package itself
# loads its names lazily (PEP 562), so `pair-trf` may use operations.engines' memory
# pre-check (issue 18) without any of these.
STORE = ("sqlite3", "arbitre_tui.store", "arbitre_tui.operations.event")


def _loaded(tmp_path: Path, *args: str) -> set[str]:
    out = tmp_path / "modules.json"
    run = subprocess.run(
        [sys.executable, "-c", PROBE, str(out), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    data = json.loads(out.read_text())
    assert data["code"] in (0, None), run.stderr
    return set(data["modules"])


def _heavy(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


@pytest.fixture(scope="module")
def trf20(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from arbitre_tui.rules import trf
    from arbitre_tui.rules.swiss.generator import Options, generate

    path = tmp_path_factory.mktemp("trf") / "p20.trf"
    path.write_text(trf.write(generate(Options(players=20, rounds=5, seed=1))))
    return path


def test_help_imports_neither_the_store_nor_pydantic(tmp_path: Path) -> None:
    loaded = _loaded(tmp_path, "--help")
    assert _heavy(loaded, NEVER + STORE + ("pydantic",)) == []


def test_pair_trf_and_generate_do_not_open_a_store(tmp_path: Path, trf20: Path) -> None:
    for args in (
        ("pair-trf", str(trf20)),
        ("check-pairings", str(trf20)),
        ("generate", str(tmp_path / "g.trf"), "--players", "12", "--rounds", "4"),
    ):
        loaded = _loaded(tmp_path, *args)
        assert _heavy(loaded, NEVER + STORE) == [], args
        assert "arbitre_tui.rules.swiss.dutch" in loaded  # the probe saw the command run


def test_result_and_show_load_the_store_but_nothing_to_print_or_serve(
    tmp_path: Path, demo_file: Path
) -> None:
    for args in (
        ("show", str(demo_file)),
        ("result", str(demo_file), "1", "=", "-t", "open-a", "--confirm"),
    ):
        loaded = _loaded(tmp_path, *args)
        assert _heavy(loaded, NEVER) == [], args
        assert "arbitre_tui.store.journal" in loaded


def test_a_command_builds_its_own_parser_only(tmp_path: Path, demo_file: Path) -> None:
    """`arbitre result …` builds the one parser it needs and reads none of the other
    command modules (issue 19: 0.158 → 0.141 s); a name mistyped still gets the whole
    French list to choose from, and `--help` every command."""
    from arbitre_tui.faces.cli.main import build_parser

    loaded = _loaded(tmp_path, "result", str(demo_file), "1", "=", "-t", "open-a", "--confirm")
    others = ("cup", "knockout", "swiss", "web", "ratings", "verification", "standings")
    assert [m for m in (f"arbitre_tui.faces.cli.{o}" for o in others) if m in loaded] == []
    assert "difflib" not in loaded
    only = next(a for a in build_parser("result")._actions if a.dest == "command")
    assert list(only.choices) == ["result"]  # type: ignore[arg-type]
    typo = subprocess.run(
        [sys.executable, "-m", "arbitre_tui.faces.cli.main", "resul"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert typo.returncode == 2 and "choix invalide « resul »" in typo.stderr
    assert "'result'" in typo.stderr and "'cup'" in typo.stderr


def test_pair_trf_and_check_pairings_pair_without_pydantic(tmp_path: Path, trf20: Path) -> None:
    """The engine's records are dataclasses (rules/records.py): a small pairing's whole
    process is mostly start-up, and pydantic was about 0.1 s of it (issue 34)."""
    for args in (("pair-trf", str(trf20)), ("check-pairings", str(trf20))):
        loaded = _loaded(tmp_path, *args)
        assert _heavy(loaded, ("pydantic", "pydantic_core")) == [], args
        assert "arbitre_tui.rules.swiss.dutch" in loaded


def test_the_light_commands_read_the_settings_without_pydantic(
    tmp_path: Path, demo_file: Path
) -> None:
    """show, round, standings, checkin, result and players list read the settings stored
    in the model's form without it (rules/settings/values.py), the 002 rules without
    their models, the standings without the prizes' nor the pairing's: pydantic's import
    and the model's build were about 90 ms of a 0.15 s `show` (issue 56.4)."""
    f = str(demo_file)
    for args, ran in (
        (("show", f), "arbitre_tui.views.event"),
        (("round", f, "-t", "open-a"), "arbitre_tui.views.round_sheet"),
        (("standings", f, "-t", "open-a"), "arbitre_tui.rules.tiebreaks"),
        (("checkin", "--cancel", f, "7", "-t", "open-a"), "arbitre_tui.store.journal"),
        (
            ("checkin", f, "7", "-t", "open-a"),
            "arbitre_tui.rules.open_rules",
        ),  # 002: « non définitive »
        (("result", f, "1", "=", "-t", "open-a", "--confirm"), "arbitre_tui.store.journal"),
        (("players", "list", f, "-t", "open-a"), "arbitre_tui.views.players"),
    ):
        loaded = _loaded(tmp_path, *args)
        heavy = ("pydantic", "pydantic_core", "arbitre_tui.rules.settings.model")
        assert _heavy(loaded, heavy) == [], args
        assert _heavy(loaded, ("arbitre_tui.rules.prizes", "arbitre_tui.operations.swiss")) == []
        assert ran in loaded, args  # the probe saw the command run
        if args[0] in ("show", "standings") or ran.endswith("open_rules"):  # a setting read
            assert "arbitre_tui.rules.settings.values" in loaded, args


def test_a_pdf_list_loads_neither_qrcode_nor_pydantic_nor_fpdf2(
    tmp_path: Path, demo_file: Path
) -> None:
    """The pairings and the standings on paper draw no QR code and read the settings
    without the model: qrcode (publish/qr.py imports it to draw) and pydantic are not
    loaded (issue 56.4); nor is fpdf2 (with fontTools and PIL), whose import alone took
    longer than the list: the light writer drew it (issue 56.2; before, fpdf2 was); nor
    the journal's typed records, which only the cup's procès-verbal reads."""
    from arbitre_tui.publish.pdf.layout import unicode_font

    assert unicode_font() is not None, "DejaVu Sans is needed: .ci/run installs fonts-dejavu-core"
    for what in ("appariements", "classement"):
        pdf = tmp_path / f"{what}.pdf"
        loaded = _loaded(tmp_path, "print", str(demo_file), what, "-t", "open-a", "--pdf", str(pdf))
        heavy: tuple[str, ...] = ("qrcode", "pydantic", "pydantic_core", "fpdf", "fontTools")
        heavy += ("PIL", "arbitre_tui.operations.journal_args")  # the latter: a cup's PV's
        assert _heavy(loaded, heavy) == [], what
        assert b"/Producer (arbitre-tui)" in pdf.read_bytes(), what  # the probe saw it made


APP_PROBE = """
import json, sys
from arbitre_tui.faces.tui.app import ArbitreApp
class FirstPaint(ArbitreApp):
    def on_mount(self):
        self.call_after_refresh(self.exit)
FirstPaint(sys.argv[2]).run(headless=True, size=(80, 24))
with open(sys.argv[1], "w") as out:
    json.dump(sorted(sys.modules), out)
"""

# the modules at the first paint, then a second later (the warm-up after it has run)
WARM_PROBE = """
import json, sys
from arbitre_tui.faces.tui.app import ArbitreApp
seen = {}
class FirstPaint(ArbitreApp):
    def on_mount(self):
        self.call_after_refresh(self.painted)
    def painted(self):
        seen["paint"] = sorted(sys.modules)
        self.set_timer(1.5, self.later)
    def later(self):
        seen["later"] = sorted(sys.modules)
        self.exit()
FirstPaint(sys.argv[2]).run(headless=True, size=(80, 24))
with open(sys.argv[1], "w") as out:
    json.dump(seen, out)
"""


def _probe(code: str, event: Path, tmp_path: Path) -> Any:
    """Run a probe on ``event`` in a fresh interpreter; what it wrote (JSON)."""
    out = tmp_path / "modules.json"
    run = subprocess.run(
        [sys.executable, "-c", code, str(out), str(event)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    return json.loads(out.read_text())


def test_the_first_paint_of_the_app_loads_no_standings_nor_prizes(tmp_path: Path) -> None:
    """The Ronde pane numbers its players by the initial order (rules.swiss.order): its
    first paint loaded the standings and the prizes' models for that (≈ 45 ms, issue 34)."""
    from ...helpers.events import round_robin_paired

    path = round_robin_paired(tmp_path / "rr.sqlite")  # its Ronde pane numbers the players
    modules = set(_probe(APP_PROBE, path, tmp_path))
    assert "arbitre_tui.faces.tui.panes.ronde" in modules  # the probe did paint the pane
    heavy = ("arbitre_tui.operations.standings", "arbitre_tui.rules.prizes")
    assert _heavy(modules, heavy) == []


def test_the_first_paint_loads_no_pydantic_and_the_settings_come_after_it(tmp_path: Path) -> None:
    """The stored records are dataclasses and the settings' model loads on first use:
    pydantic (≈ 40 ms to import, 55 with the settings' schema) is not on the way to the
    first paint (issue 34.4); a thread loads it after, before a key reads a setting."""
    from ...helpers.events import round_robin_paired

    path = round_robin_paired(tmp_path / "rr.sqlite")
    seen = _probe(WARM_PROBE, path, tmp_path)
    paint, later = set(seen["paint"]), set(seen["later"])
    assert "arbitre_tui.faces.tui.panes.ronde" in paint  # the probe did paint the pane
    assert _heavy(paint, ("pydantic", "pydantic_core", "arbitre_tui.rules.settings.model")) == []
    assert "arbitre_tui.rules.settings.model" in later and "pydantic" in later


def test_the_first_paint_loads_no_digest_nor_secret_nor_emoji(tmp_path: Path) -> None:
    """The first paint writes nothing, draws nothing, checks no phone code: hashlib, hmac,
    secrets (and random through it) are imported where a write, a draw or a code needs
    them; the tables' headings are plain text, so Rich's table of emoji codes
    (read to parse markup) is not loaded either, nor the bounds of the records'
    annotations, which only pydantic reads (rules.models.load_bounds) (issue 34.4)."""
    from ...helpers.events import round_robin_paired

    path = round_robin_paired(tmp_path / "rr.sqlite")
    modules = set(_probe(APP_PROBE, path, tmp_path))
    assert "arbitre_tui.faces.tui.panes.ronde" in modules  # the probe did paint the pane
    late = ("hashlib", "hmac", "secrets", "rich._emoji_codes", "annotated_types")
    assert _heavy(modules, late) == []
    # the journal's typed records and words load where a write or the journal needs them:
    # the Ronde pane's proposals (operations.reporting) loaded them at the top (issue 56.4)
    records = ("arbitre_tui.operations.journal_args", "arbitre_tui.operations.journal_words")
    assert _heavy(modules, records) == []


def test_a_command_that_writes_nothing_loads_no_journal_record(
    tmp_path: Path, demo_file: Path
) -> None:
    """The journal's typed records (operations/journal_args/, ~40 dataclasses) and their
    words (operations/journal_words.py) are loaded where an operation writes or the journal
    is said, not by the operations' modules at import: `show`, `round`, `players list` read
    and load neither (issue 56.4); `result` writes and loads them."""
    f = str(demo_file)
    records = ("arbitre_tui.operations.journal_args", "arbitre_tui.operations.journal_words")
    for args, ran in (
        (("show", f), "arbitre_tui.views.event"),
        (("round", f, "-t", "open-a"), "arbitre_tui.views.round_sheet"),
        (("players", "list", f, "-t", "open-a"), "arbitre_tui.views.players"),
    ):
        loaded = _loaded(tmp_path, *args)
        assert ran in loaded, args  # the probe saw the command run
        assert _heavy(loaded, records) == [], args
    loaded = _loaded(tmp_path, "result", f, "1", "=", "-t", "open-a", "--confirm")
    assert "arbitre_tui.operations.journal_args.results" in loaded  # the write's record


def test_show_reads_a_cups_round_without_the_cups_operations(
    tmp_path: Path, demo_file: Path
) -> None:
    """`show` on the demo (it has a cup) reads the last tour drawn from the store: the
    cup's operations are not loaded for a number (issue 56.4)."""
    loaded = _loaded(tmp_path, "show", str(demo_file))
    assert "arbitre_tui.views.event" in loaded  # the probe saw the command run
    assert "arbitre_tui.operations.cup" not in loaded


CATALOGUE_PROBE = """
import contextlib, gettext, io, json, sys
from arbitre_tui.faces.cli.main import main
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    try:
        code = main(sys.argv[2:])
    except SystemExit as exc:
        code = exc.code
read = [str(key) for key in gettext._translations]  # gettext's cache of catalogues read
with open(sys.argv[1], "w") as out:
    json.dump({"code": code, "read": read}, out)
"""


def _catalogues(tmp_path: Path, *args: str) -> tuple[Any, list[str]]:
    out = tmp_path / "catalogues.json"
    run = subprocess.run(
        [sys.executable, "-c", CATALOGUE_PROBE, str(out), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert out.exists(), run.stderr
    data = json.loads(out.read_text())
    return data["code"], [r for r in data["read"] if "argparse.mo" in r]


def test_the_french_argparse_catalogue_is_read_only_when_a_message_is_shown(
    tmp_path: Path, demo_file: Path
) -> None:
    """argparse's words in French (faces/cli/errors.py) come from a catalogue read when a
    usage, a help or a refusal is shown, not at each command's start (≈ 4 ms, issue 56.4)."""
    f = str(demo_file)
    for args in (("show", f), ("round", f, "-t", "open-a"), ("players", "list", f, "-t", "open-a")):
        assert _catalogues(tmp_path, *args) == (0, []), args
    code, read = _catalogues(tmp_path, "show")  # FICHIER missing: a refusal with its usage
    assert code == 2 and len(read) == 1
    code, read = _catalogues(tmp_path, "show", "--help")
    assert code == 0 and len(read) == 1
