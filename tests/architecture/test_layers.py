"""The rules core imports neither Textual nor SQLite (nor anything that does I/O)."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import arbitre_tui.rules

# UI, database, network, PDF and image libraries (tests/architecture/test_import_contracts.py checks the
# source for them too, imports deferred into functions included)
FORBIDDEN = (
    "textual",
    "sqlite3",
    "_sqlite3",
    "sqlite_utils",
    "rich",
    "aiohttp",
    "qrcode",
    "fpdf",
    "PIL",
)


def test_rules_core_imports_no_ui_or_database() -> None:
    modules = [
        f"arbitre_tui.rules.{m.name}" for m in pkgutil.iter_modules(arbitre_tui.rules.__path__)
    ]
    assert len(modules) >= 5
    code = (
        "import sys\n"
        + "".join(f"import {m}\n" for m in modules)
        + f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})\n"
        + "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"rules core pulled in: {out.stdout}"


def test_command_line_help_does_not_import_textual() -> None:
    code = (
        "import sys\nfrom arbitre_tui.faces.cli.main import build_parser\nbuild_parser()\n"
        "print('textual' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
