"""The results in a real venue: one address a phone reaches in every QR code, a code that
fits the terminal and scans from the screen, a wall screen, a server that stays up."""

from __future__ import annotations

import re
import socket
import subprocess
import urllib.request
from pathlib import Path

import pytest
import zxingcpp
from PIL import Image
from textual.pilot import Pilot
from textual.widgets import DataTable, Static

from arbitre_tui.faces.tui.app import ArbitreApp
from arbitre_tui.faces.tui.display import DisplayApp
from arbitre_tui.faces.tui.qr import QRCode
from arbitre_tui.faces.web.server import ServerThread
from arbitre_tui.operations import EventService
from arbitre_tui.operations.templates import create_swiss_event
from arbitre_tui.publish import address
from arbitre_tui.publish.address import Interface, reachable_address, warning
from arbitre_tui.views.reader import Reader

from ...conftest import REAL_ADDRESSES, VENUE
from ...helpers.cli import arbitre, start_arbitre
from ...helpers.procs import wait_for
from ...helpers.screen import app_on, pause_until, screen_cells, screen_qr

# The longest address an organiser plausibly sets (66 characters with the section).
LONG = "http://championnat-jeunes-du-bas-rhin.echecs-alsace.fr:8080"
LONG_PAGE = LONG + "/open-a/"


def _decoded(img: object) -> list[str]:
    return [r.text for r in zxingcpp.read_barcodes(img)]


def _screen(app: ArbitreApp | DisplayApp) -> str:
    return "\n".join("".join(ch for ch, _ in line) for line in screen_cells(app))


# -- the address -------------------------------------------------------------------------


def test_the_address_a_phone_reaches_is_chosen() -> None:
    i = Interface
    lo = [i("lo", "127.0.0.1"), i("lo", "::1")]
    pi = [*lo, i("docker0", "172.17.0.1"), i("eth0", "2a01:e0a::5"), i("wlan0", "192.168.1.20")]
    assert reachable_address(pi) == "192.168.1.20"  # the Wi-Fi, not docker, not IPv6
    hotspot = [*lo, i("eth0", "88.170.1.2"), i("wlan0", "10.42.0.1")]
    assert reachable_address(hotspot) == "10.42.0.1"  # the Pi's own hotspot (nmcli)
    assert reachable_address([*lo, i("eth0", "169.254.3.4"), i("eth1", "88.170.1.2")]) == (
        "88.170.1.2"
    )
    assert reachable_address([*lo, i("eth0", "fd00::2")]) == "fd00::2"
    assert address.detected_url([*lo, i("eth0", "fd00::2")]) == "http://[fd00::2]:8080"
    assert reachable_address(lo) is None  # never loopback…
    assert address.detected_url(lo) == "http://127.0.0.1:8080"  # …unless nothing else
    # the machine's real table (getifaddrs, no packet sent): loopback is seen, never chosen
    real = REAL_ADDRESSES()
    assert "127.0.0.1" in {x.address for x in real}
    assert reachable_address(real) not in ("127.0.0.1", "::1")


def test_phones_cannot_reach_loopback_or_another_machine() -> None:
    assert "bouclage" in (warning("http://127.0.0.1:8080", VENUE) or "")
    assert "localhost" in (warning("http://localhost:8080", VENUE) or "")
    other = warning("http://10.9.9.9:8080", VENUE) or ""
    assert "n'est pas une adresse de cette machine" in other and "192.168.1.20" in other
    assert warning("http://192.168.1.20:8080", VENUE) is None
    assert warning("http://arbitre.local:8080", VENUE) is None  # a name is not looked up


def test_new_events_detect_the_address(demo_file: Path, tmp_path: Path) -> None:
    service = EventService(demo_file)
    assert "base_url" not in Reader(service).event()["settings"]
    assert address.base_url(service) == "http://192.168.1.20:8080"  # the Wi-Fi address
    assert address.listen(service) == ("0.0.0.0", 8080)  # `serve` and `w` alike
    run = arbitre("new", "--template", "marina-viva", str(tmp_path / "m.sqlite"))
    assert run.returncode == 0, run.stderr
    assert "base_url" not in Reader(EventService(tmp_path / "m.sqlite")).event()["settings"]


