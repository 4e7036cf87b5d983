"""The results site as static files, for any web host or CDN, any sub-folder, or a USB key.

Links are relative and name ``index.html``, so the copy works opened from disk
(``file://``) as well as served; ``404.html`` is the French « page introuvable » that
most static hosts show for a missing page. The French pages are at the folder's root,
the English ones under ``en/``, the German ones under ``de/``, the same tree in each
(issue 55): a page links to itself in the other languages.
"""

from __future__ import annotations

from pathlib import Path

from ...operations.event import EventService, OperationError
from ...views.memo import MemoReader
from ..lang import LANGS
from .site import Site

MANIFEST = ".arbitre-pages"  # the pages the last export wrote, one path a line


def export_site(service: EventService, out: Path) -> int:
    """Write every page as ``OUT/…/index.html`` (and ``OUT/404.html``), in French, then
    in English under ``OUT/en/`` and German under ``OUT/de/``; returns how many.

    Exported again into the same folder, the pages the last export wrote and this one
    does not (a player removed, a round undone) are deleted — only those, listed in the
    folder's manifest: the organiser's own files stay. A file named as the folder is
    refused in French."""
    root = out.resolve()
    if root.exists() and not root.is_dir():
        raise OperationError(f"{out} est un fichier, pas un dossier : indiquez un dossier.")
    for parent in root.parents:
        if parent.exists() and not parent.is_dir():
            raise OperationError(f"{parent} est un fichier, pas un dossier : indiquez un dossier.")
    site = Site(service, static=True)
    site.reader = MemoReader(service)  # this export's own: read once, dropped at the end
    with site.reader.consistent():  # one snapshot of the file for every page
        written, count = _write_pages(site, root)
    _remove_stale(root, written)
    (root / MANIFEST).write_text("".join(f"{w}\n" for w in sorted(written)), encoding="utf-8")
    return count


def _write_pages(site: Site, root: Path) -> tuple[set[str], int]:
    """Every page in each language under ``root``: the paths written, how many pages."""
    count = 0
    written: set[str] = set()
    paths = site.paths()
    for lang in LANGS:
        site.use(lang)
        folder = (root / site.root.strip("/")).resolve()
        for path in paths:
            target = (folder / path.strip("/") / "index.html").resolve()
            if root not in target.parents:  # paths come from the site's own routes
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(site.render(path), encoding="utf-8")
            written.add(target.relative_to(root).as_posix())
            count += 1
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "404.html").write_text(site.not_found("/"), encoding="utf-8")
        written.add((folder / "404.html").relative_to(root).as_posix())
    site.use("fr")
    return written, count


def _remove_stale(root: Path, written: set[str]) -> None:
    """Deletes the pages the last export listed and this one did not write, then their
    folders left empty."""
    manifest = root / MANIFEST
    if not manifest.is_file():
        return
    for line in manifest.read_text(encoding="utf-8").splitlines():
        target = (root / line).resolve()
        if line in written or root not in target.parents or target.name not in PAGE_NAMES:
            continue
        target.unlink(missing_ok=True)
        folder = target.parent
        while folder != root and folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
            folder = folder.parent


PAGE_NAMES = ("index.html", "404.html")
