"""A registration sheet's header: each column to the field it fills, as clubs write it.

Why apart: spreadsheets name a column « Date de naissance », « Né(e) le », « N° FFE »,
« Elo FIDE » or « E-mail », in any case, with or without accents; each is read here once,
and every column is either placed (a field of the player) or unknown (named to the
arbiter, never dropped silently; `players import --strict` refuses the file).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .names import fold

# French headers first (the first is the field's name in messages); English aliases for
# files from other programs. Compared once folded (see header_key): « Né(e) le » and
# « NE(E) LE », « Téléphone » and « telephone », « date_naissance » and « Date naissance ».
COLUMNS: dict[str, tuple[str, ...]] = {
    "surname": ("nom", "nom de famille", "surname", "last name", "lastname", "family name"),
    "first_name": ("prenom", "first name", "firstname", "given name", "forename"),
    "sex": ("sexe", "sex", "genre", "gender"),
    "birth_date": (
        "naissance", "date naissance", "date de naissance", "ne e le", "ne le", "nee le",
        "date de naiss", "date naiss", "ddn", "birth date", "birthdate", "date of birth",
        "dob", "born",
    ),
    "federation": ("federation", "fed", "pays federation"),
    "fide_id": (
        "fide id", "id fide", "fideid", "code fide", "n fide", "no fide", "numero fide",
        "identifiant fide", "fide",
    ),
    "ffe_code": (
        "licence", "code ffe", "ffe code", "n ffe", "no ffe", "numero ffe", "n licence",
        "no licence", "numero licence", "numero de licence", "licence ffe",
        "ffe id", "id ffe",
    ),
    "club": ("club", "club name"),
    "title": ("titre", "title", "titre fide"),
    "rating_fide": ("elo fide", "elo", "rating fide", "rating", "fide rating", "classement fide"),
    "rating_ffe": ("elo ffe", "rating ffe", "classement ffe", "ffe rating"),
    "phone": ("telephone", "tel", "phone", "portable", "mobile", "tel portable"),
    "email": ("email", "e mail", "mail", "courriel", "adresse mail", "adresse e mail"),
    "fee_category": ("categorie", "cat", "fee category"),
    "paid": ("paye", "paid", "regle"),
    "registered_at": ("inscription", "registered at", "date inscription"),
    "tournament": ("tournoi", "section", "tournament"),
    "payment_method": ("paiement", "payment method", "mode de paiement", "moyen de paiement"),
    "team": ("equipe", "team"),
    "nationality": ("nationalite", "nationality"),
    "eu": ("ue", "eu"),
    "transferred": ("mute", "transferred"),
    "licence_date": ("date licence", "licence date", "date de licence"),
    "plays_national_for": ("joue national pour", "plays national for"),
    "residence_since": ("residence depuis", "residence since"),
    # every cadence's rating (« 1850F », « 1200E »: its kind) and the FFE's references,
    # kept for the federations' files (issue 50)
    "rating_standard": ("elo lent", "elo standard", "rating standard", "classement lent"),
    "rating_rapid": (
        "elo rapide", "rapide", "rapid", "rapid rating", "rating rapid", "classement rapide",
    ),
    "rating_blitz": ("elo blitz", "blitz", "blitz rating", "rating blitz", "classement blitz"),
    "licence_type": ("type licence", "type de licence", "licence type"),
    "ffe_ref": ("ref ffe", "reference ffe", "ffe ref"),
    "club_ref": ("ref club", "reference club", "club ref"),
    "league": ("ligue", "league"),
}  # fmt: skip

# each field's words in the arbiter's messages
LABELS: dict[str, str] = {
    "surname": "nom",
    "first_name": "prénom",
    "sex": "sexe",
    "birth_date": "date de naissance",
    "federation": "fédération",
    "fide_id": "identifiant FIDE",
    "ffe_code": "licence FFE",
    "club": "club",
    "title": "titre",
    "rating_fide": "Elo FIDE",
    "rating_ffe": "Elo FFE",
    "phone": "téléphone",
    "email": "courriel",
    "fee_category": "catégorie (droits d'inscription)",
    "paid": "payé",
    "registered_at": "date d'inscription",
    "tournament": "tournoi",
    "payment_method": "moyen de paiement",
    "team": "équipe",
    "nationality": "nationalité",
    "eu": "ressortissant UE",
    "transferred": "muté",
    "licence_date": "date de licence",
    "plays_national_for": "joue en national pour",
    "residence_since": "résidence depuis",
    "rating_standard": "classement lent",
    "rating_rapid": "classement rapide",
    "rating_blitz": "classement blitz",
    "licence_type": "type de licence",
    "ffe_ref": "référence FFE",
    "club_ref": "référence FFE du club",
    "league": "ligue",
}


def header_key(name: str) -> str:
    """A header as it is compared: no accents, no case, every run of punctuation or
    spaces one space (« N° FFE » → « n ffe », « Né(e) le » → « ne e le »)."""
    return " ".join(re.split(r"[^0-9a-z]+", fold(name).casefold())).strip()


_FIELD_OF = {header_key(a): name for name, aliases in COLUMNS.items() for a in aliases}
KNOWN = frozenset(_FIELD_OF)


@dataclass
class Header:
    """What each column of a sheet becomes: placed (field → position), recognised but not
    kept, unknown; or the fault that refuses the file."""

    names: list[str] = field(default_factory=list)  # the header's cells, as written
    index: dict[str, int] = field(default_factory=dict)
    unknown: list[int] = field(default_factory=list)  # positions
    fault: str | None = None

    def notes(self) -> list[str]:
        """What the import leaves aside, in French, one line a column, in their order."""
        return [
            f"colonne {i + 1} « {self.names[i].strip() or '(sans titre)'} » non reconnue : ignorée"
            for i in self.unknown
        ]

    def placed(self) -> list[tuple[int, str]]:
        """Each column in order with what it becomes, for `players import --apercu`."""
        where = {i: LABELS.get(name, name) for name, i in self.index.items()}
        return [(i, where.get(i) or "non reconnue : ignorée") for i in range(len(self.names))]


def read_header(cells: list[str]) -> Header:
    """Each header cell to its field; a field named twice or no surname is a fault."""
    header = Header(names=list(cells))
    for i, name in enumerate(cells):
        target = _FIELD_OF.get(header_key(name))
        if target is None:
            header.unknown.append(i)
            continue
        if target in header.index:  # which of the two is meant? never guessed
            first = header.index[target]
            header.fault = (
                f"colonne « {COLUMNS[target][0] if target in COLUMNS else target} » deux "
                f"fois dans l'en-tête (colonnes {first + 1} et {i + 1}) : "
                f"« {cells[first].strip()} » et « {name.strip()} »"
            )
            return header
        header.index[target] = i
    if "surname" not in header.index:
        header.fault = "colonne « nom » absente de l'en-tête"
    return header