def _pdf_codes(pdf: Path, tmp_path: Path, last: int | None = None) -> list[str]:
    """The QR codes of the PDF's pages (up to ``last``), decoded from the pictures."""
    pages = ["-l", str(last)] if last else []
    subprocess.run(
        ["pdftoppm", "-r", "100", *pages, "-png", str(pdf), str(tmp_path / "p")], check=True
    )
    return [t for png in sorted(tmp_path.glob("p*.png")) for t in _decoded(Image.open(png))]


def test_the_address_set_once_is_in_every_qr_code(demo_file: Path, tmp_path: Path) -> None:
    f = str(demo_file)
    bad = arbitre("settings", "set", f, "base_url", "ftp://salle")
    assert bad.returncode == 2 and "une adresse http://" in bad.stderr + bad.stdout
    assert "base_url" not in Reader(EventService(demo_file)).event()["settings"]
    run = arbitre("settings", "set", f, "base_url", "192.168.1.50:8080/")
    assert run.returncode == 0, run.stderr
    assert "http://192.168.1.50:8080" in run.stdout
    base = "http://192.168.1.50:8080"
    shown = arbitre("settings", "show", f, "-t", "open-a").stdout
    assert re.search(r"base_url +http://192\.168\.1\.50:8080 ", shown), shown
    png = tmp_path / "q.png"
    assert arbitre("qr", f, str(png), "-t", "open-a").returncode == 0
    assert _decoded(Image.open(png)) == [f"{base}/open-a/"]
    for what in ("affiche", "chevalets"):
        pdf = tmp_path / f"{what}.pdf"
        run = arbitre("print", f, what, "--pdf", str(pdf), "-t", "open-a")
        assert run.returncode == 0, run.stderr
        (tmp_path / what).mkdir()
        codes = _pdf_codes(pdf, tmp_path / what, 1 if what == "chevalets" else None)
        assert codes and all(c.startswith(f"{base}/open-a/") for c in codes), (what, codes)
    # journaled: undone like any change
    assert arbitre("undo", f).returncode == 0
    assert "base_url" not in Reader(EventService(demo_file)).event()["settings"]


# -- the QR pane ---------------------------------------------------------------------------


async def test_qr_pane_at_80x24_scans_with_the_longest_address(demo_file: Path) -> None:
    EventService(demo_file).update_event_settings({"base_url": LONG})
    assert len(LONG_PAGE) >= 66
    async with app_on(demo_file, "q", "open-a") as (app, pilot):
        assert _decoded(screen_qr(app)) == [LONG_PAGE]  # decoded from the screen itself
        assert LONG_PAGE[:20] in _screen(app)
        # a terminal too small: the words, never a cut code
        await pilot.resize_terminal(60, 16)
        await pilot.pause()
        text = _screen(app)
        assert "Agrandissez la fenêtre" in text and "▀" not in text
        await pilot.resize_terminal(160, 45)
        await pilot.pause()
        assert _decoded(screen_qr(app)) == [LONG_PAGE]


