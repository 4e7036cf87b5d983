"""Standings as rows for the faces (the computation lives in rules/)."""

from __future__ import annotations

from typing import Any

from ..rules.models import Tournament
from .event import EventService


def scores(service: EventService, t: Tournament) -> dict[int, float]:
    assert t.id is not None
    points = {p.id: 0.0 for p in service.store.players(t.id) if p.id is not None}
    for games in service.store.all_games(t.id).values():
        for g in games:
            if g.bye is not None:
                points[g.white_id] += g.bye.points
            elif g.result is not None and g.black_id is not None:
                w, b = g.result.points
                points[g.white_id] += w
                points[g.black_id] += b
    return points


def standings_rows(
    service: EventService, t: Tournament
) -> tuple[list[str], list[tuple[str, list[Any]]]]:
    assert t.id is not None
    players = {p.id: p for p in service.store.players(t.id) if p.id is not None}
    pts = scores(service, t)
    order = sorted(players, key=lambda pid: (-pts[pid], -players[pid].rating, players[pid].name))
    header = ["Pl.", "Nom", "Club", "Elo", "Pts"]
    rows = []
    for rank, pid in enumerate(order, start=1):
        p = players[pid]
        rows.append((str(pid), [rank, p.name, p.club, p.rating or "", f"{pts[pid]:g}"]))
    return header, rows
