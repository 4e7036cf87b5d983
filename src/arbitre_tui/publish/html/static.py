"""The results site as static files, for any web host or CDN, any sub-folder, or a USB key.

Links are relative and name ``index.html``, so the copy works opened from disk
(``file://``) as well as served; ``404.html`` is the French « page introuvable » that
most static hosts show for a missing page.
"""

from __future__ import annotations

from pathlib import Path

from ...operations.event import EventService
from .site import Site


def export_site(service: EventService, out: Path) -> int:
    """Write every page as ``OUT/…/index.html`` (and ``OUT/404.html``); returns how many."""
    site = Site(service, static=True)
    count = 0
    root = out.resolve()
    for path in site.paths():
        target = (root / path.strip("/") / "index.html").resolve()
        if root not in target.parents:  # paths come from the site's own routes
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(site.render(path), encoding="utf-8")
        count += 1
    root.mkdir(parents=True, exist_ok=True)
    (root / "404.html").write_text(site.not_found("/"), encoding="utf-8")
    return count
