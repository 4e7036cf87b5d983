"""Regulation 002's fees by category, a pydantic model apart from its rules
(open_rules.py): reading the rules (a check-in, a pairing) does not load pydantic."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from .models import Title
from .open_rules import FREE_TITLES


class Fees(BaseModel):
    model_config = ConfigDict(defer_build=True)  # built when first used (start-up)

    adult: int = 60
    club_member: int = 40
    under_20: int = 30
    free_titles: list[Title] = Field(default_factory=lambda: list(FREE_TITLES))
    member_club: str = "I Scacchi Aiaccini – l'Échecs Club Ajaccien"
