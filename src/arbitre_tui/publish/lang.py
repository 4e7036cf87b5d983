"""What a player reads, in his language: French, English, German (issue 55).

One mechanism: gettext catalogues (``publish/locale/LANG/LC_MESSAGES/joueurs.po``, compiled
to the ``.mo`` beside it by ``python -m arbitre_tui.publish.msgfmt``). The French text is
the message id: the French pages need no catalogue, the code reads as the pages do, and a
text the English or German catalogue lacks shows in French (the tell-tale test catches it).

A view's French sentence (« classement après la ronde 3 », « bye ½ point ») is translated
by :meth:`Words.view`: the catalogue's own entry, else one of its entries with ``{name}``
placeholders read as a pattern. The arbiter's interface stays French; only the players'
pages, the wall display and the posters' short texts go through here.
"""

from __future__ import annotations

import datetime as dt
import functools
import gettext
import re
from pathlib import Path

LANGS = ("fr", "en", "de")
DEFAULT = "fr"
# each language named in itself (the links between languages)
NAMES = {"fr": "Français", "en": "English", "de": "Deutsch"}
DOMAIN = "joueurs"
LOCALE = Path(__file__).parent / "locale"
_DATES = {"fr": "%d/%m/%Y", "en": "%d/%m/%Y", "de": "%d.%m.%Y"}
_FIELD = re.compile(r"\{(\w+)\}")


class Words:
    """One language's words: ``words("Ronde {n}", n=3)``, plurals, dates, tie-breaks."""

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGS else DEFAULT
        if self.lang == DEFAULT:
            self._t: gettext.NullTranslations = gettext.NullTranslations()
        else:
            self._t = gettext.translation(DOMAIN, LOCALE, [self.lang])
        catalog: dict[object, str] = getattr(self._t, "_catalog", {})
        # the most literal text first: « {r}, Armageddon {d} (nulle : …) » before « {a} : {b} »
        found = [k for k in catalog if isinstance(k, str) and "{" in k]
        found.sort(key=lambda k: -len(_FIELD.sub("", k)))
        self._patterns = [(_pattern(k), catalog[k]) for k in found]

    def __call__(self, text: str, **values: object) -> str:
        """``text`` (French, the message id) in this language, its ``{fields}`` filled."""
        out = self._t.gettext(text)
        return out.format(**values) if values else out

    def plural(self, one: str, many: str, count: float, **values: object) -> str:
        """« 1 pt », « 2 pts »: French says the singular up to 1 (« ½ pt »), English
        and German as their catalogue's plural rule says."""
        whole = int(count > 1) + 1 if self.lang == DEFAULT else int(count != 1) + 1
        out = self._t.ngettext(one, many, whole)
        return out.format(**values) if values else out

    def view(self, text: str) -> str:
        """A view's French sentence in this language: the catalogue's entry, else a
        pattern entry (« classement après la ronde {n} »), else the French."""
        if not text or self.lang == DEFAULT:
            return text
        out = self._t.gettext(text)
        if out != text:
            return out
        for pattern, translated in self._patterns:
            m = pattern.match(text)
            if m:
                return translated.format(**{k: self.view(v) for k, v in m.groupdict().items()})
        return text

    def date(self, day: dt.date) -> str:
        """JJ/MM/AAAA, DD/MM/YYYY, TT.MM.JJJJ."""
        return day.strftime(_DATES[self.lang])

    def dates(self, first: object, last: object) -> str:
        """An event's days from their stored ISO text: « du 14/07/2026 au 16/07/2026 »,
        one day alone, "" when none is known (or the text is not a date)."""
        days = sorted({d for d in map(_iso_day, (first, last)) if d is not None})
        if len(days) == 2:
            return self("du {start} au {end}", start=self.date(days[0]), end=self.date(days[1]))
        return self.date(days[0]) if days else ""

    def started(self, at: dt.datetime) -> str:
        """When a round's clocks were started: « Début : 15/07/2026 à 14:00 »."""
        return self("Début : {day} à {time}", day=self.date(at), time=f"{at:%H:%M}")

    def tiebreak(self, code: str) -> str:
        """A tie-break's name as the language writes it: C.07's English names, the DSB's
        German ones (« BH/C1 »: « Buchholz Cut 1 », « Buchholz mit Streichwertung »)."""
        from ..rules.tiebreaks import NAMES as TIEBREAKS
        from ..rules.tiebreaks import describe

        if self.lang == DEFAULT:
            return describe(code)
        base, *parts = code.strip().upper().split("/")
        base = "PS" if base == "CUM" else base
        out = self(TIEBREAKS[base]) if base in TIEBREAKS else base
        for part in parts:
            n = part[1:] or "1"
            if part[:1] == "C":
                out = self("{name} tronqué de {n}", name=out, n=n)
            elif part[:1] == "M":
                out = self("{name} médian de {n}", name=out, n=n)
            elif part[:1] == "L":
                out = self("{name}, limite {n}", name=out, n=part[1:])
            elif part == "R":
                out = self("{name} (ordre inverse)", name=out)
        return out


def _iso_day(text: object) -> dt.date | None:
    try:
        return dt.date.fromisoformat(str(text)[:10]) if text else None
    except ValueError:
        return None


def _pattern(msgid: str) -> re.Pattern[str]:
    """« classement après la ronde {n} » as a regular expression, each field a group."""
    parts = _FIELD.split(msgid)  # literal, field, literal, field…
    return re.compile(
        "^"
        + "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts))
        + "$"
    )


def in_every(text: str, sep: str = " · ", langs: tuple[str, ...] = LANGS) -> str:
    """``text`` in each language, a language that writes it as another left out: what
    paper read by everyone in the hall says (« Échiquier · Board · Brett »)."""
    said: list[str] = []
    for lang in langs:
        out = words(lang)(text)
        if out not in said:
            said.append(out)
    return sep.join(said)


@functools.cache
def words(lang: str) -> Words:
    """The language's words (catalogue read once)."""
    return Words(lang)


def choose(path: str, accept_language: str) -> tuple[str, str, str]:
    """(language, its prefix, the path without it) of a request: ``/en/open/`` is
    English at ``/open/``; an unprefixed path, the phone's ``Accept-Language``."""
    head, _, rest = path.lstrip("/").partition("/")
    if head in LANGS and path.startswith(f"/{head}/"):
        return head, f"/{head}", "/" + rest
    return negotiate(accept_language), "", path


def negotiate(accept_language: str) -> str:
    """The language a phone asks for in ``Accept-Language`` (« de-DE,de;q=0.9,en;q=0.8 »)
    among those we have, its own order of preference; French when none."""
    best, best_q = DEFAULT, -1.0
    for position, item in enumerate(accept_language.split(",")[:20]):
        tag, _, params = item.strip().partition(";")
        primary = tag.strip().lower().split("-")[0]
        q = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        score = q - position * 1e-6  # equal weights: the first named wins
        if primary in LANGS and q > 0 and score > best_q:
            best, best_q = primary, score
    return best
