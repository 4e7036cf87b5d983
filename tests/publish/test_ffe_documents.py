"""Issue 20: the FFE's paperwork — the grille américaine (one view: pane, PDF, site), the
technical report and the tournament's procès-verbal — through the real command line,
the PDFs read back with pdftotext."""

from __future__ import annotations

import subprocess
from dataclasses import replace
from pathlib import Path

from arbitre_tui.operations import EventService
from arbitre_tui.operations.verification import record_appeal, settle_result, verify_result
from arbitre_tui.publish.html.site import Site
from arbitre_tui.rules.models import Bye, Result, StoredGame
from arbitre_tui.views.grille import build, cell
from arbitre_tui.views.reader import Reader
from tests.helpers.cli import arbitre
from tests.helpers.screen import palette_typed, pause_until


def pdftext(path: Path) -> str:
    return subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout


def test_cells_read_as_french_arbiters_write_them() -> None:
    place = {1: 7, 2: 12, 3: 3}
    game = StoredGame(id=1, round_id=1, board=1, white_id=1, black_id=2)

    def at(result: Result | None, pid: int) -> str:
        return cell([replace(game, result=result)], pid, place)

    assert at(Result.WHITE_WINS, 1) == "+12B" and at(Result.WHITE_WINS, 2) == "-7N"
    assert at(Result.DRAW, 2) == "=7N" and at(Result.BLACK_WINS, 2) == "+7N"
    assert at(Result.WHITE_FORFEIT_WIN, 1) == ">12B" and at(Result.WHITE_FORFEIT_WIN, 2) == "<7N"
    assert at(Result.DOUBLE_FORFEIT, 1) == "<12B" and at(Result.DOUBLE_FORFEIT, 2) == "<7N"
    assert at(None, 1) == "12B"  # to play: no sign
    bye = StoredGame(id=2, round_id=1, board=9, white_id=3)
    signs = [cell([replace(bye, bye=b)], 3, place) for b in Bye]
    assert signs == ["EXE", "=E", "-E", "+E"]  # U, H, Z, F
    assert cell([game], 3, place) == ""  # not paired this round


def test_grille_pdf_and_site_render_one_view(demo_file: Path, tmp_path: Path) -> None:
    """Each player's cells point at the opponent's FINAL place and colour, and the
    opponent's cell points back: the same figures on the page and in the PDF."""
    service = EventService(demo_file)
    t = service.tournament("open-a")
    grid = build(Reader(service), t)
    by_place = {r.place: r for r in grid.rows}
    checked = 0
    for r in grid.rows:
        for k, c in enumerate(r.cells):
            if c[:1] in "+=-<>" and c[-1] in "BN":
                other = by_place[int(c[1:-1])].cells[k]
                assert other[-1] == ("N" if c[-1] == "B" else "B")
                assert int(other[1:-1]) == r.place
                assert {"+": "-", "-": "+", "=": "="}.get(c[0], other[0]) == other[0]
                checked += 1
    assert checked > 150 and grid.rounds == (1, 2, 3)
    first = grid.rows[0]
    page = Site(service).render("/open-a/grille-americaine/")
    assert "/open-a/grille-americaine/" in Site(service).paths()
    assert all(c in page for c in first.cells) and first.player.public in page
    service.close()
    out = tmp_path / "grille.pdf"
    done = arbitre("print", str(demo_file), "grille-americaine", "-t", "open-a", "--pdf", str(out))
    assert done.returncode == 0, done.stderr
    text = pdftext(out)
    assert "Grille américaine après la ronde 2" in text
    line = next(x for x in text.splitlines() if first.player.public in x)
    assert line.split()[0] == "1" and all(c in line.split() for c in first.cells if c)
    assert "> gain par forfait, < perte par forfait" in text.replace("\n", " ")


