"""A tiny HTML element builder: text is always escaped, raw markup only through :func:`raw`.

The pages are built from :func:`el` calls instead of f-strings, so a name with ``<``, ``&``
or quotes cannot break a page: forgetting an escape is impossible, and trusting markup
has to be written out. Attributes are single-quoted (the pages' links are ``href='…'``).
No template engine: importing this costs nothing on the Pi's start-up.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TypeAlias

VOID = frozenset({"br", "hr", "img", "input", "link", "meta"})


class Markup(str):
    """HTML that is already safe: an element built here, or text a caller trusted by name."""

    __slots__ = ()


Child: TypeAlias = "str | int | float | Markup | Iterable[Child] | None"
Attr: TypeAlias = str | int | float | bool | None


def raw(markup: str) -> Markup:
    """Markup taken as it is (a style sheet, a constant): the one explicit way around escaping."""
    return Markup(markup)


def text(value: Child) -> Markup:
    """Children as HTML: strings and numbers escaped, markup kept, lists flattened, None dropped."""
    if value is None:
        return Markup()
    if isinstance(value, Markup):
        return value
    if isinstance(value, str | int | float):
        return Markup(escape(str(value), quote=False))
    return Markup("".join(text(v) for v in value))


def _attrs(attrs: dict[str, Attr]) -> str:
    out = []
    for name, value in attrs.items():
        if value is None or value is False:
            continue
        name = "class" if name == "cls" else name.rstrip("_").replace("_", "-")
        out.append(f" {name}" if value is True else f" {name}='{escape(str(value))}'")
    return "".join(out)


def el(tag: str, *children: Child, **attrs: Attr) -> Markup:
    """``<tag attrs>children</tag>``; ``cls`` is the class, ``http_equiv`` http-equiv."""
    head = f"<{tag}{_attrs(attrs)}>"
    if tag in VOID:
        return Markup(head)
    return Markup(f"{head}{text(children)}</{tag}>")


def document(title: str, style: str, *body: Child, head: Child = None, lang: str = "fr") -> str:
    """A whole page (French unless ``lang``): charset, viewport, title, the style sheet,
    then the body."""
    return (
        "<!doctype html>"
        + el(
            "html",
            el(
                "head",
                el("meta", charset="utf-8"),
                el("meta", name="viewport", content="width=device-width,initial-scale=1"),
                head,
                el("title", title),
                el("style", raw(style)),
            ),
            el("body", *body),
            lang=lang,
        )
        + "\n"
    )


class NotFound(Exception):
    """No such page."""


def row(*cells: Markup, **attrs: str | None) -> Markup:
    return el("tr", *cells, **attrs)


def table(head: list[Markup], rows: list[Markup], wide: bool = True) -> Markup:
    whole = el("table", el("tr", head), rows)
    return el("div", whole, cls="x") if wide else whole
