"""The regulations, third pass (issue 30): one test per article found wrong or missing.
Each item names its number in the issue; docs/reglements.md lists them."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitre_tui.operations import EventService, OperationError, knockout
from arbitre_tui.operations.templates import create_knockout_event
from arbitre_tui.rules.models import Player

from ..helpers.cli import arbitre

# -- 000 Open K.O. -------------------------------------------------------------


def test_item01_no_entry_after_the_close_of_registration(tmp_path: Path) -> None:
    """000 art. 2.1 (and issue 35.2): entries are counted at the close; after it neither
    `register` nor `players import` adds one, and the file is unchanged."""
    path = tmp_path / "k.sqlite"
    service = create_knockout_event(path, 100)
    knockout.close_registration(service, "ko")
    before = len(service.store.players(service.tournament("ko").id or 0))
    with pytest.raises(OperationError, match="inscriptions sont closes"):
        service.register_player("ko", Player(surname="Tardif", first_name="Paul"))
    service.close()
    out = arbitre("register", str(path), "Tardif", "--prenom", "Paul", "-t", "ko")
    assert out.returncode == 2 and "inscriptions sont closes" in out.stderr, out
    csv = tmp_path / "late.csv"
    csv.write_text("nom,prenom\nRetard,Anne\n", "utf-8")
    out = arbitre("players", "import", str(path), str(csv), "-t", "ko")
    assert out.returncode == 2 and "inscriptions sont closes" in out.stderr, out
    service = EventService(path)
    assert len(service.store.players(service.tournament("ko").id or 0)) == before
    assert knockout.status(service, "ko")["waiting_list"] == []


@pytest.mark.parametrize("second", [100, 120])
def test_item02_prizes_all_different_refused_when_set(tmp_path: Path, second: int) -> None:
    """000 art. 3: prizes all different (and in order) — refused by `settings set prizes`,
    not only when `arbitre prizes` computes; the file keeps its table."""
    path = tmp_path / "k.sqlite"
    create_knockout_event(path, 100).close()
    table = f'[{{"label": "1er prix", "amount": 100}}, {{"label": "2e prix", "amount": {second}}}]'
    out = arbitre("settings", "set", str(path), "prizes", table, "-t", "ko")
    assert out.returncode == 2 and "tous différents" in out.stderr, out
    good = '[{"label": "1er prix", "amount": 120}, {"label": "2e prix", "amount": 100}]'
    out = arbitre("settings", "set", str(path), "prizes", good, "-t", "ko")
    assert out.returncode == 0, out.stderr


def test_item03_knockout_prizes_only_for_decided_places(tmp_path: Path) -> None:
    """000 art. 3: the prize list follows the K.O. order, so before the final no place is
    decided and no prize is given (not « 1er prix » to the top-rated before any game)."""
    import random

    from arbitre_tui.operations.standings import prizes
    from tests.operations.test_knockout import _play_round

    service = create_knockout_event(tmp_path / "k.sqlite", 100)
    knockout.close_registration(service, "ko")
    service.update_settings(
        "ko", {"prizes": [{"label": "1er prix", "amount": 150}, {"label": "2e", "amount": 100}]}
    )
    with pytest.raises(OperationError, match="avant la finale"):
        prizes(service, service.tournament("ko"))
    rng = random.Random(4)
    service.pair_round("ko", seed=3)
    _play_round(service, rng)
    for number in range(2, 8):
        if number < 7:
            with pytest.raises(OperationError, match="avant la finale"):
                prizes(service, service.tournament("ko"))
        service.pair_round("ko")
        _play_round(service, rng)
    result, _players = prizes(service, service.tournament("ko"))
    order = knockout.prize_order(service, service.tournament("ko"))
    assert [a.player_id for a in result.awards] == order[:2]


def test_item04_every_round_ending_after_23h_is_flagged_even_after_midnight() -> None:
    """000 annex: a round that starts and ends after midnight is still past 23:00 of its
    day; the flag fits the clock board's 80 columns."""
    import datetime as dt

    from arbitre_tui.rules.schedule import RoundPlan, project

    day = dt.date(2027, 6, 26)

    def at(hour: int, minute: int = 0, plus: int = 0) -> dt.datetime:
        return dt.datetime.combine(day + dt.timedelta(days=plus), dt.time(hour, minute))

    plans = [RoundPlan(1, 180), RoundPlan(2, 60), RoundPlan(3, 60)]
    slots = project(plans, at(12), day_start=dt.time(20), break_minutes=10, first_day=day)
    assert slots[0].end == at(23) and not slots[0].late_end
    assert slots[1].end == at(0, 10, plus=1) and slots[1].late_end
    assert slots[2].start == at(0, 20, plus=1) and slots[2].late_end  # 00:20–01:20
    later = project(plans, at(0, 30, plus=1), day_start=dt.time(20), first_day=day)
    assert [s.late_end for s in later[1:]] == [True, True]  # re-projected after midnight
    one_day = [RoundPlan(1, 60, start=at(0, 20, plus=1))]
    slots = project(one_day, at(0, 30, plus=1), day_start=dt.time(20), first_day=day)
    assert slots[0].late_end


