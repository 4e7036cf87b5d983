"""Plain-text pieces every output prints the same way: public names, crosstable cells."""

from __future__ import annotations

from ..rules.models import Game, Player


def public_name(p: Player | None, number: int | None = None) -> str:
    """The name a page may show: none for a player who objected to publication."""
    if p is None:
        return "exempt"
    if p.publish_opt_out:
        return f"Joueur n° {number or p.id}"
    return p.name


def crosstable_cell(games: list[Game], pid: int, order: dict[int, int]) -> str:
    """A crosstable cell (site and PDF): « 12b+ », « 3n-F », a bye's code, or empty."""
    for g in games:
        if g.white_id == pid and g.black_id is None:
            return g.bye.value if g.bye else ""
        if pid in (g.white_id, g.black_id) and g.black_id is not None:
            white = g.white_id == pid
            opp = g.black_id if white else g.white_id
            res = g.result.points[0 if white else 1] if g.result else None
            mark = "" if res is None else {1.0: "+", 0.5: "=", 0.0: "-"}[res]
            if g.result is not None and not g.result.played:
                mark = {1.0: "+F", 0.0: "-F"}.get(res or 0.0, "")
            return f"{order.get(opp, '?')}{'b' if white else 'n'}{mark}"
    return ""
