"""Players report from their phones through the real results server on 127.0.0.1 (issue
36, its web face): the board's page and its form, the player's page, check-in, and the
abuse a hall full of phones can throw at it — nothing recorded, the read-only pages
answering throughout."""

from __future__ import annotations

import http.client
import json
import re
import threading
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from arbitre_tui.faces.web.server import ServerThread
from arbitre_tui.publish.html.reporting import board_path

from ...helpers.cli import arbitre, run_here
from ...helpers.events import copy_event, from_nothing


def _event(tmp_path: Path, pair: bool = True) -> Path:
    """An event made from nothing: a round robin of six (three boards)."""
    here = ["--pointe"] if pair else []
    path = from_nothing(
        tmp_path / "club.sqlite",
        ["--nom", "Fermé du club"],
        [("rr", "--nom", "Fermé", "--systeme", "toutes-rondes", "--rondes", "5",
          "--cadence", "60+30")],
        [(f"Joueur{i}", "--elo", str(1500 + 10 * i), *here) for i in range(6)],
    )  # fmt: skip
    if pair:
        run_here("pair", str(path))
    return path


SIDE = {"blancs": "white", "noirs": "black"}


def _codes(path: Path) -> dict[tuple[int, str], str]:
    """Each player's code of the round by (board, "white"/"black")."""
    lines = run_here("phones", "codes", str(path)).split("\n")
    return {(int(w[0]), SIDE[w[1]]): w[2] for w in (line.split() for line in lines if line.strip())}


def _games(path: Path) -> dict[int, str | None]:
    return {
        g["board"]: g["result"] for g in json.loads(run_here("show", str(path), "--json"))["games"]
    }


