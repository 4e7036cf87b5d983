"""QR codes of the results pages: the URL of a page, PNG and SVG files."""

from __future__ import annotations

from pathlib import Path

import qrcode
import qrcode.image.svg

# The one address of every QR code (the setting, else detected on the machine's interfaces).
from .address import base_url as base_url


def page_url(base: str, key: str | None = None, page: str = "") -> str:
    """``base/KEY/page`` with the trailing slash the site's paths have."""
    parts = [base.rstrip("/")]
    if key:
        parts.append(key)
    if page:
        parts.append(page.strip("/"))
    return "/".join(parts) + "/"


def _code(data: str) -> qrcode.QRCode:  # type: ignore[type-arg]
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
    with out.open("wb") as fh:
        _code(data).make_image().save(fh)


def write_svg(data: str, out: Path) -> None:
    image = _code(data).make_image(image_factory=qrcode.image.svg.SvgPathImage)
    with out.open("wb") as fh:
        image.save(fh)
