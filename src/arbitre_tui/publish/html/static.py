"""The results site as static files, for any web host or CDN."""

from __future__ import annotations

from pathlib import Path

from ...operations.event import EventService
from .site import Site


def export_site(service: EventService, out: Path) -> int:
    """Write every page as ``OUT/…/index.html``; returns how many."""
    site = Site(service)
    count = 0
    root = out.resolve()
    for path in site.paths():
        target = (root / path.strip("/") / "index.html").resolve()
        if root not in target.parents:  # paths come from the site's own routes
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(site.render(path), encoding="utf-8")
        count += 1
    return count
