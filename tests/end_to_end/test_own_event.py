"""An organiser's own event, from nothing to round 1, through the real command line
(issue 27): no fictitious player, every field editable, bad input refused in French."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from arbitre_tui.operations import EventService
from arbitre_tui.rules.cadence import parse_cadence
from arbitre_tui.rules.errors import RuleError

from ..helpers.cli import arbitre
from ..helpers.events import copy_event

FEDERATIONS = [
    "FRA",
    "GER",
    "ITA",
    "ESP",
    "SUI",
    "BEL",
    "LUX",
    "NED",
    "POR",
    "POL",
    "UKR",
    "ENG",
    "AUT",
]
SURNAMES = [
    "Lefèvre",
    "Müller",
    "Rossi",
    "García",
    "Keller",
    "Dupont",
    "Schmit",
    "de Vries",
    "Gonçalves",
    "Kowalski",
    "Shevchenko",
    "O'Brien",
    "Gruber",
    "Béranger",
    "Le Goff",
    "de la Tour",
    "Øster",
    "Nuñez",
    "Châtelain",
    "Ývarsson",
    "Zoé-Hélène",
]
FIRSTS = ["Anne", "Bérénice", "Élodie", "Jürgen", "Łukasz", "Noël", "Zoé", "François"]


def _players_csv(count: int = 41) -> str:
    """The organiser's own list: accented names, 13 federations, FIDE ids and ratings."""
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["nom", "prenom", "sexe", "naissance", "federation", "fide_id", "elo_fide", "club"])
    for i in range(count):
        w.writerow(
            [
                f"{SURNAMES[i % len(SURNAMES)]}{'' if i < len(SURNAMES) else ' ' + 'ABCDEFGHIJKLMNOPQRSTU'[i - len(SURNAMES)]}",
                FIRSTS[i % len(FIRSTS)],
                "F" if i % 3 == 0 else "M",
                f"{1960 + i % 45}-0{1 + i % 9}-1{i % 9}",
                FEDERATIONS[i % len(FEDERATIONS)],
                str(20_000_000 + i),
                str(2350 - 23 * i),
                "Colmar Échecs" if i % 2 else "Échiquier Mulhousien",
            ]
        )
    return out.getvalue()


def _ok(*args: str) -> str:
    out = arbitre(*args)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "Traceback" not in out.stderr
    return out.stdout


def _dump(path: Path) -> str:
    return _ok("show", str(path), "--json")


