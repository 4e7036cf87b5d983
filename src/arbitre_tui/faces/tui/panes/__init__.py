"""The one registry of the app's panes: id, key, name, and the module that holds it.

Only the registry is imported at start-up; a pane's module (and what it uses) is
imported when the pane is first shown.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .base import Pane


@dataclass(frozen=True)
class PaneSpec:
    id: str
    key: str
    label: str  # on the pane bar and in the footer
    module: str  # panes/<module>.py
    cls: str
    needs: str = ""  # the section's format must answer yes to it (operations/formats)


REGISTRY: tuple[PaneSpec, ...] = (
    PaneSpec("ronde", "r", "Ronde", "ronde", "RoundPane"),
    PaneSpec("cadence", "c", "Cadence", "cadence", "CadencePane"),
    PaneSpec("incidents", "i", "Incidents", "incidents", "IncidentsPane"),
    PaneSpec("repechage", "p", "Repêchage", "repechage", "LuckyLoserPane", "has_bracket"),
    PaneSpec("coupe", "k", "Coupe", "coupe", "CupPane", "by_teams"),
    PaneSpec("classement", "s", "Classement", "classement", "StandingsPane"),
    PaneSpec("joueurs", "j", "Joueurs", "joueurs", "PlayersPane"),
    PaneSpec("qr", "q", "QR", "qr", "QRPane"),
    PaneSpec("tableau", "b", "Tableau", "tableau", "BracketPane", "has_bracket"),
)
PANE_IDS = [spec.id for spec in REGISTRY]


def used_by(fmt: object | None) -> tuple[PaneSpec, ...]:
    """The panes a section of this format uses (issue 29.5: no Coupe in a Swiss, no
    Repêchage outside a knockout); every pane when there is no section."""
    if fmt is None:
        return REGISTRY
    return tuple(s for s in REGISTRY if not s.needs or getattr(fmt, s.needs))


def spec(pane_id: str) -> PaneSpec:
    return next(s for s in REGISTRY if s.id == pane_id)


def pane_class(pane_id: str) -> type[Pane]:
    """The pane's class, its module imported now (not at start-up)."""
    s = spec(pane_id)
    module = importlib.import_module(f"{__name__}.{s.module}")
    cls: type[Pane] = getattr(module, s.cls)
    return cls


def __getattr__(name: str) -> Any:
    """``PANES``: (id, key, class) of every pane — imports them all (tests, help)."""
    if name == "PANES":
        return [(s.id, s.key, pane_class(s.id)) for s in REGISTRY]
    raise AttributeError(name)
