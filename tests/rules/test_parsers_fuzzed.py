"""hypothesis fuzzing of what the arbiter feeds in: TRF files and CSV player lists.

Any text in gives a parsed value or the project's French refusal — never another
exception, never English from a library — and what is written reads back the same.
The profile is derandomized (the same examples on every run, CI included) and modest:
a few seconds (``ARBITRE_FUZZ_EXAMPLES=5000`` for a deeper run, new examples each time). Inputs that once broke a parser are kept as ``@example``.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import math
import os
import re
import sqlite3
import string
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Literal

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from arbitre_tui.operations import EventService, OperationError
from arbitre_tui.rules import tiebreaks, trf
from arbitre_tui.rules.errors import RuleError
from arbitre_tui.rules.models import Player, Sex, Title
from arbitre_tui.rules.registration import decode, parse_players_csv
from arbitre_tui.rules.swiss.checker import check_tournament
from arbitre_tui.rules.swiss.dutch import pair_round
from arbitre_tui.rules.swiss.trf_state import state_from_trf
from arbitre_tui.rules.text import character_fault

from ..conftest import make_round_robin
from ..helpers.cli import arbitre
from ..operations.test_rating_lists import HEADER as TXT_HEADER
from ..operations.test_rating_lists import XML, txt_line

# ARBITRE_FUZZ_EXAMPLES=5000 for a deeper run, with new examples each time
DEEPER = os.environ.get("ARBITRE_FUZZ_EXAMPLES")
settings.register_profile(
    "contracts",
    max_examples=int(DEEPER or 150),
    deadline=None,
    derandomize=DEEPER is None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
FUZZ = settings.get_profile("contracts")

# Words of Python's and pydantic's own (English) messages: none may reach the arbiter.
ENGLISH = re.compile(
    r"\b(should|invalid|literal|exceeds|field|string|value is|not a valid|must|input"
    r"|expected|unknown|error|could not|new-line)\b",
    re.IGNORECASE,
)


# the colours of a pair of TRF cells: one white one black, or neither (a forfeit)
COLOURS: list[tuple[Literal["w", "b", "-"], Literal["w", "b", "-"]]] = [
    ("w", "b"),
    ("b", "w"),
    ("-", "-"),
]


def assert_french(message: str) -> None:
    """What the arbiter reads: no library's English (the input it quotes « … » aside)."""
    assert message and not ENGLISH.search(re.sub("«[^»]*»", "", message)), message


# -- TRF ----------------------------------------------------------------------------------

NAME = st.text(string.ascii_letters + "éèàçöüÉ -',", min_size=1, max_size=33).map(str.strip)
TEXT = st.text(string.ascii_letters + string.digits + " éà/-.,:", max_size=40).map(str.strip)
PAIRED = [("1", "0"), ("0", "1"), ("=", "="), ("+", "-"), ("-", "+"), ("-", "-")]
PAIRED += [("W", "L"), ("L", "W"), ("D", "D")]


@st.composite
def tournaments(draw: st.DrawFn) -> trf.TrfTournament:
    """A consistent tournament: each game seen from both sides, points that add up."""
    count = draw(st.integers(1, 9))
    rounds = draw(st.integers(0, 5))
    starts = list(range(1, count + 1))
    cells: dict[int, list[trf.TrfRound]] = {s: [] for s in starts}
    for _ in range(rounds):
        order = draw(st.permutations(starts))
        absent = draw(st.integers(0, len(order)))
        playing, resting = order[:absent], order[absent:]
        for a, b in zip(playing[::2], playing[1::2], strict=False):
            ra, rb = draw(st.sampled_from(PAIRED))
            ca, cb = draw(st.sampled_from(COLOURS))
            cells[a].append(trf.TrfRound(opponent=b, colour=ca, result=ra))
            cells[b].append(trf.TrfRound(opponent=a, colour=cb, result=rb))
        if len(playing) % 2:
            resting = [playing[-1], *resting]
        for s in resting:
            cells[s].append(trf.TrfRound(result=draw(st.sampled_from("HFUZ-+"))))
    t = trf.TrfTournament(
        rounds=rounds,
        initial_colour=draw(st.sampled_from([None, "w", "b"])),
        headers=draw(st.dictionaries(st.sampled_from(["012", "022", "032", "092"]), TEXT)),
        tiebreaks=draw(st.lists(st.sampled_from(["BH/C1", "BH", "TPR", "WIN", "SB"]), max_size=3)),
        comments=draw(st.lists(TEXT, max_size=2)),
    )
    for s in starts:
        player = trf.TrfPlayer(
            start=s,
            sex=draw(st.sampled_from("mw ")),
            title=draw(st.sampled_from(["", "GM", "IM", "WFM"])),
            name=draw(NAME),
            rating=draw(st.sampled_from([0, 1000, 1850, 2799])),
            federation=draw(st.sampled_from(["", "FRA", "SUI"])),
            fide_id=draw(st.sampled_from(["", "12345678", "40000001"])),
            birth=draw(st.sampled_from(["", "2001/02/03", "1970"])),
            rank=draw(st.integers(0, count)),
            rounds=cells[s],
        )
        player.points = sum(t.points_for(r.result) for r in player.rounds)
        t.players[s] = player
    if count >= 2:
        t.prohibited = draw(st.lists(st.tuples(st.just(1), st.just(rounds), st.just(starts[:2]))))
    return t


