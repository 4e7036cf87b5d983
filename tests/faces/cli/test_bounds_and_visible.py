"""Issue 53, points 4, 5 and 6: every text of a person bounded where it enters (a club of
2 000 characters once stopped every PDF list), e-mails with the shape of one, names that
show something, no emoji where Papi writes it; the TRF reader refuses NUL, Échap, bidi and
invisible characters as the CSV reader does, with the right message; an organiser's
tie-breaks are variants C.07 defines. Each refusal: exit 2, the file byte for byte as it
was. The PDF lists are printed with the longest values accepted, and read back."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from pathlib import Path

import pytest

from ...helpers.cli import ROOT, arbitre, run_here

LONGEST = {
    "surname": ("CHÂTEAUBRIAND-SAINT-ÉVREMOND DE LA FONTAINE-MÉRIGNAC D'ARTAGN")[:60],
    "first_name": ("Marie-Thérèse-Éléonore-Jean-Baptiste-Anne-Sophie-Marguerite-X")[:60],
    "club": ("Cercle d'échecs O'Neill de Châteauneuf-du-Pape et d'Avignon-Sud")[:60],
}


def _digest(path: Path) -> str:
    data = path.read_bytes()
    wal = Path(f"{path}-wal")
    return hashlib.sha256(data + (wal.read_bytes() if wal.exists() else b"")).hexdigest()


@pytest.fixture(scope="module")
def master(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("bounds") / "open.sqlite"
    event = "Open international d'été de Saint-Rémy-de-Provence et de la vallée des Baux"
    run_here("new", str(path), "--nom", event[:80], "--lieu", "Saint-Rémy-de-Provence")
    run_here("section", "add", str(path), "open", "--nom", "Open principal",
             "--systeme", "suisse", "--rondes", "5", "--cadence", "90+30")  # fmt: skip
    names = ["O'NEILL", "D'ARTAGNAN", "DE LA FONTAINE-MÉRIGNAC", "W" * 60, LONGEST["surname"]]
    for i, name in enumerate([*names, "LE GOFF", "VAN DER BERGHE", "MÜLLER"]):
        run_here("register", str(path), name, "--prenom", LONGEST["first_name"],
                 "--club", LONGEST["club"] if i % 2 else "W" * 60, "--elo", str(2400 - 10 * i),
                 "--email", f"joueur{i}@club-{i}.example.fr", "--pointe")  # fmt: skip
    run_here("pair", str(path))
    for board in (1, 2, 3):
        run_here("result", str(path), str(board), "1-0")
    return path


@pytest.fixture
def event(master: Path, tmp_path: Path) -> Path:
    return Path(shutil.copy(master, tmp_path / "open.sqlite"))


REFUSED = {
    "club-2000": (["--club", "x" * 2000], "Club : 2\u202f000 caractères, 60 caractères au plus"),
    "club-61": (["--club", "C" * 61], "60 caractères au plus"),
    "courriel-texte": (["--email", "appelez le club"], "Courriel « appelez le club » illisible"),
    "courriel-deux-arobases": (["--email", "a@b@c.fr"], "illisible"),
    "courriel-sans-domaine": (["--email", "jean@localhost"], "illisible"),
    "courriel-300": (["--email", "a" * 290 + "@b.fr"], "254 caractères au plus"),
    "licence-longue": (["--licence", "A" * 40], "12 caractères au plus"),
    "categorie-longue": (["--categorie", "c" * 41], "40 caractères au plus"),
}


@pytest.mark.parametrize("case", REFUSED)
def test_a_persons_text_is_bounded_where_it_enters(event: Path, case: str) -> None:
    extra, said = REFUSED[case]
    before = _digest(event)
    out = arbitre("register", str(event), "ZULU", *extra)
    assert out.returncode == 2, (out.stdout, out.stderr)
    assert said in out.stderr and "Traceback" not in out.stderr
    assert _digest(event) == before


INVISIBLE = {
    "espace-sans-chasse": "\u200b",
    "espace-sans-chasse-dans-le-nom": "ZU\u200bLU",
    "accent-seul": "\u0301",
    "remplissage-hangul": "\u3164",
    "remplissage-hangul-demi": "\uffa0",
    "trait-d-union-conditionnel": "\u00ad",
    "espaces-insecables": "\u00a0\u202f",
}


@pytest.mark.parametrize("case", INVISIBLE)
def test_a_name_must_show_something(event: Path, case: str) -> None:
    before = _digest(event)
    out = arbitre("register", str(event), INVISIBLE[case])
    assert out.returncode == 2, (out.stdout, out.stderr)
    assert out.stderr.startswith("Refusé : ") and "Traceback" not in out.stderr
    assert _digest(event) == before


@pytest.mark.parametrize("name", ["\u200b", "\u0301", "\u3164", "Open \u202eA"])
def test_a_section_name_must_show_something(event: Path, name: str) -> None:
    before = _digest(event)
    out = arbitre("section", "add", str(event), "b", "--nom", name, "--systeme", "suisse",
                  "--rondes", "5")  # fmt: skip
    assert out.returncode == 2, (out.stdout, out.stderr)
    assert _digest(event) == before


def test_a_csv_row_has_the_same_bounds(event: Path, tmp_path: Path) -> None:
    csv = tmp_path / "j.csv"
    csv.write_text(f"nom;club\nYANKEE;{'x' * 2000}\nZULU;Z\n", encoding="utf-8")
    before = _digest(event)
    out = arbitre("players", "import", str(event), str(csv))
    assert out.returncode == 2 and "60 caractères au plus" in out.stderr, out.stderr
    assert _digest(event) == before


@pytest.mark.parametrize(
    ("codes", "said"),
    [
        ("BH/C99", "C.07 n'en définit que deux au plus"),
        ("PTS,SB/M3", "C.07 n'en définit que deux au plus"),
        ("KS/L999", "limite de Koya entre 0 et 100"),
        ("TPR/U99999", "entre 0 et 3500"),
        ("BH/Z", "inconnu"),
    ],
)
def test_tie_breaks_are_c07_variants(event: Path, codes: str, said: str) -> None:
    before = _digest(event)
    out = arbitre("section", "add", str(event), "b", "--nom", "B", "--systeme", "suisse",
                  "--rondes", "5", "--departages", codes)  # fmt: skip
    assert out.returncode == 2 and said in out.stderr, out.stderr
    assert _digest(event) == before
    run_here("section", "add", str(event), "c", "--nom", "C", "--systeme", "suisse",
             "--rondes", "5", "--departages", "BH/C2,SB/M2,KS/L60,TPR/U1400")  # fmt: skip


TRF = ROOT / "tests" / "vectors" / "reference" / "example-trf2026.trf"


@pytest.mark.parametrize(
    ("char", "said"),
    [
        ("\x00", "caractère de contrôle (code 0, NUL) en colonne 21"),
        ("\x1b", "caractère de contrôle (code 27, Échap) en colonne 21"),
        ("\u202e", "caractère de sens d'écriture (U+202E) en colonne 21"),
        ("\u200b", "caractère invisible (U+200B) en colonne 21"),
    ],
)
def test_the_trf_reader_refuses_what_the_csv_reader_refuses(
    tmp_path: Path, char: str, said: str
) -> None:
    lines = TRF.read_text(encoding="utf-8").split("\n")
    i = next(k for k, line in enumerate(lines) if line.startswith("001"))
    lines[i] = lines[i][:20] + char + lines[i][21:]
    bad = tmp_path / "abime.trf"
    bad.write_text("\n".join(lines), encoding="utf-8")
    for command in (["tiebreaks", str(bad), "--list", "PTS,BH"], ["pair-trf", str(bad)]):
        out = arbitre(*command)
        assert out.returncode == 2, out.stderr
        assert said in out.stderr and "décalé" not in out.stderr
        assert char not in out.stderr


LISTS = ["appariements", "appariements-nom", "classement", "grille", "pointage",
         "participants-elo", "grille-americaine", "rapport-technique",
         "proces-verbal-tournoi"]  # fmt: skip


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler) absent")
def test_the_pdf_lists_print_the_longest_values_accepted(master: Path, tmp_path: Path) -> None:
    for what in LISTS:
        pdf = tmp_path / f"{what}.pdf"
        out = arbitre("print", str(master), what, "--pdf", str(pdf))
        assert out.returncode == 0, (what, out.stderr)
        text = subprocess.run(
            ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
        ).stdout
        assert text.strip(), what
        if what in ("participants-elo", "pointage", "classement"):
            squeezed = "".join(text.split())
            assert "O'NEILL" in squeezed and "WWWWWWWW" in squeezed, what
