"""Papi files (issue 33): a section built from nothing through the CLI, as Papi's tables."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitre_tui.operations.event import EventService
from arbitre_tui.operations.formats import format_of
from arbitre_tui.publish.papi.papi import TABLES, PapiTables, tables
from arbitre_tui.rules.models import Bye
from arbitre_tui.views.reader import Reader

from ..helpers.cli import arbitre, run_here

PLAYERS = (
    ("Béranger", "Élodie", "F", "2012-03-04", "1850", "A12345", "Échiquier Niçois"),
    ("Durand", "Paul", "M", "1970-01-02", "2010", "B23456", "Cercle d'Allauch"),
    ("Martin", "Zoé", "F", "2016-05-06", "", "C34567", ""),
    ("Petit", "Luc", "M", "1990-07-08", "1600", "", "Hay Chess"),
    ("Roux", "Anaïs", "F", "1950-09-10", "1720", "D45678", "Cercle d'Allauch"),
)


def run(*args: str) -> None:
    run_here(*args)


def build_event(path: Path) -> None:
    """Five players (a bye every round), two rounds: played results, a forfeit."""
    f = str(path)
    run("new", f, "--nom", "Open d'Été", "--lieu", "Allauch", "--du", "2027-07-01",
        "--au", "2027-07-03", "--arbitre", "REGAUD Denis")  # fmt: skip
    run("section", "add", f, "open", "--nom", "Open A", "--systeme", "suisse",
        "--rondes", "5", "--cadence", "90+30")  # fmt: skip
    for surname, first, sex, born, elo, licence, club in PLAYERS:
        extra = ["--elo", elo] if elo else []
        extra += ["--licence", licence] if licence else []
        extra += ["--club", club] if club else []
        run("register", f, surname, "--prenom", first, "--sexe", sex, "--naissance", born,
            "-t", "open", "--pointe", *extra)  # fmt: skip
    run("pair", f, "-t", "open")
    run("result", f, "1", "1", "-t", "open")
    run("result", f, "2", "=", "-t", "open")
    run("bye", f, "ROUX", "2")  # Roux asks a half-point bye for round 2
    run("close-round", f, "-t", "open")
    run("pair", f, "-t", "open")
    run("result", f, "1", "+-", "-t", "open")
    run("result", f, "2", "0", "-t", "open")
    run("withdraw", f, "MARTIN")  # Martin withdraws after round 2
    # the same four play the closed one too: a side event (one person, once, 49.3)
    run("section", "add", f, "rr", "--nom", "Fermé", "--systeme", "toutes-rondes",
        "--rondes", "3", "--cadence", "60+30", "--reglage", "several_sections=oui")  # fmt: skip
    for surname, first, sex, born, *_ in PLAYERS[:4]:
        run("register", f, surname, "--prenom", first, "--sexe", sex, "--naissance", born,
            "-t", "rr", "--pointe")  # fmt: skip
    run("pair", f, "-t", "rr")
    run("result", f, "1", "=", "-t", "rr")
    run("result", f, "2", "--", "-t", "rr")


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("papi") / "ete.sqlite"
    build_event(path)
    return path


def papi_of(path: Path, key: str = "open") -> tuple[PapiTables, EventService]:
    service = EventService(path)
    reader = Reader(service)
    t = reader.tournament(key)
    genre = format_of(t).papi_genre
    return tables(reader.event(), t, reader.players(t), reader.all_games(t), genre), service


@pytest.mark.slow
def test_every_player_and_round_in_papi_codes(event: Path) -> None:
    papi, service = papi_of(event)
    try:
        reader = Reader(service)
        t = reader.tournament("open")
        games = reader.all_games(t)
        people = reader.people(t)
    finally:
        service.close()
    info = dict(papi.info)
    assert info["Genre"] == "Suisse" and info["NbrRondes"] == "5"
    assert info["DateDebut"] == "01/07/2027" and info["Lieu"] == "Allauch"
    assert info["RondeActive"] == "2" and info["Arbitre"] == "REGAUD Denis"
    rows = {r["Ref"]: r for r in papi.joueur}
    assert rows[1]["Nom"] == "EXEMPT" and len(rows) == 6
    assert all(set(r) == {c.name for c in TABLES["JOUEUR"]} for r in papi.joueur)
    by_name = {r["Nom"]: r for r in papi.joueur}
    durand = by_name["DURAND"]
    assert (durand["Ref"], durand["Elo"], durand["Fide"], durand["Cat"]) == (2, 2010, "F", "Sep")
    assert by_name["MARTIN"]["Fide"] == "E" and by_name["MARTIN"]["Cat"] == "Pup"
    assert by_name["BÉRANGER"]["Prenom"] == "Élodie" and by_name["BÉRANGER"]["Sexe"] == "F"
    assert by_name["BÉRANGER"]["NrFFE"] == "A12345" and by_name["BÉRANGER"]["AffType"] == "A"
    assert by_name["PETIT"]["AffType"] == "N" and by_name["PETIT"]["Pointe"] is True
    # every game, seen from both sides, in Papi's coding
    code = {"1-0": (3, 1), "0-1": (1, 3), "=-=": (2, 2), "+--": (6, 4), "--+": (4, 6)}
    ref = {pid: next(r["Ref"] for r in papi.joueur if r["Nom"] == p.surname.upper())
           for pid, p in people.items()}  # fmt: skip
    seen = 0
    for n, round_games in games.items():
        for g in round_games:
            w = rows[ref[g.white_id]]
            if g.black_id is None and g.bye is Bye.HALF_POINT:
                assert (w[f"Rd{n:02d}Cl"], w[f"Rd{n:02d}Adv"], w[f"Rd{n:02d}Res"]) == ("F", None, 2)
                continue
            if g.black_id is None:
                assert (w[f"Rd{n:02d}Cl"], w[f"Rd{n:02d}Adv"], w[f"Rd{n:02d}Res"]) == ("B", 1, 6)
                assert rows[1][f"Rd{n:02d}Adv"] == ref[g.white_id]
                continue
            b = rows[ref[g.black_id]]
            assert g.result is not None
            cw, cb = code[g.result.value]
            assert (w[f"Rd{n:02d}Cl"], w[f"Rd{n:02d}Adv"], w[f"Rd{n:02d}Res"]) == (
                "B", ref[g.black_id], cw)  # fmt: skip
            assert (b[f"Rd{n:02d}Cl"], b[f"Rd{n:02d}Adv"], b[f"Rd{n:02d}Res"]) == (
                "N", ref[g.white_id], cb)  # fmt: skip
            seen += 1
    assert seen == 4 and by_name["ROUX"]["Rd02Cl"] == "F"
    assert by_name["MARTIN"]["Commentaire"] == "Forfait général"
    assert all(
        r["Rd03Cl"] == "R" and r["Rd03Res"] == 0 for r in papi.joueur if r["Nom"] != "MARTIN"
    )
    # withdrawn: F and 0 in every round left, as Papi fills them (a Papi 3.3.7 file)
    martin = by_name["MARTIN"]
    assert [(martin[f"Rd{n:02d}Cl"], martin[f"Rd{n:02d}Res"]) for n in (3, 4, 5, 6)] == [
        ("F", 0), ("F", 0), ("F", 0), ("R", 0)]  # fmt: skip


def mdb(*args: str) -> str:
    import subprocess

    out = subprocess.run(["mdb-" + args[0], *args[1:]], capture_output=True, text=True, check=True)
    return out.stdout


def exported(event: Path, tmp_path: Path) -> Path:
    out = tmp_path / "ete.papi"
    done = arbitre("export", "papi", str(event), "open", str(out))
    assert done.returncode == 0, done.stderr
    assert "Fichier Papi écrit" in done.stdout
    # accented names (Béranger, Élodie…): their keys are known (jetsort), every index written
    assert "Index non écrit" not in done.stdout
    return out


def test_mdbtools_reads_back_every_table_column_and_value(event: Path, tmp_path: Path) -> None:
    import csv
    import datetime as dt
    import io

    papi_file = exported(event, tmp_path)
    assert mdb("ver", str(papi_file)).strip() == "JET4"
    assert mdb("tables", "-1", str(papi_file)).split() == ["INFO", "JOUEUR", "RES"]
    schema = mdb("schema", str(papi_file))
    # Papi's own declarations, as mdb-schema prints a Papi 3.3.8 file's (docs/papi.md)
    for line in ("[Variable]\t\t\tText (50)", "[Ref]\t\t\tLong Integer", "[NrFFE]\t\t\tText (6)",
                 "[NeLe]\t\t\tDateTime", "[Pointe]\t\t\tBoolean NOT NULL",
                 "[Dep1]\t\t\tSingle", "[Rd24Res]\t\t\tByte", "[Str]\t\t\tText (5)"):  # fmt: skip
        assert line in schema
    papi, service = papi_of(event)
    service.close()
    fmt = {"long": str, "int": str, "byte": str, "single": str, "text": str}

    def as_mdb(kind: str, value: object) -> str:
        if value is None:
            return ""
        if kind == "bool":
            return "1" if value else "0"
        if kind == "datetime":
            assert isinstance(value, dt.date)
            return value.strftime("%m/%d/%y 00:00:00")
        return fmt[kind](value)

    for name, expected in (
        ("INFO", [[v or "" for v in row] for row in papi.info]),
        ("JOUEUR", [[as_mdb(c.kind, r[c.name]) for c in TABLES["JOUEUR"]] for r in papi.joueur]),
        ("RES", [[str(k), s] for k, s in papi.res]),
    ):
        rows = list(csv.reader(io.StringIO(mdb("export", str(papi_file), name))))
        assert rows[0] == [c.name for c in TABLES[name]]
        assert rows[1:] == expected, name
    # the catalogue: each table a user table of the « Tables » container, owned as the
    # blank database's own tables are
    catalogue = {r["Name"]: r for r in csv.DictReader(
        io.StringIO(mdb("export", "-b", "hex", str(papi_file), "MSysObjects")))}  # fmt: skip
    for name in ("INFO", "JOUEUR", "RES"):
        row = catalogue[name]
        assert (row["Type"], row["ParentId"], row["Flags"]) == ("1", "251658241", "0")
        assert row["Owner"] == catalogue["MSysObjects"]["Owner"] != ""
    joueur = list(csv.DictReader(io.StringIO(mdb("export", str(papi_file), "JOUEUR"))))
    assert {r["Nom"] for r in joueur} >= {"BÉRANGER", "ROUX", "EXEMPT"}
    assert next(r for r in joueur if r["Nom"] == "BÉRANGER")["NeLe"] == "03/04/12 00:00:00"


def test_pages_written_are_claimed_in_the_free_page_map(event: Path, tmp_path: Path) -> None:
    from arbitre_tui.publish.papi.jet import PAGE, Database

    data = exported(event, tmp_path).read_bytes()
    pages = len(data) // PAGE
    assert pages > 19  # the blank's 19 pages, then the tables'
    free = Database(data).free_pages()
    assert free[0] == pages and free == list(range(pages, pages + len(free)))


def test_access_parser_reads_it_too(event: Path, tmp_path: Path) -> None:
    from access_parser import AccessParser  # type: ignore[import-untyped]

    db = AccessParser(str(exported(event, tmp_path)))
    assert {"INFO", "JOUEUR", "RES"} <= set(db.catalog)
    joueur = db.parse_table("JOUEUR")
    assert joueur["Nom"][0] == "EXEMPT" and len(joueur["Ref"]) == 6
    assert joueur["Prenom"].count("Élodie") == 1
    assert db.parse_table("RES")["Str"][1] == " 0-1 "


def test_refusals_write_nothing(event: Path, tmp_path: Path) -> None:
    for target in (str(event), f"{event}-wal"):
        out = arbitre("export", "papi", str(event), "open", target)
        assert out.returncode == 2 and "Choisissez un autre fichier" in out.stderr
    out = arbitre("export", "papi", str(event), "nope", str(tmp_path / "x.papi"))
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert not (tmp_path / "x.papi").exists()


def test_a_knockout_is_refused_in_french(tmp_path: Path) -> None:
    f = str(tmp_path / "ko.sqlite")
    run("new", f, "--nom", "Coupe")
    run("section", "add", f, "ko", "--nom", "KO", "--systeme", "ko", "--rondes", "3")
    out = arbitre("export", "papi", f, "ko", str(tmp_path / "ko.papi"))
    assert out.returncode == 2 and "Papi ne connaît que le système suisse" in out.stderr
    assert "Traceback" not in out.stderr and not (tmp_path / "ko.papi").exists()


def test_round_robin_section(event: Path, tmp_path: Path) -> None:
    import csv
    import io

    out = tmp_path / "rr.papi"
    done = arbitre("export", "papi", str(event), "rr", str(out))
    assert done.returncode == 0, done.stderr
    info = dict(csv.reader(io.StringIO(mdb("export", str(out), "INFO"))))
    assert (info["Genre"], info["Pairing"], info["NbrRondes"]) == ("ToutesRondes", "Berger", "3")
    rows = list(csv.DictReader(io.StringIO(mdb("export", str(out), "JOUEUR"))))
    assert len(rows) == 5
    codes = sorted((r["Rd01Cl"], r["Rd01Res"]) for r in rows[1:])
    assert codes == [("B", "2"), ("B", "5"), ("N", "2"), ("N", "5")]
    assert {(r["Rd02Cl"], r["Rd02Res"]) for r in rows} == {("R", "0")}


def test_column_definitions_are_papis(event: Path, tmp_path: Path) -> None:
    """JOUEUR's TDEF as a Papi 3.3.8 file has it (read there with this module's reader and
    mdbtools, December 2026): Ref an autonumber, NrFFE a fixed text, Pointe a boolean of
    length 1, the fixed columns at Papi's offsets."""
    import struct

    from access_parser import AccessParser

    from arbitre_tui.publish.papi.jet import Database

    path = exported(event, tmp_path)
    page = AccessParser(str(path)).catalog["JOUEUR"]
    db = Database(path.read_bytes())
    cols = {c.name: c for c in db.columns(page)}
    papi_3_3_8 = {  # name: (type, length, flags, fixed offset)
        "Ref": (4, 4, 7, 0), "RefFFE": (4, 4, 3, 4), "Nr": (3, 2, 3, 8),
        "NrFFE": (10, 12, 3, 10), "NeLe": (8, 8, 3, 22), "Elo": (3, 2, 3, 30),
        "Rapide": (3, 2, 3, 32), "Blitz": (3, 2, 3, 34), "ClubRef": (4, 4, 3, 36),
        "Pointe": (1, 1, 3, 0), "InscriptionRegle": (3, 2, 3, 40),
        "InscriptionDu": (3, 2, 3, 42), "Nom": (10, 40, 2, None), "Club": (10, 160, 2, None),
        "Commentaire": (10, 510, 2, None), "Rd24Res": (2, 1, 3, None),
    }  # fmt: skip
    for name, (kind, length, flags, offset) in papi_3_3_8.items():
        c = cols[name]
        assert (c.kind, c.length, c.flags) == (kind, length, flags), name
        assert offset is None or c.fixed_offset == offset, name
    assert len(cols) == 113
    # a text's sort order: General, version 0 (Jet 4's; version 1 is Access 2010's)
    blob = db.tdef(page)
    at = 63 + 12 * struct.unpack_from("<I", blob, 51)[0] + 25 * cols["Nom"].number
    assert struct.unpack_from("<HH", blob, at + 11) == (0x409, 0)
    assert struct.unpack_from("<I", db.pages[page], 20)[0] == 6  # the last Ref given
    assert '"ref"\t\t\tSERIAL' in mdb("schema", str(path), "postgres")
