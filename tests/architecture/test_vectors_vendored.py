"""The reference vectors live in the repository: a clone alone runs every conformance test."""

from __future__ import annotations

import filecmp
import re
from pathlib import Path

import pytest

from ..conftest import ROOT, VECTORS

SHARED = ROOT.parent / "shared"  # the read-only source the vectors were copied from


def test_vectors_are_in_the_repository() -> None:
    assert len(list((VECTORS / "dutch").glob("t*.trf"))) == 70
    assert len(list((VECTORS / "dutch" / "cases").glob("*.out"))) == 547
    assert len(list((VECTORS / "tiebreak").glob("*/*.tsv"))) >= 10
    assert (VECTORS / "reference" / "example-trf2026.trf").is_file()


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared is not beside this clone")
@pytest.mark.parametrize(
    ("copy", "source"),
    [("dutch", "dutch-vectors"), ("tiebreak", "tiebreak-vectors")],
)
def test_vendored_copy_matches_its_source(copy: str, source: str) -> None:
    """A vector is never edited to make a test pass: the copy stays byte for byte."""
    theirs = SHARED / source
    if not theirs.is_dir():
        pytest.skip(f"../shared/{source} absent")
    ours = VECTORS / copy
    names = sorted(str(p.relative_to(theirs)) for p in theirs.rglob("*") if p.is_file())
    assert names == sorted(str(p.relative_to(ours)) for p in ours.rglob("*") if p.is_file())
    _match, mismatch, errors = filecmp.cmpfiles(theirs, ours, names, shallow=False)
    assert not mismatch and not errors


def test_reference_example_matches_its_source() -> None:
    source = SHARED / "reference" / "example-trf2026.trf"
    if not source.is_file():
        pytest.skip("../shared/reference absent")
    assert (VECTORS / "reference" / "example-trf2026.trf").read_bytes() == source.read_bytes()


def test_no_test_reads_shared() -> None:
    """Only this file may look at ../shared (to check the copies)."""
    here = Path(__file__).name
    offenders = [
        p.name
        for p in (ROOT / "tests").rglob("*.py")
        if p.name != here and re.search(r'parent\s*/\s*"shared"', p.read_text(encoding="utf-8"))
    ]
    assert not offenders
