"""Text from files other programs wrote (a TRF, a rating list): UTF-8, or what older
programs on Windows write, read the same way everywhere; and text a person typed (a name,
a note): one rule for its characters and its length, and how a message echoes it."""

from __future__ import annotations

UTF8 = "utf-8"
# tried in this order, line by line; Latin-1 reads any byte, so it comes last
NAMES = {UTF8: "UTF-8", "cp1252": "Windows-1252", "latin-1": "Latin-1"}
_ORDER = tuple(NAMES)


def decode(data: bytes) -> tuple[str, str]:
    """``data`` as text, and how its lines that are not UTF-8 were read: each line in
    UTF-8; else Windows-1252 (its Œ and ’ are no Latin-1 letters); else Latin-1, for the
    five bytes Windows-1252 leaves undefined. Line by line: one stray byte does not turn
    the file's correct UTF-8 into « Ã© ». Never a « � » in place of an accent."""
    try:
        return data.decode(UTF8), UTF8
    except UnicodeDecodeError:
        pass
    used = UTF8
    lines = []
    for raw in data.splitlines(keepends=True):
        text, encoding = _line(raw)
        lines.append(text)
        used = max(used, encoding, key=_ORDER.index)
    return "".join(lines), used


def _line(raw: bytes) -> tuple[str, str]:
    for encoding in _ORDER[:-1]:
        try:
            return raw.decode(encoding), encoding
        except UnicodeDecodeError:
            continue
    return raw.decode(_ORDER[-1]), _ORDER[-1]


# -- text typed by a person (a name, a club, a note, an appeal): one rule everywhere ----------

# a note, a reason, an appeal: a paragraph of the procès-verbal, not a whole file pasted
NOTE_LIMIT = 2000


def too_long(what: str, text: str, limit: int = NOTE_LIMIT) -> str | None:
    """Why ``text`` is refused, if longer than ``limit`` characters: the sheets and the
    procès-verbal print it whole."""
    size = len(text.strip())
    if size <= limit:
        return None

    def n(count: int) -> str:  # « 100 000 », as French writes it
        return f"{count:,}".replace(",", "\u202f")

    return (
        f"{what} : {n(size)} caractères, {n(limit)} caractères au plus ; rien n'a été enregistré."
    )


# one line: a name, a club, a telephone, a setting's text; a note or an appeal: a paragraph
LINE_LIMIT = 200

# what a character that is no text is called (the codes a terminal or a paste sends)
_CONTROL_NAMES = {
    0x00: "NUL",
    0x07: "sonnerie",
    0x08: "retour arrière",
    0x09: "tabulation",
    0x0A: "retour à la ligne",
    0x0D: "retour chariot",
    0x1B: "Échap",
    0x7F: "suppression",
}
# bidi controls reorder what follows them on screen and paper (« U+202E » turns a name)
_BIDI = frozenset([0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A), 0xFEFF])


def bad_character(text: str, *, lines: bool = False) -> tuple[str, int] | None:
    """The first character of ``text`` that is no typed text, as (kind, code): « utf8 »,
    a byte the terminal sent that is not UTF-8 (Python keeps it as a lone surrogate);
    « control », Échap, sonnerie, a line break where one line is expected; « bidi », an
    override that turns the text on screen and paper; « format », an invisible character
    that changes nothing one sees (a zero-width space, a soft hyphen: two names that look
    the same would differ). ``lines``: a paragraph (a note, an appeal), where a line
    break and a tabulation are text."""
    for char in text:
        code = ord(char)
        if 0xD800 <= code <= 0xDFFF:
            return "utf8", code
        if lines and char in "\n\t":
            continue
        if code < 0x20 or 0x7F <= code < 0xA0 or code in (0x2028, 0x2029):
            return "control", code
        if code in _BIDI:
            return "bidi", code
        if code >= 0xAD and _category(char) == "Cf":
            return "format", code
    return None


def _category(char: str) -> str:
    import unicodedata  # only for a character past Latin-1's letters

    return unicodedata.category(char)


# letters Unicode counts as such that show nothing (Hangul fillers, the braille blank)
_BLANK_LETTERS = frozenset([0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800])


# spaces, accents on nothing, controls: what shows nothing alone (an unassigned code shows
# a box: it is not refused here)
_SHOW_NOTHING = frozenset(["Zs", "Zl", "Zp", "Mn", "Mc", "Me", "Cc", "Cf", "Cs"])


