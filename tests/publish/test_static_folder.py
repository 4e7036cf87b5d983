"""Issue 31, point 8: `publish` into a folder it filled before removes the pages that no
longer exist (and only those: the organiser's own files stay); onto a file it is refused
in plain French, exit 2, the file untouched. On an event created from nothing."""

from __future__ import annotations

from pathlib import Path

from ..helpers.cli import arbitre, run_here


def test_publish_again_removes_stale_pages_and_keeps_the_organisers_files(
    tmp_path: Path,
) -> None:
    path, site = tmp_path / "open.sqlite", tmp_path / "site"
    run_here("new", str(path), "--nom", "Open du club")
    run_here("section", "add", str(path), "open", "--nom", "Open", "--systeme", "suisse",
        "--rondes", "3", "--cadence", "15+5")  # fmt: skip
    for k in range(1, 5):
        run_here("register", str(path), f"Joueur{k}", "--elo", str(1500 + k))
    run_here("publish", str(path), str(site))
    assert (site / "open" / "joueur-4" / "index.html").is_file()
    (site / "notes.txt").write_text("à moi")
    (site / "open" / "photos").mkdir()
    (site / "open" / "photos" / "index.html").write_text("mes photos")
    run_here("players", "remove", str(path), "Joueur4")  # N° 1 (Elo 1504), page joueur-4
    run_here("publish", str(path), str(site))
    assert not (site / "open" / "joueur-4").exists()  # the page and its folder
    assert (site / "open" / "joueur-3" / "index.html").is_file()
    assert (site / "notes.txt").read_text() == "à moi"
    assert (site / "open" / "photos" / "index.html").read_text() == "mes photos"


def test_publish_onto_a_file_is_refused_in_french(tmp_path: Path) -> None:
    path = tmp_path / "open.sqlite"
    run_here("new", str(path), "--nom", "Open du club")
    target = tmp_path / "site.txt"
    target.write_text("garde-moi")
    for where in (target, target / "sous-dossier"):
        run = arbitre("publish", str(path), str(where))
        assert run.returncode == 2, run.stderr
        assert "est un fichier, pas un dossier" in run.stderr and "Traceback" not in run.stderr
    assert target.read_text() == "garde-moi"


def test_bridges_host_only_and_usb_tethering_count_as_virtual() -> None:
    """Issue 31, point 9: a private address on vboxnet0, br0 or usb0 is no venue Wi-Fi."""
    from arbitre_tui.publish.address import Interface as I
    from arbitre_tui.publish.address import reachable_address

    lo = [I("lo", "127.0.0.1")]
    for name in ("vboxnet0", "br0", "br-1a2b", "usb0"):
        found = [*lo, I(name, "192.168.56.1"), I("wlan0", "10.0.0.7")]
        assert reachable_address(found) == "10.0.0.7", name


def test_serve_lists_the_other_candidate_addresses() -> None:
    """Issue 31, point 9: the addresses to try when the QR's does not answer."""
    from arbitre_tui.publish.address import Interface as I
    from arbitre_tui.publish.address import other_addresses

    found = [I("lo", "127.0.0.1"), I("wlan0", "10.0.0.7"), I("eth0", "192.168.1.4")]
    found.append(I("docker0", "172.17.0.1"))
    assert other_addresses("http://10.0.0.7:8080", found) == ["192.168.1.4", "172.17.0.1"]
