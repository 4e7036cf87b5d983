"""The TRF carries the event (issues 27 point 7 and 32 point 1): 012…222 from the event's
own fields, one header for the export and the generator, positions that a byte-based
reader finds where a character-based one does, a year of birth written as a year, and the
reference pairing program pairing the exported round 1 of an event made from nothing as
arbitre did (bbpPairings v6 when ARBITRE_BBP names it; its vendored output otherwise)."""

from __future__ import annotations

import csv
import datetime as dt
import io
import os
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from arbitre_tui.operations import EventService
from arbitre_tui.rules import trf
from arbitre_tui.rules.rating_lists import ListedPlayer, as_player
from arbitre_tui.rules.swiss.generator import Options, generate

from ..helpers.cli import arbitre, arbitre_here

VECTORS = Path(__file__).parents[1] / "vectors" / "bbp"
FEDERATIONS = [
    "FRA",
    "GER",
    "ITA",
    "ESP",
    "SUI",
    "BEL",
    "LUX",
    "NED",
    "POR",
    "POL",
    "UKR",
    "ENG",
    "AUT",
]
SURNAMES = [
    "Lefèvre",
    "Müller",
    "Rossi",
    "García",
    "Béranger",
    "Le Goff",
    "de la Tour",
    "Øster",
    "Nuñez",
    "Châtelain",
    "Łukaszewicz",
    "Œhlenschläger",
]
FIRSTS = ["Bérénice-Hélène", "Zoé", "Élodie", "Jürgen", "Noël", "François"]


def _csv(count: int = 41) -> str:
    """The organiser's 41 players: accented names, 13 federations, distinct ratings."""
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["nom", "prenom", "sexe", "naissance", "federation", "fide_id", "elo_fide"])
    for i in range(count):
        w.writerow(
            [
                f"{SURNAMES[i % len(SURNAMES)]} {'ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJKLMNO'[i]}",
                FIRSTS[i % len(FIRSTS)],
                "F" if i % 3 == 0 else "M",
                f"{1960 + i % 45}-0{1 + i % 9}-1{i % 9}",
                FEDERATIONS[i % len(FEDERATIONS)],
                str(30_000_000 + i),
                str(2390 - 17 * i) if i % 10 != 9 else "",  # four unrated
            ]
        )
    return out.getvalue()


def _ok(*args: str) -> str:
    out = arbitre_here(*args)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "Traceback" not in out.stderr
    return out.stdout + out.stderr


