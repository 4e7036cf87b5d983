"""Themes from the project's themes/ folder (JSON), with a built-in fallback."""

from __future__ import annotations

import json
import os
from pathlib import Path

from textual.theme import Theme

DEFAULT = "arbitre"
_FALLBACK = {"name": DEFAULT, "primary": "#2f6fb3", "dark": True}


def themes_dir() -> Path:
    env = os.environ.get("ARBITRE_THEMES")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "data" / "themes"  # the project's themes/


def load_themes() -> list[Theme]:
    folder = themes_dir()
    themes = []
    if folder.is_dir():
        for path in sorted(folder.glob("*.json")):
            themes.append(Theme(**json.loads(path.read_text(encoding="utf-8"))))
    if not any(t.name == DEFAULT for t in themes):
        themes.insert(0, Theme(**_FALLBACK))  # type: ignore[arg-type]
    return themes