def test_item05_third_place_game_ranks_the_finalists_victims_first(tmp_path: Path) -> None:
    """Third-place game (setting): places 5–8 by the conqueror's progress — the
    quarter-finalists beaten by the two finalists come before those beaten by the
    third-place game's players."""
    import random

    from tests.operations.test_knockout import _play_round

    service = create_knockout_event(tmp_path / "k.sqlite", 100)
    service.update_settings("ko", {"third_place_game": True})
    knockout.close_registration(service, "ko")
    rng = random.Random(5)
    for number in range(1, 7):
        service.pair_round("ko", seed=number)
        _play_round(service, rng)
    final = service.pair_round("ko")
    games = service.store.games(final.id or 0)
    service.record_result("ko", 1, "1-0")
    service.record_result("ko", 2, "0-1")
    service.close_round("ko")
    finalists = {games[0].white_id, games[0].black_id}
    quarter = service.store.round(service.tournament("ko").id or 0, 5)
    beaten_by_finalist = {  # a finalist in a quarter-final won it
        (g.black_id if g.white_id in finalists else g.white_id)
        for g in (service.store.games(quarter.id or 0) if quarter else [])
        if finalists & {g.white_id, g.black_id}
    }
    order = knockout.prize_order(service, service.tournament("ko"))
    assert len(beaten_by_finalist) == 2
    assert set(order[4:6]) == beaten_by_finalist, "the finalists' victims are 5th and 6th"


# -- 002 Open Marina Viva ------------------------------------------------------


@pytest.mark.parametrize(
    "club",
    [
        "I Scacchi Aiaccini – l'Échecs Club Ajaccien",
        "I Scacchi Aiaccini",
        "i scacchi aiaccini",
        "Echecs Club Ajaccien",
        "L’Échecs Club Ajaccien",
        "ECHECS  CLUB AJACCIEN",
    ],
)
def test_item06_club_members_fee_by_the_clubs_names_folded(club: str) -> None:
    """002 fees: a member of « I Scacchi Aiaccini – l'Échecs Club Ajaccien », under any of
    its names, pays 40 €; another club pays 60 €."""
    import datetime as dt

    from arbitre_tui.rules import open_models, open_rules

    fees = open_models.Fees()
    on = dt.date(2027, 7, 3)
    adult = dt.date(1980, 1, 1)
    player = Player(surname="Membre", club=club, birth_date=adult)
    assert open_rules.fee(player, fees, on)[0] == 40
    other = Player(surname="Autre", club="Échecs Club Bastiais", birth_date=adult)
    assert open_rules.fee(other, fees, on)[0] == 60


def test_item07_proces_verbal_lists_the_exclusion_and_the_keep_decision(
    demo_file: Path,
) -> None:
    """002 absence: the procès-verbal names the forfeit once (even typed twice), the
    exclusion it brings, and the arbiter's decision to keep the player."""
    from arbitre_tui.operations import swiss
    from arbitre_tui.views.homologation import tournament_report
    from arbitre_tui.views.reader import Reader

    service = EventService(demo_file)
    t = service.tournament("open-a")
    games = {g.board: g for g in service.store.games(service.current_round(t).id or 0)}  # type: ignore[union-attr]
    names = {p.id: p.name for p in service.store.players(t.id or 0)}
    swiss.absent(service, "open-a", 3, "black")
    excluded = games[3].black_id or 0
    swiss.absent(service, "open-a", 3, "black")  # typed again: still one forfeit

    def sections() -> dict[str, tuple[str, ...]]:
        report = tournament_report(Reader(service), service.tournament("open-a"))
        return {s.heading: s.items for s in report.sections}

    pv = sections()
    assert len([f for f in pv["Forfaits"] if "échiquier 3 " in f]) == 1, pv["Forfaits"]
    assert any(names[excluded] in x and "exclu" in x for x in pv["Exclusions et abandons"])
    swiss.keep_player(service, excluded)
    pv = sections()
    kept = [x for x in pv["Exclusions et abandons"] if names[excluded] in x]
    assert kept and all("maintenu" in x for x in kept), pv["Exclusions et abandons"]
    assert any("exclu" in x for x in kept)  # the exclusion happened, then was lifted