def test_technical_report_from_the_settings(demo_file: Path, tmp_path: Path) -> None:
    done = arbitre(
        "settings", "set", str(demo_file), "homologation_number", "64321", "-t", "open-a"
    )
    assert done.returncode == 0, done.stderr  # a number typed, kept as the text it is
    service = EventService(demo_file)
    service.update_settings(
        "open-a",
        {
            "organiser": "Cercle d'échecs de Strasbourg",
            "venue": "Salle des fêtes",
            "chief_arbiter": "AF3 LEROY Anne",
            "arbiters": ["AFO1 PETIT Marc", "AFO2 ROUX Lea"],
            "fee": 25,
        },
    )
    service.close()
    out = tmp_path / "rt.pdf"
    done = arbitre("print", str(demo_file), "rapport-technique", "-t", "open-a", "--pdf", str(out))
    assert done.returncode == 0, done.stderr
    text = " ".join(pdftext(out).split())
    for expected in (
        "Rapport technique — Open A (1900 et plus)",
        "Numéro d'homologation 64321",
        "Organisateur Cercle d'échecs de Strasbourg",
        "Lieu Salle des fêtes, Strasbourg",
        "Rondes 2 jouées sur 9 prévues",
        "Cadence 90 min pour 40 coups",
        "Système d'appariement Système suisse",
        "Départages BH/C1, BH, TPR, WIN",
        "Joueurs FIDE / total 103 / 120",
        "Droits d'inscription 25 €",
        "Système des prix Système Hort",
        "Arbitre principal AF3 LEROY Anne",
        "Arbitres adjoints AFO1 PETIT Marc, AFO2 ROUX Lea",
    ):
        assert expected in text, expected
    assert "à compléter" not in text


def test_proces_verbal_from_the_journal(demo_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "pv.pdf"

    def pv() -> str:
        done = arbitre(
            "print", str(demo_file), "proces-verbal-tournoi", "-t", "open-a", "--pdf", str(out)
        )
        assert done.returncode == 0, done.stderr
        return " ".join(pdftext(out).split())

    quiet = pv()
    assert quiet.count("Rien à signaler") == 6
    service = EventService(demo_file)
    t = service.tournament("open-a")
    service.forfeit("open-a", 3, "black")
    service.forfeit("open-a", 5, "white")
    service.undo()  # undone: not in the procès-verbal
    service.record_incident("open-a", 4, "white", "device_ring", "sonnerie", confirm=True)
    record_appeal(service, "open-a", "Appel de MARTIN : rejeté")
    service.record_result("open-a", 6, "1")
    verify_result(service, "open-a", 6, "=")
    settle_result(service, "open-a", 6, "feuille")
    games = {g.board: g for g in service.store.games(service.current_round(t).id or 0)}  # type: ignore[union-attr]
    names = {p.id: p.name for p in service.store.players(t.id or 0)}
    service.close()
    text = pv()
    absent_id = games[3].black_id
    assert absent_id is not None
    absent = names[absent_id]
    assert f"Ronde 3, échiquier 3 : forfait des Noirs ({absent})" in text
    assert f"{absent} : exclu" in text  # regulation 002
    assert "échiquier 5 : forfait" not in text
    assert f"sonnerie d'appareil, {names[games[4].white_id]} — sonnerie" in text
    assert "Ronde 3 " in text and "Appel de MARTIN : rejeté" in text
    assert "Ronde 3, échiquier 6 : la feuille signée retenue (½-½)" in text
    assert text.count("Rien à signaler") == 1  # the manual pairings only


async def test_printed_from_the_app_palette(demo_file: Path) -> None:
    """ctrl+p « Homologation », then the document's key: the PDF beside the event file."""
    from arbitre_tui.faces.tui.app import ArbitreApp
    from arbitre_tui.publish.pdf import DOCUMENTS

    listed = [d.name for d in DOCUMENTS.values() if not d.per_match]
    key = "123456789abcdefghijklmopqrsuvwxyz"[listed.index("rapport-technique")]
    out = demo_file.with_name(f"{demo_file.stem}-rapport-technique-open-a.pdf")
    app = ArbitreApp(demo_file, tournament="open-a")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+p", *"Homologation")
        await pause_until(pilot, lambda: palette_typed(app, "Homologation"), 30)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press(key)
        await pause_until(pilot, lambda: app.busy is None and out.exists(), 60)
    assert "Numéro d'homologation" in pdftext(out)


def test_technical_report_writes_a_fee_in_french(demo_file: Path, tmp_path: Path) -> None:
    """« 12,50 € » as the pointage writes it (rules/entry_fees), never « 12.5 € »."""
    done = arbitre("settings", "set", str(demo_file), "fee", "12.5", "-t", "open-a")
    assert done.returncode == 0, done.stderr
    out = tmp_path / "rt.pdf"
    done = arbitre("print", str(demo_file), "rapport-technique", "-t", "open-a", "--pdf", str(out))
    assert done.returncode == 0, done.stderr
    text = " ".join(pdftext(out).split())
    assert "Droits d'inscription 12,50 €" in text, text
