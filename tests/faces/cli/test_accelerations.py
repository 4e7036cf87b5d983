"""Issue 32.5 through the real command line, on an event created from nothing: a SAD
section and a plain one with the same sixteen players; each accelerated round's virtual
points (`arbitre explain --json`) follow the rule from the real scores, the pairings
differ from the plain section where the virtual points say so, and a bad value is refused
in French."""

from __future__ import annotations

import csv
import json
import os
import subprocess
from pathlib import Path

import pytest

from arbitre_tui.operations import EventService
from arbitre_tui.rules.swiss.acceleration import virtual_points

from ...helpers.cli import arbitre, run_here

ROUNDS = 7
BBP = Path(__file__).resolve().parents[2] / "vectors" / "bbp"
# one first name with full stops: the figures are written « 1,5 », never the name « J,-C, »
FIRST = ["J.-C.", *["Léa"] * 15]


def _event(tmp_path: Path) -> str:
    path = str(tmp_path / "open.sqlite")
    run_here("new", path, "--nom", "Open de Sélestat", "--lieu", "Sélestat")
    players = tmp_path / "joueurs.csv"
    with players.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["nom", "prenom", "elo_fide", "federation"])
        for k in range(16):
            w.writerow([f"Joueur{chr(65 + k)}", FIRST[k], 2300 - 40 * k, "FRA"])
    for key, extra in (("sad", ["--reglage", "acceleration=sad"]), ("plain", [])):
        run_here(
            "section", "add", path, key, "--nom", key.upper(), "--systeme", "suisse",
            "--rondes", str(ROUNDS), "--cadence", "90+30", *extra,
        )  # fmt: skip
        run_here("players", "import", path, str(players), "-t", key)
    service = EventService(Path(path))
    for key in ("sad", "plain"):
        for p in service.store.players(service.tournament(key).id or 0):
            service.check_in(p.id or 0)
    service.close()
    return path


def _pairs(path: str, key: str) -> set[frozenset[str]]:
    boards = json.loads(run_here("round", path, "-t", key, "--json"))
    return {frozenset((b["white"]["name"], b["black"]["name"])) for b in boards if b["black"]}


def _play(path: str, key: str, scores: dict[str, float]) -> None:
    """White wins on odd boards, Black on even ones, every third board drawn."""
    service = EventService(Path(path))
    t = service.tournament(key)
    rnd = service.current_round(t)
    assert rnd is not None and rnd.id is not None
    names = {p.id: p.name for p in service.store.players(t.id or 0)}
    for g in service.store.games(rnd.id):
        if g.black_id is None:
            continue
        res = "=" if g.board % 3 == 0 else "1" if g.board % 2 else "0"
        service.record_result(key, g.board, res)
        white = {"1": 1.0, "=": 0.5, "0": 0.0}[res]
        scores[names[g.white_id]] += white
        scores[names[g.black_id]] += 1 - white
    service.close_round(key)
    service.close()


