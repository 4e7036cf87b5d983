"""Figures as French readers write them on every page and printout: the one set of
rules is rules/figures.py (issue 49.9), used by every face; named here for the
renderers that import it."""

from __future__ import annotations

from ..rules.figures import euros, french, half, score

__all__ = ["euros", "french", "half", "score"]