@pytest.fixture(scope="module")
def new_event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An event from nothing: 7-round 90+30 Swiss, 41 own players checked in, round 1
    paired (seed 1), nothing played."""
    path = tmp_path_factory.mktemp("trf") / "printemps.sqlite"
    _ok(
        *("new", str(path), "--nom", "Open de Sélestat 2027", "--lieu", "Sélestat"),
        *("--du", "2027-04-10", "--au", "2027-04-12", "--federation", "FRA"),
        *("--arbitre", "DUPONT Jean", "--adjoint", "MARTIN Léa", "--adjoint", "KLEIN Paul"),
    )
    _ok(
        *("section", "add", str(path), "open", "--nom", "Open principal"),
        *("--systeme", "suisse", "--rondes", "7", "--cadence", "90+30"),
    )
    players = path.with_name("joueurs.csv")
    players.write_text(_csv(), encoding="utf-8")
    assert "41 joueur(s) importé(s)" in _ok(
        "players", "import", str(path), str(players), "-t", "open"
    )
    service = EventService(path)
    try:
        for p in service.store.players(service.tournament("open").id or 0):
            service.check_in(p.id or 0)
    finally:
        service.close()
    _ok("pair", str(path), "--seed", "1")
    return path


def _export(path: Path, name: str = "open.trf") -> tuple[bytes, str]:
    out = path.with_name(name)
    run = arbitre("export", "trf", str(path), "open", str(out))
    assert run.returncode == 0, run.stdout + run.stderr
    return out.read_bytes(), run.stderr


def _records(data: bytes, tag: str) -> list[bytes]:
    return [line for line in data.split(b"\r") if line.startswith(tag.encode())]


def test_the_header_is_the_events_own(new_event: Path) -> None:
    data, warnings = _export(new_event)
    assert data.isascii()  # one byte per position: see rules/trf.py
    lines = data.decode("ascii").split("\r")
    head = [line for line in lines if line[:3].isdigit() and line[2] == "2"]
    assert head[:13] == [
        "012 Open de Selestat 2027 - Open principal",
        "022 Selestat",
        "032 FRA",
        "042 2027/04/10",
        "052 2027/04/12",
        "062 41",
        "072 37",  # four players have no FIDE rating
        "092 Individual: Swiss-System",
        "102 DUPONT Jean",
        "112 MARTIN Lea",
        "112 KLEIN Paul",
        "122 90 min + 30 s",
        "182 arbitre-tui 0.1.0",
    ], head
    assert "192 FIDE_DUTCH_2025" in head and "222 5400+30" in head and "142 7" in head
    assert not any(line.startswith("132") for line in lines)  # nothing played: no date to say
    assert "Attention" not in warnings  # nothing is missing before round 1


def test_a_byte_based_reader_finds_every_field_in_its_columns(new_event: Path) -> None:
    """Fixed positions counted in bytes (as bbpPairings reads a line) land where the
    TRF-2026 table puts them, whatever the accents: « Bérénice-Hélène » is written as FIDE's
    lists spell it, « Berenice-Helene »."""
    data, _ = _export(new_event)
    rows = _records(data, "001")
    assert len(rows) == 41
    service = EventService(new_event)
    try:
        by_id = {p.fide_id: p for p in service.store.players(service.tournament("open").id or 0)}
    finally:
        service.close()
    for row in rows:
        fide_id = int(row[57:68])  # 58-68
        p = by_id[fide_id]
        assert row[48:52].strip() == (str(p.rating_fide).encode() if p.rating_fide else b"")
        assert row[53:56] == p.federation.encode()  # 54-56
        assert row[69:79] == p.birth_date.strftime("%Y/%m/%d").encode()  # type: ignore[union-attr]
        assert row[80:84] == b" 0.0"  # 81-84
        name = row[14:47].decode("ascii").rstrip()
        assert name == trf.ascii_text(f"{p.surname}, {p.first_name}")
    zoe = [r for r in rows if b"Berenice-Helene" in r]
    assert zoe and all(r[47:48] == b" " for r in zoe)


def test_a_line_padded_in_utf8_bytes_by_another_program_is_read_too() -> None:
    line = trf.format_player(
        trf.TrfPlayer(start=1, name="Zoe, Berenice-Helene", rating=2104, federation="FRA")
    )
    accented = line.replace("Zoe, Berenice-Helene", "Zoé, Bérénice-Hélène")
    # a byte-based writer pads the name to 33 bytes: 4 accents, 4 blanks fewer
    by_bytes = accented[:47].encode("utf-8")
    by_bytes = by_bytes[:14] + by_bytes[14:].rstrip().ljust(33) + accented[47:].encode()
    assert len(by_bytes[14:47]) == 33
    text = "012 X\r" + by_bytes.decode("utf-8") + "\r"
    p = trf.parse(text).players[1]
    assert (p.name, p.rating, p.federation) == ("Zoé, Bérénice-Hélène", 2104, "FRA")


def test_set_header_writes_each_deputy_and_the_round_dates_over_their_cells() -> None:
    t = trf.TrfTournament(rounds=3)
    t.players[1] = trf.TrfPlayer(start=1, name="A", rating=1800)
    t.players[2] = trf.TrfPlayer(start=2, name="B")
    h = trf.EventHeader(
        name="Open",
        city="Colmar",
        federation="FRA",
        start=dt.date(2027, 4, 10),
        end=dt.date(2027, 4, 11),
        chief_arbiter="DUPONT Jean",
        deputies=("MARTIN Léa",),
        round_dates=(dt.date(2027, 4, 10), None, dt.date(2027, 4, 11)),
    )
    warnings = trf.set_header(t, h)
    lines = trf.write(t).split("\r")
    dates = next(line for line in lines if line.startswith("132"))
    assert dates[91:99] == "27/04/10" and dates[101:109].strip() == ""
    assert dates[111:119] == "27/04/11"
    assert [line for line in lines if line[:3] in ("062", "072")] == ["062 2", "072 1"]
    assert lines.index("112 MARTIN Lea") == lines.index("102 DUPONT Jean") + 1
    assert warnings == [
        "TRF : date inconnue pour la ronde 2 (case laissée vide au 132) ; notez le début de "
        "chaque ronde (arbitre round-start FICHIER --ronde N --when AAAA-MM-JJTHH:MM, ou "
        "l'horloge des rondes)."
    ]
    again = trf.parse(trf.write(t), check_scores=False)
    assert again.deputies == ["MARTIN Lea"]
    # no date known: no 132 at all (never an empty one), and said
    warnings = trf.set_header(t, trf.EventHeader(name="Open", round_dates=(None, None)))
    assert not any(line.startswith("132") for line in trf.write(t).split("\r"))
    assert any("ronde 1, 2 (record 132 non écrit)" in w for w in warnings)
    assert any("arbitre principal (102)" in w and "lieu (022)" in w for w in warnings)


def test_the_generator_writes_the_same_header() -> None:
    t = generate(Options(players=10, rounds=3, seed=5))
    lines = trf.write(t).split("\r")
    assert "062 10" in lines and "072 10" in lines and "032 FRA" in lines
    assert "102 Generateur arbitre-tui" in lines and "182 arbitre-tui" in lines
    dates = next(line for line in lines if line.startswith("132"))
    assert dates[91:99] == "26/01/10" and dates[111:119] == "26/01/12"


def _play_round_1(path: Path) -> None:
    for board in range(1, 21):
        _ok("result", str(path), str(board), "1" if board % 3 else "=")


def test_round_dates_are_noted_or_the_arbiter_is_warned(tmp_path: Path, new_event: Path) -> None:
    path = tmp_path / "e.sqlite"
    path.write_bytes(new_event.read_bytes())
    _play_round_1(path)
    data, warnings = _export(path)
    assert not _records(data, "132")  # three days: round 1's day is not known
    assert "Attention : TRF : date inconnue pour la ronde 1 (record 132 non écrit)" in warnings
    _ok("round-start", str(path), "--ronde", "1", "--when", "2027-04-10T14:00")
    data, warnings = _export(path)
    (line,) = _records(data, "132")
    assert line[91:99] == b"27/04/10" and len(line) == 99
    assert "date inconnue" not in warnings


def test_a_year_of_birth_alone_is_written_as_a_year(tmp_path: Path, new_event: Path) -> None:
    """FIDE's list gives the year: 1987/00/00 in 70-79, never 1987/01/01; a date typed
    later (players edit --naissance) is a whole date again."""
    fide = ListedPlayer("fide", "Kasparov", "Garry", fide_id=4100018, birth_year=1963)
    p = as_player(fide, None, "standard", dt.date(2027, 4, 1))
    assert p.birth_date == dt.date(1963, 1, 1) and p.birth_year_only
    ffe = fide._replace(source="ffe", birth_date=dt.date(1963, 4, 13))
    assert not as_player(fide, ffe, "standard", dt.date(2027, 4, 1)).birth_year_only

    path = tmp_path / "e.sqlite"
    path.write_bytes(new_event.read_bytes())
    service = EventService(path)
    try:
        service.register_player("open", replace(p, rating_fide=1500))
    finally:
        service.close()
    data, _ = _export(path)
    (row,) = [r for r in _records(data, "001") if b"Kasparov" in r]
    assert row[69:79] == b"1963/00/00"
    _ok("players", "edit", str(path), "Kasparov", "--naissance", "1963-04-13")  # by name (49.5)
    data, _ = _export(path)
    (row,) = [r for r in _records(data, "001") if b"Kasparov" in r]
    assert row[69:79] == b"1963/04/13"


# -- the reference pairing program ------------------------------------------------------
def _arbitre_round_1(path: Path, data: bytes) -> list[tuple[int, int]]:
    """arbitre's round 1 in start numbers of the exported file: (white, black), (bye, 0)."""
    start = {int(r[57:68]): int(r[4:8]) for r in _records(data, "001")}
    service = EventService(path)
    try:
        t = service.tournament("open")
        fide = {p.id: p.fide_id for p in service.store.players(t.id or 0)}
        rnd = service.store.round(t.id or 0, 1)
        assert rnd is not None
        games = service.store.games(rnd.id or 0)
    finally:
        service.close()
    return sorted(
        (start[fide[g.white_id]], start[fide[g.black_id]] if g.black_id else 0)  # type: ignore[index]
        for g in games
    )


