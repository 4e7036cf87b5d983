"""QR codes of the results pages: the URL of a page, PNG and SVG files."""

from __future__ import annotations

from pathlib import Path

import qrcode
import qrcode.image.svg

from ..operations.event import EventService


def base_url(service: EventService, override: str | None = None) -> str:
    """The address players' phones reach the Pi at (event setting ``base_url``)."""
    url = override or service.store.event()["settings"].get("base_url", "http://127.0.0.1:8080")
    return str(url).rstrip("/")


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


def write_png(data: str, out: Path) -> None:
    with out.open("wb") as fh:
        _code(data).make_image().save(fh)


def write_svg(data: str, out: Path) -> None:
    image = _code(data).make_image(image_factory=qrcode.image.svg.SvgPathImage)
    with out.open("wb") as fh:
        image.save(fh)
