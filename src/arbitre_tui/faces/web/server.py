"""The results site served from the event file: GET and HEAD only, nothing writes.

Pages come from publish/html/site.py; each is rendered once per change of the file (SQLite
``PRAGMA data_version``), compressed once, and answered with an ETag so a phone that
reloads an unchanged page gets a 304.
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import threading
from pathlib import Path

from aiohttp import web

from ...operations.event import EventService
from ...publish.html.site import NotFound, Site
from ...views.reader import Reader

_HEADERS = {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-cache",
    "Vary": "Accept-Encoding",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    "Referrer-Policy": "no-referrer",
}


class Pages:
    """Rendered pages, kept until the file changes."""

    def __init__(self, path: str | Path) -> None:
        self.service = EventService(path, check=False)
        self.site = Site(self.service)
        self.reader = Reader(self.service)
        self._version = -1
        self._cache: dict[str, tuple[bytes, bytes, str]] = {}

    def get(self, path: str) -> tuple[bytes, bytes, str]:
        """(body, gzipped body, etag) of the page; raises NotFound."""
        version = self.reader.data_version()
        if version != self._version:
            self._cache.clear()
            self._version = version
        hit = self._cache.get(path)
        if hit is None:
            body = self.site.render(path).encode("utf-8")
            etag = '"' + hashlib.sha256(body).hexdigest()[:20] + '"'
            hit = (body, gzip.compress(body, 6), etag)
            if len(self._cache) > 2000:
                self._cache.clear()
            self._cache[path] = hit
        return hit


def make_app(path: str | Path) -> web.Application:
    pages = Pages(path)

    async def handle(request: web.Request) -> web.StreamResponse:
        if request.method not in ("GET", "HEAD"):
            raise web.HTTPMethodNotAllowed(request.method, ["GET", "HEAD"])
        raw = request.raw_path.split("?", 1)[0]
        if "%" in raw or "//" in raw or "/." in raw or "\\" in raw:
            raise web.HTTPNotFound()
        target = request.path
        if not target.endswith("/"):
            try:
                pages.get(target + "/")
            except NotFound:
                raise web.HTTPNotFound() from None
            raise web.HTTPMovedPermanently(target + "/")
        try:
            body, zipped, etag = pages.get(target)
        except NotFound:
            raise web.HTTPNotFound() from None
        headers = {**_HEADERS, "ETag": etag}
        if request.headers.get("If-None-Match") == etag:
            return web.Response(status=304, headers={"ETag": etag, "Cache-Control": "no-cache"})
        if "gzip" in request.headers.get("Accept-Encoding", ""):
            headers["Content-Encoding"] = "gzip"
            body = zipped
        return web.Response(body=body, headers=headers)

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", handle)
    return app


def serve(path: str | Path, host: str = "127.0.0.1", port: int = 8080) -> None:
    """Serve until interrupted (`arbitre serve`)."""
    web.run_app(make_app(path), host=host, port=port, print=None, access_log=None)


class ServerThread:
    """The server inside the app: its own thread, loop and SQLite connection."""

    def __init__(self, path: str | Path, host: str = "127.0.0.1", port: int = 8080) -> None:
        self.path, self.host, self.port = path, host, port
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self.error: str | None = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="arbitre-web", daemon=True)
        self._thread.start()
        self._ready.wait(10)
        if self.error:
            raise OSError(self.error)

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        runner: web.AppRunner | None = None
        try:
            runner = web.AppRunner(make_app(self.path), access_log=None)
            loop.run_until_complete(runner.setup())
            site = web.TCPSite(runner, self.host, self.port)
            loop.run_until_complete(site.start())
            server = getattr(site, "_server", None)
            sockets = getattr(server, "sockets", None) or []
            if sockets:
                self.port = sockets[0].getsockname()[1]
        except OSError as exc:
            self.error = str(exc)
            self._ready.set()
            return
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            loop.run_until_complete(runner.cleanup())
            loop.close()

    def stop(self) -> None:
        if self._loop is not None and self.running:
            self._loop.call_soon_threadsafe(self._loop.stop)
            assert self._thread is not None
            self._thread.join(10)
        self._thread = None
