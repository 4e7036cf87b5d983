"""The round sheet: one round's boards, as the Ronde pane, `arbitre round`, the site,
the printed pairings and the wall screen all show them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..rules.models import Bye, Result, StoredGame, StoredTournament
from .collation import sort_key
from .reader import PlayerRef, SectionView

if TYPE_CHECKING:
    from .reader import Reader


@dataclass(frozen=True, slots=True)
class Board:
    """One board. ``result``/``bye``/``decider`` are the stored codes (« 1-0 »), the
    ``*_label`` fields what an arbiter reads; ``black`` is None for a bye or a hole."""

    board: int
    white: PlayerRef
    black: PlayerRef | None
    result: str | None
    result_label: str
    bye: str | None
    bye_label: str
    decider: str | None
    decider_label: str
    slot: int | None
    sheet: str | None = None  # the result typed again from the signed sheet (its code)
    sheet_label: str = ""
    settled: str | None = None  # an écart settled: « saisie » or « feuille » kept

    @property
    def differs(self) -> bool:
        """The signed sheet says otherwise than the entry: an écart to settle."""
        return self.sheet is not None and self.sheet != self.result

    @property
    def checked(self) -> str:
        """The verification cell: « ✓ » agrees, « ≠ 0-1 » differs, « » not checked."""
        if self.sheet is None:
            return ""
        return f"≠ {self.sheet_label}" if self.differs else "✓"

    @property
    def done(self) -> bool:
        return self.result is not None or (self.black is None and self.bye is not None)

    @property
    def shown(self) -> str:
        """The result cell: « ½-½ (1-0) » with a decider, the bye, or « … » to play."""
        if self.result is not None:
            return self.result_label + (f" ({self.decider_label})" if self.decider else "")
        return self.bye_label or "…"


SITS_OUT = "ne joue pas"  # the round robin's rest, in every face


@dataclass(frozen=True, slots=True)
class NameLine:
    """One player's line in the pairings by name: their board, colour and opponent."""

    player: PlayerRef
    board: int
    colour: str  # « Blancs », « Noirs », "" for a bye
    opponent: PlayerRef | None
    shown: str  # the board's result cell, or the bye


@dataclass(frozen=True, slots=True)
class RoundSheet(SectionView):
    number: int  # 0: nothing paired yet
    stage: str | None
    closed: bool
    time_control: str | None
    boards: tuple[Board, ...]
    # a round robin's odd one out this round (issue 29.6): on no board, still in the event
    sitting_out: tuple[PlayerRef, ...] = ()

    @property
    def done(self) -> int:
        return sum(b.done for b in self.boards)

    @property
    def state(self) -> str:
        return "close" if self.closed else f"{self.done}/{len(self.boards)} résultats"

    @property
    def differing(self) -> tuple[int, ...]:
        """Boards whose signed sheet differs from the entry (to settle before closing)."""
        return tuple(b.board for b in self.boards if b.differs)

    @property
    def checked(self) -> int:
        """Boards whose sheet was typed again and agrees."""
        return sum(b.sheet is not None and not b.differs for b in self.boards)

    @property
    def games(self) -> int:
        """Boards with a game (a sheet to check): not the byes."""
        return sum(b.black is not None for b in self.boards)

    @property
    def by_name(self) -> tuple[NameLine, ...]:
        """Every player of the round in French alphabetical order of their public name
        (the site's page and the PDF « appariements-nom »)."""
        lines = []
        for b in self.boards:
            lines.append(NameLine(b.white, b.board, "Blancs" if b.black else "", b.black, b.shown))
            if b.black is not None:
                lines.append(NameLine(b.black, b.board, "Noirs", b.white, b.shown))
        lines += [NameLine(p, 0, "", None, SITS_OUT) for p in self.sitting_out]
        return tuple(sorted(lines, key=lambda line: sort_key(line.player.public)))

    @property
    def named_stage(self) -> str | None:
        """« Finale », « 1/4 de finale »: a stage worth saying (not « Ronde 3 »)."""
        return self.stage if self.stage and not self.stage.startswith("Ronde") else None


def build(reader: Reader, t: StoredTournament, number: int | None = None) -> RoundSheet:
    """Round ``number`` of ``t`` (default: the last paired); number 0 if none is."""
    with reader.consistent():
        rnd = reader.round(t, number)
        if rnd is None:
            return RoundSheet(t.key, t.name, 0, None, False, None, ())
        refs = reader.refs(t)
        games = reader.games(rnd)
        checks = reader.result_checks(rnd)
        sitting_out = _sitting_out(reader, t, games, refs)
        withdrawn = {p.id for p in reader.players(t) if p.withdrawn}
    boards = []
    for g in games:
        if g.white_id in withdrawn and g.black_id is None and g.bye is Bye.ZERO_POINT:
            continue  # a withdrawn player's absence: no board, no « bye 0 point » (issue 35)
        black = refs.get(g.black_id) if g.black_id else None
        check = checks.get(g.id)
        sheet = Result(check["result"]) if check else None
        boards.append(
            Board(
                g.board,
                refs[g.white_id],
                black,
                g.result.value if g.result else None,
                g.result.label if g.result else "",
                g.bye.value if g.bye else None,
                g.bye.label if g.bye else "",
                g.decider.value if g.decider else None,
                g.decider.label if g.decider else "",
                g.slot,
                sheet.value if sheet else None,
                sheet.label if sheet else "",
                check["settled"] if check else None,
            )
        )
    tc = rnd.time_control.label if rnd.time_control else None
    return RoundSheet(
        t.key, t.name, rnd.number, rnd.stage, rnd.closed, tc, tuple(boards), sitting_out
    )


def points_before(games: dict[int, list[StoredGame]], number: int) -> dict[int, float]:
    """Each player's points from the rounds before ``number`` (results and byes as
    entered; a round robin's rest scores nothing): the printed pairings show them (49.9),
    read there only — not on every key of the Ronde pane."""
    points: dict[int, float] = {}
    for n, round_games in games.items():
        if n >= number:
            continue
        for g in round_games:
            if g.result is not None:
                white, black = g.result.points
                points[g.white_id] = points.get(g.white_id, 0.0) + white
                if g.black_id:
                    points[g.black_id] = points.get(g.black_id, 0.0) + black
            elif g.black_id is None and g.bye is not None:
                points[g.white_id] = points.get(g.white_id, 0.0) + g.bye.points
    return points


def _sitting_out(
    reader: Reader, t: StoredTournament, games: list[StoredGame], refs: dict[int, PlayerRef]
) -> tuple[PlayerRef, ...]:
    """Who rests this round in a round robin (no game row: Berger's dummy), in French
    alphabetical order; nobody in a format that writes its byes or drops its losers."""
    from ..operations.formats import format_of

    if not format_of(t).sits_out_unpaired:
        return ()
    seated = {g.white_id for g in games} | {g.black_id for g in games if g.black_id}
    out = [
        refs[p.id]
        for p in reader.players(t)
        if p.id not in seated and not p.withdrawn and p.id in refs
    ]
    return tuple(sorted(out, key=lambda r: sort_key(r.public)))
