"""Every value of tests/vectors/tiebreak (independent C.07 checker, 2026 rules)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from arbitre_tui.rules import tiebreaks as tb
from arbitre_tui.rules import trf

from ..conftest import VECTORS as ALL_VECTORS

VECTORS = ALL_VECTORS / "tiebreak"
SWISS_ORDER = ["PTS", "BH/C1", "BH", "TPR", "WIN"]  # regulation 002's order, as the README says
FILES = sorted(VECTORS.glob("*/*.tsv"))


def _close(got: float | int | None, expected: str) -> bool:
    if got is None:
        return expected in ("", "0")
    return expected != "" and abs(float(got) - float(expected)) < 1e-9


@pytest.mark.parametrize("tsv", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_vector(tsv: Path) -> None:
    round_robin = tsv.parent.name == "round-robin"
    table = tb.from_trf(trf.parse(tsv.with_suffix(".trf").read_text()), round_robin=round_robin)
    rows = list(csv.DictReader(tsv.open(encoding="utf-8"), delimiter="\t"))
    codes = [c for c in rows[0] if c not in ("Rank", "StartNo")]
    ranked = {r.start: r for r in tb.standings(table, codes if round_robin else SWISS_ORDER)}
    calc = tb.Calculator(table)
    wrong = []
    for row in rows:
        start = int(row["StartNo"])
        for code in codes:
            got = (
                ranked[start].values["DE"]
                if code == "DE"
                else calc.value(code, table.competitors[start])
            )
            if not _close(got, row[code]):
                wrong.append(f"{start} {code}: {got} != {row[code]}")
        standing = ranked[start]
        if not standing.rank <= int(row["Rank"]) <= standing.shared_to:
            wrong.append(f"{start} rank {standing.place} != {row['Rank']}")
    assert not wrong, "\n".join(wrong[:20])


def test_all_vector_files_present() -> None:
    assert len([f for f in FILES if f.parent.name == "swiss"]) == 71
    assert len([f for f in FILES if f.parent.name == "round-robin"]) == 15
