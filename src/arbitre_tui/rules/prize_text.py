"""A prize table typed as an organiser says it, not as JSON (issue 49.8).

« 300, 200, 100 » are the general prizes in place order (« 1er prix », « 2e prix »…);
« 1re féminine=80:femme » a category prize (its label, its amount, its category);
« Meilleur jeune=50 » a general prize with its own label; « Coupe=trophée » a trophy by
place; « Échiquier=lot » a prize in kind. Items are separated by « , » or, when an
amount has a decimal comma (« 12,50 »), by « ; ».

A category is the name of one in ``prize_settings.categories`` (the table written in a
template), else a word that says who may claim it: ``femme`` (féminine, dames), ``jeune``
(under 20 on 1 January), ``veteran`` (65 and over), ``U12`` (an age, under 12), ``S50``,
``S65`` (50, 65 and over), ``U1800`` (an Elo, under 1800). The category is then added to
the section's ``prize_settings`` with the table, in the same journaled change.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from .errors import RuleError
from .figures import euros
from .names import fold

SYNTAX = (
    "montants dans l'ordre des places, séparés par des virgules (« 300, 200, 100 ») ; "
    "un prix de catégorie « 1re féminine=80:femme » ; un prix nommé « Meilleur jeune=50 » ; "
    "« Coupe=trophée », « Échiquier=lot » ; avec des centimes « 12,50 », séparez par « ; »"
)
CATEGORY_WORDS = "femme, jeune, veteran, U12 (âge), S50, S65, U1800 (Elo)"
_AMOUNT = re.compile(r"(\d{1,7})(?:[.,](\d{1,2}))?")
# thousands apart by a no-break space only, as euros() writes them: « 300 200 » typed
# with a plain space is a comma forgotten between two prizes, refused, never 300 200 €
_GROUPED = re.compile(r"\d{1,3}(?:[\u202f\xa0]\d{3})+(?:[.,]\d{1,2})?")
_WORD = re.compile(r"([US])(\d{1,4})", re.IGNORECASE)


def ordinal(place: int) -> str:
    """« 1er », « 2e »: a place as French prize lists write it."""
    return "1er" if place == 1 else f"{place}e"


def _amount(text: str, item: str) -> Decimal:
    bare = text.replace("€", "").strip()
    if _GROUPED.fullmatch(bare):  # « 1 500 » as euros() writes it (thousands apart)
        bare = re.sub(r"[\u202f\xa0]", "", bare)
    found = _AMOUNT.fullmatch(bare)
    if not found:
        raise RuleError(
            f"Prix « {item} » : montant « {text.strip()} » illisible (un nombre d'euros, "
            "ex. 300 ou 12,50)."
        )
    whole, cents = found.groups()
    try:
        return Decimal(f"{whole}.{(cents or '0').ljust(2, '0')}").normalize()
    except InvalidOperation:  # pragma: no cover - the pattern holds only digits
        raise RuleError(f"Prix « {item} » : montant illisible.") from None


def category_rule(word: str, reference_year: int | None) -> dict[str, Any]:
    """The rule a known category word stands for (``Category``'s fields), or a refusal."""
    key = fold(word).strip().lower()
    year = {"reference_year": reference_year} if reference_year else {}
    if key in ("femme", "femmes", "feminine", "feminines", "dame", "dames", "f"):
        return {"name": word, "sex": "w"}
    if key in ("jeune", "jeunes"):
        return {"name": word, "max_age": 19, **year}
    if key in ("veteran", "veterans"):
        return {"name": word, "min_age": 65, **year}
    found = _WORD.fullmatch(word.strip())
    if found:
        letter, number = found.group(1).upper(), int(found.group(2))
        if letter == "U" and 6 <= number <= 20:
            return {"name": word, "max_age": number - 1, **year}
        if letter == "U" and 500 <= number <= 3000:
            return {"name": word, "max_rating": number - 1}
        if letter == "S" and number in (50, 65):
            return {"name": word, "min_age": number, **year}
    raise RuleError(
        f"Catégorie « {word} » inconnue : {CATEGORY_WORDS}, ou une catégorie déjà définie "
        "dans prize_settings."
    )


def parse_prizes(
    text: str, categories: Sequence[Mapping[str, Any]] = (), reference_year: int | None = None
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The prize table and the categories it needs that ``categories`` does not define
    yet (each a ``Category``'s fields). An empty text: no prize at all."""
    separator = ";" if ";" in text else ","
    items = [part.strip() for part in text.split(separator)]
    if all(not item for item in items):
        return [], []
    known = {str(c.get("name")): c for c in categories}
    prizes: list[dict[str, Any]] = []
    added: list[dict[str, Any]] = []
    general = 0
    for item in items:
        if not item:
            raise RuleError(f"Prix vide dans « {text.strip()} » : {SYNTAX}.")
        label, equal, rest = item.partition("=")
        if not equal:  # an amount alone: the next general place
            label, rest = "", item
        amount_text, colon, category = rest.partition(":")
        label, category = label.strip(), category.strip()
        if equal and not label:
            raise RuleError(f"Prix « {item} » : le nom avant « = » manque.")
        if colon and not category:
            raise RuleError(f"Prix « {item} » : la catégorie après « : » manque.")
        word = fold(amount_text).strip().lower()
        if equal and word in ("trophee", "coupe"):
            prizes.append({"label": label, "trophy": True})
            continue
        if equal and word in ("lot", "nature", "en nature"):
            prizes.append({"label": label, "goods": label})
            continue
        amount = _amount(amount_text, item)
        prize: dict[str, Any] = {"amount": float(amount) if amount % 1 else int(amount)}
        if category:
            if category not in known:
                rule = category_rule(category, reference_year)
                known[category] = rule
                added.append(rule)
            prize = {"label": label or f"prix {category}", **prize, "category": category}
        else:
            general += 1
            prize = {"label": label or f"{ordinal(general)} prix", **prize}
        prizes.append(prize)
    return prizes, added


def prizes_text(prizes: Sequence[Mapping[str, Any]]) -> str:
    """A table as it would be typed (the form's starting text, `settings show`)."""
    parts = []
    general = 0
    cents = any(Decimal(str(p.get("amount") or 0)) % 1 for p in prizes)
    for p in prizes:
        label = str(p.get("label", ""))
        if p.get("trophy"):
            parts.append(f"{label}=trophée")
            continue
        if p.get("goods"):
            parts.append(f"{label}=lot")
            continue
        amount = euros(Decimal(str(p.get("amount") or 0))).removesuffix(" €")
        if p.get("category"):
            parts.append(f"{label}={amount}:{p['category']}")
            continue
        general += 1
        parts.append(amount if label == f"{ordinal(general)} prix" else f"{label}={amount}")
    return ("; " if cents else ", ").join(parts)


def with_categories(
    prize_settings: Mapping[str, Any], added: Sequence[Mapping[str, Any]]
) -> dict[str, Any]:
    """``prize_settings`` with the categories a typed table added (none removed)."""
    out = dict(prize_settings)
    out["categories"] = [*prize_settings.get("categories", []), *added]
    return out


def prize_changes(
    text: str, prize_settings: Mapping[str, Any], reference_year: int | None
) -> dict[str, Any]:
    """The settings a typed table writes, in one change: ``prizes``, and ``prize_settings``
    when the table names a category not defined yet."""
    table, added = parse_prizes(text, prize_settings.get("categories", []), reference_year)
    changes: dict[str, Any] = {"prizes": table}
    if added:
        changes["prize_settings"] = with_categories(prize_settings, added)
    return changes


def reference_year(age_reference_year: int | None, start_date: object) -> int | None:
    """The year ages are taken on 1 January of: the section's setting, else the year the
    event starts (« 2027-04-10 »), else None (the current year, as ``Category`` reads)."""
    if age_reference_year:
        return age_reference_year
    text = str(start_date or "")
    return int(text[:4]) if text[:4].isdigit() else None


def describe(category: Mapping[str, Any]) -> str:
    """Who may claim a category's prize, in French: « femmes », « moins de 20 ans »."""
    parts = []
    if category.get("sex") == "w":
        parts.append("femmes")
    if category.get("sex") == "m":
        parts.append("hommes")
    if category.get("max_rating") is not None:
        parts.append(f"Elo jusqu'à {category['max_rating']}")
    if category.get("min_rating") is not None:
        parts.append(f"Elo d'au moins {category['min_rating']}")
    if category.get("max_age") is not None:
        parts.append(f"moins de {int(category['max_age']) + 1} ans")
    if category.get("min_age") is not None:
        parts.append(f"{category['min_age']} ans et plus")
    if category.get("club"):
        parts.append(f"club {category['club']}")
    year = category.get("reference_year")
    if year and ({"max_age", "min_age"} & set(category)):
        parts[-1] += f" au 1er janvier {year}"
    return ", ".join(parts) or "tous"


def split_text(prizes: Sequence[Mapping[str, Any]]) -> tuple[str, str]:
    """The prize form's two lines: the general amounts by place (« 300, 200, 100 »), and
    every prize that has a name of its own (a category's, a trophy, a prize in kind)."""
    general: list[Mapping[str, Any]] = []
    others: list[Mapping[str, Any]] = []
    for p in prizes:
        plain = not (p.get("category") or p.get("trophy") or p.get("goods"))
        if plain and p.get("label") == f"{ordinal(len(general) + 1)} prix" and not others:
            general.append(p)
        else:
            others.append(p)
    return prizes_text(general), prizes_text(others)


def form_changes(
    places: str, others: str, prize_settings: Mapping[str, Any], reference_year: int | None
) -> dict[str, Any]:
    """The prize form's two lines as one table (places first), as ``prize_changes``."""
    for item in (part.strip() for part in others.split(";" if ";" in others else ",")):
        if item and "=" not in item:
            raise RuleError(
                f"Autres prix : « {item} » sans nom ; écrivez « nom=montant:catégorie » "
                "(les montants seuls vont sur la ligne des places)."
            )
    first, added = parse_prizes(places, prize_settings.get("categories", []), reference_year)
    known = [*prize_settings.get("categories", []), *added]
    more, added_more = parse_prizes(others, known, reference_year)
    changes: dict[str, Any] = {"prizes": [*first, *more]}
    if added or added_more:
        changes["prize_settings"] = with_categories(prize_settings, [*added, *added_more])
    return changes