def _pending(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(run_here("phones", "status", str(path), "--json"))
    return data


class Client:
    """One keep-alive connection to the server, as a phone's browser holds one."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        self.cookie = ""  # the device mark the server gave this phone

    def request(
        self, method: str, path: str, body: bytes | str | None = None, **headers: str
    ) -> tuple[int, dict[str, str], str]:
        if isinstance(body, str):
            body = body.encode()
        hdrs = {k.replace("_", "-"): v for k, v in headers.items()}
        if method == "POST":
            hdrs.setdefault("Content-Type", "application/x-www-form-urlencoded")
            hdrs.setdefault("Origin", f"http://127.0.0.1:{self.port}")
        if self.cookie:
            hdrs.setdefault("Cookie", self.cookie)
        for attempt in (0, 1):
            try:
                self.conn.request(method, path, body=body, headers=hdrs)
                r = self.conn.getresponse()
                mark = r.headers.get("Set-Cookie", "")
                if mark.startswith("appareil="):
                    self.cookie = mark.split(";")[0]
                return r.status, dict(r.headers), r.read().decode("utf-8", "replace")
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def propose(self, board: int, code: str, result: str, rnd: int = 1) -> int:
        form = urllib.parse.urlencode({"code": code, "result": result})
        return self.request("POST", board_path("rr", rnd, board), form)[0]


@pytest.fixture(scope="module")
def paired_master(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``_event`` with reporting on, through the real command line: built once, copied by
    each test (``paired``)."""
    path = _event(tmp_path_factory.mktemp("club"))
    run_here("phones", "on", str(path))
    return path


@pytest.fixture
def paired(paired_master: Path, tmp_path: Path) -> Path:
    """A private copy of ``paired_master``."""
    return copy_event(paired_master, tmp_path / "club.sqlite")


@pytest.fixture
def server(paired: Path) -> Iterator[tuple[Path, Client]]:
    srv = ServerThread(paired, port=0, reporting=True)
    srv.start()
    try:
        yield paired, Client(srv.port)
    finally:
        srv.stop()


def test_a_round_played_from_phones_two_per_board_the_arbiter_confirming(
    server: tuple[Path, Client],
) -> None:
    """Each player from his own phone with his own code; the phones reach the server
    through one address (loopback here, a shared router at a venue: the setting), so
    only the device tells two phones apart."""
    path, white = server
    run_here("settings", "set", str(path), "phones_shared_address", "oui")
    black = Client(white.port)
    codes = _codes(path)
    status, headers, page = white.request("GET", board_path("rr", 1, 1, codes[1, "white"]))
    assert status == 200, page
    assert "Ronde 1 — échiquier 1" in page and "Vous : " in page and "Aucune proposition" in page
    assert "<svg" not in page and codes[1, "black"] not in page  # never the opponent's code
    assert (
        headers["Cache-Control"] == "no-store"
        and "form-action 'self'" in (headers["Content-Security-Policy"])
    )
    assert white.cookie.startswith("appareil=")
    said = {1: ("1", "1"), 2: ("=", "="), 3: ("1", "0")}  # the third board disagrees
    for board, (w, b) in said.items():
        form = urllib.parse.urlencode({"code": codes[board, "white"], "result": w})
        status, headers, _ = white.request("POST", board_path("rr", 1, board), form)
        assert status == 303 and headers["Location"] == f"{codes[board, 'white']}/?fait"
        black.request("GET", board_path("rr", 1, board, codes[board, "black"]))
        assert black.propose(board, codes[board, "black"], b) == 303
    assert white.cookie != black.cookie
    _, _, page = white.request("GET", board_path("rr", 1, 1, codes[1, "white"]) + "?fait")
    assert "Proposition notée" in page and "1-0 proposé (2/2) " in page
    assert _games(path) == {1: None, 2: None, 3: None}  # a proposal is never a result
    logged = json.loads(run_here("show", str(path), "--json"))["proposals"]
    assert len(logged) == 6 and all(p["address"].startswith("127.0.0.1 #") for p in logged)
    states = {b["board"]: b for b in _pending(path)["boards"]}
    assert states[3]["conflict"] and states[1]["agreed"] == "1-0"
    assert not states[1]["same_phone"]
    out = run_here("phones", "confirm", str(path))
    assert "Confirmé : 2 échiquiers (1, 2) ; laissé : 3 (conflit)" in out
    assert _games(path) == {1: "1-0", 2: "=-=", 3: None}
    # the recorded board's page has no form any more
    _, _, page = white.request("GET", board_path("rr", 1, 1, codes[1, "white"]))
    assert "Résultat saisi par l'arbitre : 1-0" in page and "<form" not in page


def test_one_code_as_both_sides_never_makes_two_of_two(server: tuple[Path, Client]) -> None:
    """The cheat of issue 51: one phone, the board's code, « as White » then « as
    Black ». The code says who proposes: a « side » field is ignored, it stays 1/2."""
    path, phone = server
    code = _codes(path)[1, "white"]
    for side in ("white", "black", "black"):
        form = urllib.parse.urlencode({"code": code, "side": side, "result": "0"})
        assert phone.request("POST", board_path("rr", 1, 1), form)[0] == 303
    _, _, page = phone.request("GET", board_path("rr", 1, 1, code))
    assert "0-1 proposé (1/2)" in page
    assert _pending(path)["boards"][0]["agreed"] is None
    out = arbitre("phones", "confirm", str(path))
    assert out.returncode == 2 and _games(path)[1] is None


def test_two_codes_from_one_phone_are_flagged_and_left_out(server: tuple[Path, Client]) -> None:
    """Both players' codes from one phone (the opponent's photographed): 2/2 but « même
    téléphone », left out of « tout confirmer », which says so; the other boards go."""
    path, phone = server
    other = Client(phone.port)  # another device, but the same address
    codes = _codes(path)
    for side in ("white", "black"):
        phone.request("GET", board_path("rr", 1, 1, codes[1, side]))
        assert phone.propose(1, codes[1, side], "1") == 303
    other.request("GET", board_path("rr", 1, 2, codes[2, "white"]))
    assert other.propose(2, codes[2, "white"], "=") == 303
    assert phone.propose(2, codes[2, "black"], "=") == 303
    _, _, page = phone.request("GET", board_path("rr", 1, 1, codes[1, "white"]))
    assert "1-0 proposé (2/2, même téléphone)" in page
    out = arbitre("phones", "confirm", str(path))  # same address, setting off: both flagged
    assert out.returncode == 2 and "même téléphone : 1, 2" in out.stderr, out.stderr
    run_here("settings", "set", str(path), "phones_shared_address", "oui")
    printed = run_here("phones", "confirm", str(path))  # one device still flags board 1
    assert "Confirmé : 1 échiquier (2) ; laissé : 1 (même téléphone)" in printed
    assert _games(path) == {1: None, 2: "=-=", 3: None}
    assert "Confirmé : 1 échiquier (1)" in run_here("phones", "confirm", str(path), "1")


def test_the_players_page_carries_the_form_only_while_reporting_is_on(
    server: tuple[Path, Client], tmp_path: Path
) -> None:
    path, phone = server
    pid = json.loads(run_here("show", str(path), "--json"))["games"][0]["white_id"]
    status, headers, page = phone.request("GET", f"/rr/joueur-{pid}/")
    assert status == 200
    assert "Proposer le résultat de l'échiquier" in page and "name='code'" in page
    # its form sends the page's true Origin (« no-referrer » would make it « null »)
    assert headers["Referrer-Policy"] == "same-origin"
    action = re.search(r"<form[^>]*action='([^']+)'", page)
    assert action is not None and action.group(1).startswith("../saisie/1/")
    run_here("phones", "off", str(path))
    _, _, page = phone.request("GET", f"/rr/joueur-{pid}/")
    assert "Proposer le résultat" not in page
    # the static export never carries it
    run_here("phones", "on", str(path))
    out = tmp_path / "site"
    run_here("publish", str(path), str(out))
    assert not any("Proposer le résultat" in f.read_text() for f in out.rglob("*.html"))


def test_a_server_started_without_it_stays_read_only(paired: Path) -> None:
    srv = ServerThread(paired, port=0)
    srv.start()
    try:
        phone = Client(srv.port)
        code = _codes(paired)[1, "white"]
        assert phone.request("GET", board_path("rr", 1, 1, code))[0] == 404
        assert phone.propose(1, code, "1") == 405
        _, headers, page = phone.request("GET", "/rr/")
        assert "Ronde 1" in page and headers["Referrer-Policy"] == "no-referrer"
    finally:
        srv.stop()
    assert _pending(paired)["boards"] == []


def test_closed_in_the_event_refused_in_french(server: tuple[Path, Client]) -> None:
    path, phone = server
    code = _codes(path)[1, "white"]
    run_here("phones", "off", str(path))
    status, _, page = phone.request("GET", board_path("rr", 1, 1, code))
    assert status == 403 and "La saisie par les joueurs est fermée" in page
    assert phone.propose(1, code, "1") == 403
    assert _pending(path)["boards"] == []


def test_wrong_codes_shut_out_that_board_only_until_the_arbiter_lifts_it(
    paired: Path,
) -> None:
    """Wrong codes lock the address out of the board they aimed at, not the others (a
    cheater behind the venue's one router does not lock the hall out); the app lifts it."""
    srv = ServerThread(paired, port=0, reporting=True)
    srv.start()
    try:
        phone = Client(srv.port)
        codes = _codes(paired)
        assert phone.propose(1, codes[2, "white"], "1") == 403  # another board's
        assert phone.propose(1, codes[1, "white"], "1", rnd=2) == 403  # another round's
        status, _, page = phone.request("GET", board_path("rr", 1, 1, "aaaaaaaaaa"))
        assert status == 403 and "ne vaut pas" in page
        assert phone.propose(1, "x" * 500, "1") == 403
        assert phone.propose(1, codes[1, "white"], "1") == 303  # three wrong at board 1
        assert phone.propose(1, "bbbbbbbbbb", "1") == 403
        assert phone.propose(1, "cccccccccc", "1") == 403  # the fifth
        status, _, page = phone.request("GET", board_path("rr", 1, 1, codes[1, "black"]))
        assert status == 429 and "codes faux" in page  # board 1 shut out, the good code too
        assert phone.propose(2, codes[2, "black"], "0") == 303  # board 2 answers
        assert phone.request("GET", "/rr/")[0] == 200  # the read-only pages still answer
        srv.unlock()  # the arbiter's key in the QR pane
        assert phone.propose(1, codes[1, "black"], "1") == 303
    finally:
        srv.stop()
    assert [b["board"] for b in _pending(paired)["boards"]] == [1, 2]


def test_one_player_cannot_use_up_the_others_quota(server: tuple[Path, Client]) -> None:
    path, phone = server
    codes = _codes(path)
    got = [phone.propose(1, codes[1, "white"], "0") for _ in range(8)]
    assert got[:5] == [303] * 5 and set(got[5:]) <= {409, 429}, got
    assert phone.propose(1, codes[1, "black"], "0") == 303  # Black's own quota
    assert "0-1 proposé (2/2" in run_here("phones", "status", str(path))


def test_malformed_requests_are_refused_without_a_trace(
    server: tuple[Path, Client], caplog: pytest.LogCaptureFixture
) -> None:
    path, phone = server
    code = _codes(path)[1, "white"]
    target = board_path("rr", 1, 1)
    good = urllib.parse.urlencode({"code": code, "result": "1"})
    cases: list[tuple[bytes | str, dict[str, str], int, str]] = [
        (good, {"Origin": "http://evil.example"}, 403, "depuis sa page"),
        (good, {"Origin": "null"}, 403, "depuis sa page"),
        (good, {"Sec-Fetch-Site": "cross-site"}, 403, "depuis sa page"),
        (good, {"Content-Type": "application/json"}, 415, "formulaire"),
        ("code=" + "a" * 2000, {}, 413, "trop longue"),
        ("%ZZ=&&&=", {}, 400, "illisible"),
        (b"code=\xff\xfe", {}, 400, "illisible"),
        (
            urllib.parse.urlencode({"code": code, "result": "--"}),
            {},
            409,
            "ne se propose pas",
        ),
        (
            urllib.parse.urlencode({"code": code, "result": "2"}),
            {},
            409,
            "impossible",
        ),
    ]
    for body, headers, status, said in cases:
        got, hdrs, page = phone.request("POST", target, body, **headers)
        assert (got, said in page) == (status, True), (body, headers, got, page)
        assert hdrs["Content-Type"].startswith("text/html") and "Traceback" not in page
    # a body sent in chunks, with no length, past the limit
    conn = http.client.HTTPConnection("127.0.0.1", phone.port, timeout=10)
    conn.putrequest("POST", target)
    conn.putheader("Content-Type", "application/x-www-form-urlencoded")
    conn.putheader("Transfer-Encoding", "chunked")
    conn.endheaders()
    for _ in range(64):
        conn.send(b"400\r\n" + b"a" * 1024 + b"\r\n")
    conn.send(b"0\r\n\r\n")
    assert conn.getresponse().status == 413
    conn.close()
    assert not [r for r in caplog.records if r.exc_info], caplog.text
    assert _pending(path)["boards"] == [] and _games(path)[1] is None


@pytest.mark.slow
def test_ten_thousand_proposals_record_nothing_and_the_site_answers(
    server: tuple[Path, Client],
) -> None:
    path, phone = server
    codes = _codes(path)
    slow: list[float] = []
    stop = threading.Event()

    def reader() -> None:  # a spectator reloading the round all along
        other = Client(phone.port)
        while not stop.is_set():
            t0 = time.monotonic()
            status, _, page = other.request("GET", "/rr/")
            assert status == 200 and "Ronde 1" in page
            slow.append(time.monotonic() - t0)

    station: list[float] = []

    def arbiter() -> None:  # a station writing all along (check-in toggled, journaled)
        from arbitre_tui.operations import EventService

        service = EventService(path)
        pid = service.tournament("rr").id or 0
        first = service.store.players(pid)[0].id or 0
        k = 0
        while not stop.is_set():
            t0 = time.monotonic()
            service.check_in(first, k % 2 == 1)
            station.append(time.monotonic() - t0)
            k += 1
            time.sleep(0.2)
        service.close()

    watcher = threading.Thread(target=reader)
    watcher.start()
    desk = threading.Thread(target=arbiter)
    desk.start()
    statuses: dict[int, int] = {}
    t0 = time.monotonic()
    try:
        for i in range(10_000):
            board = 1 + i % 3
            side = ("white", "black")[i % 2]
            got = phone.propose(board, codes[board, side], ("1", "0", "=")[i % 3])
            statuses[got] = statuses.get(got, 0) + 1
    finally:
        stop.set()
        watcher.join()
        desk.join()
    took = time.monotonic() - t0
    print(
        f"10 000 proposals in {took:.1f} s: {statuses}; reads: {len(slow)}, "
        f"slowest {max(slow) * 1000:.0f} ms"
    )
    # 503: the station held the lock at that instant (the server never waits for it)
    assert set(statuses) <= {303, 409, 429, 503}, statuses
    # six players: each at most his five proposals
    assert statuses.get(303, 0) <= 6 * 5 and statuses[429] + statuses.get(409, 0) >= 9_900
    print(f"station writes: {len(station)}, slowest {max(station) * 1000:.0f} ms")
    assert len(slow) > 10 and max(slow) < 2.0
    assert len(station) > 10 and max(station) < 2.0  # the flood never holds a station up
    assert _games(path) == {1: None, 2: None, 3: None}  # nothing recorded


def test_replays_after_the_round_is_closed_change_nothing(server: tuple[Path, Client]) -> None:
    path, phone = server
    codes = _codes(path)
    assert phone.propose(1, codes[1, "white"], "1") == 303
    for board in (1, 2, 3):
        run_here("result", str(path), str(board), "=")
    run_here("close-round", str(path))
    before = run_here("show", str(path), "--json")
    for board in (1, 2, 3):
        for side in ("white", "black"):
            assert phone.propose(board, codes[board, side], "1") in (403, 429)
    status, _, page = phone.request("GET", board_path("rr", 1, 2, codes[2, "white"]))
    assert status == 403 and "ne vaut pas (plus)" in page and "<form" not in page
    assert run_here("show", str(path), "--json") == before


def test_check_in_from_a_phone_then_in_bulk(tmp_path: Path) -> None:
    path = _event(tmp_path, pair=False)
    run_here("phones", "on", str(path))
    players = json.loads(run_here("show", str(path), "--json"))["players"]
    srv = ServerThread(path, port=0, reporting=True)
    srv.start()
    try:
        phone = Client(srv.port)
        pid = players[0]["id"]
        listed = json.loads(run_here("players", "list", str(path), "--json"))
        number = next(p["number"] for p in listed if p["id"] == pid)  # the N° (issue 49.5)
        code = run_here("phones", "player-code", str(path), str(number)).strip()
        # the entrance's QR: the N° and the code from the paper, then his own page
        status, _, page = phone.request("GET", "/rr/pointage/")
        assert status == 200 and "name='player'" in page
        typed = urllib.parse.urlencode({"player": str(number), "code": code.upper()})
        status, headers, _ = phone.request("POST", "/rr/pointage/", typed)
        assert (status, headers.get("Location")) == (303, f"{pid}/{code}/")
        typed = urllib.parse.urlencode({"player": "1; DROP", "code": code})
        assert phone.request("POST", "/rr/pointage/", typed)[0] == 400
        status, _, page = phone.request("GET", f"/rr/pointage/{pid}/{code}/")
        assert status == 200 and "Pointage" in page
        form = urllib.parse.urlencode({"code": code})
        status, headers, _ = phone.request("POST", f"/rr/pointage/{pid}/", form)
        assert (status, headers.get("Location")) == (303, f"{code}/?fait")
        other = players[1]["id"]
        assert phone.request("POST", f"/rr/pointage/{other}/", form)[0] == 403
    finally:
        srv.stop()
    assert _pending(path)["checkins"] == [pid]
    # the registration list carries each player's number and code while reporting is on
    from ...publish.test_print_qr import _text

    pdf = tmp_path / "pointage.pdf"
    run_here("print", str(path), "pointage", "--pdf", str(pdf))
    text = _text(pdf)
    for p in json.loads(run_here("players", "list", str(path), "--json")):
        assert run_here("phones", "player-code", str(path), str(p["number"])).strip() in text


def test_arbitre_serve_saisie_joueurs_takes_a_proposal(paired: Path) -> None:
    """The real command: `arbitre serve --saisie-joueurs` says the event's switch and takes
    a phone's proposal; the port is read from its first line."""
    from ...helpers.cli import start_arbitre

    proc = start_arbitre(
        "serve", str(paired), "--host", "127.0.0.1", "--port", "0", "--saisie-joueurs"
    )
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline() for _ in range(2)]
        port = int(re.search(r"écoute 127\.0\.0\.1:(\d+)", lines[0]).group(1))  # type: ignore[union-attr]
        assert any("Saisie par les joueurs : ouverte" in line for line in lines), lines
        code = _codes(paired)[2, "black"]
        assert Client(port).propose(2, code, "0") == 303
    finally:
        proc.terminate()
        proc.wait(10)
    assert "0-1 proposé (1/2)" in run_here("phones", "status", str(paired))


