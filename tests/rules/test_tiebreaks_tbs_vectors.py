"""Every value of tests/vectors/tiebreak-tbs: FIDE's reference checker (TieBreakServer)
on more events and codes than the shared vectors — FB, AOB, STD, TPN, RTNG, APRO, APPO,
ARO cuts, the Koya limit, DE over whole score groups, double round robins, rating
tie-breaks with unrated players (Art. 10), 3-1-0 scoring, and the checker's own
modifiers (P S D V X N). How they were made: that folder's README."""

from __future__ import annotations

import csv
from functools import cache
from pathlib import Path

import pytest

from arbitre_tui.rules import tiebreaks as tb
from arbitre_tui.rules import trf

from ..conftest import VECTORS

HERE = VECTORS / "tiebreak-tbs"
# Folders whose events are the shared vectors' own TRFs (new columns only).
TRF_FOLDERS = {
    "shared-swiss": VECTORS / "tiebreak" / "swiss",
    "shared-round-robin": VECTORS / "tiebreak" / "round-robin",
}
TABLES = sorted(HERE.glob("*/*.tsv"))


def _event(table: Path) -> Path:
    """``NAME.tsv`` and ``NAME.de.tsv`` are both about ``NAME.trf``."""
    folder = TRF_FOLDERS.get(table.parent.name, table.parent)
    return folder / (table.name.split(".")[0] + ".trf")


@cache
def _parsed(path: Path) -> trf.TrfTournament:
    """Each event read once for its tables (up to seven): never changed by ``from_trf``."""
    return trf.parse(path.read_text())


def _same(got: float | int | None, expected: str) -> bool:
    """The checker writes ``-0`` where a tie-break has no value (dropped, no game)."""
    if expected == "-0":
        return got is None
    return got is not None and abs(float(got) - float(expected)) < 1e-9


@pytest.mark.parametrize("table", TABLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_reference_values_and_ranks(table: Path) -> None:
    round_robin = table.parent.name.endswith("round-robin")
    event = tb.from_trf(_parsed(_event(table)), round_robin=round_robin)
    rows = list(csv.DictReader(table.open(encoding="utf-8"), delimiter="\t"))
    codes = [c for c in rows[0] if c not in ("Rank", "StartNo")]
    ours = {r.start: r for r in tb.standings(event, codes)}
    differences = [
        f"{row['StartNo']} {code}: {ours[int(row['StartNo'])].values[code]} != {row[code]}"
        for row in rows
        for code in codes
        if not _same(ours[int(row["StartNo"])].values[code], row[code])
    ]
    differences += [
        f"{row['StartNo']} rank {ours[int(row['StartNo'])].place} != {row['Rank']}"
        for row in rows
        if not ours[int(row["StartNo"])].rank
        <= int(row["Rank"])
        <= ours[int(row["StartNo"])].shared_to
    ]
    assert not differences, "\n".join(differences[:20])


def test_every_folder_is_there() -> None:
    """Three tables an event, and the reference's own modifiers: four more a Swiss event
    (mod, fore-mod, de-p, de-s), one more a double round robin (mod) and three more a
    single one (mod, de-s, de-sp)."""
    counts = {d.name: len(list(d.glob("*.tsv"))) for d in HERE.iterdir() if d.is_dir()}
    assert counts == {
        "swiss": 72 * 7,
        "unrated": 18 * 7,
        "scoring-310": 12 * 7,
        "round-robin": 42 * 3 + 21 * 1 + 21 * 3,
        "shared-swiss": 71 * 7,
        "shared-round-robin": 15 * 6,
    }
    assert all(_event(t).is_file() for t in TABLES)