def visible_fault(what: str, text: str) -> str | None:
    """A name or a key must show something: a letter, a digit, a sign — not only spaces,
    accents with nothing under them, or letters that show nothing (Hangul filler)."""
    for char in text:
        if char.isascii():
            if char.isalnum() or (char.isprintable() and not char.isspace()):
                return None
            continue
        if ord(char) not in _BLANK_LETTERS and _category(char) not in _SHOW_NOTHING:
            return None
    return f"{what} : rien de visible (espaces, accents seuls ou caractères invisibles) ; rien n'a été enregistré."


def beyond_bmp_fault(what: str, text: str) -> str | None:
    """A character past Unicode's first plane (an emoji): Papi's files and the FFE's
    programs write two « ? » for it; a name or a club keeps to the characters they write."""
    for char in text:
        if ord(char) > 0xFFFF:
            return (
                f"{what} : caractère « {char} » refusé (émoji ou caractère rare) : Papi et "
                "les fichiers de la fédération ne savent pas l'écrire ; rien n'a été enregistré."
            )
    return None


# an e-mail as the organisers' lists hold them: one @, a dotted domain, no space (RFC 5321's
# 254 characters at most)
_EMAIL_LIMIT = 254


def email_fault(text: str) -> str | None:
    """Why ``text`` is no e-mail address (None: it has the shape of one)."""
    import re

    if len(text) > _EMAIL_LIMIT:
        return too_long("Courriel", text, _EMAIL_LIMIT)
    if not re.fullmatch(r"[^@\s]{1,64}@[^@\s.]+(\.[^@\s.]+)+", text):
        return (
            f"Courriel « {shown(text)} » illisible : une adresse comme prenom.nom@exemple.fr ; "
            "rien n'a été enregistré."
        )
    return None


def character_name(kind: str, code: int) -> str:
    """A character :func:`bad_character` found, named for the arbiter."""
    if kind == "utf8":
        return "octet illisible (ce n'est pas de l'UTF-8)"
    if kind == "control":
        name = _CONTROL_NAMES.get(code)
        return f"caractère de contrôle (code {code}{', ' + name if name else ''})"
    if kind == "bidi":
        return f"caractère de sens d'écriture (U+{code:04X})"
    return f"caractère invisible (U+{code:04X})"


def character_fault(text: str, *, lines: bool = False) -> str | None:
    """Why ``text`` cannot be stored as typed text, in French, if it cannot."""
    found = bad_character(text, lines=lines)
    if found is None:
        return None
    kind, code = found
    if kind == "utf8":
        return (
            "le terminal n'envoie pas de l'UTF-8 (un caractère illisible) : réglez "
            "le terminal en UTF-8 puis retapez le texte"
        )
    if kind == "format":
        return (
            f"caractère invisible (U+{code:04X}) refusé : il ne se voit pas mais change le "
            "texte ; retapez le texte sans lui"
        )
    if kind == "control":
        name = _CONTROL_NAMES.get(code)
        return (
            f"caractère de contrôle (code {code}{', ' + name if name else ''}) refusé : "
            "retapez le texte sans lui"
        )
    return (
        f"caractère de sens d'écriture (U+{code:04X}) refusé : il retourne ou déplace "
        "le texte à l'affichage ; retapez le texte sans lui"
    )


def text_fault(
    what: str, text: str, limit: int | None = None, *, lines: bool = False
) -> str | None:
    """Why a text typed for ``what`` is refused (its characters, then its length: ``limit``,
    by default a line's or a note's), or None. The one rule of every free-text field: the
    command line, the screen's prompts and forms reach it through the operations."""
    if fault := character_fault(text, lines=lines):
        return f"{what} : {fault}."
    return too_long(what, text, limit or (NOTE_LIMIT if lines else LINE_LIMIT))


SHOWN = 40


def shown(value: str, limit: int = SHOWN) -> str:
    """A value echoed in a message: its first ``limit`` characters and « … » (a pasted file
    is not said back whole), a byte that was not UTF-8 as « � » (never « \\udcff »), a
    control character as its picture (« ␛ »), never acted on by the terminal."""
    value = "".join(map(_visible, value)) if not value.isprintable() else value
    return value if len(value) <= limit else value[:limit] + "…"


def _visible(char: str) -> str:
    """A character a terminal would act on (Échap, sonnerie, a bidi override), shown as
    its picture (« ␛ ») or « � »: a message never turns or clears the screen."""
    code = ord(char)
    if char == "\n" or char.isprintable():
        return char
    if code < 0x20:
        return chr(0x2400 + code)  # ␀ … ␟, Unicode's control pictures
    if code == 0x7F:
        return "\u2421"
    import unicodedata

    if unicodedata.category(char) == "Zs":  # the spaces French writes (« 100 000 »)
        return char
    return "\ufffd"  # a lone surrogate (not UTF-8), C1, bidi and other format characters