def test_item08_refusing_an_anti_cheat_check_loses_the_game(demo_file: Path) -> None:
    """002: « Refus de contrôle : perte de la partie » — an incident of its own, recorded
    with the loss (asked first), typed as `controle` on the command line."""
    from arbitre_tui.rules.models import IncidentKind, Result

    out = arbitre("incident", str(demo_file), "2", "controle", "noirs", "-t", "open-a")
    assert out.returncode == 2 and "--confirm" in out.stderr, out
    out = arbitre("incident", str(demo_file), "2", "controle", "noirs", "-t", "open-a", "--confirm")
    assert out.returncode == 0, out.stderr
    service = EventService(demo_file)
    t = service.tournament("open-a")
    game = {g.board: g for g in service.store.games(service.current_round(t).id or 0)}[2]  # type: ignore[union-attr]
    assert game.result is Result.WHITE_WINS
    kinds = [i.kind for i in service.store.incidents(t.id or 0)]
    assert IncidentKind.CHECK_REFUSED in kinds


@pytest.mark.parametrize("regulation", ["002", "004"])
def test_item09_item25_fide_rated_events_and_their_fees(tmp_path: Path, regulation: str) -> None:
    """002 (« classement Elo FIDE ») and 004 (« Homologation FIDE »): FIDE-rated by their
    profile; the technical report says so, and gives 002's fees by category, in French."""
    from arbitre_tui.rules.models import System, Tournament
    from arbitre_tui.rules.settings import section_settings
    from arbitre_tui.views.homologation import technical_report
    from arbitre_tui.views.reader import Reader

    service = EventService(tmp_path / "e.sqlite", create=True)
    service.create_event("Essai", "Ajaccio")
    service.add_tournament(
        Tournament(
            key="t", name="Tournoi", system=System.SWISS, rounds_planned=9,
            settings={"regulation": regulation},
        )
    )  # fmt: skip
    t = service.tournament("t")
    assert section_settings(t).fide_rated is True
    lines = dict(technical_report(Reader(service), t).lines)
    assert lines["Homologué FIDE"] == "oui"
    if regulation == "002":
        fees = lines["Droits d'inscription"]
        assert "adulte 60 €" in fees and "membre du club 40 €" in fees, fees
        assert "moins de 20 ans 30 €" in fees and "gratuit" in fees, fees


# -- 003 Bas-Rhin youth --------------------------------------------------------


def _youth(tmp_path: Path) -> Path:
    path = tmp_path / "j.sqlite"
    out = arbitre("new", "--template", "bas-rhin-jeunes", str(path))
    assert out.returncode == 0, out.stderr
    return path


def test_item10_girls_sections_have_their_age_limit(tmp_path: Path) -> None:
    """003: « Petites poussines (U8) » is under 8 as « Petits poussins » — the category
    code « U8F » keeps its age limit (a girl born in 1990 refused)."""
    import datetime as dt

    from arbitre_tui.rules.models import Sex
    from arbitre_tui.rules.open_rules import eligibility_fault

    service = EventService(_youth(tmp_path))
    for key in ("u8f", "u10f"):
        t = service.tournament(key)
        old = Player(surname="Ancienne", sex=Sex.FEMALE, birth_date=dt.date(1990, 5, 1))
        assert "ans" in (eligibility_fault(t, old) or ""), key
        young = Player(  # licensed: issue 52.7 (003 Titre I art. 1)
            surname="Petite", sex=Sex.FEMALE, birth_date=dt.date(2020, 5, 1), ffe_code="K1"
        )
        assert eligibility_fault(t, young) is None, key


