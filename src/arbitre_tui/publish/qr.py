"""QR codes of the results pages: the URL of a page, PNG and SVG files.

qrcode is imported where a code is drawn: a PDF without a QR code (pairings, standings)
and the site's addresses do not load it (issue 56.4).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import qrcode

# The one address of every QR code (the setting, else detected on the machine's interfaces).
from .address import base_url as base_url

_SEGMENT = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9_.-]*")


def page_fault(page: str) -> str | None:
    """Why ``page`` is not a page of the results site (None: it is). A page is a path
    inside the site — « classement/ », « ronde-3/ », « joueur-12/ » —, never a way out
    of it (« ../ ») nor another site's address (that is --base-url's)."""
    text = page.strip()
    if "://" in text or text.startswith("//") or ":" in text:
        return "une page du site, pas une adresse (l'adresse du site : --base-url)"
    segments = text.strip("/").split("/")
    if len(text) > 200 or not all(_SEGMENT.fullmatch(s) for s in segments if text.strip("/")):
        return (
            "une page du site s'écrit avec des lettres, chiffres et tirets, sans « .. » "
            "(ex. classement/, ronde-3/, joueur-12/)"
        )
    return None


def page_url(base: str, key: str | None = None, page: str = "") -> str:
    """``base/KEY/page`` with the trailing slash the site's paths have."""
    parts = [base.rstrip("/")]
    if key:
        parts.append(key)
    if page:
        parts.append(page.strip("/"))
    return "/".join(parts) + "/"


# what a phone's camera reads at a glance from a printed page (a QR code holds 2 331 bytes
# at this correction level, which no camera reads across a room)
URL_LIMIT = 500


def _code(data: str) -> qrcode.QRCode:  # type: ignore[type-arg]
    size = len(data.encode("utf-8", "replace"))
    if size > URL_LIMIT:  # qrcode's own error is English (« Invalid version »)
        from ..rules.errors import RuleError
        from ..rules.text import shown

        raise RuleError(
            f"adresse « {shown(data)} » de {size} caractères : trop longue pour un QR code "
            f"({URL_LIMIT} au plus) ; donnez une adresse plus courte (--base-url, --page, "
            "réglage base_url)."
        )
    import qrcode

    code = qrcode.QRCode(border=4, box_size=10, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(data)
    code.make(fit=True)
    return code


def png_bytes(data: str) -> bytes:
    """The QR code of ``data`` as PNG bytes (a PDF page's corner)."""
    import io

    buf = io.BytesIO()
    _code(data).make_image().save(buf)
    return buf.getvalue()


def write_png(data: str, out: Path) -> None:
    image = _code(data).make_image()  # refused before the file is opened
    with out.open("wb") as fh:
        image.save(fh)


def write_svg(data: str, out: Path) -> None:
    import qrcode.image.svg

    image = _code(data).make_image(image_factory=qrcode.image.svg.SvgPathImage)
    with out.open("wb") as fh:
        image.save(fh)


def svg_markup(data: str) -> str:
    """The QR code of ``data`` as an inline ``<svg>`` (a page shows it with no file)."""
    import qrcode.image.svg

    image = _code(data).make_image(image_factory=qrcode.image.svg.SvgPathImage)
    return str(image.to_string(encoding="unicode"))