def _same(a: trf.TrfTournament, b: trf.TrfTournament) -> None:
    def players(t: trf.TrfTournament) -> dict[int, dict[str, object]]:
        return {k: p.dump(exclude={"line"}) for k, p in t.players.items()}

    assert players(a) == players(b)
    assert {k: v for k, v in b.headers.items() if k != "202"} == a.headers
    for name in ("rounds", "initial_colour", "scoring", "tiebreaks", "comments", "prohibited"):
        assert getattr(a, name) == getattr(b, name), name


def _as_written(t: trf.TrfTournament) -> trf.TrfTournament:
    """The tournament with its texts spelt as a TRF writes them: ASCII, so that a position
    is a byte and a character (issue 32; rules/trf/)."""
    return t.replace(
        **{
            "headers": {k: trf.ascii_text(v) for k, v in t.headers.items()},
            "comments": [trf.ascii_text(c) for c in t.comments],
            "players": {
                k: p.replace(name=trf.ascii_text(p.name).strip()) for k, p in t.players.items()
            },
        }
    )


@FUZZ
@given(tournaments(), st.sampled_from(["\r", "\n", "\r\n"]))
def test_trf_written_then_read_is_the_same_tournament(t: trf.TrfTournament, newline: str) -> None:
    text = trf.write(t, newline)
    assert text.isascii()
    again = trf.parse(text)
    _same(_as_written(t), again)
    assert trf.write(again, newline) == text


def _check_pairings(t: trf.TrfTournament) -> None:
    for check in check_tournament(t):
        if check.error is not None:
            assert_french(check.error)


def _read_trf_as_the_command_line_does(text: str) -> None:
    """parse, then each of what `arbitre pair-trf`, `tiebreaks`, `check-pairings` do."""
    try:
        t = trf.parse(text)  # as read_trf does, for every command
    except RuleError as exc:
        assert_french(exc.message)
        return
    numbers = [*t.scoring.values(), *(p.points for p in t.players.values())]
    assert all(math.isfinite(x) for x in numbers), numbers  # "nan" is no score
    uses: list[Callable[[], object]] = [
        lambda: pair_round(state_from_trf(t)),
        lambda: tiebreaks.standings(tiebreaks.from_trf(t), ["PTS", "BH", "TPR", "WIN"]),
        lambda: _check_pairings(t),
    ]
    for use in uses:
        try:
            use()
        except RuleError as exc:
            assert_french(exc.message)


@FUZZ
@given(st.text(max_size=300))
@example("142 99999999999\n001    1")  # once filled the memory with empty rounds
@example("001    1" + " " * 72 + " nan")  # NaN points (columns 81-84) accepted
@example("162  W nan\n001    1")  # NaN scoring: round(nan) crashed the Dutch engine
@example(  # a win worth 3: the performance (TPR) indexed past its table, IndexError
    "162  W 3.0\n001    1      A" + " " * 33 + "1500" + " " * 29 + "3.0          2 w 1\n"
    "001    2      B" + " " * 33 + "1600" + " " * 29 + "0.0          1 b 0\n"
)
def test_any_text_is_a_tournament_or_a_french_refusal(text: str) -> None:
    _read_trf_as_the_command_line_does(text)


