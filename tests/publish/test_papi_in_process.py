"""access-parser as the in-process reader of our Papi files, beside mdbtools (issue 54.8).

Tried in December 2026 (access-parser 0.0.6): it reads every table of an exported Papi
file and, once its values are written as mdb-export writes them, every cell equals
mdb-export's — but one kind of column: a fixed-length text (JOUEUR.NrFFE, the FFE licence,
« Text (6) » fixed as in Papi's own files) is read from its offset to the end of the row,
access-parser never cutting it at the column's length. The read-back below cuts it there,
as mdbtools does, and a test says so as long as the bug is there.

What stays with mdbtools: the declarations (mdb-schema: « Text (6) », « Boolean NOT
NULL »), the version (mdb-ver), the catalogue in hex (MSysObjects), the FFE's base
(operations read Data.mdb through mdb-export). In process is not faster: access-parser
is pure Python (INFO 0.04 s for both; JOUEUR 0.37 s against 0.24 s for an mdb-export
process, best of five on a loaded machine).
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import subprocess
from pathlib import Path

import pytest
from access_parser import AccessParser  # type: ignore[import-untyped]

from arbitre_tui.publish.papi.papi import TABLES

from .test_papi_export import build_event, exported

TEXT = 10  # Jet's type code of a Text column


def in_process(path: Path, table: str) -> list[list[str]]:
    """A table read by access-parser, its values as mdb-export prints them (NULL empty,
    booleans 1/0, dates MM/DD/YY 00:00:00), a fixed-length text cut at its length."""
    found = AccessParser(str(path)).get_table(table)
    fixed_texts = {
        c.col_name_str: c.length // 2  # UCS-2: two bytes a character
        for c in found.columns.values()
        if c.type == TEXT and c.column_flags.fixed_length
    }
    cells = found.parse()
    names = [c.name for c in TABLES[table]]

    def said(name: str, value: object) -> str:
        if value is None:
            return ""
        if isinstance(value, bool):
            return "1" if value else "0"
        if name in fixed_texts:
            return str(value)[: fixed_texts[name]]
        if isinstance(value, str) and len(value) == 19 and value[10:] == " 00:00:00":
            return dt.date.fromisoformat(value[:10]).strftime("%m/%d/%y 00:00:00")
        return str(value)

    count = len(cells[names[0]])
    return [names] + [[said(n, cells[n][i]) for n in names] for i in range(count)]


def mdb_export(path: Path, table: str) -> list[list[str]]:
    out = subprocess.run(
        ["mdb-export", str(path), table], capture_output=True, text=True, check=True
    )
    return list(csv.reader(io.StringIO(out.stdout)))


@pytest.fixture(scope="module")
def papi_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("papi-in-process")
    build_event(folder / "ete.sqlite")
    return exported(folder / "ete.sqlite", folder)


@pytest.mark.parametrize("table", ["INFO", "JOUEUR", "RES"])
def test_access_parser_reads_every_cell_as_mdbtools(papi_file: Path, table: str) -> None:
    """Two readers written apart from ours agree on every cell of every table."""
    ours = in_process(papi_file, table)
    assert len(ours) > 1 and ours[0] == mdb_export(papi_file, table)[0]
    assert ours == mdb_export(papi_file, table)
    if table == "JOUEUR":
        assert {row[ours[0].index("Nom")] for row in ours[1:]} >= {"BÉRANGER", "ROUX"}
        assert "B23456" in {row[ours[0].index("NrFFE")] for row in ours[1:]}


def test_access_parser_0_0_6_reads_a_fixed_text_past_its_length(papi_file: Path) -> None:
    """Why the read-back cuts NrFFE: access-parser reads it to the end of the row (the
    rest of the row's bytes as text). When this fails, access-parser reads it right and
    the cut can go."""
    raw = AccessParser(str(papi_file)).parse_table("JOUEUR")["NrFFE"]
    licences = [v for v in raw if v]
    assert licences and all(len(v) > 6 for v in licences)
    assert {v[:6] for v in licences} == {"A12345", "B23456", "C34567", "D45678"}
