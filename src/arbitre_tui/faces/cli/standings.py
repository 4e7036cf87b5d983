"""Standings commands (filled by the standings library)."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Standings subcommands are added here."""