@FUZZ
@given(tournaments(), st.data())
def test_a_damaged_trf_is_read_or_refused_in_french(
    t: trf.TrfTournament, data: st.DataObject
) -> None:
    """One to three characters changed in a real file: the cases a text fuzzer rarely reaches."""
    chars = list(trf.write(t, "\n"))
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(chars) - 1))
        chars[at] = data.draw(st.sampled_from("0123456789 -=+wbWBHFUZ.x\n"))
    _read_trf_as_the_command_line_does("".join(chars))


# -- CSV ----------------------------------------------------------------------------------

HEADER = ["nom", "prenom", "sexe", "naissance", "federation", "fide_id", "licence", "club"]
HEADER += ["titre", "elo_fide", "elo_ffe", "telephone", "email", "paye", "inscription"]
CELL = st.text(st.characters(blacklist_categories=["Cs", "Cc", "Zl", "Zp"]), max_size=12)
# text the one text rule accepts (issue 35.11 refuses format characters such as U+FEFF
# on their own, tested there): the import's round trip is about the rest
CELL = CELL.map(str.strip).filter(lambda s: character_fault(s) is None)


@st.composite
def players(draw: st.DrawFn) -> list[Player]:
    """Players as an import makes them (stripped text, upper-case federation, no id)."""
    out = []
    for fide_id in draw(st.lists(st.integers(1, 9_999_999_999), max_size=6, unique=True)):
        out.append(
            Player(
                surname=draw(CELL.filter(bool)),
                first_name=draw(CELL),
                sex=draw(st.sampled_from([None, Sex.MALE, Sex.FEMALE])),
                birth_date=draw(st.none() | st.dates(dt.date(1920, 1, 1), dt.date(2025, 1, 1))),
                federation=draw(st.sampled_from(["FRA", "SUI", "GER"])),
                fide_id=draw(st.sampled_from([None, fide_id])),
                ffe_code=draw(st.sampled_from([None, "A12345"])),
                club=draw(CELL),
                title=draw(st.none() | st.sampled_from(list(Title))),
                rating_fide=draw(st.none() | st.integers(100, 3500)),
                rating_ffe=draw(st.none() | st.integers(100, 3500)),
                phone=draw(st.sampled_from([None, "0601020304"])),
                email=draw(st.sampled_from([None, "a.b@exemple.invalid"])),
                paid=draw(st.booleans()),
                registered_at=draw(
                    st.none() | st.datetimes(dt.datetime(2020, 1, 1), dt.datetime(2030, 1, 1))
                ),
            )
        )
    # one person once: a file naming someone twice is refused (test_a_person_twice_…)
    return [p for i, p in enumerate(out) if not any(_one_person(p, q) for q in out[:i])]


def _one_person(a: Player, b: Player) -> bool:
    """The import's own keys: the same row, FFE licence, or name and birth date."""
    return (
        a == b
        or (a.ffe_code is not None and a.ffe_code == b.ffe_code)
        or (
            a.birth_date is not None
            and (a.surname.casefold(), a.first_name.casefold(), a.birth_date)
            == (b.surname.casefold(), b.first_name.casefold(), b.birth_date)
        )
    )


def _csv(players: list[Player], delimiter: str) -> str:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter)
    writer.writerow(HEADER)
    for p in players:
        writer.writerow(
            [
                p.surname,
                p.first_name,
                {Sex.MALE: "M", Sex.FEMALE: "F", None: ""}[p.sex],
                p.birth_date.isoformat() if p.birth_date else "",
                p.federation,
                p.fide_id or "",
                p.ffe_code or "",
                p.club,
                p.title or "",
                p.rating_fide or "",
                p.rating_ffe or "",
                p.phone or "",
                p.email or "",
                "oui" if p.paid else "non",
                p.registered_at.isoformat() if p.registered_at else "",
            ]
        )
    return out.getvalue()