@pytest.mark.slow
def test_sad_round_by_round_on_an_event_from_nothing(tmp_path: Path) -> None:
    path = _event(tmp_path)
    names = [f"JOUEUR{chr(65 + k)} {FIRST[k]}" for k in range(16)]
    group = {n: 0 if k < 6 else 1 if k < 12 else 2 for k, n in enumerate(names)}
    scores = dict.fromkeys(names, 0.0)
    seen = []
    for rnd in range(1, ROUNDS + 1):
        out = arbitre("pair", path, "-t", "sad")
        assert out.returncode == 0, out.stderr
        out = arbitre("explain", path, "-t", "sad", "--json")
        assert out.returncode == 0, out.stderr
        view = json.loads(out.stdout)
        got = {v["player"]: (v["points"], v["group"]) for v in view["virtual"]}
        expected = {}
        for n in names:
            points = virtual_points("sad", group[n], rnd, ROUNDS, round(scores[n] * 10), 10, 5)
            if points:
                expected[n] = (points / 10, "ABC"[group[n]])
        assert got == expected, rnd
        if expected:
            assert view["system"] == "système accéléré dégressif (SAD)"
        if rnd == 1:
            text = arbitre("explain", path, "-t", "sad").stdout
            assert "points virtuels (système accéléré dégressif (SAD)) :" in text
            assert "JOUEURA J.-C. : +2 point(s) virtuel(s) (groupe A)" in text
            assert "JOUEURG Léa : +1 point(s) virtuel(s) (groupe B)" in text
            assert "JOUEURM Léa" not in text.split("points virtuels")[1]  # group C: none
            out = arbitre("pair", path, "-t", "plain")
            assert out.returncode == 0, out.stderr
            assert _pairs(path, "sad") != _pairs(path, "plain")
            for pair in _pairs(path, "sad"):  # each group paired inside itself
                assert len({group[n] for n in pair}) == 1
        seen.append(sorted({p for p, _ in got.values()}))
        _play(path, "sad", scores)
    assert seen[0] == [1.0, 2.0] and seen[-2:] == [[], []]
    assert any(0.5 in s or 1.5 in s for s in seen[1:5])  # half a point gained on the way
    # the ranking never reads the virtual points
    out = arbitre("standings", path, "-t", "sad", "--json")
    assert out.returncode == 0, out.stderr
    rows = json.loads(out.stdout)
    assert {r["name"]: r["PTS"] for r in rows} == scores


def test_acceleration_settings_refused_in_french(tmp_path: Path) -> None:
    path = str(tmp_path / "e.sqlite")
    assert arbitre("new", path, "--nom", "Open").returncode == 0
    out = arbitre(
        "section", "add", path, "open", "--nom", "Open", "--systeme", "suisse", "--rondes", "5"
    )
    assert out.returncode == 0, out.stderr
    bad = arbitre("settings", "set", path, "acceleration", "dégressif", "-t", "open")
    assert bad.returncode == 2
    assert "baku ou haley ou haley_degressive ou sad" in bad.stderr, bad.stderr
    good = arbitre("settings", "set", path, "acceleration", "haley", "-t", "open")
    assert good.returncode == 0, good.stderr
    cut = arbitre("settings", "set", path, "acceleration_groups", "[4]", "-t", "open")
    assert cut.returncode == 0, cut.stderr
    shown = arbitre("settings", "show", path, "-t", "open").stdout
    assert "haley" in shown and "[4]" in shown


def test_pair_trf_names_the_virtual_points(tmp_path: Path) -> None:
    """`pair-trf --acceleration haley --explain` on a round-1 TRF: the top half carries one
    virtual point and is paired inside itself; without it, the reference pairing."""
    from arbitre_tui.rules.swiss.checker import parse_engine_output

    from ...conftest import VECTORS

    case = VECTORS / "dutch" / "cases" / "t0001_r01.trf"
    plain = arbitre("pair-trf", str(case))
    haley = arbitre("pair-trf", str(case), "--acceleration", "haley", "--explain")
    assert plain.returncode == 0 and haley.returncode == 0, haley.stderr
    assert parse_engine_output(plain.stdout) == parse_engine_output(
        case.with_suffix(".out").read_text()
    )
    assert "points virtuels (système Haley) :" in haley.stdout
    assert "    1 : +1 (groupe A)" in haley.stdout
    count = int(haley.stdout.split()[0])
    pairs, _ = parse_engine_output("\n".join(haley.stdout.splitlines()[: count + 1]) + "\n")
    top = {int(x.split()[0]) for x in haley.stdout.splitlines() if "(groupe A)" in x}
    assert all((w in top) == (b in top) for w, b in pairs)
    assert pairs != parse_engine_output(plain.stdout)[0]