@pytest.fixture(scope="module")
def open_master(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty 7-round 90+30 Swiss with the organiser's 41 players, nothing paired: built
    once through the real command line, copied by each test (``open_event``)."""
    folder = tmp_path_factory.mktemp("printemps")
    path = folder / "printemps.sqlite"
    _ok(
        "new",
        str(path),
        "--nom",
        "Open de Printemps 2027",
        "--lieu",
        "Colmar",
        "--du",
        "2027-04-10",
        "--au",
        "2027-04-12",
        "--federation",
        "FRA",
        "--arbitre",
        "DUPONT Jean",
        "--adjoint",
        "MARTIN Léa",
        "--adjoint",
        "KLEIN Paul",
    )
    _ok(
        "section",
        "add",
        str(path),
        "open",
        "--nom",
        "Open principal",
        "--systeme",
        "suisse",
        "--rondes",
        "7",
        "--cadence",
        "90+30",
    )
    players = folder / "joueurs.csv"
    players.write_text(_players_csv(), encoding="utf-8")
    assert "41 joueur(s) importé(s)" in _ok(
        "players", "import", str(path), str(players), "-t", "open"
    )
    return path


@pytest.fixture(scope="module")
def open_dump(open_master: Path) -> str:
    """``show --json`` of the master: what every copy shows before a test changes it."""
    return _dump(open_master)


@pytest.fixture
def open_event(open_master: Path, tmp_path: Path) -> Path:
    """A private copy of ``open_master`` (the command line closes the file: no WAL left)."""
    return copy_event(open_master, tmp_path / "printemps.sqlite")


def _players(path: Path, section: str = "open") -> list[dict[str, object]]:
    listed = _ok("players", "list", str(path), "-t", section, "--json")
    players: list[dict[str, object]] = json.loads(listed)
    return players


def test_an_empty_event_becomes_round_1_with_the_organisers_players(open_event: Path) -> None:
    path = open_event
    shown = _ok("event", "show", str(path))
    for text in (
        "Open de Printemps 2027",
        "Colmar",
        "du 10/04/2027 au 12/04/2027",
        "FRA",
        "DUPONT Jean",
        "MARTIN Léa, KLEIN Paul",
        "90 min + 30 s",
    ):
        assert text in shown, (text, shown)
    data = json.loads(_dump(path))
    assert data["event"][0]["name"] == "Open de Printemps 2027"
    t = data["tournaments"][0]
    assert (t["system"], t["rounds_planned"]) == ("swiss", 7)
    assert json.loads(t["tiebreaks"]) == ["BH/C1", "BH", "DE", "WIN"]  # C.07, no regulation
    assert {c["base_minutes"] for c in json.loads(t["time_controls"]).values()} == {90}
    assert len(json.loads(t["time_controls"])) == 7
    players = _players(path)
    assert len(players) == 41 and len({p["federation"] for p in players}) == 13
    # two no-shows removed, then a walk-in registered with every field
    for p in players[:2]:
        assert "supprimée" in _ok("players", "remove", str(path), str(p["id"]))
    out = _ok(
        "register",
        str(path),
        "de la Tour",
        "--prenom",
        "Anne-Sophie",
        "--sexe",
        "F",
        "--naissance",
        "14/07/2001",
        "--federation",
        "bel",
        "--fide-id",
        "20999999",
        "--licence",
        "k12345",
        "--titre",
        "wfm",
        "--elo",
        "2105",
        "--elo-ffe",
        "2080F",
        "--club",
        "Colmar Échecs",
        "--telephone",
        "06 12 34 56 78",
        "--email",
        "anne@example.org",
        "--pointe",
    )
    assert "DE LA TOUR Anne-Sophie" in out
    players = _players(path)
    assert len(players) == 40
    walk_in = next(p for p in players if p["fide_id"] == 20999999)
    assert walk_in == walk_in | {
        "surname": "de la Tour",  # never split
        "first_name": "Anne-Sophie",
        "sex": "w",
        "birth_date": "2001-07-14",
        "federation": "BEL",
        "fide_id": 20999999,
        "ffe_code": "K12345",
        "title": "WFM",
        "rating_fide": 2105,
        "rating_ffe": 2080,
        "club": "Colmar Échecs",
        "phone": "06 12 34 56 78",
        "email": "anne@example.org",
        "checked_in": True,
    }
    service = EventService(path)
    for p in players:
        service.check_in(int(str(p["id"])), True)
    service.close()
    paired = _ok("pair", str(path))
    assert "ronde 1 appariée" in paired
    trf = path.with_suffix(".trf")
    _ok("export", "trf", str(path), "open", str(trf))
    text = trf.read_text(encoding="utf-8")
    assert "012 Open de Printemps 2027" in text
    # our engine, re-pairing the exported file, finds the round as it was paired
    check = _ok("check-pairings", str(trf))
    assert "1/1" in check or "identique" in check, check


def test_a_template_brings_its_sections_and_no_player(tmp_path: Path) -> None:
    path = tmp_path / "m.sqlite"
    out = _ok(
        "new",
        str(path),
        "--template",
        "marina-viva",
        "--nom",
        "Open d'Ajaccio 2027",
        "--du",
        "2027-07-01",
        "--au",
        "2027-07-09",
    )
    assert "sans joueur" in out
    data = json.loads(_dump(path))
    assert data["players"] == [] and len(data["tournaments"]) == 3
    assert data["event"][0]["name"] == "Open d'Ajaccio 2027"
    assert data["event"][0]["start_date"] == "2027-07-01"


def test_event_fields_are_edited_later(open_event: Path) -> None:
    out = _ok(
        "event",
        "set",
        str(open_event),
        "--nom",
        "Open de Printemps",
        "--lieu",
        "Colmar, salle Saint-Martin",
        "--adjoint",
        "ROTH Éva",
    )
    assert "nom" in out and "lieu" in out and "adjoints" in out
    shown = _ok("event", "show", str(open_event))
    assert "salle Saint-Martin" in shown and "ROTH Éva" in shown and "MARTIN" not in shown
    journal = json.loads(_ok("journal", str(open_event), "--json"))
    assert journal[-1]["op"] == "set_event"
    assert "événement modifié" in _ok("undo", str(open_event))
    assert "MARTIN Léa" in _ok("event", "show", str(open_event))


def test_a_removed_player_comes_back_with_undo(open_event: Path) -> None:
    first = _players(open_event)[0]
    _ok("players", "remove", str(open_event), str(first["id"]))
    assert len(_players(open_event)) == 40
    assert "inscription supprimée" in _ok("undo", str(open_event))
    assert _players(open_event)[0] == first


def test_a_section_is_edited_as_far_as_played_rounds_allow(open_event: Path) -> None:
    path = open_event
    out = _ok(
        "section",
        "edit",
        str(path),
        "open",
        "--rondes",
        "9",
        "--cadence",
        "120/40:60",
        "--departages",
        "BH/C1,BH,PS,WIN",
        "--nom",
        "Open A",
    )
    assert "rondes" in out and "cadence" in out and "départages" in out
    t = json.loads(_dump(path))["tournaments"][0]
    controls = json.loads(t["time_controls"])
    assert t["rounds_planned"] == 9 and len(controls) == 9
    assert controls["9"] == {
        "base_minutes": 120,
        "increment_seconds": 0,
        "moves": 40,
        "periods": [{"minutes": 60, "moves": None, "increment_seconds": 0}],
    }
    service = EventService(path)
    for p in service.store.players(1):
        service.check_in(p.id or 0)
    service.pair_round("open")
    service.close()
    refusals = [
        (("--rondes", "0"), "de 1 à 30"),
        (("--ronde", "1", "--cadence", "60+30"), "déjà appariée"),
        (("--reglement", "002"), "ne change plus"),
    ]
    for extra, said in refusals:
        before = _dump(path)
        done = arbitre("section", "edit", str(path), "open", *extra)
        assert done.returncode == 2 and said in done.stderr, done.stderr
        assert _dump(path) == before
    # the cadence of the rounds not yet paired still changes; round 1 keeps its own
    _ok("section", "edit", str(path), "open", "--cadence", "90/40+30:30+30")
    controls = json.loads(json.loads(_dump(path))["tournaments"][0]["time_controls"])
    assert controls["1"]["moves"] == 40 and controls["1"]["base_minutes"] == 120
    assert controls["2"]["base_minutes"] == 90 and controls["2"]["increment_seconds"] == 30
    done = arbitre("section", "remove", str(path), "open", "--confirm")
    assert done.returncode == 2 and "apparié" in done.stderr
    paired = _players(path)[0]
    done = arbitre("players", "remove", str(path), str(paired["id"]))
    assert done.returncode == 2 and "withdraw" in done.stderr
    done = arbitre("players", "edit", str(path), str(paired["id"]), "--elo", "1500")
    assert done.returncode == 0 and "Attention" in done.stderr and "appariement" in done.stderr


def test_players_are_corrected_and_moved_with_eligibility_checked(open_event: Path) -> None:
    path = open_event
    _ok(
        "section",
        "add",
        str(path),
        "u2000",
        "--nom",
        "Open B (moins de 2000)",
        "--systeme",
        "suisse",
        "--rondes",
        "5",
        "--cadence",
        "60+30",
        "--reglage",
        "max_rating=1999",
    )
    players = _players(path)
    strong = next(p for p in players if int(str(p["rating_fide"])) >= 2000)
    weak = next(p for p in players if int(str(p["rating_fide"])) < 2000)
    out = _ok(
        "players",
        "edit",
        str(path),
        str(weak["number"]),  # the N° (issue 49.5), not the registration
        "--nom",
        "Le Goff",
        "--prenom",
        "Noël",
        "--titre",
        "CM",
        "--club",
        "",
    )
    assert "LE GOFF Noël" in out
    fixed = next(p for p in _players(path) if p["id"] == weak["id"])
    assert (fixed["surname"], fixed["title"], fixed["club"]) == ("Le Goff", "CM", "")
    fixed_number = str(fixed["number"])  # his title changed: maybe his N° too
    assert "Open B" in _ok(
        "players", "move", str(path), fixed_number, "-t", "open", "--vers", "u2000"
    )
    assert [(p["id"], p["number"]) for p in _players(path, "u2000")] == [(weak["id"], 1)]
    before = _dump(path)
    done = arbitre(
        "players", "move", str(path), str(strong["number"]), "-t", "open", "--vers", "u2000"
    )
    assert done.returncode == 2 and "ne peut pas jouer" in done.stderr, done.stderr
    done = arbitre("players", "edit", str(path), "1", "-t", "u2000", "--elo", "2150")
    assert done.returncode == 2 and "ne peut pas jouer" in done.stderr, done.stderr
    assert _dump(path) == before


ADD = ("section", "add", "{f}", "b", "--nom", "X", "--systeme", "suisse")
ADD5 = (*ADD, "--rondes", "5")


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("section", "add", "{f}", "open", *ADD5[4:]), "existe déjà"),
        (("section", "add", "{f}", "B C", *ADD5[4:]), "Clé de tournoi"),
        ((*ADD[:-1], "lent", "--rondes", "5"), "Système « lent » inconnu"),
        ((*ADD, "--rondes", "0"), "de 1 à 30"),
        ((*ADD, "--rondes", "31"), "de 1 à 30"),
        ((*ADD5, "--cadence", "90+"), "l'incrément manque"),
        ((*ADD5, "--cadence", "abc"), "n'est pas une période"),
        ((*ADD5, "--cadence", "0+0"), "au moins une minute"),
        ((*ADD5, "--departages", "BH,XYZ"), "non pris en charge"),
        (
            (*ADD5, "--reglement", "004"),
            "régit un tournoi coupe par équipes, pas un tournoi suisse",
        ),
        (("section", "edit", "{f}", "open", "--reglement", "000"), "régit un tournoi K.O."),
        (("section", "edit", "{f}", "open", "--ronde", "2"), "donnez --cadence"),
        (("section", "edit", "{f}", "inconnu", "--rondes", "5"), "Tournoi « inconnu » inconnu"),
        (("section", "remove", "{f}", "inconnu"), "Tournoi « inconnu » inconnu"),
        (("section", "remove", "{f}", "open"), "inscrit"),
        (("event", "set", "{f}", "--du", "2027-04-20"), "précède le début"),
        (("event", "set", "{f}", "--au", "2027-04-01"), "précède le début"),
        (("event", "set", "{f}", "--federation", "France"), "trois lettres"),
        (("event", "set", "{f}", "--nom", "  "), "vide"),
        (("players", "edit", "{f}", "999", "--elo", "1500"), "Aucun joueur n° 999"),
        (("players", "edit", "{f}", "3", "--sexe", "X"), "sexe « X » illisible"),
        (("players", "edit", "{f}", "3", "--naissance", "1990-02-30"), "n'existe pas"),
        (("players", "edit", "{f}", "3", "--elo", "abcd"), "illisible"),
        (("players", "remove", "{f}", "999"), "Aucun joueur n° 999"),
        (("players", "move", "{f}", "3", "--vers", "nulle-part"), "inconnu"),
        (("players", "move", "{f}", "3", "--vers", "open"), "déjà inscrit"),
        (("register", "{f}", "Nouveau", "--fide-id", "20000005"), "déjà inscrit"),
        (("register", "{f}", "Nouveau", "--titre", "XX"), "titre inconnu"),
    ],
)
def test_bad_input_is_refused_in_french_and_changes_nothing(
    open_event: Path, open_dump: str, args: tuple[str, ...], said: str
) -> None:
    before = open_dump  # the copy's bytes are the master's
    out = arbitre(*[a.format(f=open_event) for a in args])
    assert out.returncode == 2, out.stdout + out.stderr
    assert said in out.stderr, out.stderr
    assert "Traceback" not in out.stderr
    assert _dump(open_event) == before


def test_new_refused_leaves_no_file(tmp_path: Path) -> None:
    path = tmp_path / "e.sqlite"
    out = arbitre("new", str(path), "--nom", "Open", "--du", "2027-04-12", "--au", "2027-04-10")
    assert out.returncode == 2 and "précède le début" in out.stderr
    assert not path.exists()
    out = arbitre("new", str(path), "--template", "marina-viva", "--au", "2020-01-01")
    assert out.returncode == 2 and "précède le début" in out.stderr, out.stderr
    assert list(tmp_path.iterdir()) == []
    out = arbitre("new", str(path))
    assert out.returncode == 2 and "--nom" in out.stderr and not path.exists()


def test_open_on_a_missing_file_says_how_to_create_it(tmp_path: Path) -> None:
    out = arbitre("open", str(tmp_path / "absent.sqlite"))
    assert out.returncode == 2
    assert "arbitre new" in out.stderr and "--nom" in out.stderr and "arbitre demo" in out.stderr
    assert not (tmp_path / "absent.sqlite").exists()


@pytest.mark.parametrize(
    ("text", "label", "trf"),
    [
        ("90+30", "90 min + 30 s", "5400+30"),
        ("120/40:60", "120 min pour 40 coups, puis 60 min KO", "40/7200+0:3600+0"),
        (
            "90/40+30:30+30",
            "90 min pour 40 coups, puis 30 min, + 30 s par coup",
            "40/5400+30:1800+30",
        ),
        (
            "40/5400+30:1800+30",
            "90 min pour 40 coups, puis 30 min, + 30 s par coup",
            "40/5400+30:1800+30",
        ),
        ("5400+30", "90 min + 30 s", "5400+30"),
        (" 61 + 30 ", "61 min + 30 s", "3660+30"),
    ],
)
def test_cadences_as_arbiters_and_trf_write_them(text: str, label: str, trf: str) -> None:
    tc = parse_cadence(text)
    assert (tc.label, tc.trf) == (label, trf)


@pytest.mark.parametrize(
    "text", ["90+", "abc", "0+0", "", "90/40", "90:30", "1000+30", "90+30:30", "40/5400+30"]
)
def test_cadences_refused(text: str) -> None:
    with pytest.raises(RuleError) as refused:
        parse_cadence(text)
    assert "Cadence" in refused.value.message and "exemples" in refused.value.message


def test_the_events_arbiters_reach_the_technical_report(open_event: Path, tmp_path: Path) -> None:
    """The event's chief arbiter and deputies are every section's, unless one names its own."""
    out = tmp_path / "rapport.pdf"
    _ok("print", str(open_event), "rapport-technique", "--pdf", str(out), "-t", "open")
    import subprocess

    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True).stdout
    assert "DUPONT Jean" in text and "MARTIN Léa, KLEIN Paul" in text, text
    assert "Colmar" in text and "10/04/2027" in text
    _ok("section", "edit", str(open_event), "open", "--reglage", "chief_arbiter=ROTH Éva")
    _ok("print", str(open_event), "rapport-technique", "--pdf", str(out), "-t", "open")
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True).stdout
    assert "ROTH Éva" in text and "DUPONT Jean" not in text


def test_a_clubs_own_knockout_plays_every_entry_at_its_cadence(tmp_path: Path) -> None:
    """Without regulation 000 a knockout is not cancelled under 100 entries: five players
    fill a bracket of 8, the three best rated exempt in round 1, at the cadence typed."""
    path = tmp_path / "ko.sqlite"
    _ok("new", str(path), "--nom", "K.O. du club")
    _ok(
        "section",
        "add",
        str(path),
        "ko",
        "--nom",
        "K.O.",
        "--systeme",
        "ko",
        "--rondes",
        "3",
        "--cadence",
        "15+5",
    )
    for i, elo in enumerate((1500, 1900, 1700, 2100, 1600)):
        _ok("register", str(path), f"Joueur{i}", "--elo", str(elo), "--pointe")
    status = json.loads(_ok("ko", "status", str(path), "--json"))
    assert (status["bracket"], status["rounds"], status["cancelled"]) == (8, 3, False)
    assert status["bye_players"] == ["JOUEUR3", "JOUEUR1", "JOUEUR2"]  # 2100, 1900, 1700
    _ok("ko", "close-registration", str(path))
    _ok("pair", str(path))
    boards = json.loads(_ok("round", str(path), "--json"))
    played = [b for b in boards if b["black"]]
    assert len(boards) == 4 and len(played) == 1
    assert {played[0]["white"]["name"], played[0]["black"]["name"]} == {"JOUEUR0", "JOUEUR4"}
    t = json.loads(_dump(path))["tournaments"][0]
    controls = json.loads(t["time_controls"])
    assert len(controls) == 3
    assert all((c["base_minutes"], c["increment_seconds"]) == (15, 5) for c in controls.values())


@pytest.mark.slow
def test_a_cup_from_nothing_takes_its_teams_and_their_players(tmp_path: Path) -> None:
    path = tmp_path / "coupe.sqlite"
    _ok("new", str(path), "--nom", "Coupe du club")
    _ok(
        "section",
        "add",
        str(path),
        "coupe",
        "--nom",
        "Coupe",
        "--systeme",
        "coupe",
        "--rondes",
        "2",
        "--cadence",
        "90+30",
        "--reglement",
        "004",
    )
    clubs = ("Colmar Échecs", "Mulhouse Philidor", "Sélestat", "Guebwiller")
    for club in clubs:
        _ok("cup", "team", str(path), club)
    for club in clubs:
        for n in range(4):
            _ok(
                "register",
                str(path),
                f"{club.split()[0]}{n}",
                "--club",
                club,
                "--equipe",
                club,
                "--elo",
                str(1800 - 10 * n),
            )
    data = json.loads(_dump(path))
    assert len(data["teams"]) == 4
    assert {p["team_id"] for p in data["players"]} == {t["id"] for t in data["teams"]}
    before = _dump(path)
    out = arbitre("register", str(path), "Perdu", "--equipe", "Strasbourg")
    assert out.returncode == 2 and "inconnue" in out.stderr and "cup team" in out.stderr
    assert _dump(path) == before
    _ok("cup", "draw", str(path), "--seed", "3")
    assert len(json.loads(_ok("cup", "status", str(path), "--json"))) == 2