@FUZZ
@given(players(), st.sampled_from([",", ";", "\t"]))
@example([Player(surname="0", club='"0,')], ",")  # the sniffer guessed no doubled quotes
@example([Player(surname='";')], ",")  # the sniffer took the semicolon for the separator
def test_csv_written_from_players_reads_back_the_same_players(
    players: list[Player], delimiter: str
) -> None:
    report = parse_players_csv(_csv(players, delimiter))
    assert report.errors == []
    assert [row.player for row in report.rows] == players


@FUZZ
@given(st.text(max_size=300), st.sampled_from(["", "nom,fide_id,naissance,elo_fide\n"]))
@example("", "nom,prenom\nA\rB,C\n")  # a CR alone: csv.Error, English, out of the parser
@example("", "nom,fide_id\nA," + "9" * 30 + "\n")  # too big for SQLite: OverflowError on insert
@example("", "nom,inscription\nA,2024-01-01T25:00\n")  # « hour must be in 0..23 »
@example("", "nom,federation\nA,FRANCE\n")  # « String should have at most 3 characters »
@example("", "nom\n" + "A" * 200_000 + "\n")  # « field larger than field limit »
@example("", 'nom,prenom\n"A\n')  # a quote never closed
def test_any_csv_is_players_or_french_faults(body: str, header: str) -> None:
    report = parse_players_csv(header + body)
    for line, message in report.errors:
        assert line >= 1
        assert_french(message)
    for row in report.rows:
        assert row.player.surname and (row.player.fide_id or 0) < 10**10
        assert not re.search("[\r\n]", row.player.surname + row.player.first_name)


@FUZZ
@given(st.binary(max_size=200), st.sampled_from(["utf-8", "latin-1", "ascii", "utf-16", "klingon"]))
@example(b"nom\n\xe9", "utf-8")
@example(b"nom", "klingon")  # « unknown encoding: klingon »
@example(b"\xff", "ascii")  # « 'ascii' codec can't decode … »
def test_any_bytes_are_text_or_a_french_refusal(data: bytes, encoding: str) -> None:
    try:
        decode(data, encoding)
    except RuleError as exc:
        assert_french(exc.message)