def _pairs(text: str) -> list[tuple[int, int]]:
    """bbpPairings' output: the number of pairs, then « white black » (« n 0 »: the bye)."""
    rows = [line.split() for line in text.split("\n") if line.strip()]
    assert int(rows[0][0]) == len(rows) - 1
    return sorted((int(a), int(b)) for a, b in rows[1:])


def test_the_reference_pairs_the_exported_round_1_as_arbitre_did(new_event: Path) -> None:
    data, _ = _export(new_event, "r1.trf")
    mine = _arbitre_round_1(new_event, data)
    assert len(mine) == 21 and (mine[0][1] == 0 or any(b == 0 for _, b in mine))
    # what bbpPairings reads (001, 142, 152) is the file its vendored output was made from
    read = (b"001", b"142", b"152")
    vendored = (VECTORS / "new-event-r1.trf").read_bytes()
    assert [r for r in data.split(b"\r") if r[:3] in read] == [
        r for r in vendored.split(b"\r") if r[:3] in read
    ]
    assert mine == _pairs((VECTORS / "new-event-r1.pairs").read_text("ascii"))
    binary = os.environ.get("ARBITRE_BBP")
    if not binary:
        pytest.skip("ARBITRE_BBP ne désigne pas bbpPairings : la sortie vendue a servi")
    out = new_event.with_name("r1.pairs")
    run = subprocess.run(
        [binary, "--dutch", str(new_event.with_name("r1.trf")), "-p", str(out)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert _pairs(out.read_text("ascii")) == mine


def test_a_one_name_deputy_list_is_accepted(tmp_path: Path, new_event: Path) -> None:
    """`settings set arbiters "MARTIN Paul"`: one name is a list of one (issue 32 point 6);
    « ; » separates several; each becomes its own 112."""
    path = tmp_path / "e.sqlite"
    path.write_bytes(new_event.read_bytes())
    _ok("settings", "set", str(path), "arbiters", "MARTIN Paul")
    data, _ = _export(path)
    assert _records(data, "112") == [b"112 MARTIN Paul"]
    _ok("settings", "set", str(path), "arbiters", "MARTIN Paul; KLEIN Léa")
    data, _ = _export(path)
    assert _records(data, "112") == [b"112 MARTIN Paul", b"112 KLEIN Lea"]


def test_three_rounds_exported_are_checked_by_the_reference(
    tmp_path: Path, new_event: Path
) -> None:
    """Rounds 1-3 played, closed and paired by arbitre (seed 1), exported with accented
    names: our checker re-pairs them identically everywhere; bbpPairings' checker (`-c`)
    finds nothing to say when ARBITRE_BBP names it (its answer vendored beside)."""
    path = tmp_path / "e.sqlite"
    path.write_bytes(new_event.read_bytes())
    service = EventService(path)
    try:
        for number in (1, 2, 3):
            for board in range(1, 21):
                service.record_result("open", board, "=" if board % 3 == 0 else "1-0")
            service.close_round("open")
            if number < 3:
                service.pair_round("open", seed=1)
    finally:
        service.close()
    data, warnings = _export(path, "r3.trf")
    assert "date inconnue pour la ronde 1, 2, 3" in warnings
    vendored = (VECTORS / "new-event-r3.trf").read_bytes()
    assert _records(data, "001") == _records(vendored, "001")
    check = arbitre("check-pairings", str(path.with_name("r3.trf")))
    assert check.returncode == 0 and "3 / 3 rondes identiques" in check.stdout, check.stdout
    expected = (VECTORS / "new-event-r3.bbp-c.txt").read_text("utf-8")
    assert expected.split() == ["r3:", "Round", "#1", "r3:", "Round", "#2", "r3:", "Round", "#3"]
    binary = os.environ.get("ARBITRE_BBP")
    if not binary:
        pytest.skip("ARBITRE_BBP ne désigne pas bbpPairings : sa réponse vendue a servi")
    run = subprocess.run(
        [binary, "--dutch", "r3.trf", "-c"],  # it names the file as given: « r3: »
        capture_output=True,
        text=True,
        timeout=60,
        cwd=path.parent,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert (run.stdout + run.stderr).split() == expected.split()