def test_table_cards_open_the_boards_entrance_and_print_no_code(
    server: tuple[Path, Client], tmp_path: Path
) -> None:
    """`print chevalets` while reporting is on: each card's QR decodes to its board's
    entrance, where each player gives his own code; no code is printed on the card (the
    opponent sits in front of it). The player's own code opens his page only."""
    import shutil

    from ...publish.test_print_qr import _decoded, _text

    if shutil.which("pdfimages") is None:
        pytest.skip("poppler-utils absent (.ci/run installs it)")
    path, phone = server
    base = "http://192.0.2.10:8080"
    pdf = tmp_path / "chevalets.pdf"
    run_here("print", str(path), "chevalets", "--pdf", str(pdf), "--base-url", base)
    codes = _codes(path)
    expected = [base + board_path("rr", 1, b) for b in (1, 2, 3)]
    assert sorted(_decoded(pdf, tmp_path)) == expected
    text = _text(pdf)
    assert "code personnel" in text and not any(c in text for c in codes.values())
    status, _, page = phone.request("GET", board_path("rr", 1, 1))
    assert status == 200 and "name='player'" in page and "name='code'" in page
    game = json.loads(run_here("show", str(path), "--json"))["games"][0]
    listed = json.loads(run_here("players", "list", str(path), "--json"))
    number = next(p["number"] for p in listed if p["id"] == game["black_id"])  # his N°
    mine = run_here("phones", "player-code", str(path), str(number)).strip()
    entrance = board_path("rr", 1, 1) + "acces/"
    form = urllib.parse.urlencode({"player": game["black_id"], "code": mine})
    status, headers, _ = phone.request("POST", entrance, form)
    assert (status, headers.get("Location")) == (303, f"../{codes[1, 'black']}/")
    form = urllib.parse.urlencode({"player": game["white_id"], "code": mine})
    assert phone.request("POST", entrance, form)[0] == 403  # his code is not White's
    # off: the cards are the read-only ones again
    run_here("phones", "off", str(path))
    (tmp_path / "img").rename(tmp_path / "img-on")
    run_here("print", str(path), "chevalets", "--pdf", str(pdf), "--base-url", base)
    assert sorted(_decoded(pdf, tmp_path)) == [f"{base}/rr/ronde-1/#b{b}" for b in (1, 2, 3)]


def test_the_rate_limits_refill_at_their_pace() -> None:
    """A bucket: its burst at once, then one every ``every`` seconds; the oldest keys are
    forgotten past ``keys`` (a flood of addresses cannot fill the memory)."""
    from arbitre_tui.faces.web.reporting import Limiter

    limit = Limiter(burst=2, every=10.0, keys=3)
    assert [limit.allow("a", 0.0) for _ in range(3)] == [True, True, False]
    assert limit.allow("b", 0.0)  # another phone, its own bucket
    assert not limit.allow("a", 9.0) and limit.allow("a", 10.5) and not limit.allow("a", 11)
    for k in range(10):
        limit.allow(f"x{k}", 12.0)
    assert len(limit._buckets) == 3
