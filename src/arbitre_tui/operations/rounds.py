"""Rounds: paired (the plan computed outside the lock, written under it), started, closed
with their backup, and a recorded draw replayed from its seed.

Why here: ``pair_round`` only orchestrates — the format pairs (operations/formats), the
Swiss plan is computed on a snapshot first (operations/swiss) — and a round's closing
checks every board, sheet and decider in the one transaction that closes it.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..files.partials import kill_point
from ..rules.draws import run_draw
from ..rules.models import StoredGame, StoredRound, StoredTournament
from ..rules.settings import section_settings
from ..store.backup import (
    BackupFailed,
    mark_round_close,
    unmark,
)
from ..store.journal import Tx
from .context import EventContext
from .errors import OperationError
from .formats import PairOrder, format_of
from .plans import Plan, StalePlan
from .registry import Operation
from .youth_format import apply_youth_format, with_format

if TYPE_CHECKING:
    from .journal_args import RoundArgs


def pair_round(
    ctx: EventContext, key: str, seed: int | None = None, exempt_holes: bool = False
) -> StoredRound:
    """Pair the next round with the tournament's system.

    One transaction: the youth format decided from the entries, the draw and the
    boards are all written, or none (a refused pairing changes nothing). A Swiss
    pairing (seconds at 1000 players, or an external engine) is computed first, on a
    snapshot, without the write lock; it is written only if what it read has not
    changed meanwhile — computed once more if it has, then refused. Called from
    inside another operation, everything runs there, in its transaction.
    """
    if ctx.journal.in_operation:
        return _pair_round_once(ctx, key, seed, exempt_holes, None)
    for attempt in (1, 2):
        plan = plan_round(ctx, key, seed)
        try:
            return _pair_round_once(ctx, key, seed, exempt_holes, plan)
        except StalePlan:
            if attempt == 2:
                from .results import station_of

                last = ctx.store.journal_entries(1)  # the change that made the plan stale
                who = station_of(ctx, str(last[0]["terminal"])) if last else "origine inconnue"
                raise OperationError(
                    f"Les données ont changé pendant l'appariement ({who}) : relancez."
                ) from None
    raise AssertionError("unreachable")


def plan_round(ctx: EventContext, key: str, seed: int | None) -> Plan:
    """Read a snapshot without the write lock: the format decided for round 1 (003), the
    round's number, and what the format computes outside the lock (a Swiss round).

    Refusals found on the snapshot are raised here, nothing written. The engine runs
    after the snapshot is let go: no read transaction is held for its seconds.
    """
    with ctx.journal.reading():
        t = ctx.tournament(key)
        fingerprint = ctx.store.fingerprint(t.id)
        decided = format_of(t).first_round(ctx, t)
        t = with_format(t, decided)
        number = ctx.next_round(t)
        work = format_of(t).plan(ctx, t, number, seed)
    return Plan(fingerprint, number, decided, work() if work is not None else None)


def _pair_round_once(
    ctx: EventContext, key: str, seed: int | None, exempt_holes: bool, plan: Plan | None
) -> StoredRound:
    from .journal_args import RoundArgs

    with ctx.write(Operation.PAIR_ROUND, RoundArgs(tournament=key)) as tx:
        return _pair_round(ctx, tx, key, seed, exempt_holes, plan)


def _pair_round(
    ctx: EventContext,
    tx: Tx[RoundArgs],
    key: str,
    seed: int | None,
    exempt_holes: bool,
    plan: Plan | None,
) -> StoredRound:
    """Inside the write transaction: check, then write (a plan: only if still current)."""
    t = ctx.tournament(key)
    tx.args = replace(tx.args, tournament=t.key)
    tid = t.id
    paired = ctx.store.round(tid, plan.number) if plan is not None else None
    if paired is not None:
        from .results import written_by

        who = written_by(ctx, "rounds", paired.id) if paired.id else "origine inconnue"
        raise OperationError(f"La ronde {paired.number} est déjà appariée ({who}).")
    computed = None
    if plan is not None and plan.pairing is not None:
        if plan.fingerprint != ctx.store.fingerprint(tid):
            raise StalePlan
        computed, youth = plan.pairing, plan.youth  # decided on these very data
    else:
        youth = format_of(t).first_round(ctx, t)
    if youth is not None:
        t = apply_youth_format(ctx, t, youth)
    number = ctx.next_round(t)
    tx.args = replace(tx.args, round=number)
    format_of(t).pair(ctx, t, PairOrder(number, seed, computed, exempt_holes))
    paired = ctx.store.round(tid, number)
    assert paired is not None
    return paired


def set_round_start(
    ctx: EventContext, key: str, when: dt.datetime, round_number: int | None = None
) -> None:
    from .journal_args import RoundArgs

    with ctx.write(Operation.SET_ROUND_START, RoundArgs(start=when.isoformat())) as tx:
        t = ctx.tournament(key)
        rnd = ctx.round_of(t, round_number)
        if rnd is None:
            raise OperationError("Aucune ronde appariée.")
        tx.args = replace(tx.args, tournament=t.key, round=rnd.number)
        tx.update("rounds", rnd.id, {"start_time": when.isoformat(timespec="seconds")})


def close_round(ctx: EventContext, key: str, round_number: int | None = None) -> Path:
    """Close a round once every board has a result; a backup follows the commit."""
    from .journal_args import RoundArgs

    marker: Path | None = None
    try:
        with ctx.write(Operation.CLOSE_ROUND, RoundArgs()) as tx:
            t = ctx.tournament(key)
            rnd = ctx.round_of(t, round_number)
            if rnd is None:
                raise OperationError("Aucune ronde à clôturer.")
            tx.args = replace(tx.args, tournament=t.key, round=rnd.number)
            if rnd.closed:
                raise OperationError(f"La ronde {rnd.number} est déjà close.")
            games = ctx.store.games(rnd.id)
            missing = [g.board for g in games if not g.is_bye and g.result is None]
            missing += format_of(t).missing_deciders(t, games)
            if missing:
                boards = ", ".join(str(b) for b in missing[:12])
                if len(missing) > 12:
                    boards += f" et {len(missing) - 12} autres ({len(missing)} en tout)"
                raise OperationError(
                    f"Résultats manquants en ronde {rnd.number} : échiquiers {boards}."
                )
            _sheets_settled(ctx, t, rnd, games)
            full = ctx.store.room_for_round_copy()
            if full:
                raise OperationError(full)
            # noted before the commit: a crash before the copy leaves the mark, and
            # the next opening of the event makes the copy (Store.recover)
            marker = mark_round_close(ctx.path, t.key, rnd.number)
            tx.update("rounds", rnd.id, {"closed": 1})
    except BaseException:
        if marker is not None:  # not committed: no copy owed
            unmark(marker)
        raise
    kill_point("cloture-validee")
    try:
        done = ctx.store.round_backup(t.key, rnd.number)
    except OperationError as exc:
        raise BackupFailed(  # the mark stays: the next opening tries the copy again
            f"Ronde {rnd.number} close (enregistré), mais la sauvegarde a échoué : {exc.message}"
        ) from None
    unmark(marker)
    return done


def _sheets_settled(
    ctx: EventContext, t: StoredTournament, rnd: StoredRound, games: list[StoredGame]
) -> None:
    """A board whose signed sheet differs from the entry must be settled before the
    round closes; with « verify_results », every sheet must have been checked."""
    from .verification import boards_text, unsettled

    differ, unchecked = unsettled(ctx, rnd, games)
    if differ:
        raise OperationError(
            f"Écart avec la feuille de partie en ronde {rnd.number} : "
            f"{boards_text(differ)}. Tranchez chaque écart (feuille ou saisie) avant "
            "de clôturer."
        )
    if unchecked and section_settings(t).verify_results:
        raise OperationError(
            f"Feuilles non vérifiées en ronde {rnd.number} : "
            f"{boards_text(unchecked)} (réglage verify_results)."
        )


def replay_draw(ctx: EventContext, draw_id: int) -> tuple[bool, Any, Any]:
    """Recompute a recorded draw from its seed: (same?, recorded, recomputed)."""
    row = ctx.store.draw(draw_id)
    if row is None:
        raise OperationError(f"Tirage n° {draw_id} inconnu.")
    recorded = json.loads(row["outcome"])
    again = run_draw(row["kind"], row["seed"], json.loads(row["inputs"]))
    return (again == recorded, recorded, again)


def left_out_of_round_one(ctx: EventContext, key: str) -> str | None:
    """The question to ask before a Swiss round 1 leaves registered players aside because
    they are not checked in (« 4 inscrits non pointés : les laisser de côté ? »), or None:
    another round, another system, or everyone checked in (issue 49.7). A read: the
    faces ask, then pair (the app's prompt, `arbitre pair --sans-non-pointes`)."""
    from ..rules.models import System

    t = ctx.tournament(key)
    if t.system is not System.SWISS or ctx.store.rounds(t.id):
        return None
    players = ctx.store.players(t.id)
    waiting = [p for p in players if not p.checked_in and not p.withdrawn and not p.excluded]
    if not waiting or len(waiting) == len(players):  # none checked in: nothing to pair yet
        return None
    n = len(waiting)
    if n == 1:
        return f"1 inscrit non pointé ({waiting[0].name}) : le laisser de côté ?"
    return f"{n} inscrits non pointés : les laisser de côté ?"