async def test_qr_pane_lists_the_other_candidate_addresses(
    demo_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 31, point 9: the machine's other addresses, to try when the code's does not
    answer (a Pi on the Wi-Fi and on a cable); none listed on a single interface. Since
    49.10 the Wi-Fi's address comes alone, the others counted, listed on `A`."""
    async with app_on(demo_file, "q", "open-a") as (app, _pilot):
        assert not app.query_one("#qr-others", Static).display  # VENUE: the Wi-Fi only
    found = [*VENUE, Interface("eth0", "10.0.0.7"), Interface("docker0", "172.17.0.1")]
    monkeypatch.setattr(address, "machine_addresses", lambda: list(found))
    async with app_on(demo_file, "q", "open-a") as (app, pilot):
        others = app.query_one("#qr-others", Static)
        first = str(others.content)
        assert "10.0.0.7" not in _screen(app)  # the LAN address first, alone
        assert _decoded(screen_qr(app)) == ["http://192.168.1.20:8080/open-a/"]
        await pilot.press("A")  # on demand
        await pilot.pause()
        said = str(others.content)
        assert others.display and "10.0.0.7, 172.17.0.1" in _screen(app)  # on the screen
    assert first == "2 autres adresses de cette machine : A pour les voir", first
    assert said == "Autres adresses de cette machine : 10.0.0.7, 172.17.0.1", said


@pytest.mark.slow
async def test_address_key_warning_and_undo(demo_file: Path) -> None:
    async with app_on(demo_file, "q", "open-a") as (app, pilot):
        warn = app.query_one("#qr-warning", Static)
        assert not warn.display and "détectée" in str(app.query_one("#qr-where", Static).content)
        await pilot.press("a")
        await pilot.press(*["backspace"] * 30, *"127.0.0.1:8080", "enter")
        await pilot.pause()
        settings = Reader(app.service).event()["settings"]
        assert settings["base_url"] == "http://127.0.0.1:8080"
        assert str(app.query_one("#qr-url", Static).content) == "http://127.0.0.1:8080/open-a/"
        assert warn.display and "bouclage" in str(warn.content)
        assert warn.styles.color.hex.lower() == str(app.theme_variables["error"]).lower()
        assert _decoded(screen_qr(app)) == ["http://127.0.0.1:8080/open-a/"]
        # a wrong address is refused on the prompt's line, nothing stored
        await pilot.press("a", *["backspace"] * 30, *"ftp:x", "enter")
        assert "une adresse http://" in app.screen.text
        await pilot.press("escape", "ctrl+z")
        await pilot.pause()
        assert "base_url" not in Reader(app.service).event()["settings"]
        assert str(app.query_one("#qr-url", Static).content) == "http://192.168.1.20:8080/open-a/"
        assert not warn.display


# -- `arbitre serve` -----------------------------------------------------------------------


def test_serve_base_url_is_the_address_of_every_qr_code(demo_file: Path, tmp_path: Path) -> None:
    f = str(demo_file)
    base = "http://10.1.2.3:8080"
    command = ["serve", f, "--port", "0", "--host", "127.0.0.1", "--base-url", base]
    proc = start_arbitre(*command)
    try:
        assert proc.stdout is not None
        saved = proc.stdout.readline()
        online = proc.stdout.readline()
        assert "enregistrée" in saved and base in saved
        assert f"Résultats en ligne : {base}/" in online
        port = int(online.split("écoute 127.0.0.1:")[1].split()[0])
        assert "n'est pas une adresse de cette machine" in proc.stdout.readline()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/open-a/", timeout=10) as r:
            assert r.status == 200
    finally:
        proc.terminate()
        proc.wait(10)
    png = tmp_path / "q.png"
    run = arbitre("qr", f, str(png), "-t", "open-b")
    assert run.returncode == 0 and "n'est pas une adresse de cette machine" in run.stderr
    assert _decoded(Image.open(png)) == [f"{base}/open-b/"]
    assert Reader(EventService(demo_file)).event()["settings"]["base_url"] == base


# -- the wall screen -----------------------------------------------------------------------


async def _cycle(app: DisplayApp, pilot: Pilot[int]) -> list[tuple[str, list[list[str]]]]:
    """Every page once (→), its title and the rows the screen shows."""
    seen = []
    for _ in range(len(app.pages)):
        table = app.query_one(DataTable)
        rows = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]
        screen = _screen(app)
        for row in rows:  # on the screen, not below its edge
            assert row[1] in screen, row
        seen.append((str(app.query_one("#title", Static).content), rows if table.display else []))
        await pilot.press("right")
    return seen