JUNK = ["A", "", " ", "9" * 30, "-5", "2024-13-01", "2024-01-01T25:00", "1850", "1850X", "GM"]
JUNK += ["gm", "FRANCE", '"', "oui", "peut-être", "M", "X", "\r", "é", "\x00", "A" * 70]
ROWS = st.lists(st.lists(st.sampled_from(JUNK), max_size=8).map(",".join), max_size=5)
FILES = st.one_of(
    st.binary(max_size=200),
    st.builds(
        lambda header, rows: (header + "\n".join(rows)).encode(),
        st.sampled_from(["nom,fide_id,naissance,elo_fide,titre,federation,paye,inscription\n"]),
        ROWS,
    ),
)


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EventService]:
    """One real event file for every example: what one import adds, the next one meets."""
    service = make_round_robin(tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite")
    yield service
    service.close()


@FUZZ
@given(FILES, st.booleans())
@example(b"nom,fide_id\nA," + b"9" * 30, True)  # OverflowError at the insert, once
def test_any_file_imported_into_an_event_is_players_or_a_french_refusal(
    event: EventService, data: bytes, skip_bad: bool
) -> None:
    """Through the operation into a real SQLite file: a refusal changes nothing."""
    before = event.store.snapshot()
    try:
        count, errors = event.import_players("rr", data, skip_bad=skip_bad)
    except OperationError as exc:
        assert_french(exc.message)
        assert event.store.snapshot() == before
    else:
        assert count >= 0
        for _, m in errors:
            assert_french(m)


# -- the command line, for real -------------------------------------------------------------


def _tables(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table (journal included), read by SQLite itself."""
    con = sqlite3.connect(path)
    try:
        names = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return {n: sorted(con.execute(f"SELECT * FROM {n}").fetchall(), key=repr) for n in names}
    finally:
        con.close()


def _refused_in_french(run: subprocess.CompletedProcess[str]) -> None:
    assert run.returncode == 2, run.stderr
    assert run.stderr.startswith("Refusé : ") and "Traceback" not in run.stderr, run.stderr
    assert_french(run.stderr)


GARBLED_CSV = [
    # hour 25 and a four-letter federation: pydantic's and datetime's English, once
    "nom,prenom,fide_id,inscription,federation\nA,x,,2024-01-01T25:00,\nC,x,,,FRANCE\n",
    # a FIDE id no SQLite integer holds: an OverflowError traceback at the insert, once
    "nom,fide_id\nA," + "9" * 30 + "\n",
    # a CR alone inside a field (a csv.Error traceback, once), then a quote never closed
    'nom;prenom\nA;B\rC\n"D;E\n',
    'nom;prenom\n"Dupont;Jean\nMartin;Paul\n',  # the quote swallowed Martin into a name
    "\x00\x01\x02,\n\n,,,\n",
]


@pytest.mark.parametrize("content", GARBLED_CSV, ids=range(len(GARBLED_CSV)))
def test_cli_import_of_a_garbled_csv_is_refused_in_french(
    demo_file: Path, tmp_path: Path, content: str
) -> None:
    garbled = tmp_path / "garbled.csv"
    garbled.write_text(content, encoding="utf-8")
    before = _tables(demo_file)
    # the knockout takes anyone: a refusal there is the parser's, not eligibility's
    run = arbitre("players", "import", str(demo_file), str(garbled), "-t", "open-ko")
    _refused_in_french(run)
    assert _tables(demo_file) == before


def test_cli_import_refuses_an_unknown_encoding_in_french(demo_file: Path, tmp_path: Path) -> None:
    good = tmp_path / "good.csv"
    good.write_text("nom\nDurand\n", encoding="utf-8")
    before = _tables(demo_file)
    run = arbitre(
        "players", "import", str(demo_file), str(good), "-t", "open-a", "--encoding", "klingon"
    )
    _refused_in_french(run)
    assert "klingon" in run.stderr and _tables(demo_file) == before


GARBLED_TRF = [
    "162  W nan\n001    1\n001    2\n",  # round(nan) in the Dutch engine: a traceback, once
    "142 x\n001    1 m    A\n",
    "001    1 m    A                                  2000 FRA             2000/01/01  1.0"
    "     2 w 1\n",  # opponent 2 unknown
]
# a win worth 3 (record 162): the performance crashed `tiebreaks --list TPR`, once; then
# refused; now computed as C.07 10.2 says (results 1/½/0 whatever the scoring)
THREE_POINT_WIN = (
    "162  W 3.0\n001    1      A" + " " * 33 + "1500" + " " * 29 + "3.0          2 w 1\n"
    "001    2      B" + " " * 33 + "1600" + " " * 29 + "0.0          1 b 0\n"
)


def test_a_three_point_win_gives_the_performance_of_the_game(tmp_path: Path) -> None:
    trf = tmp_path / "three.trf"
    trf.write_text(THREE_POINT_WIN, encoding="utf-8")
    out = arbitre("tiebreaks", str(trf), "--list", "PTS,BH,TPR")
    assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr
    rows = [line.split() for line in out.stdout.splitlines() if line.split()[:1] in (["1"], ["2"])]
    assert [row[-1] for row in rows] == ["2400", "700"]  # 1600 + 800, 1500 − 800


@pytest.mark.parametrize("content", GARBLED_TRF, ids=range(len(GARBLED_TRF)))
def test_cli_reading_a_garbled_trf_is_refused_in_french(tmp_path: Path, content: str) -> None:
    garbled = tmp_path / "garbled.trf"
    garbled.write_text(content, encoding="utf-8")
    pairing = tmp_path / "pairing.txt"
    _refused_in_french(arbitre("pair-trf", str(garbled), "-p", str(pairing)))
    assert not pairing.exists()
    _refused_in_french(arbitre("tiebreaks", str(garbled), "--list", "PTS,BH,TPR"))


# -- issue 18: strict readers, the result parser, the commands on random files -------------------


@FUZZ
@given(tournaments(), st.data())
def test_a_player_line_cut_short_or_with_wrong_points_is_refused(
    t: trf.TrfTournament, data: st.DataObject
) -> None:
    """Cut before the points (column 84), or points that are not the results' sum: refused
    by the one reader of every command, with the line."""
    lines = trf.write(t, "\n").split("\n")
    players = [i for i, line in enumerate(lines) if line.startswith("001")]
    at = data.draw(st.sampled_from(players))
    line = lines[at]
    if data.draw(st.booleans()):
        lines[at] = line[: data.draw(st.integers(8, trf.POINTS_END - 1))]
        words = "ligne joueur coupée"
    else:
        points = float(line[80:84]) + data.draw(st.sampled_from([0.5, 1.0, -0.5, 2.0]))
        lines[at] = line[:80] + f"{points:4.1f}" + line[84:]
        words = "points inscrits"
    with pytest.raises(RuleError) as exc:
        trf.parse("\n".join(lines))
    assert exc.value.message.startswith(f"ligne {at + 1} : ")
    assert words in exc.value.message or "colonne" in exc.value.message
    assert_french(exc.value.message)


@FUZZ
@given(players().filter(bool), st.data())
def test_a_person_twice_in_one_file_is_refused_with_both_lines(
    players: list[Player], data: st.DataObject
) -> None:
    """One of the players again further down (another club: the same person), refused at
    its line, which names the line before where that person already is."""
    i = data.draw(st.integers(0, len(players) - 1))
    if not (players[i].fide_id or players[i].ffe_code or players[i].birth_date):
        players[i] = replace(players[i], birth_date=dt.date(2000, 1, 1))
    again = replace(players[i], club="Ailleurs")
    at = data.draw(st.integers(i + 1, len(players)))
    rows = [*players[:at], again, *players[at:]]
    report = parse_players_csv(_csv(rows, ","))
    faults = dict(report.errors)
    assert "déjà à la ligne" in faults.get(at + 2, ""), (report.errors, at)
    assert int(faults[at + 2].split("déjà à la ligne ")[1].split()[0]) < at + 2
    for message in faults.values():
        assert_french(message)


RESULT_TEXT = st.text(st.sampled_from("10=½/-+xX .,OoFfdébnlasruit"), max_size=16)


@FUZZ
@given(RESULT_TEXT | st.text(max_size=12))
@example("x")  # once a draw
@example("-+")
@example("forfait-blancs")
def test_any_result_typed_is_a_result_or_a_french_refusal(text: str) -> None:
    from arbitre_tui.rules.models import Result, parse_result

    try:
        result = parse_result(text)
    except RuleError as exc:
        assert exc.message.startswith(f"Résultat « {text} » impossible")
    else:
        assert isinstance(result, Result) and text.strip().lower() != "x"


@FUZZ
@given(st.sampled_from(["-+", "+-", "--", "1-0", "0-1", "1/2", "=", "forfait-blancs", "x", "-x"]))
@example("--")
def test_the_command_line_reads_a_result_wherever_the_options_are(result: str) -> None:
    """`result F 1 R -t K`, `result -t K F 1 R`, `result F 1 R --confirm`: R is the result."""
    from arbitre_tui.faces.cli.errors import RESULT_DASH_WORDS
    from arbitre_tui.faces.cli.main import build_parser

    parser = build_parser()
    for args in (
        ["result", "F", "1", result, "-t", "open-a"],
        ["result", "-t", "open-a", "F", "1", result],
        ["result", "F", "1", result, "--confirm"],
    ):
        try:
            ns = parser.parse_args(args)
        except SystemExit:
            assert result == "-x", args  # an option nobody knows: refused, not a result
            continue
        assert ns.result == RESULT_DASH_WORDS.get(result, result), args


# the commands themselves on random files: a few examples each (a process is a second)
COMMANDS_FUZZ = settings(FUZZ, max_examples=int(DEEPER or 6))
TRF_TEXT = st.one_of(
    st.text(st.sampled_from("0123456789 .-=+wbWBHFUZ\n"), max_size=400).map(lambda s: "001" + s),
    tournaments().map(lambda t: trf.write(t, "\n")[: -7 or None]),
)


@COMMANDS_FUZZ
@given(FILES)
def test_cli_import_of_a_random_file_is_players_or_a_french_refusal(
    demo_master: Path, tmp_path_factory: pytest.TempPathFactory, data: bytes
) -> None:
    folder = tmp_path_factory.mktemp("cli-fuzz")
    event = folder / "e.sqlite"
    event.write_bytes(demo_master.read_bytes())
    (folder / "f.csv").write_bytes(data)
    before = event.read_bytes()
    run = arbitre("players", "import", str(event), str(folder / "f.csv"), "-t", "open-ko")
    assert "Traceback" not in run.stderr, run.stderr
    if run.returncode != 0:
        _refused_in_french(run)
        assert event.read_bytes() == before


@COMMANDS_FUZZ
@given(TRF_TEXT, st.sampled_from(["pair-trf", "check-pairings", "tiebreaks"]))
def test_cli_on_a_random_trf_is_an_answer_or_a_french_refusal(
    tmp_path_factory: pytest.TempPathFactory, text: str, command: str
) -> None:
    path = tmp_path_factory.mktemp("trf-fuzz") / "f.trf"
    path.write_text(text, encoding="utf-8")
    run = arbitre(command, str(path))
    assert "Traceback" not in run.stderr, run.stderr
    if run.returncode not in (0, 3):  # 3: check-pairings found differences
        _refused_in_french(run)
    assert path.read_text(encoding="utf-8") == text


# -- issue 35: strict columns, strict lists, one rule for typed text ------------------------


@FUZZ
@given(tournaments().filter(lambda t: t.rounds > 0), st.data())
def test_a_character_past_the_last_round_is_read_or_refused_never_dropped(
    t: trf.TrfTournament, data: st.DataObject
) -> None:
    """A character typed anywhere after a player's last round (its columns, the next
    cell's, 100 000 columns on): refused with its line, or read as a round of that file
    — never dropped silently, never a hidden round past the rounds the header declares."""
    lines = trf.write(t, "\n").split("\n")
    players = [i for i, line in enumerate(lines) if line.startswith("001")]
    at = data.draw(st.sampled_from(players))
    gap = data.draw(st.integers(0, 40) | st.sampled_from([100_000]))
    char = data.draw(st.sampled_from("x1w=Z?0"))
    lines[at] = lines[at].ljust(91 + 10 * t.rounds) + " " * gap + char
    text = "\n".join(["XXR " + str(t.rounds), *lines])
    try:
        read = trf.parse(text)
    except trf.TrfError as exc:
        assert exc.line == at + 2 and exc.reason
        assert_french(exc.message)
        return
    assert read.rounds == t.rounds  # the XXR declared: no round past it
    assert _players_of(read) != _players_of(t)  # the character was read, not dropped


def _players_of(t: trf.TrfTournament) -> dict[int, dict[str, object]]:
    return {k: p.dump(exclude={"line", "present"}) for k, p in t.players.items()}


def _fide_txt(rows: list[tuple[int, str, str, str]]) -> str:
    lines = [TXT_HEADER]
    for fide_id, name, rating, born in rows:
        fields = {"ID Number": str(fide_id), "Name": name, "Fed": "FRA", "Sex": "M"}
        lines.append(txt_line(**fields, SRtng=rating, **{"B-day": born}))
    return "\n".join(lines) + "\n"


LIST_FIELD = st.text(string.digits + "-abx ", max_size=5).map(str.strip) | st.sampled_from(
    ["99999", "-100", "abcd", "1850", "0", "3500", "3501", "\x00", "\x1b"]
)


@FUZZ
@given(
    st.lists(st.integers(1, 10**9), min_size=1, max_size=5),
    st.data(),
)
def test_a_fide_txt_field_is_read_as_written_or_refused_with_its_line(
    ids: list[int], data: st.DataObject
) -> None:
    """One rating or year of birth of a FIDE TXT list replaced by any text: the list is
    read with exactly that value (a rating of 0 to 3500, a year of four digits), or
    refused with that line (or the duplicate id) — never a rating guessed."""
    from arbitre_tui.rules.rating_lists import RATING_MAX, ListFault, read

    rows = [(i, f"Nom{n}, Prenom", "1850", "1990") for n, i in enumerate(ids)]
    which = data.draw(st.integers(0, len(rows) - 1))
    field = data.draw(st.sampled_from(["rating", "born"]))
    value = data.draw(LIST_FIELD)
    fide_id, name, rating, born = rows[which]
    rows[which] = (
        (fide_id, name, value, born) if field == "rating" else (fide_id, name, rating, value)
    )
    try:
        players = list(read(io.BytesIO(_fide_txt(rows).encode()), "fide-txt"))
    except ListFault as exc:
        assert f"ligne {which + 2}" in str(exc), str(exc)
        assert_french(str(exc))
        return
    got = players[which]
    if field == "rating":
        assert value == "" or (value.isdigit() and int(value) <= RATING_MAX)
        assert got.standard == (int(value) or None if value else None)
    else:
        assert value in ("", "0", "0000") or (len(value) == 4 and value.isdigit())


@FUZZ
@given(st.data())
def test_a_fide_xml_field_is_read_as_written_or_refused_with_its_line(data: st.DataObject) -> None:
    """A FIDE XML player's rating or name replaced by any text (entities, NUL, « -100 »):
    read as written, or refused with its line."""
    from arbitre_tui.rules.rating_lists import ListFault, read

    field = data.draw(st.sampled_from(["<rating>2105", "<name>Dupont"]))
    value = data.draw(
        LIST_FIELD | st.sampled_from(["&amp;", "&lt;x", "&foo;", "&#65;", "&", "D&eacute;"])
    )
    text = XML.replace(field, field[: field.index(">") + 1] + value)
    line = XML[: XML.rindex("<player>", 0, XML.index(field))].count("\n") + 1  # its <player>
    try:
        players = list(read(io.BytesIO(text.encode()), "fide-xml"))
    except ListFault as exc:
        message = str(exc)
        assert f"ligne {line}" in message, message
        assert_french(message)
        return
    assert len(players) == 2
    if field.startswith("<rating>"):
        assert players[1].standard is None or 0 < players[1].standard <= 3500


@FUZZ
@given(st.sampled_from(["licence", "birth", "rating", "name"]), st.data())
def test_an_ffe_cell_is_read_as_written_or_refused_with_its_line(
    cell: str, data: st.DataObject
) -> None:
    """One cell of the FFE's base replaced by any text: read as written, or refused with
    its line (« 01/02/80 », « 1980-02-30 », « 15000 », « 123 », a quote never closed)."""
    from arbitre_tui.rules.rating_lists import ListFault, read

    extra = ["01/02/80", "1980-02-30", "15000", "123", '"', "K12345", "A1234", "1850F"]
    value = data.draw(LIST_FIELD | st.sampled_from(extra))
    cells = {"licence": "N22222", "birth": "1980-01-01", "rating": "1710", "name": "MARTIN"}
    cells[cell] = value
    header = "NrFFE;Nom;Prenom;NeLe;Elo\nK12345;DUPONT;Jeanne;2012-03-14;2110\n"
    row = f"{cells['licence']};{cells['name']};Paul;{cells['birth']};{cells['rating']}\n"
    try:
        players = list(read(io.BytesIO((header + row).encode()), "ffe-csv"))
    except ListFault as exc:
        assert "ligne 3" in str(exc) or "illisible" in str(exc), str(exc)
        assert_french(str(exc))
        return
    if cell == "licence" and value:
        assert re.fullmatch(r"[A-Za-z][0-9]{5}", value) and value.upper() != "K12345"
    if cell == "birth" and value:
        assert players[-1].birth_year is not None
    if cell == "rating" and value not in ("", "0"):
        assert players[-1].standard is not None and players[-1].standard <= 3500


@FUZZ
@given(st.text(max_size=60), st.booleans())
@example("R\udce9clamation", False)  # a Latin-1 terminal's « é »
@example("Dupont\u202eTNOPUD", False)
@example("a\r\nb", True)
def test_any_typed_text_is_accepted_clean_or_refused_in_french(text: str, lines: bool) -> None:
    """The one rule of typed text (rules/text.py): a text it accepts holds no byte the
    terminal sent that is not UTF-8, no control character (a line break only in a
    paragraph), no bidi override; what it refuses is said in French."""
    import unicodedata

    from arbitre_tui.rules.text import shown, text_fault

    fault = text_fault("Texte", text, lines=lines)
    if fault is not None:
        assert fault.startswith("Texte : ")
        assert_french(fault)
        assert "\\udc" not in fault
        return
    for char in text:
        assert not 0xD800 <= ord(char) <= 0xDFFF
        assert unicodedata.category(char) != "Cc" or (lines and char in "\n\t")
        assert char not in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
    assert len(shown(text)) <= 41
