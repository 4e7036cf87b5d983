"""A player's page at phone width (375 px) in headless Chromium; prints the PNG's path.

Starts the results server on 127.0.0.1 for the demo event (created if missing), then
asks Chromium (Debian ``chromium``) for a screenshot.

    python bench/phone_screenshot.py [EVENT.sqlite] [OUT.png]
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from arbitre_tui.faces.web.server import ServerThread
from arbitre_tui.operations import EventService
from arbitre_tui.operations.templates import create_demo


def main() -> int:
    event = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp()) / "demo.sqlite"
    out = Path(sys.argv[2]) if len(sys.argv) > 2 else Path(tempfile.mkdtemp()) / "joueur.png"
    if not event.exists():
        create_demo(event).close()
    service = EventService(event)
    t = service.tournament("open-a")
    player = service.store.players(t.id or 0)[0]
    server = ServerThread(event, port=0)
    server.start()
    url = f"http://127.0.0.1:{server.port}/open-a/joueur-{player.id}/"
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        print("chromium introuvable (apt-get install chromium)")
        return 1
    profile = tempfile.mkdtemp()
    subprocess.run(
        [
            browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
            "--no-first-run", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", f"--user-data-dir={profile}", "--hide-scrollbars",
            "--window-size=375,812", f"--screenshot={out}", url,
        ],
        capture_output=True,
        timeout=60,
        check=False,
    )  # fmt: skip
    server.stop()
    print(f"{url} -> {out}" if out.exists() else "pas de capture")
    return 0 if out.exists() else 1


if __name__ == "__main__":
    raise SystemExit(main())
