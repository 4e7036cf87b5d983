"""The pages a player opens, at phone width (375 px) in headless Chromium: screenshots and
how many phone screens (812 px) each page is tall.

Starts the results server on 127.0.0.1 for the demo event (created if missing), asks
Chromium (Debian ``chromium``) for each page in light and dark mode, and prints each page's
height beside the figure issue 17 measured (the Open A round page: 4.3 screens).

    python bench/phone_screenshot.py [EVENT.sqlite] [OUT_DIR]
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image

from arbitre_tui.faces.web.server import ServerThread
from arbitre_tui.operations import EventService
from arbitre_tui.operations.templates import create_demo

SCREEN = 812  # px: an iPhone's screen height at 375 px wide
BASELINE = {"ronde": 4.3}  # issue 17, commit b6317ef


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
    player = service.store.players(t.id or 0)[0]
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
    print(f"captures : {outdir}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
