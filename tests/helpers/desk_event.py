"""An event created from nothing with the long, accented names real events have (issue
49), through the command line: built once per test, never the demo."""

from __future__ import annotations

from pathlib import Path

from .cli import run_here

PLAYERS_CSV = """nom,prenom,sexe,naissance,federation,elo_fide,club
CHÂTEAUBRIAND-SAINT-ÉVREMOND,Marie-Thérèse,F,1985-03-12,FRA,2105,Échiquier Châteaubriantais
DE LA FONTAINE-MÉRIGNAC,Jean-Baptiste,M,1990-05-01,FRA,2050,Cercle d'Échecs de Mérignac
O'NEILL,Siobhán,F,2001-07-14,IRL,1980,Club d'Échecs de l'Île-de-Ré
D'ARTAGNAN,Charles,M,1970-01-01,FRA,1900,Mousquetaires Échecs Gascogne
LEFÈVRE,Hélène,F,1999-02-02,FRA,1850,Colmar Échecs
BŒUF,François,M,1960-06-06,FRA,1790,Échiquier Mulhousien
PERRIN,Gaël,M,2010-10-10,FRA,1700,Colmar Échecs
GARÇON,Zoé,F,2012-12-12,FRA,1500,Échiquier Mulhousien
"""
KEY = "open"


def new_event(tmp: Path, name: str = "ete.sqlite") -> Path:
    """The event, its Swiss section of five rounds and eight players checked in."""
    path = tmp / name
    csv = tmp / "inscrits.csv"
    csv.write_text(PLAYERS_CSV, encoding="utf-8")
    run_here("new", str(path), "--nom", "Open d'Été de Saint-Évremond", "--lieu", "Colmar",
             "--du", "2027-04-10", "--au", "2027-04-12")  # fmt: skip
    run_here("section", "add", str(path), KEY, "--nom", "Open principal", "--systeme",
             "suisse", "--rondes", "5", "--cadence", "90+30")  # fmt: skip
    run_here("players", "import", str(path), str(csv), "-t", KEY)
    for number in range(1, 9):
        run_here("checkin", str(path), str(number))
    return path


def play_round(path: Path, results: list[str]) -> None:
    """Pair the next round, type one result a board, close it."""
    run_here("pair", str(path), "-t", KEY, "--seed", "1")
    for board, result in enumerate(results, start=1):
        run_here("result", str(path), str(board), result, "-t", KEY)
    run_here("close-round", str(path), "-t", KEY)
