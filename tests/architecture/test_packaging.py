"""What a wheel carries: a `pip install .` (or pipx) on the Pi needs the templates, the
fixtures' players and the themes, not only an editable checkout."""

from __future__ import annotations

import json
import tomllib
from fnmatch import fnmatch
from pathlib import Path

import arbitre_tui
from arbitre_tui.faces.tui.themes import themes_dir
from arbitre_tui.operations.templates import TEMPLATES, fixtures_dir

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = Path(arbitre_tui.__file__).parent


def test_templates_players_and_themes_are_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["arbitre_tui"]
    # looked up inside the package (where a wheel puts them), not beside the checkout
    assert fixtures_dir() == PACKAGE / "data" / "fixtures"
    assert themes_dir() == PACKAGE / "data" / "themes"
    needed = [fixtures_dir() / "templates" / f"{name}.json" for name in TEMPLATES]
    for template in needed[: len(TEMPLATES)]:
        for spec in json.loads(template.read_text(encoding="utf-8"))["tournaments"]:
            if spec.get("players"):
                needed.append(fixtures_dir() / "players" / spec["players"])
    needed += sorted(themes_dir().glob("*.json"))
    assert len(needed) > len(TEMPLATES) + 2
    for path in needed:
        assert path.is_file(), path
        relative = path.relative_to(PACKAGE).as_posix()
        assert any(fnmatch(relative, p) for p in patterns), f"{relative} not in package-data"
    # the links point at the repository's own folders: one copy of each file
    assert (PACKAGE / "data" / "fixtures").resolve() == ROOT / "fixtures"
    assert (PACKAGE / "data" / "themes").resolve() == ROOT / "themes"