def _records_250(trf: str) -> dict[tuple[int, int], float]:
    """(round, player) -> virtual points, read in the columns TRF-2026 gives record 250
    (game points 10-13, rounds 15-17 and 19-21, players 23-26 and 28-31), as FIDE's
    checker slices them — not through the project's reader."""
    out = {}
    for line in trf.replace("\r", "\n").split("\n"):
        if line.startswith("250 "):
            assert line[8] == line[13] == line[17] == line[21] == line[26] == " ", line
            points = float(line[9:13])
            for r in range(int(line[14:17]), int(line[18:21]) + 1):
                for p in range(int(line[22:26]), int(line[27:31]) + 1):
                    out[(r, p)] = points
    return out


@pytest.mark.slow
def test_the_exported_trf_carries_the_virtual_points(tmp_path: Path) -> None:
    """Issue 32.5: an accelerated section's TRF holds its virtual points (record 250), so
    another program pairs the next round as the event does — `pair-trf` here, given no
    acceleration option, and bbpPairings pair every round exactly as `arbitre pair` did."""
    from arbitre_tui.rules import trf as trfmod
    from arbitre_tui.rules.names import fold

    path = _event(tmp_path)
    names = [f"JOUEUR{chr(65 + k)} {FIRST[k]}" for k in range(16)]
    group = {n: 0 if k < 6 else 1 if k < 12 else 2 for k, n in enumerate(names)}
    scores = dict.fromkeys(names, 0.0)
    for rnd in range(1, ROUNDS + 1):
        exported = tmp_path / f"avant-{rnd}.trf"
        out = arbitre("export", "trf", path, "sad", str(exported))
        assert out.returncode == 0, out.stderr
        text = exported.read_text(encoding="ascii")
        start = {p.start: p.name.replace(", ", " ") for p in trfmod.parse(text).players.values()}
        number = {n.upper(): s for s, n in start.items()}
        records = _records_250(text)
        expected = {}
        for n in names:
            points = virtual_points("sad", group[n], rnd, ROUNDS, round(scores[n] * 10), 10, 5)
            if points:
                expected[(rnd, number[fold(n).upper()])] = points / 10
        assert {k: v for k, v in records.items() if k[0] == rnd} == expected, rnd
        out = arbitre("pair-trf", str(exported))
        assert out.returncode == 0, out.stderr
        lines = out.stdout.split("\n")
        theirs = {
            frozenset(start[int(x)].upper() for x in line.split())
            for line in lines[1 : 1 + int(lines[0])]
        }
        out = arbitre("pair", path, "-t", "sad", "--seed", "1")  # the colours drawn: 152 fixed
        assert out.returncode == 0, out.stderr
        ours = {frozenset(fold(n).upper() for n in pair) for pair in _pairs(path, "sad")}
        assert theirs == ours, rnd
        # bbpPairings v6 pairs the same file the same way: its answer vendored, the
        # records it reads (001, 142, 152, 250) those of the file it was given
        read = (b"001", b"142", b"152", b"250")
        vendored = (BBP / f"sad-r{rnd}.trf").read_bytes()
        assert [r for r in exported.read_bytes().split(b"\r") if r[:3] in read] == [
            r for r in vendored.split(b"\r") if r[:3] in read
        ], rnd
        answer = (BBP / f"sad-r{rnd}.pairs").read_text("ascii")
        binary = os.environ.get("ARBITRE_BBP")
        if binary:
            live = tmp_path / f"bbp-{rnd}.pairs"
            run = subprocess.run(
                [binary, "--dutch", str(exported), "-p", str(live)],
                capture_output=True,
                text=True,
                timeout=60,
            )
            assert run.returncode == 0, run.stdout + run.stderr
            answer = live.read_text("ascii")
        rows = [line.split() for line in answer.split("\n") if line.strip()][1:]
        assert {frozenset(start[int(x)].upper() for x in row) for row in rows} == ours, rnd
        _play(path, "sad", scores)