def test_item11_a_late_girl_registered_from_the_command_line(tmp_path: Path) -> None:
    """003: `register --sexe F` into a girls' section is accepted (a boy still refused)."""
    path = _youth(tmp_path)
    out = arbitre(
        "register",
        str(path),
        "Petite",
        "--prenom",
        "Lina",
        "--sexe",
        "F",
        "--naissance",
        "2020-05-01",
        "-t",
        "u8f",
        "--licence",
        "K12345",
    )  # fmt: skip  (licensed: issue 52.7)
    assert out.returncode == 0, out.stderr
    out = arbitre(
        "register", str(path), "Petit", "--prenom", "Leo", "--sexe", "M",
        "--naissance", "2020-05-01", "-t", "u8f",
    )  # fmt: skip
    assert out.returncode == 2 and "réservé aux filles" in out.stderr, out


def test_item12_item15_titles_and_qualifications_in_the_right_words(tmp_path: Path) -> None:
    """003 Titre II: « Championne du Bas-Rhin » for the girls; Titre IV: the qualifying
    round qualifies « pour le championnat du Bas-Rhin » (not d'Alsace)."""
    from ..helpers.cli import new_with_fixture_players

    path = tmp_path / "j.sqlite"
    new_with_fixture_players("bas-rhin-jeunes", path)
    for key, title in (("u8f", "Championne du Bas-Rhin"), ("u8", "Champion du Bas-Rhin")):
        out = arbitre("qualifiers", str(path), "-t", key)
        assert out.returncode == 0, out.stderr
        assert f"{title} (qualifié" in out.stdout, out.stdout
        assert "championnat d'Alsace" in out.stdout
    first = tmp_path / "p.sqlite"
    new_with_fixture_players("bas-rhin-premier-tour", first)
    service = EventService(first)
    key = service.store.tournaments()[0].key
    service.close()
    out = arbitre("qualifiers", str(first), "-t", key)
    assert out.returncode == 0, out.stderr
    assert "qualifiés pour le championnat du Bas-Rhin" in out.stdout, out.stdout


def test_item14_standings_list_participants_only(demo_file: Path) -> None:
    """Standings rank who took part: a player registered but never checked in and never
    paired is not ranked last with 0 points (every format reads operations.standings)."""
    from arbitre_tui.operations.standings import standings

    service = EventService(demo_file)
    ghost = service.register_player(
        "open-a", Player(surname="Fantome", first_name="Jean", rating_fide=2000)
    )
    _codes, rows, _ = standings(service, service.tournament("open-a"))
    assert rows and ghost not in {r.start for r in rows}
    present = service.register_player(
        "open-a", Player(surname="Present", first_name="Paul", rating_fide=2000)
    )
    service.check_in(present)  # checked in: a participant, ranked (0 points so far)
    _codes, rows, _ = standings(service, service.tournament("open-a"))
    assert present in {r.start for r in rows}


@pytest.mark.parametrize("regulation", ["003", "004"])
def test_item16_phone_loses_the_game_under_the_fide_laws(regulation: str) -> None:
    """003 art. 4 (and 004): the FIDE Laws in full — a phone ringing or on oneself loses
    the game (Laws 11.3.b), asked first; not a warning, not an exclusion."""
    from arbitre_tui.rules.incidents import consequence
    from arbitre_tui.rules.models import IncidentKind

    for kind in (IncidentKind.DEVICE_RING, IncidentKind.DEVICE_USE):
        c = consequence(regulation, kind)
        assert c.loses_game and not c.excludes and "11.3" in c.why, (kind, c)


# -- 004 Coupe d'Alsace --------------------------------------------------------


def test_item18_item24_the_latest_season_whatever_the_typing_order(tmp_path: Path) -> None:
    """004 art. 1.2 and 4.3: the holder and finalist are the latest season's, and three
    wins keep the cup counted in season order — 2019-2020 typed after 2025-2026 changes
    neither; the roll of honour is listed by season."""
    from arbitre_tui.operations import cup_honours
    from arbitre_tui.operations.templates import create_from_template
    from arbitre_tui.rules import cup

    service = create_from_template(tmp_path / "c.sqlite", "coupe-alsace")
    clubs = sorted(service.store.clubs().values())
    a, b, c = clubs[:3]
    cup_honours.honours(service, None, "2025-2026", a, b)
    cup_honours.honours(service, None, "2024-2025", c, a)
    roll, _ = cup_honours.honours(service, None, "2019-2020", b, c)
    assert [s for s, _ in roll] == ["2019-2020", "2024-2025", "2025-2026"]
    assert cup.holder(roll) == a
    finals = service.store.finalists(service.tournament(None).id or 0)
    assert cup.last_finalist(finals) == b
    # typed out of order: A's third win is 2024-2025 in season order (not 2022-2023)
    late = [("2024-2025", "A"), ("2020-2021", "A"), ("2021-2022", "B"), ("2022-2023", "A")]
    assert cup.trophies(late).kept == [("2024-2025", "A")]


