"""Creating events from the templates in fixtures/ (the four regulations)."""

from __future__ import annotations

import datetime as dt
import json
import os
import random
from pathlib import Path
from typing import Any

from ..rules.errors import RuleError
from ..rules.knockout import ko_stages
from ..rules.models import Player, Result, System, TimeControl, Tournament
from ..rules.registration import decode, parse_players_csv
from ..rules.roundrobin import youth_format, youth_tiebreaks
from ..rules.settings import EVENT_SETTINGS, check_all
from ..rules.validation import validated
from .event import EventService, OperationError
from .outputs import fresh_event_path

DEMO_TEMPLATES = ("open-ko", "marina-viva", "bas-rhin-jeunes", "coupe-alsace")
# 003 Titre IV: the qualifying first round (Swiss, 5 rounds, 3 points qualify)
TEMPLATES = (*DEMO_TEMPLATES, "bas-rhin-premier-tour")
YOUTH_LARGEST = 15  # 003: 15 entries or more play a 7-round Swiss
# the demo's results: 40 % White wins, 30 % draws, 30 % Black wins
DEMO_RESULTS = [Result.WHITE_WINS] * 4 + [Result.DRAW] * 3 + [Result.BLACK_WINS] * 3


def fixtures_dir() -> Path:
    """The project's fixtures/ (linked as data/fixtures, so a wheel has them), or
    $ARBITRE_FIXTURES."""
    env = os.environ.get("ARBITRE_FIXTURES")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[1] / "data" / "fixtures"


def load_template(name: str) -> dict[str, Any]:
    if name not in TEMPLATES:
        raise OperationError(f"Modèle « {name} » inconnu. Modèles : {', '.join(TEMPLATES)}.")
    path = fixtures_dir() / "templates" / f"{name}.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _tournament(spec: dict[str, Any], entries: int) -> Tournament:
    system = spec.get("system")
    rounds = spec.get("rounds_planned")
    tiebreaks = spec.get("tiebreaks", [])
    if spec.get("youth_format"):
        # decided again from the players checked in when round 1 is paired; with no entry
        # yet, the format of the largest field (a Swiss of 7 rounds) stands meanwhile
        system, rounds = youth_format(entries) if entries >= 2 else youth_format(YOUTH_LARGEST)
        tiebreaks = youth_tiebreaks(system)
    assert system is not None and rounds is not None
    stages: dict[int, str] = {}
    controls: dict[int, TimeControl] = {}
    if spec.get("ko_stages"):
        stages, controls = ko_stages(int(rounds))
    elif "time_control" in spec:
        tc = validated(TimeControl, spec["time_control"])
        controls = {n: tc for n in range(1, int(rounds) + 1)}
    try:  # a typo in a template fails when the event is created, not in the hall
        settings = check_all(dict(spec.get("settings", {})))
    except RuleError as exc:
        raise OperationError(f"Modèle, {spec.get('key')} : {exc.message}") from None
    if spec.get("youth_format"):
        settings["youth_format"] = True  # decided again from the players checked in
    return Tournament(
        key=spec["key"],
        name=spec["name"],
        system=System(system),
        rounds_planned=int(rounds),
        tiebreaks=tiebreaks,
        time_controls=controls,
        stages=stages,
        settings=settings,
    )


def populate(service: EventService, template: dict[str, Any], fixture_players: bool) -> None:
    """Add a template's tournaments to an open event, with its fictitious players (the
    demo, the tests and benches) or none (an organiser's event: `arbitre new`)."""
    for spec in template["tournaments"]:
        if not fixture_players:
            service.add_tournament(_tournament(spec, 0))
            continue
        data = (fixtures_dir() / "players" / spec["players"]).read_bytes()
        report = parse_players_csv(decode(data))
        if not report.ok:
            raise OperationError(f"Fixture {spec['players']} invalide :\n{report.error_text()}")
        service.add_tournament(_tournament(spec, len(report.rows)))
        service.import_players(spec["key"], data)  # a cup's teams come with their rows


def create_from_template(
    path: str | Path, name: str, *, fixture_players: bool = True
) -> EventService:
    """A regulation's sections, settings and cadences in a new file; its fixture players
    too unless ``fixture_players`` is False (what `arbitre new --template` does: the
    fictitious players belong to the demo and the tests only)."""
    path = fresh_event_path(Path(path))
    template = load_template(name)
    service = EventService(path, create=True)
    ev = template["event"]
    settings = check_all(ev.get("settings", {}), EVENT_SETTINGS)  # base_url, serve_host
    service.create_event(ev["name"], ev.get("city", ""), ev.get("start"), ev.get("end"), settings)
    populate(service, template, fixture_players)
    return service


