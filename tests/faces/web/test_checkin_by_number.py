"""Issue 49.5 on the phones: the check-in entrance asks the N° printed on the player's paper
(his pairing number in the section, as the participants list and the crosstable print it),
never the registration; the page belongs to one section (``/KEY/pointage/``), so a N°
taken in two sections is never ambiguous there. `phones player-code` and `phones checkin`
take the N° (with -t when two sections have it) or a piece of the name, as every command.
Before round 1 the N° may move with a late entry: the paper's code still finds its owner.
Real processes and a real server on 127.0.0.1, on an event from nothing."""

from __future__ import annotations

import json
import re
import urllib.parse
from pathlib import Path

import pytest

from arbitre_tui.faces.web.server import ServerThread

from ...helpers.cli import arbitre, run_here
from ...helpers.events import digest
from ..cli.test_one_number import two_sections
from .test_phone_web import Client


@pytest.fixture
def event(tmp_path: Path) -> Path:
    """Open: registered 1 to 4, numbered by rating (N° 4, 1, 3, 2); Jeunes: N° 1 and 2."""
    path = two_sections(tmp_path / "pointage-n.sqlite")
    run_here("phones", "on", str(path))
    return path


def _listed(path: Path, key: str) -> list[dict[str, object]]:
    out = run_here("players", "list", str(path), "-t", key, "--json")
    return list(json.loads(out))


def _ids(path: Path) -> dict[str, object]:
    """Each player's registration by « SURNAME First name »."""
    return {
        f"{p['surname']} {p['first_name']}": p["id"] for key in ("open", "jeunes")
        for p in _listed(path, key)
    }  # fmt: skip


def _code(path: Path, *typed: str) -> str:
    return run_here("phones", "player-code", str(path), *typed).strip()


def test_player_code_and_checkin_take_the_n(event: Path) -> None:
    before = digest(event)
    out = arbitre("phones", "player-code", str(event), "1")  # N° 1 in Open and in Jeunes
    assert out.returncode == 2 and "N° 1 : un joueur dans chaque tournoi" in out.stderr
    assert "Traceback" not in out.stderr
    marie = _code(event, "1", "-t", "open")
    assert marie == _code(event, "evremond") != _code(event, "1", "-t", "jeunes")
    assert _code(event, "4", "-t", "open") == _code(event, "o'neill")
    out = arbitre("phones", "checkin", str(event), "2", marie, "-t", "open")  # another's N°
    assert out.returncode == 2 and "ce code ne vaut pas" in out.stderr, out.stderr
    assert digest(event) == before  # refused: nothing changed
    said = run_here("phones", "checkin", str(event), "1", marie, "-t", "open")
    assert "Pointage proposé : CHÂTEAUBRIAND-SAINT-ÉVREMOND Marie-Thérèse (N° 1)" in said


def _typed(phone: Client, key: str, number: int, code: str) -> tuple[int, str]:
    form = urllib.parse.urlencode({"player": str(number), "code": code})
    status, headers, page = phone.request("POST", f"/{key}/pointage/", form)
    return status, headers.get("Location", page)


def test_the_entrance_asks_the_n_of_the_paper(event: Path, tmp_path: Path) -> None:
    ids = _ids(event)
    oneill = ids["O'NEILL Seán"]
    neill, marie = _code(event, "o'neill"), _code(event, "evremond")
    noe = _code(event, "1", "-t", "jeunes")
    srv = ServerThread(event, port=0, reporting=True)
    srv.start()
    try:
        phone = Client(srv.port)
        status, _, page = phone.request("GET", "/open/pointage/")
        assert status == 200 and "Votre N°" in page and "numéro" not in page
        # O'NEILL, registered first, is N° 4: his N° and his code open his own page
        assert _typed(phone, "open", 4, neill) == (303, f"{oneill}/{neill}/")
        status, _, page = phone.request("GET", f"/open/pointage/{oneill}/{neill}/")
        assert status == 200 and re.search("O(&#39;|&#x27;|')NEILL Seán", page), page
        # N° 1 is one player in each section: the page's section says which
        assert _typed(phone, "jeunes", 1, noe) == (303, f"{ids['LÉVÊQUE Noé']}/{noe}/")
        assert _typed(phone, "open", 1, marie)[1].startswith(f"{ids[OPEN_1]}/")
        status, why = _typed(phone, "open", 4, "a" * 10)  # a code of nobody's
        assert status == 403 and "ne vont pas ensemble" in why
        # a late entry at 2400 before round 1: every N° of Open moves up by one, the
        # papers already handed out still open their owner's page
        run_here("register", str(event), "RETARDATAIRE", "--elo", "2400", "-t", "open")
        numbers = {p["id"]: p["number"] for p in _listed(event, "open")}
        assert numbers[ids[OPEN_1]] == 2
        assert _typed(phone, "open", 1, marie)[1] == f"{ids[OPEN_1]}/{marie}/"
    finally:
        srv.stop()
    # the paper: each player's N° (as the lists print it) beside his code
    from ...publish.test_print_qr import _text

    pdf = tmp_path / "pointage.pdf"
    run_here("print", str(event), "pointage", "-t", "open", "--pdf", str(pdf))
    text = _text(pdf)
    assert re.search(r"^\s*N°\s+Nom", text, re.M) and "Inscr." not in text, text
    row = next(line for line in text.splitlines() if "O'NEILL" in line)
    assert row.split()[0] == "5" and _code(event, "o'neill") in row, row  # N° 4, then 5


OPEN_1 = "CHÂTEAUBRIAND-SAINT-ÉVREMOND Marie-Thérèse"
