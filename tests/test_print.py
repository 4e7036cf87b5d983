"""Printed lists: every PDF is A4, names the event and round, numbers its pages."""

from __future__ import annotations

import re
import zlib
from pathlib import Path

import pytest

from arbitre_tui.operations import EventService, OperationError, cup
from arbitre_tui.publish.pdf import WHATS, build


def _text(pdf: bytes) -> str:
    """The text drawn on the pages (content streams are deflated)."""
    out = []
    for m in re.finditer(rb"stream\r?\n(.*?)\r?\nendstream", pdf, re.S):
        try:
            out.append(zlib.decompress(m.group(1)).decode("latin-1"))
        except zlib.error:
            continue
    strings = re.findall(r"\(((?:\\.|[^\\)])*)\) ?Tj", "".join(out))
    return " ".join(re.sub(r"\\(.)", r"\1", x) for x in strings)


@pytest.mark.parametrize("what", [w for w in WHATS if w != "proces-verbal"])
def test_each_list(demo_file: Path, what: str) -> None:
    service = EventService(demo_file)
    pdf = build(service, what, "open-a")
    assert pdf.startswith(b"%PDF") and b"/MediaBox [0 0 595.28 841.89]" in pdf  # A4
    text = _text(pdf)
    assert "Open A (1900 et plus)" in text and "page 1 / " in text
    names = [p.name for p in service.store.players(service.tournament("open-a").id or 0)]
    if what in ("rapport-technique", "proces-verbal-tournoi"):  # no list of players
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
    pdf = build(service, "proces-verbal", "coupe", 1)
    text = _text(pdf)
    assert "Capitaine recevant" in text and "Arbitre" in text and "match 1" in text


def test_unknown_list_and_no_round_refused(demo_file: Path) -> None:
    service = EventService(demo_file)
    with pytest.raises(OperationError, match="inconnue"):
        build(service, "menu", "open-a")
    with pytest.raises(OperationError, match="aucune ronde"):
        build(service, "appariements", "u10")