def create_demo(path: str | Path, seed: int = 2027) -> EventService:
    """The four templates in one file, with a few rounds already played where the rules allow."""
    path = fresh_event_path(Path(path))
    service = EventService(path, create=True)
    service.create_event(
        "Démonstration arbitre-tui",
        "Strasbourg",
        "2027-01-16",
        "2027-07-11",
        # no base_url: the address is detected (publish/address.py); a federation and a
        # chief arbiter, so its TRF header is complete (032, 102: issue 49.10) — the
        # regulations are the FFE's; the arbiter is as fictitious as the players
        {"demo": True, "federation": "FRA", "chief_arbiter": "ROUSSEAU Élise"},
    )
    for name in DEMO_TEMPLATES:
        populate(service, load_template(name), fixture_players=True)
    _play_demo_rounds(service, seed)
    return service


def _play_demo_rounds(service: EventService, seed: int) -> None:
    """Play rounds the app can pair today: the knockout and the round robins."""
    rng = random.Random(seed)
    _play_demo_knockout(service, rng, seed)
    _play_demo_swiss(service, rng, seed)
    for t in service.store.tournaments():
        if t.system is not System.ROUND_ROBIN:
            continue
        for p in service.store.players(t.id):
            service.check_in(p.id)
        for number in (1, 2, 3):
            rnd = service.pair_round(t.key, seed=seed + number)
            for game in service.store.games(rnd.id):
                service.record_result(t.key, game.board, rng.choice(DEMO_RESULTS))
            if number < 3:
                service.close_round(t.key)


def create_swiss_event(path: str | Path, players: int = 150, rounds: int = 3) -> EventService:
    """The Open Marina Viva with ``players`` in Open A and ``rounds`` played (benches, tests)."""
    service = create_from_template(path, "marina-viva")
    t = service.tournament("open-a")
    extra = players - len(service.store.players(t.id))
    for k in range(max(extra, 0)):
        service.register_player(
            "open-a", Player(surname=f"Ajout{k:03d}", rating_fide=1950 + k % 500)
        )
    for p in service.store.players(t.id):
        service.check_in(p.id)
    for number in range(1, rounds + 1):
        rnd = service.pair_round("open-a", seed=number)
        for g in service.store.games(rnd.id):
            if g.black_id is not None:
                service.record_result("open-a", g.board, "1" if g.board % 3 else "=")
        service.close_round("open-a")
    return service


def create_knockout_event(path: str | Path, entries: int, phones: bool = True) -> EventService:
    """An Open K.O. (000) with ``entries`` registered and paid, seven minutes apart, ratings
    drawn from ``entries``, a phone for four in five unless not ``phones`` (benches, tests)."""
    service = EventService(path, create=True)
    service.create_event("K.O.", "Strasbourg")
    service.add_tournament(
        Tournament(
            key="ko",
            name="Open K.O.",
            system=System.KNOCKOUT,
            rounds_planned=8,
            settings={
                "regulation": "000",
                "fee": 10,
                "decider": "armageddon",
                "lateness_minutes": 5,
                "illegal_moves_to_lose": 3,
                "fide_rated": False,
            },
        )
    )
    start = dt.datetime(2027, 3, 1, 9, 0)
    rng = random.Random(entries)
    rows = [
        f"Joueur{i:03d},P,{rng.randint(1000, 2300)},{'0600000' + str(i).zfill(3) if phones and i % 5 else ''},"
        f"oui,{'CB' if i % 2 else 'chèque'},{(start + dt.timedelta(minutes=7 * i)).isoformat()}"
        for i in range(entries)
    ]
    header = "nom,prenom,elo_fide,telephone,paye,paiement,inscription\n"
    service.import_players("ko", (header + "\n".join(rows) + "\n").encode())
    return service


def _play_demo_swiss(service: EventService, rng: random.Random, seed: int) -> None:
    """Open Marina Viva: everyone checked in, two rounds played, round 3 paired."""
    for key in ("open-a", "open-b", "open-c"):
        t = service.tournament(key)
        for p in service.store.players(t.id):
            service.check_in(p.id)
        for number in (1, 2, 3):
            rnd = service.pair_round(key, seed=seed + number)
            if number == 3:
                break
            for game in service.store.games(rnd.id):
                if game.black_id is not None:
                    service.record_result(key, game.board, rng.choice(DEMO_RESULTS))
            service.close_round(key)


def _play_demo_knockout(service: EventService, rng: random.Random, seed: int) -> None:
    """Round 1 played and closed (with a double forfeit and its lucky loser), round 2 begun."""
    from . import knockout

    knockout.close_registration(service, "open-ko")
    for number in (1, 2):
        rnd = service.pair_round("open-ko", seed=seed + number)
        games = [g for g in service.store.games(rnd.id) if g.black_id is not None]
        for i, g in enumerate(games if number == 1 else games[: len(games) // 2]):
            if number == 1 and i == 5:
                service.absent("open-ko", g.board, "both")
                continue
            value = rng.choice(
                [Result.WHITE_WINS, Result.BLACK_WINS, Result.WHITE_WINS, Result.DRAW]
            )
            service.record_result("open-ko", g.board, value)
            if value is Result.DRAW:
                knockout.record_decider(
                    service, "open-ko", g.board, rng.choice(["1-0", "0-1", "=-="])
                )
        if number == 1:
            service.close_round("open-ko")
            knockout.lucky_loser(service, "open-ko", seed=seed)
            knockout.lucky_loser(service, "open-ko", confirm=True)
