"""The pages a player opens, at phone width (375 px) in headless Chromium: screenshots and
how many phone screens (812 px) each page is tall.

Starts the results server on 127.0.0.1 for the demo event (created if missing), asks
Chromium (Debian ``chromium``) for each page in light and dark mode, and prints each page's
height beside the figure issue 17 measured (the Open A round page: 4.3 screens).

    python bench/phone_screenshot.py [EVENT.sqlite] [OUT_DIR]
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image

from arbitre_tui.faces.web.server import ServerThread
from arbitre_tui.operations import EventService
from arbitre_tui.operations.templates import create_demo
from arbitre_tui.publish.html.static import export_site

SCREEN = 812  # px: an iPhone's screen height at 375 px wide
# screens before issue 17's pages (main 9ede540; the issue measured 4.3 for the round)
BASELINE = {"ronde": 4.3, "joueur": 0.5, "classement": 8.5, "tableau": 6.6, "coupe": 0.3,
            "accueil": 0.4}  # fmt: skip
_PROBE = """<script>window.onload=function(){var h=[].map.call(document.links,function(a){
return a.getBoundingClientRect().height});document.body.textContent='LIENS '+h.length+' '+
h.filter(function(x){return x<44}).length+' '+Math.min.apply(null,h)}</script>"""


def content_height(png: Path) -> int:
    """The last pixel row that differs from the page's background (the bottom row)."""
    img = Image.open(png).convert("RGB")
    width, height = img.size
    background = img.getpixel((width - 1, height - 1))
    px = img.load()
    assert px is not None
    for y in range(height - 1, -1, -1):
        if any(px[x, y] != background for x in range(0, width, 3)):
            return y + 1
    return 0


def shot(browser: str, url: str, out: Path, dark: bool = False, tall: bool = False) -> bool:
    """A screenshot of ``url`` at 375 px (``tall``: 12 screens high, to measure)."""
    profile = tempfile.mkdtemp()
    height = SCREEN * 12 if tall else SCREEN
    flags = ["--force-dark-mode", "--blink-settings=preferredColorScheme=0"] if dark else []
    subprocess.run(
        [
            browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
            "--no-first-run", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", f"--user-data-dir={profile}", "--hide-scrollbars",
            *flags, f"--window-size=375,{height}", f"--screenshot={out}", url,
        ],
        capture_output=True,
        timeout=90,
        check=False,
    )  # fmt: skip
    shutil.rmtree(profile, ignore_errors=True)
    return out.exists()


def touch_targets(browser: str, page: Path) -> tuple[int, int, float]:
    """(links, links under 44 px high, the lowest height) of a static page at 375 px: the
    page is copied with a probe script (the static export has no CSP) and read back."""
    probe = page.with_name("probe.html")
    probe.write_text(page.read_text().replace("</body>", _PROBE + "</body>"))
    profile = tempfile.mkdtemp()
    out = subprocess.run(
        [
            browser, "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={profile}",
            "--window-size=375,812", "--dump-dom", probe.as_uri(),
        ],
        capture_output=True, text=True, timeout=90, check=False,
    )  # fmt: skip
    shutil.rmtree(profile, ignore_errors=True)
    found = re.search(r"LIENS (\d+) (\d+) ([\d.]+)", out.stdout)
    return (int(found[1]), int(found[2]), float(found[3])) if found else (0, 0, 0.0)


def main() -> int:
    event = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp()) / "demo.sqlite"
    outdir = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(tempfile.mkdtemp())
    outdir.mkdir(parents=True, exist_ok=True)
    if not event.exists():
        create_demo(event).close()
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        print("chromium introuvable (apt-get install chromium)")
        return 1
    service = EventService(event)
    t = service.tournament("open-a")
    player = service._store.players(t.id or 0)[0]
    server = ServerThread(event, port=0)
    server.start()
    base = f"http://127.0.0.1:{server.port}"
    pages = {
        "ronde": "/open-a/",
        "joueur": f"/open-a/joueur-{player.id}/",
        "classement": "/open-a/classement/",
        "par-nom": "/open-a/ronde-3/noms/",
        "tableau": "/open-ko/tableau/",
        "coupe": "/coupe/",
        "accueil": "/",
    }
    failed = 0
    try:
        print(f"{'page':<12} {'hauteur':>8}  écrans (812 px)  avant")
        for name, path in pages.items():
            png = outdir / f"{name}.png"
            if not shot(browser, base + path, png, tall=True):
                print(f"{name:<12} pas de capture")
                failed += 1
                continue
            h = content_height(png)
            before = BASELINE.get(name)
            print(f"{name:<12} {h:>6}px  {h / SCREEN:>6.1f}         {before or ''}")
            shot(browser, base + path, outdir / f"{name}-ecran.png")
            shot(browser, base + path, outdir / f"{name}-sombre.png", dark=True)
    finally:
        server.stop()
    site = outdir / "site"
    export_site(service, site)
    print(f"{'page':<12} liens  < 44 px  le plus bas")
    for name, path in pages.items():
        page = site / path.strip("/") / "index.html"
        if not page.exists():
            continue
        links, small, low = touch_targets(browser, page)
        print(f"{name:<12} {links:>5}  {small:>7}  {low:>6.0f} px")
    print(f"captures : {outdir}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
