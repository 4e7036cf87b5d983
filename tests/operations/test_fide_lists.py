"""FIDE's lists as FIDE ships them (issue 32 point 2): the zip (players_list.zip, read
through zipfile as it decompresses), and the lists of one cadence (standard_rating_list.txt,
the only form FIDE keeps of past months), through the real command line."""

from __future__ import annotations

import zipfile
from pathlib import Path

from tests.operations.test_rating_lists import arbitre, write_fide_txt

# standard_rating_list.txt: the rating's column is named by its month
TYPE_HEADER = (
    "ID Number      Name                                                         Fed Sex "
    "Tit  WTit OTit           FOA SEP25 Gms  K   B-day Flag"
)
TYPE_STARTS = {"ID Number": 0, "Name": 15, "Fed": 76, "Sex": 80, "Tit": 84, "WTit": 89,
               "OTit": 94, "FOA": 109, "SEP25": 113, "Gms": 119, "K": 124, "B-day": 128,
               "Flag": 134}  # fmt: skip


def _type_line(**fields: str) -> str:
    line = [" "] * 140
    for name, value in fields.items():
        start = TYPE_STARTS[name]
        line[start : start + len(value)] = value
    return "".join(line).rstrip()


def _type_list(path: Path) -> Path:
    lines = [
        TYPE_HEADER,
        _type_line(**{"ID Number": "703303", "Name": "Leko, Peter", "Fed": "HUN", "Sex": "M",
                      "Tit": "GM", "SEP25": "2676", "Gms": "0", "K": "10", "B-day": "1979"}),
        _type_line(**{"ID Number": "651095", "Name": "Dupont, Jeanne", "Fed": "FRA", "Sex": "F",
                      "WTit": "WFM", "SEP25": "1988", "B-day": "2012", "Flag": "w"}),
    ]  # fmt: skip
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_the_zip_fide_ships_is_read_as_it_is(tmp_path: Path) -> None:
    txt = write_fide_txt(tmp_path / "players_list_foa.txt")
    with zipfile.ZipFile(tmp_path / "players_list.zip", "w", zipfile.ZIP_DEFLATED) as z:
        z.write(txt, "players_list_foa.txt")
    txt.unlink()
    done = arbitre("ratings", "import", "players_list.zip", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "liste FIDE : 3 joueurs importés de players_list.zip" in done.stdout
    leko = arbitre("ratings", "find", "703303", cwd=tmp_path).stdout
    assert "lent 2676  rapide 2700  blitz 2738" in leko


def test_a_zip_without_one_list_is_refused_in_french(tmp_path: Path) -> None:
    with zipfile.ZipFile(tmp_path / "vide.zip", "w") as z:
        z.writestr("lisez-moi.pdf", b"%PDF")
    done = arbitre("ratings", "import", "vide.zip", cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "une liste attendue dans l'archive, 0 trouvée(s)" in done.stderr


def test_a_list_of_one_cadence_gives_that_rating(tmp_path: Path) -> None:
    """standard_rating_list.txt (zipped as FIDE ships it): the month's column is the
    standard rating; rapid and blitz are not in it."""
    _type_list(tmp_path / "standard_rating_list.txt")
    with zipfile.ZipFile(tmp_path / "standard_rating_list.zip", "w", zipfile.ZIP_DEFLATED) as z:
        z.write(tmp_path / "standard_rating_list.txt", "standard_rating_list.txt")
    done = arbitre("ratings", "import", "standard_rating_list.zip", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "2 joueurs importés" in done.stdout
    leko = arbitre("ratings", "find", "703303", cwd=tmp_path).stdout
    assert "LEKO Peter" in leko and "HUN" in leko and "1979" in leko
    assert "lent 2676  rapide    —  blitz    —" in leko
    # the rapid list, by its name, fills the rapid rating
    rapid = tmp_path / "rapid_rating_list.txt"
    rapid.write_text((tmp_path / "standard_rating_list.txt").read_text("utf-8"), "utf-8")
    assert arbitre("ratings", "import", rapid.name, cwd=tmp_path).returncode == 0
    dupont = arbitre("ratings", "find", "651095", cwd=tmp_path).stdout
    assert "lent    —  rapide 1988  blitz    —" in dupont


def test_a_list_of_one_cadence_whose_name_does_not_say_which_is_refused(tmp_path: Path) -> None:
    _type_list(tmp_path / "liste.txt")
    done = arbitre("ratings", "import", "liste.txt", cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "son nom doit dire laquelle" in done.stderr and "rien n'est changé" in done.stderr


TYPE_XML = """<?xml version="1.0" encoding="utf-8"?>
<playerslist>
<player>
<fideid>703303</fideid><name>Leko, Peter</name><country>HUN</country><sex>M</sex>
<title>GM</title><w_title></w_title><o_title></o_title><foa_title></foa_title>
<rating>2700</rating><games>0</games><k>10</k><birthday>1979</birthday><flag></flag>
</player>
<player><name>Dupont, Jeanne</name><fideid>651095</fideid><country>FRA</country>
<sex>F</sex><w_title>WFM</w_title><rating>1950</rating><birthday>2012</birthday></player>
</playerslist>
"""


def test_an_xml_list_of_one_cadence_fills_that_rating() -> None:
    """rapid_rating_list_xml.xml: FIDE's layout on its fast pattern, any other through
    expat, both giving the rapid rating."""
    import io

    from arbitre_tui.rules.rating_lists import read

    players = list(read(io.BytesIO(TYPE_XML.encode()), "fide-xml", "rapid"))
    assert [(p.fide_id, p.standard, p.rapid, p.blitz, p.birth_year) for p in players] == [
        (703303, None, 2700, None, 1979),
        (651095, None, 1950, None, 2012),
    ]
    assert players[0].title == "GM" and players[1].title == "WFM"
    standard = list(read(io.BytesIO(TYPE_XML.encode()), "fide-xml"))
    assert [(p.standard, p.rapid) for p in standard] == [(2700, None), (1950, None)]


def test_a_zipped_xml_list_of_one_cadence_is_imported(tmp_path: Path) -> None:
    with zipfile.ZipFile(tmp_path / "blitz_rating_list_xml.zip", "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("blitz_rating_list_xml.xml", TYPE_XML)
    done = arbitre("ratings", "import", "blitz_rating_list_xml.zip", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    leko = arbitre("ratings", "find", "703303", cwd=tmp_path).stdout
    assert "lent    —  rapide    —  blitz 2700" in leko


def test_the_effective_blitz_rating_is_the_standard_one_where_none_exists(
    tmp_path: Path,
) -> None:
    """Setting rating_standard_fallback: a blitz section takes the standard rating of a
    player FIDE's list gives no blitz rating (registration and check alike)."""
    import datetime as dt

    from arbitre_tui.operations import EventService
    from arbitre_tui.rules.models import Player, System, TimeControl, Tournament
    from arbitre_tui.rules.rating_lists import ListedPlayer, as_player

    dupont = ListedPlayer("fide", "Dupont", "Jeanne", fide_id=651095, standard=2105, rapid=2050)
    on = dt.date(2027, 1, 1)
    assert as_player(dupont, None, "blitz", on).rating_fide is None
    assert as_player(dupont, None, "blitz", on, fallback=True).rating_fide == 2105
    assert as_player(dupont, None, "rapid", on, fallback=True).rating_fide == 2050  # its own

    write_fide_txt(tmp_path / "players_list_foa.txt")
    assert arbitre("ratings", "import", "players_list_foa.txt", cwd=tmp_path).returncode == 0
    blitz = TimeControl(base_minutes=3, increment_seconds=2)
    for name, fallback in (("sans", False), ("avec", True)):
        service = EventService(tmp_path / f"{name}.sqlite", create=True)
        service.create_event("Blitz", "Nancy")
        service.add_tournament(
            Tournament(key="b", name="Blitz", system=System.SWISS, rounds_planned=5,
                       time_controls={n: blitz for n in range(1, 6)},
                       settings={"rating_standard_fallback": True} if fallback else {})
        )  # fmt: skip
        service.register_player(
            "b", Player(surname="Dupont", first_name="Jeanne", fide_id=651095, rating_fide=2105)
        )
        service.close()
    without = arbitre("ratings", "check", "sans.sqlite", cwd=tmp_path)
    assert without.returncode == 3 and "Elo blitz FIDE : inscrit 2105, liste non classé" in (
        without.stdout
    )
    ok = arbitre("ratings", "check", "avec.sqlite", cwd=tmp_path)
    assert ok.returncode == 0, ok.stdout + ok.stderr
