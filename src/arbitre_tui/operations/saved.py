"""What this process has committed, for a face to say after a failure what is saved
(« Déjà enregistré ») — read from the store's count of commits (store/uncertain.py)
without importing the store: a command that opened no event committed nothing."""

from __future__ import annotations

import sys


def commits() -> int:
    """How many transactions this process has committed (0 while no store is loaded)."""
    uncertain = sys.modules.get("arbitre_tui.store.uncertain")
    return int(uncertain.commits()) if uncertain is not None else 0


def committed_since(mark: int) -> list[str]:
    """What this process committed after ``mark``, in the arbiter's words."""
    uncertain = sys.modules.get("arbitre_tui.store.uncertain")
    return list(uncertain.committed_since(mark)) if uncertain is not None else []
