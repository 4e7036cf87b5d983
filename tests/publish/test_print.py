"""Printed lists: every PDF is A4, names the event and round, numbers its pages."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from arbitre_tui.operations import EventService, OperationError, cup
from arbitre_tui.publish.pdf import DOCUMENTS, WHATS, build


def _text(pdf: bytes) -> str:
    """The text drawn on the pages, as poppler reads it (words joined by single spaces)."""
    tool = shutil.which("pdftotext")
    assert tool, "pdftotext (poppler-utils) is needed: .ci/run installs it"
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "x.pdf"
        path.write_bytes(pdf)
        out = subprocess.run([tool, str(path), "-"], capture_output=True, check=True)
    return " ".join(out.stdout.decode("utf-8").split())


@pytest.mark.parametrize("what", [w for w in WHATS if w != "proces-verbal"])
def test_each_list(demo_file: Path, what: str) -> None:
    service = EventService(demo_file)
    pdf = build(service, what, "open-a")
    assert pdf.startswith(b"%PDF") and b"/MediaBox [0 0 595.28 841.89]" in pdf  # A4
    text = _text(pdf)
    assert "Open A (1900 et plus)" in text and "page 1 / " in text
    names = [p.name for p in service.store.players(service.tournament("open-a").id or 0)]
    if DOCUMENTS[what].per_player:  # a form about one player: blank without --joueur
        assert "Nom, prénom" in text and "Signature" not in text.split("Nom, prénom")[0]
    elif what in ("rapport-technique", "proces-verbal-tournoi"):  # no list of players
        assert "Date et signature de l'arbitre principal" in text
    else:
        assert sum(n in text for n in names) >= 10
    if what.startswith("appariements") or what in ("affiche", "chevalets"):
        assert "ronde 3" in text
    if what == "affiche":
        assert "/open-a/" in text  # the URL under the QR code
    if what == "pointage":
        assert "Signature" in text


def test_match_sheet_pdf(demo_file: Path) -> None:
    service = EventService(demo_file)
    cup.draw(service, "coupe", seed=3)
    played = next(m for m in cup.matches(service, service.tournament("coupe")) if m.away_team_id)
    pdf = build(service, "proces-verbal", "coupe", played.number)
    text = _text(pdf)
    assert "Capitaine recevant" in text and "Capitaine visiteur" in text and "Arbitre" in text
    assert f"match {played.number}" in text  # (a bye's sheet has no captain to sign)


def test_unknown_list_and_no_round_refused(demo_file: Path) -> None:
    service = EventService(demo_file)
    with pytest.raises(OperationError, match="inconnue"):
        build(service, "menu", "open-a")
    with pytest.raises(OperationError, match="aucune ronde"):
        build(service, "appariements", "u10")