@pytest.fixture(scope="module")
def big_master(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("big") / "big.sqlite"
    create_swiss_event(path, players=120, rounds=3).close()
    return path


@pytest.mark.parametrize("size", [(160, 45), (80, 24)])
async def test_wall_screen_pages_through_60_boards_and_120_places(
    big_master: Path, size: tuple[int, int]
) -> None:
    app = DisplayApp(big_master, seconds=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        seen = await _cycle(app, pilot)
        open_a = [(title, rows) for title, rows in seen if title.startswith("Open A")]
        boards = [int(r[0]) for title, rows in open_a if " — ronde " in title for r in rows]
        places = [r[1] for title, rows in open_a if "classement" in title for r in rows]
        assert boards == list(range(1, 61))  # every board once, in order
        assert len(places) == len(set(places)) == 120
        assert any("échiquiers 1–" in t for t, _ in seen)
        # the large QR code, decoded from the screen
        for _ in range(100):  # the pages turn to the QR code (never forever)
            if app.query_one("#qr", QRCode).display:
                break
            await pilot.press("right")
        else:
            raise AssertionError("no page shows the QR code")
        await pilot.pause()
        assert _decoded(screen_qr(app)) == ["http://192.168.1.20:8080/open-a/"]
        qr_rows = sum("▀" in line for line in _screen(app).splitlines())
        assert qr_rows >= (size[1] - 3) * 0.6  # large: most of the height


async def test_the_wall_screen_quits_cleanly_whenever_its_timer_ticks(demo_file: Path) -> None:
    """The page timer once ticked as the screen was closing: « No nodes match DataTable »
    ended the run (seen once in the full suite, timing-dependent). A tick after the
    widgets are gone now does nothing."""
    app = DisplayApp(demo_file, seconds=0)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
    app.action_turn(1)  # the widgets are gone: what a last tick meets
    app.refresh_view()


@pytest.mark.slow
async def test_wall_screen_cycles_every_section_and_turns_by_itself(demo_file: Path) -> None:
    names = [t.name for t in Reader(EventService(demo_file)).tournaments()]
    assert len(names) > 2
    app = DisplayApp(demo_file, seconds=0)  # several sections, none named: every one
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        titles = [title for title, _ in await _cycle(app, pilot)]
    for name in names:
        assert any(t.startswith(name) for t in titles), name
    app = DisplayApp(demo_file, ["open-b", "u8"], seconds=0.2)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        keys = {p.sheet.key for p in app.pages}
        assert keys == {"open-b", "u8"}
        first = app.index
        await pause_until(pilot, lambda: app.index != first, 30)
        assert app.index != first  # the pages turn without a key


async def test_wall_screen_shows_the_cups_drawn_matches(demo_file: Path) -> None:
    """Issue 17: the cup's « appariements » said « pas encore d'appariements » after the
    draw (a cup has no boards of players): it shows the round's matches and, once decided,
    the score and the winner."""
    from arbitre_tui.operations import cup

    service = EventService(demo_file)
    cup.draw(service, "coupe", seed=3)
    drawn = cup.matches(service, cup.cup_of(service, "coupe"), 1)
    teams = {t.id: t.name for t in cup.teams_of(service, cup.cup_of(service, "coupe")).values()}
    service.close()
    app = DisplayApp(demo_file, ["coupe"], seconds=0)
    async with app.run_test(size=(160, 45)) as pilot:
        await pilot.pause()
        sheets = {p.sheet.view: p.sheet for p in app.pages}
        assert app.query_one("#title", Static).content  # the screen is up
    pairings = sheets["appariements"]
    assert pairings.title.endswith("tour 1") and pairings.columns[0] == "Match"
    rows = [[str(c) for c in row] for row in pairings.rows]
    assert [row[1] for row in rows] == [teams[m.home_team_id] for m in drawn]
    assert any(row[3] == "exempt" for row in rows)  # the byes of the holder and the others


def test_display_refuses_an_unknown_section_in_french(demo_file: Path) -> None:
    run = arbitre("display", str(demo_file), "--tournoi", "open-a,inconnu")
    assert run.returncode == 2
    assert "Tournoi « inconnu » inconnu" in run.stderr + run.stdout
    assert "Traceback" not in run.stderr


# -- a server that stays up ------------------------------------------------------------------


def _closed_by_server(sock: socket.socket, within: float) -> bool:
    sock.settimeout(within)
    try:
        return sock.recv(1) == b""
    except TimeoutError:
        return False
    except OSError:
        return True


def test_a_flood_of_idle_sockets_does_not_take_the_server_down(demo_file: Path) -> None:
    """200 idle sockets against a cap of 50 connections, an idle time-out of 1 s: a phone
    is answered during the flood, the oldest sockets are closed to make room, the slow
    and the idle are closed after the time-out, and the server answers afterwards."""
    srv = ServerThread(demo_file, port=0, cap=50, idle=1.0)
    srv.start()
    url = f"http://127.0.0.1:{srv.port}/open-a/"
    flood: list[socket.socket] = []
    try:
        for k in range(200):
            s = socket.create_connection(("127.0.0.1", srv.port), timeout=5)
            if k % 2:
                s.sendall(b"GET /open-a/ HTTP/1.1\r\nHost: salle\r\n")  # headers never end
            flood.append(s)
        with urllib.request.urlopen(url, timeout=5) as r:  # during the flood
            assert r.status == 200
        assert _closed_by_server(flood[0], 2.0)  # the oldest made room
        assert sum(_closed_by_server(s, 0.05) for s in flood[:100]) >= 90
        # the idle time-out: every socket left is closed by the server
        wait_for(lambda: all(_closed_by_server(s, 0.05) for s in flood[-40:]), 30, "idle closes")
    finally:
        for s in flood:
            s.close()
    with urllib.request.urlopen(url, timeout=5) as r:  # and after
        assert r.status == 200
    srv.stop()
