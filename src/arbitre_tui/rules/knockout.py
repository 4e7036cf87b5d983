"""Knockout stage names and cadences (regulation 000, art. 5)."""

from __future__ import annotations

from .models import TimeControl

_LAST_THREE = [
    ("Quart de finale", TimeControl(base_minutes=20, increment_seconds=10)),
    ("Demi-finale", TimeControl(base_minutes=25, increment_seconds=10)),
    ("Finale", TimeControl(base_minutes=30, increment_seconds=15)),
]


def ko_stages(rounds: int) -> tuple[dict[int, str], dict[int, TimeControl]]:
    """Stage names and time controls by round number.

    The last three rounds are keyed by stage (QF, SF, F); the earlier ones by number:
    rounds 1–3 10+5, rounds 4–5 15+5. So in 7 rounds round 5 is the quarter-final.
    """
    stages: dict[int, str] = {}
    controls: dict[int, TimeControl] = {}
    for number in range(1, rounds + 1):
        from_end = rounds - number  # 0 = final
        if from_end <= 2:
            name, tc = _LAST_THREE[2 - from_end]
        else:
            name = f"Ronde {number}"
            tc = TimeControl(base_minutes=10 if number <= 3 else 15, increment_seconds=5)
        stages[number] = name
        controls[number] = tc
    return stages, controls
