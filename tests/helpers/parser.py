"""The commands of `arbitre` as its own parser declares them: a test that must cover every
command takes its list from here, so a command added without its case fails that test."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from typing import Any


def commands() -> Iterator[tuple[str, argparse.ArgumentParser]]:
    """Each command (« players list » for a sub-command) with its parser."""
    from arbitre_tui.faces.cli.main import build_parser

    def walk(p: argparse.ArgumentParser, path: tuple[str, ...]) -> Iterator[tuple[str, Any]]:
        subs = [a for a in p._actions if isinstance(a, argparse._SubParsersAction)]
        if not subs:
            yield " ".join(path), p
            return
        for name, sp in subs[0].choices.items():
            yield from walk(sp, (*path, name))

    yield from walk(build_parser(), ())


def options(p: argparse.ArgumentParser) -> set[str]:
    return {o for a in p._actions for o in a.option_strings}
