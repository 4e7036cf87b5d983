"""Issue 20: rating lists at the venue, offline (docs/listes-elo.md).

Small list files written to the published formats — FIDE's fixed-width TXT (columns from
its header line), FIDE's legacy XML, the FFE's players base as a CSV with the columns of
Papi's Data.mdb — imported, searched and checked through the real command line, and a
late entry filled from them in the real app.
"""

from __future__ import annotations

import datetime as dt
import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from textual.widgets import Static

from arbitre_tui.faces.tui.app import ArbitreApp
from arbitre_tui.faces.tui.prompts import TextPrompt
from arbitre_tui.operations import EventService
from arbitre_tui.rules.models import Period, Player, Sex, System, TimeControl, Title, Tournament
from arbitre_tui.rules.rating_lists import FORMATS, ListFault, ffe_category, rating_kind, read

from ..helpers.cli import ROOT

# FIDE's header of players_list_foa.txt; each column starts where its name does
HEADER = (
    "ID Number      Name                                                         Fed Sex "
    "Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
STARTS = {
    "ID Number": 0, "Name": 15, "Fed": 76, "Sex": 80, "Tit": 84, "WTit": 89, "OTit": 94,
    "FOA": 109, "SRtng": 113, "SGm": 119, "SK": 123, "RRtng": 126, "RGm": 132, "Rk": 136,
    "BRtng": 139, "BGm": 145, "BK": 149, "B-day": 152, "Flag": 158,
}  # fmt: skip
# a line as FIDE writes it (Peter Leko, all three ratings), kept as the format's witness
LEKO = (
    "703303         Leko, Peter                                                  HUN M   GM"
    "                           2676  0   10 2700  0   10 2738  0   10 1979      "
)


def txt_line(**fields: str) -> str:
    line = [" "] * 162
    for name, value in fields.items():
        start = STARTS[name]
        line[start : start + len(value)] = value
    return "".join(line).rstrip()


def write_fide_txt(path: Path) -> Path:
    lines = [
        HEADER,
        LEKO,
        txt_line(**{"ID Number": "651095", "Name": "Dupont, Jeanne", "Fed": "FRA", "Sex": "F",
                    "WTit": "WFM", "SRtng": "2105", "SGm": "0", "SK": "20", "RRtng": "2050",
                    "B-day": "2012", "Flag": "w"}),
        txt_line(**{"ID Number": "36012345", "Name": "Dupuis, Marc", "Fed": "FRA", "Sex": "M",
                    "RRtng": "1612", "B-day": "1985"}),
    ]  # fmt: skip
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


XML = """<?xml version="1.0" encoding="utf-8"?>
<playerslist>
<player>
<fideid>1503014</fideid><name>Carlsen, Magnus</name><country>NOR</country><sex>M</sex>
<title>GM</title><w_title></w_title><o_title></o_title><foa_title></foa_title>
<rating>2837</rating><games>0</games><k>10</k><rapid_rating>2824</rapid_rating>
<rapid_games>0</rapid_games><rapid_k>10</rapid_k><blitz_rating>2886</blitz_rating>
<blitz_games>0</blitz_games><blitz_k>10</blitz_k><birthday>1990</birthday><flag></flag>
</player>
<player>
<fideid>651095</fideid><name>Dupont, Jeanne</name><country>FRA</country><sex>F</sex>
<title/><w_title>WFM</w_title><o_title></o_title><foa_title></foa_title><rating>2105</rating>
<games>0</games><k>20</k><rapid_rating>2050</rapid_rating><rapid_games>0</rapid_games>
<rapid_k>20</rapid_k><blitz_rating>0</blitz_rating><blitz_games>0</blitz_games>
<blitz_k>0</blitz_k><birthday>2012</birthday><flag>w</flag>
</player>
</playerslist>
"""

# the FFE's players base: table JOUEUR of Papi's Data.mdb as `mdb-export -d ';' -D
# '%Y-%m-%d'` writes it, the club's name in place of ClubRef; Latin-1; a date as a
# spreadsheet writes it on the second line
FFE = (
    "NrFFE;Nom;Prenom;Sexe;NeLe;Federation;FideCode;FideTitre;Elo;Fide;Rapide;RapideFide;"
    "Blitz;BlitzFide;Club\n"
    'K12345;"DUPONT";"Jeanne";"F";"2012-03-14 00:00:00";"FRA";"651095";"ff";2110;"F";2050;"F";'
    '1999;"N";"Échiquier Nancéien"\n'
    'M54321;"BÉRANGER";"Sébastien";"M";"02/07/1975";"FRA";"";"";1450;"N";1400;"E";'
    '0;"";"Colmar Échecs"\n'
)


def arbitre(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The real command line, run in the events' folder (where the lists file goes)."""
    return subprocess.run(
        [sys.executable, "-m", "arbitre_tui.faces.cli.main", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )


@pytest.fixture(scope="module")
def lists_master(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with FIDE's TXT list and the FFE's base imported by the real command line
    into its listes-elo.sqlite: built once, copied whole by each test (``lists``)."""
    folder = tmp_path_factory.mktemp("listes")
    write_fide_txt(folder / "players_list_foa.txt")
    (folder / "joueurs-ffe.csv").write_bytes(FFE.encode("latin-1"))
    done = arbitre("ratings", "import", "players_list_foa.txt", cwd=folder)
    assert done.returncode == 0, done.stderr
    assert "liste FIDE : 3 joueurs importés" in done.stdout
    done = arbitre("ratings", "import", "joueurs-ffe.csv", "--format", "ffe-csv", cwd=folder)
    assert done.returncode == 0, done.stderr
    assert "base FFE : 2 joueurs importés" in done.stdout
    return folder


@pytest.fixture
def lists(lists_master: Path, tmp_path: Path) -> Path:
    """listes-elo.sqlite with FIDE's TXT list and the FFE's base, beside the events: a
    private copy of ``lists_master``'s folder."""
    shutil.copytree(lists_master, tmp_path, dirs_exist_ok=True)
    return tmp_path / "listes-elo.sqlite"


def test_fide_txt_columns_are_read_where_the_header_puts_them(lists: Path) -> None:
    cwd = lists.parent
    leko = arbitre("ratings", "find", "703303", cwd=cwd).stdout
    assert "LEKO Peter" in leko and "GM" in leko and "HUN" in leko and "1979" in leko
    assert "lent 2676  rapide 2700  blitz 2738" in leko
    # first letters of the name, any case: both Dup… players, the FFE's (with licence) first
    dup = arbitre("ratings", "find", "dup", cwd=cwd).stdout
    assert dup.index("DUPONT Jeanne") < dup.index("DUPUIS Marc")
    assert "FIDE 651095 licence K12345" in dup  # one person: FIDE's row and the FFE's
    assert "lent 2105  rapide 2050  blitz    —" in dup  # FIDE's list
    assert "lent 2110  rapide 2050  blitz 1999 — Échiquier Nancéien" in dup  # the FFE's
    assert "DUPUIS Marc" in arbitre("ratings", "find", "dupuis m", cwd=cwd).stdout
    assert "Personne" in arbitre("ratings", "find", "dupuis z", cwd=cwd).stdout


def test_the_first_letters_find_as_many_people_as_asked(lists: Path) -> None:
    """The late entry's prompt asks for two, to say « et d'autres : précisez » when the
    letters fit more than one person: « dup » is DUPONT (in both lists: one person) and
    DUPUIS — the FIDE twin of DUPONT took DUPUIS's place and one came back."""
    from arbitre_tui.operations.rating_lists import Lists

    found = Lists(lists).find("dup", limit=2)
    names = [(f.ffe or f.fide).surname.upper() for f in found]  # type: ignore[union-attr]
    assert names == ["DUPONT", "DUPUIS"]


def test_a_name_typed_in_lower_case_with_its_accents_is_found(lists: Path) -> None:
    """« béranger » finds BÉRANGER (SQLite's LIKE folds the case of ASCII letters only)."""
    from arbitre_tui.operations.rating_lists import Lists

    for typed in ("béranger", "Béranger sé", "BÉRANGER Sébastien"):
        found = Lists(lists).find(typed)
        assert [f.ffe.surname for f in found if f.ffe] == ["BÉRANGER"], typed


def test_a_name_typed_without_its_accents_is_found(lists: Path) -> None:
    """Over SSH an arbiter types « beranger »: BÉRANGER was not found (no accent typed,
    LIKE compares letters as they are). Names are looked up by their search key."""
    from arbitre_tui.operations.rating_lists import Lists

    for typed in ("beranger", "BERANGER seb", "Beranger Sebastien", "bérànger"):
        found = Lists(lists).find(typed)
        assert [f.ffe.surname for f in found if f.ffe] == ["BÉRANGER"], typed


def test_a_search_of_no_letter_finds_no_one(lists: Path) -> None:
    """« % » found everyone, while an empty search finds no one: SQL's wildcards are not
    letters to search by."""
    from arbitre_tui.operations.rating_lists import Lists

    for typed in ("%", "_", " % _ ", ""):
        assert Lists(lists).find(typed) == [], typed
    assert Lists(lists).find("b%")  # with a letter: the letters are searched


def _as_the_previous_version_wrote_it(lists: Path) -> None:
    """The lists file without the search keys (names only, indexed by surname)."""
    import sqlite3

    con = sqlite3.connect(lists)
    for source in ("fide", "ffe"):
        con.execute(f"DROP INDEX {source}_name")
        for key in ("surname_key", "first_key"):
            con.execute(f"ALTER TABLE {source} DROP COLUMN {key}")
        con.execute(f"CREATE INDEX {source}_name ON {source}(surname)")
    con.commit()
    con.close()


async def test_the_app_gives_an_older_lists_file_its_keys_off_the_keys_thread(
    lists: Path,
) -> None:
    """A million names take seconds (tens on a Pi): `a` froze the screen while the keys
    were written. The update runs in the background, said, and `a` then searches."""
    from arbitre_tui.operations.rating_lists import needs_upgrade

    _as_the_previous_version_wrote_it(lists)
    assert needs_upgrade(lists)
    event = lists.parent / "open.sqlite"
    _event(event, TimeControl(base_minutes=15, increment_seconds=5)).close()
    app = ArbitreApp(event, tournament="open")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("j", "a")
        await pilot.pause()
        assert not isinstance(app.screen, TextPrompt)
        await app.workers.wait_for_complete()
        await pilot.pause()
        status = str(app.query_one("#status", Static).content)
        assert "Listes Elo mises à jour" in status, status
        assert not needs_upgrade(lists)
        await pilot.press("a", *"beranger")
        await pilot.pause()
        assert "BÉRANGER Sébastien" in app.screen.text  # type: ignore[attr-defined]
        await pilot.press("escape")


def test_lists_imported_before_the_search_keys_get_them_once(lists: Path) -> None:
    """A lists file of the previous version (names without keys) is not imported again:
    its names get their keys when it is first opened, and the search uses the index."""
    import sqlite3

    from arbitre_tui.operations.rating_lists import Lists

    _as_the_previous_version_wrote_it(lists)
    assert [f.ffe.surname for f in Lists(lists).find("beranger") if f.ffe] == ["BÉRANGER"]
    from arbitre_tui.store.rating_lists import BY_NAME

    con = sqlite3.connect(lists)
    for source in ("fide", "ffe"):  # the search's own query, as by_name sends it
        query = f"EXPLAIN QUERY PLAN {BY_NAME.format(source=source)}"
        plan = " ".join(str(row) for row in con.execute(query, ("DUP%", "%", "DUP %", 2)))
        assert f"SEARCH {source} USING INDEX {source}_name" in plan, plan  # not a scan
    con.close()


def test_ffe_base_latin1_found_by_licence(lists: Path) -> None:
    found = arbitre("ratings", "find", "m54321", cwd=lists.parent).stdout
    assert "BÉRANGER Sébastien" in found and "licence M54321" in found and "1975" in found
    assert "Colmar Échecs" in found


def test_fide_xml_streamed_and_a_broken_list_changes_nothing(tmp_path: Path) -> None:
    (tmp_path / "players_list_xml_foa.xml").write_text(XML, encoding="utf-8")
    done = arbitre("ratings", "import", "players_list_xml_foa.xml", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "liste FIDE : 2 joueurs importés" in done.stdout
    carlsen = arbitre("ratings", "find", "carlsen", cwd=tmp_path).stdout
    assert "CARLSEN Magnus" in carlsen and "lent 2837  rapide 2824  blitz 2886" in carlsen
    assert "WFM" in arbitre("ratings", "find", "651095", cwd=tmp_path).stdout
    # cut in the middle of a player: refused, the list imported before stays whole
    (tmp_path / "cut.xml").write_text(XML[: XML.index("<fideid>651095")], encoding="utf-8")
    broken = arbitre("ratings", "import", "cut.xml", cwd=tmp_path)
    assert broken.returncode == 2
    assert "illisible" in broken.stderr and "rien n'est changé" in broken.stderr
    assert "CARLSEN Magnus" in arbitre("ratings", "find", "1503014", cwd=tmp_path).stdout
    # a file of no known format is refused in French
    (tmp_path / "autre.csv").write_text("a;b\n1;2\n", encoding="utf-8")
    other = arbitre("ratings", "import", "autre.csv", cwd=tmp_path)
    assert other.returncode == 2 and "format de liste non reconnu" in other.stderr


def _event(path: Path, tc: TimeControl) -> EventService:
    service = EventService(path, create=True)
    service.create_event("Open", "Nancy")
    service.add_tournament(
        Tournament(key="open", name="Open", system=System.SWISS, rounds_planned=5,
                   time_controls={n: tc for n in range(1, 6)})
    )  # fmt: skip
    return service


def test_check_lists_registered_players_that_differ(lists: Path) -> None:
    event = lists.parent / "open.sqlite"
    service = _event(event, TimeControl(base_minutes=15, increment_seconds=5))  # rapid
    for player in (
        Player(surname="Leko", first_name="Peter", fide_id=703303, rating_fide=2700),  # same
        Player(surname="Dupont", first_name="Jeanne", fide_id=651095, rating_fide=2105),
        Player(surname="Béranger", first_name="Sébastien", ffe_code="M54321", rating_ffe=1400),
        Player(surname="Inconnu", first_name="X", ffe_code="Z99999", rating_ffe=1500),
    ):
        service.register_player("open", player)
    service.close()
    done = arbitre("ratings", "check", "open.sqlite", "-t", "open", cwd=lists.parent)
    assert done.returncode == 3, done.stdout + done.stderr
    out = done.stdout
    assert "Elo rapide" in out and "LEKO" not in out
    assert "Elo rapide FIDE : inscrit 2105, liste 2050" in out
    assert "licence : inscrite aucune, base FFE K12345" in out
    assert "BÉRANGER" not in out  # rapid 1400: as the base says
    assert "licence Z99999 absente de la base FFE" in out
    assert "2 joueur(s) sur 4 diffèrent des listes." in out

    conforming = lists.parent / "conforme.sqlite"
    _event(conforming, TimeControl(base_minutes=90, increment_seconds=30)).register_player(
        "open", Player(surname="Leko", first_name="Peter", fide_id=703303, rating_fide=2676)
    )
    ok = arbitre("ratings", "check", "conforme.sqlite", cwd=lists.parent)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "Elo lent" in ok.stdout and "Aucune différence : 1 joueur(s)" in ok.stdout
    # an event file is never taken for the lists file (nor written into)
    wrong = arbitre("ratings", "find", "leko", "--base", "conforme.sqlite", cwd=lists.parent)
    assert wrong.returncode == 2 and "n'est pas un fichier de listes Elo" in wrong.stderr


def test_check_without_lists_is_refused(tmp_path: Path) -> None:
    _event(tmp_path / "open.sqlite", TimeControl(base_minutes=90)).close()
    done = arbitre("ratings", "check", "open.sqlite", cwd=tmp_path)
    assert done.returncode == 2 and "aucune liste Elo" in done.stderr


def test_the_cadence_chooses_the_rating_and_the_age_chooses_the_category() -> None:
    assert rating_kind(TimeControl(base_minutes=3, increment_seconds=2)) == "blitz"
    assert rating_kind(TimeControl(base_minutes=10)) == "blitz"
    assert rating_kind(TimeControl(base_minutes=10, increment_seconds=5)) == "rapid"
    assert rating_kind(TimeControl(base_minutes=50, increment_seconds=10)) == "standard"
    assert rating_kind(None) == "standard"
    assert rating_kind(
        TimeControl(base_minutes=90, moves=40, increment_seconds=30,
                    periods=(Period(minutes=30, increment_seconds=30),))
    ) == "standard"  # fmt: skip
    season = dt.date(2026, 12, 3)  # season 2027: ages on 1 January 2027
    assert ffe_category(2019, "M", season) == "U8"
    assert ffe_category(2018, "F", season) == "U10F"
    assert ffe_category(2012, "F", season) == "U16F"
    assert ffe_category(2007, "M", season) == "U20"
    assert ffe_category(2006, "M", season) == "Sen"
    assert ffe_category(1977, "M", season) == "Sen"  # 49 on 1 January 2027
    assert ffe_category(1976, "M", season) == "S50"
    assert ffe_category(1962, "M", season) == "S50"
    assert ffe_category(1961, "M", season) == "S65"
    assert ffe_category(2019, "M", dt.date(2026, 8, 31)) == "U8"  # season 2026


async def test_a_late_entry_is_filled_from_the_lists_in_the_app(lists: Path) -> None:
    event = lists.parent / "open.sqlite"
    _event(event, TimeControl(base_minutes=15, increment_seconds=5)).close()  # rapid
    app = ArbitreApp(event, tournament="open")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("j", "a")
        await pilot.pause()
        prompt = app.screen
        assert isinstance(prompt, TextPrompt)
        await pilot.press(*"k12345")
        assert "DUPONT Jeanne 2050 FRA — FIDE 651095, licence K12345" in prompt.text
        await pilot.press("enter")
        await pilot.pause()
        status = str(app.query_one("#status", Static).content)
        assert "Inscrit et pointé : DUPONT Jeanne" in status
        await pilot.press("a", *"lek")
        await pilot.pause()
        assert "LEKO Peter 2700 HUN" in app.screen.text  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("a", *"zzz")
        assert "absent des listes" in app.screen.text  # type: ignore[attr-defined]
        await pilot.press("escape")
    service = EventService(event)
    jeanne, peter = service.store.players(service.tournament("open").id)
    assert (jeanne.fide_id, jeanne.ffe_code, jeanne.club) == (
        651095,
        "K12345",
        "Échiquier Nancéien",
    )
    assert (jeanne.rating_fide, jeanne.rating_ffe) == (2050, 2050)  # the rapid ratings
    assert jeanne.birth_date == dt.date(2012, 3, 14) and jeanne.sex is Sex.FEMALE
    assert jeanne.title is Title.WFM and jeanne.federation == "FRA"
    assert jeanne.fee_category == ffe_category(2012, "F", dt.date.today())  # U16F in 2026-27
    assert jeanne.checked_in
    assert (peter.fide_id, peter.rating_fide, peter.title, peter.federation) == (
        703303, 2700, Title.GM, "HUN",
    )  # fmt: skip
    assert peter.birth_date == dt.date(1979, 1, 1)  # FIDE gives the year only
    assert peter.ffe_code is None and peter.rating_ffe is None


FUZZ = settings(max_examples=150, deadline=None, derandomize=True, database=None)
_LIST_ALPHABET = st.sampled_from(
    [
        *("\n", ";", ",", " ", "<", ">", "/", '"', "é", "\ufeff", "0", "9", "K", "x", "-", "\r"),
        *("<player>", "</player>", "<playerslist>", "</playerslist>", "<fideid>", "NrFFE;Nom\n"),
        HEADER + "\n",
        LEKO + "\n",
    ]
)


@FUZZ
@given(st.lists(_LIST_ALPHABET, max_size=60).map("".join), st.sampled_from(FORMATS))
def test_any_bytes_give_players_or_a_french_fault(text: str, fmt: str) -> None:
    """A list file is read whole or refused with the French ListFault — never another
    exception from a library (a cut file, a wrong format, mixed encodings)."""
    for data in (text.encode("utf-8"), text.encode("latin-1", errors="replace")):
        try:
            players = list(read(io.BytesIO(data), fmt))
        except ListFault as exc:
            assert str(exc).startswith("liste ")
            continue
        assert all(p.surname and (p.fide_id or p.ffe_licence) for p in players)


def _oracle(text: str) -> list[tuple[int, str, str, int | None]]:
    """The same list read by ElementTree, whole: (FIDE id, surname, title, standard)."""
    import xml.etree.ElementTree as ET

    out = []
    for p in ET.fromstring(text).iter("player"):
        f = {c.tag: (c.text or "").strip() for c in p}
        rating = int(f.get("rating") or 0) or None
        title = f.get("title") or f.get("w_title") or ""
        out.append((int(f["fideid"]), f["name"].partition(",")[0].strip(), title, rating))
    return out


def test_fide_xml_fast_layout_and_any_other_are_read_alike() -> None:
    """FIDE's own layout is read by one pattern; a player written otherwise (attributes,
    another order, a comment, an entity, an empty element) by expat. Both read what
    ElementTree reads; garbage between players or a cut file is refused."""
    odd = (
        '<player id="x"><name>Müller &amp; Co, Anna</name><fideid>777</fideid>'
        "<!-- moved --><rating>1900</rating><title/><w_title>WIM</w_title></player>\n"
    )
    text = XML.replace("<player>\n<fideid>651095", odd + "<player>\n<fideid>651095")
    got = [
        (p.fide_id, p.surname, p.title, p.standard)
        for p in read(io.BytesIO(text.encode()), "fide-xml")
    ]
    assert got == _oracle(text)
    assert got[1] == (777, "Müller & Co", "WIM", 1900)
    for bad in (
        text.replace("</player>\n<player>", "</player>\nbonjour<player>", 1),
        text[: text.index("</playerslist>")],
        text.replace("<fideid>1503014</fideid>", "<fideid>1503014</fideid", 1),
    ):
        with pytest.raises(ListFault, match="illisible"):
            list(read(io.BytesIO(bad.encode()), "fide-xml"))


def test_a_list_in_windows_1252_keeps_its_oe_and_its_apostrophe() -> None:
    """A base exported on Windows writes Œ and ’ in Windows-1252 (0x8C, 0x92): read as
    Latin-1 they were control characters, « ŒUVRARD » found as « \\x8cUVRARD » by nobody."""
    csv = FFE + 'N22222;"ŒUVRARD";"Paul";"M";"1980-01-01";"FRA";"";"";1710;"F";0;"";0;"";'
    csv += '"D’Ouest"\n'
    players = list(read(io.BytesIO(csv.encode("cp1252")), "ffe-csv"))
    assert [(p.surname, p.club) for p in players][-1] == ("ŒUVRARD", "D’Ouest")
    assert players[1].surname == "BÉRANGER"  # the letters Latin-1 and Windows-1252 share
    txt = HEADER + "\n" + txt_line(**{"ID Number": "22002", "Name": "Œuvrard, Paul"}) + "\n"
    (fide,) = read(io.BytesIO(txt.encode("cp1252")), "fide-txt")
    assert fide.surname.upper() == "ŒUVRARD"


def test_a_surname_of_two_words_is_found(lists: Path) -> None:
    """« le gall » looked for a surname starting « LE » and a first name « GALL… »: LE GALL
    Anne, DE SOUSA, VAN DER BERG were found only by their first word."""
    from arbitre_tui.operations.rating_lists import Lists

    csv = FFE + 'N11111;"LE GALL";"Anne";"F";"1990-01-01";"FRA";"";"";1810;"F";0;"";0;"";'
    csv += '"Brest"\n'
    (lists.parent / "joueurs-ffe.csv").write_bytes(csv.encode("latin-1"))
    done = arbitre("ratings", "import", "joueurs-ffe.csv", "--format", "ffe-csv", cwd=lists.parent)
    assert done.returncode == 0, done.stderr
    for typed in ("le gall", "Le Gall anne", "le  gall, a", "LE G"):
        found = Lists(lists).find(typed)
        assert [f.ffe.surname for f in found if f.ffe] == ["LE GALL"], typed
    assert [f.ffe.surname for f in Lists(lists).find("le gall b") if f.ffe] == []
    found = Lists(lists).find("dup je")  # first letters of each, as before
    assert [(f.ffe or f.fide).surname for f in found] == ["DUPONT"]  # type: ignore[union-attr]