def test_item19_the_holder_setting_names_a_club_that_exists(tmp_path: Path) -> None:
    """004 art. 1.2: a typo in the holder (or last finalist) would silently cost it its
    bye — refused when set, with the clubs entered; a club entered is accepted."""
    from arbitre_tui.operations.templates import create_from_template

    path = tmp_path / "c.sqlite"
    service = create_from_template(path, "coupe-alsace")
    club = sorted(service.store.clubs().values())[0]
    key = service.store.tournaments()[0].key
    service.close()
    for name in ("holder", "last_finalist"):
        out = arbitre("settings", "set", str(path), name, club + "x", "-t", key)
        assert out.returncode == 2 and "club" in out.stderr and club in out.stderr, out
        out = arbitre("settings", "set", str(path), name, club, "-t", key)
        assert out.returncode == 0, out.stderr


def test_item21_a_late_line_up_advances_the_clocks_by_the_whole_delay() -> None:
    """004 art. 3.6: clocks advanced by the delay of the line-up; « ramené à 1 heure » only
    when a player also arrives late."""
    import datetime as dt

    from arbitre_tui.rules import cup

    late = dt.timedelta(minutes=95)
    assert cup.clock_advance(late) == late
    assert cup.clock_advance(late, player_late=True) == dt.timedelta(hours=1)
    assert cup.clock_advance(dt.timedelta(minutes=-5)) == dt.timedelta(0)


def test_item22_transferred_and_foreign_players_licensed_by_30_november() -> None:
    """004 art. 1.4: a transferred or foreign player's licence by 30 November of the
    season; a French player not transferred has no such limit (15 January aside)."""
    import datetime as dt

    from arbitre_tui.rules import cup

    season = cup.Season(licence_deadline=dt.date(2027, 1, 15), match_date=dt.date(2027, 2, 7))
    december = dt.date(2026, 12, 10)

    def player(i: int, **kw: object) -> cup.RosterPlayer:
        return cup.RosterPlayer(id=i, name=f"J{i}", club="C", **kw)  # type: ignore[arg-type]

    french = [player(i) for i in (1, 2, 3)]
    for late in (
        player(4, transferred=True, licence_date=december),
        player(4, nationality="ITA", licence_date=december),
    ):
        faults = cup.lineup_faults([*french, late], "C", 1, season, {})
        assert any("30/11/2026" in f for f in faults), faults
    ok = player(4, licence_date=december)  # French, not transferred
    assert cup.lineup_faults([*french, ok], "C", 1, season, {}) == []
    early = player(4, transferred=True, licence_date=dt.date(2026, 11, 30))
    assert cup.lineup_faults([*french, early], "C", 1, season, {}) == []


def test_item17_more_team_1_candidates_than_byes_are_drawn() -> None:
    """004 art. 1.2: when more « équipe 1 » of clubs with several teams remain than byes,
    the byes are drawn among them (operations.cup draws the pool, recorded) — not taken in
    entry order."""
    from arbitre_tui.rules import cup

    clubs = [("A", 1), ("A", 2), ("B", 1), ("B", 2), ("C", 1), ("C", 2), ("D", 1)]
    teams = [cup.CupTeam(i, c, n) for i, (c, n) in enumerate(clubs, start=1)]
    assert cup.byes_needed(7) == 1
    given, pool = cup.bye_priority(teams, holder=None, finalist=None)
    assert given == [] and sorted(pool) == [1, 3, 5]  # one bye drawn among A1, B1, C1
    given, pool = cup.bye_priority(teams, holder="D", finalist=None)
    assert given == [7] and pool == []


