"""The TRF export for the rating report (issue 16): only rounds played to the end, the
entries before round 1, the right type, and national ratings kept."""

from __future__ import annotations

from pathlib import Path

from arbitre_tui.operations import EventService, trf_export
from arbitre_tui.operations.templates import create_from_template
from arbitre_tui.rules import trf
from arbitre_tui.rules.models import Player

from ..helpers.cli import arbitre


def _lines(text: str, tag: str) -> list[str]:
    return [line for line in text.split("\r") if line.startswith(tag)]


def _open_b(tmp_path: Path) -> EventService:
    service = create_from_template(tmp_path / "m.sqlite", "marina-viva")
    service.register_player(
        "open-b", Player(surname="Nationale", first_name="Seule", rating_ffe=1234)
    )
    return service


def test_the_dates_are_the_regulations_written_as_trf_wants(tmp_path: Path) -> None:
    """002: « du samedi 26 juin au vendredi 2 juillet 2027 »; TRF: YYYY/MM/DD."""
    text = trf_export.export_trf(_open_b(tmp_path), "open-b")
    assert _lines(text, "042") == ["042 2027/06/26"]
    assert _lines(text, "052") == ["052 2027/07/02"]


def test_before_round_1_the_entries_are_exported(tmp_path: Path) -> None:
    service = _open_b(tmp_path)
    registered = [p for p in service.store.players(service.tournament("open-b").id or 0)]
    text = trf_export.export_trf(service, "open-b")
    parsed = trf.parse(text, check_scores=False)
    assert len(parsed.players) == len(registered) > 0
    assert all(len(line) <= 91 for line in _lines(text, "001"))  # no round cell written


def test_a_round_still_being_played_is_not_exported_as_double_forfeits(tmp_path: Path) -> None:
    service = _open_b(tmp_path)
    for p in service.store.players(service.tournament("open-b").id or 0):
        service.check_in(p.id or 0)
    rnd = service.pair_round("open-b", seed=1)
    service.record_result("open-b", 1, "1-0")
    text = trf_export.export_trf(service, "open-b")
    trf.parse(text, check_scores=False)
    assert all(len(line) <= 91 for line in _lines(text, "001"))  # round 1: not yet
    assert "142 9" in text.split("\r")
    games = service.store.games(rnd.id or 0)
    for g in games:
        if g.black_id is not None and g.result is None:
            service.record_result("open-b", g.board, "=-=")
    parsed = trf.parse(trf_export.export_trf(service, "open-b"), check_scores=False)
    results = {p.rounds[0].result for p in parsed.players.values()}
    assert "=" in results and "-" not in results  # played now: no forfeit in it


def test_a_national_rating_is_kept_in_its_record(tmp_path: Path) -> None:
    service = _open_b(tmp_path)
    text = trf_export.export_trf(service, "open-b")
    national = [line for line in _lines(text, "FRA") if "Nationale" in line]
    assert len(national) == 1
    assert national[0][48:52] == "1234"  # columns 49-52, as in record 001
    player = next(line for line in _lines(text, "001") if "Nationale" in line)
    assert player[48:52].strip() in ("", "0")  # no FIDE rating
    # 172 (TRF-2026): the start rank took the FIDE rating, else the national one
    assert _lines(text, "172") == ["172 FRA FIDON"]


def test_a_round_robin_is_labelled_as_one(rr: EventService, tmp_path: Path) -> None:
    rr.pair_round("rr", seed=1)
    text = trf_export.export_trf(rr, "rr")
    assert _lines(text, "092") == ["092 Individual: Round-Robin"]
    assert _lines(text, "192") == ["192 FIDE_ROUNDROBIN"]
    swiss_text = trf_export.export_trf(_open_b(tmp_path), "open-b")
    assert _lines(swiss_text, "092") == ["092 Individual: Swiss-System"]


def test_a_section_without_players_is_refused_in_french(tmp_path: Path) -> None:
    service = EventService(tmp_path / "e.sqlite", create=True)
    service.create_event("Test", "Ville")
    from arbitre_tui.rules.models import System, Tournament

    service.add_tournament(
        Tournament(key="vide", name="Vide", system=System.SWISS, rounds_planned=5)
    )
    path = service.path
    service.close()
    out = arbitre("export", "trf", str(path), "vide", str(tmp_path / "out.trf"))
    assert out.returncode == 2, out.stdout + out.stderr
    assert "aucun joueur inscrit, rien à exporter" in out.stderr
    assert not (tmp_path / "out.trf").exists()


def test_every_section_of_the_demo_is_read_back(demo_file: Path) -> None:
    """Each exported section, read by our reader (scores checked), is the same tournament
    once written and read again; the records are those other programs read (issue 19)."""
    service = EventService(demo_file)
    try:
        for t in service.store.tournaments():
            text = trf_export.export_trf(service, t.key)
            parsed = trf.parse(text)  # the scores agree with the results
            assert 0 < len(parsed.players) <= len(service.store.players(t.id or 0)), t.key
            again = trf.parse(trf.write(parsed))
            assert again.dump() == parsed.dump(), t.key
            # bbpPairings refuses a 162 with « A » or « X », and team records
            assert not _lines(text, "162"), t.key  # the usual scoring: every reader's default
            assert not any(_lines(text, code) for code in ("013", "299", "310")), t.key
            assert all(line == "152 W" or line == "152 B" for line in _lines(text, "152"))
    finally:
        service.close()


def _two_players() -> str:
    """Two entries, not yet paired (the reader refuses a player line cut short)."""
    players = (trf.TrfPlayer(start=n, name=f"Joueur{n}, A", rating=1500) for n in (1, 2))
    return "\n".join(trf.format_player(p) for p in players) + "\n"


def test_a_scoring_other_than_the_usual_is_written_in_its_columns() -> None:
    t = trf.parse(_two_players())
    t.scoring.update({"W": 3.0, "D": 1.0, "P": 3.0})
    line = _lines(trf.write(t), "162")[0]
    assert line == "162  W 3.0    D 1.0    P 3.0"  # symbol at 6, value 7-10, every 9
    assert trf.parse(trf.write(t)).scoring == t.scoring