def test_item20_the_visitors_keeping_white_is_said_in_full(tmp_path: Path) -> None:
    """004 art. 3.4: when the visiting team keeps White on boards 1 and 4, `cup status` and
    the site's list of matches say so in words."""
    import sqlite3

    from arbitre_tui.operations import cup as ops
    from arbitre_tui.operations.templates import create_from_template
    from arbitre_tui.publish.html.site import Site

    path = tmp_path / "c.sqlite"
    service = create_from_template(path, "coupe-alsace")
    ops.draw(service, None, seed=3)
    t = ops.cup_of(service, None)
    m = next(x for x in ops.matches(service, t, 1) if x.away_team_id)
    service.close()
    db = sqlite3.connect(path)  # as the midnight penalty of the round before sets it
    with db:
        db.execute("UPDATE cup_matches SET away_keeps_white = 1 WHERE id = ?", (m.id,))
    db.close()  # its log checkpointed: an unjournaled write left in a WAL is set aside (53.3)
    out = arbitre("cup", "status", str(path))
    assert out.returncode == 0, out.stderr
    assert "Blancs aux échiquiers 1 et 4 : le visiteur" in out.stdout, out.stdout
    service = EventService(path)
    html = Site(service).cup_page(ops.cup_of(service, None))
    assert "Blancs aux échiquiers 1 et 4 : le visiteur" in html


def test_item13_standings_show_the_play_off_order(tmp_path: Path) -> None:
    """003 art. 6: after a play-off the standings (Classement pane, site, wall: all read
    views.standings) show its order, one place each, not « 1–5 »."""
    from arbitre_tui.operations import playoffs
    from arbitre_tui.views.reader import Reader
    from arbitre_tui.views.standings import build
    from tests.operations.test_swiss_events import _five_way_u8

    service = _five_way_u8(tmp_path)
    service.update_settings("u8", {"seeded_qualifiers": 2})
    seeds = playoffs.playoff_seeds(service, "u8", "title") or []  # a perfect tie: drawn
    playoffs.playoff_result(service, "u8", "title", seeds[3], seeds[4], 0.5, 1.5)
    playoffs.playoff_result(service, "u8", "title", seeds[0], seeds[4], 2, 0)
    playoffs.playoff_result(service, "u8", "title", seeds[1], seeds[2], 0, 2)
    status = playoffs.playoff_result(service, "u8", "title", seeds[0], seeds[2], 2, 0)
    assert status.places
    view = build(Reader(service), service.tournament("u8"))
    order = playoffs.final_order(service, "u8")
    shown = [(r.place, r.player.id) for r in view.rows]
    assert [pid for _, pid in shown] == order
    assert [place for place, _ in shown[: len(status.places)]] == [
        str(i) for i in range(1, len(status.places) + 1)
    ]


def test_item18_the_seasons_final_winner_joins_the_roll_of_honour(tmp_path: Path) -> None:
    """004 art. 1.2: once the final is decided, the roll of honour carries the season's
    winner (and finalist) without being typed; the season from the licence deadline."""
    from arbitre_tui.operations import cup as ops
    from arbitre_tui.operations import cup_honours
    from arbitre_tui.operations.templates import create_from_template
    from tests.operations.test_cup import test_whole_cup_to_the_final

    service = create_from_template(tmp_path / "c.sqlite", "coupe-alsace")
    roll, _ = cup_honours.honours(service, None)
    assert all(season != "2026-2027" for season, _ in roll)
    test_whole_cup_to_the_final(service)
    t = ops.cup_of(service, None)
    teams = ops.teams_of(service, t)
    clubs = service.store.clubs()
    final = ops.matches(service, t, 4)[0]
    assert final.winner_team_id is not None
    winner = clubs[teams[final.winner_team_id].club_id]
    roll, _ = cup_honours.honours(service, None)
    assert roll[-1] == ("2026-2027", winner)


def test_item03_knockout_prizes_are_not_called_hort(tmp_path: Path) -> None:
    """000 art. 3: the prize system of a knockout is its K.O. order, whole prizes — the
    technical report and `arbitre prizes` do not call it Hort."""
    import random

    from arbitre_tui.views.homologation import technical_report
    from arbitre_tui.views.reader import Reader
    from tests.operations.test_knockout import _play_round

    path = tmp_path / "k.sqlite"
    service = create_knockout_event(path, 100)
    knockout.close_registration(service, "ko")
    service.update_settings(
        "ko", {"prizes": [{"label": "1er prix", "amount": 150}, {"label": "2e", "amount": 100}]}
    )
    lines = dict(technical_report(Reader(service), service.tournament("ko")).lines)
    assert "ordre du K.O." in lines["Système des prix"] and "Hort" not in lines["Système des prix"]
    rng = random.Random(4)
    for _ in range(7):
        service.pair_round("ko", seed=3)
        _play_round(service, rng)
    service.close()
    out = arbitre("prizes", str(path), "-t", "ko")
    assert out.returncode == 0 and "Hort" not in out.stdout and "ordre du K.O." in out.stdout, out
