"""The results site served from the event file: GET and HEAD only, nothing writes.

Pages come from publish/html/site.py; each is rendered once per change of the file (SQLite
``PRAGMA data_version``), compressed once, and answered with an ETag so a phone that
reloads an unchanged page gets a 304.

Languages (issue 55): ``/en/…``, ``/de/…`` and ``/fr/…`` are the site in that language,
the same tree under each prefix, so the choice sticks for a phone without an account or
a cookie; the unprefixed pages (those the QR codes open) answer in the phone's
``Accept-Language`` (French when it names none we have), with ``Vary`` saying so.

It stays up in a hall full of phones (and under a flood): a connection that has sent no
complete request for ``IDLE_SECONDS`` — idle keep-alive, or headers trickling in — is
closed, and at most ``connection_cap()`` connections are kept, well below the
file-descriptor limit (a Pi's default is 1 024): past it the oldest connection is
closed, so a new phone is always answered and the server never runs out of files.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import gzip
import hashlib
import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from aiohttp import web

from ...operations.event import EventService
from ...publish.address import DEFAULT_PORT
from ...publish.html.site import NotFound, Site
from ...publish.html.style import SEARCH_SCRIPT
from ...publish.lang import LANGS, choose, words
from ...views.reader import Reader


def _script_hash() -> str:
    digest = hashlib.sha256(SEARCH_SCRIPT.encode("utf-8")).digest()
    return "sha256-" + base64.b64encode(digest).decode("ascii")


_HEADERS = {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-cache",
    "Vary": "Accept-Encoding",
    "X-Content-Type-Options": "nosniff",
    # the one script of the site (« Joueurs »' search box) allowed by its hash, no other
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; "
    f"script-src '{_script_hash()}'; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
}
# every answer, whatever its status (a 404, a 405, a redirect, a refusal): no framing, no
# sniffing, no version named (issue 51.5)
_ALWAYS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


async def _secured(request: web.Request, response: web.StreamResponse) -> None:
    """Before any answer goes out: the security headers it lacks, « Server » without
    aiohttp's version, and « no-store » on whatever is under a code's address."""
    for name, value in _ALWAYS.items():
        response.headers.setdefault(name, value)
    csp = response.headers["Content-Security-Policy"]
    if "frame-ancestors" not in csp:
        response.headers["Content-Security-Policy"] = csp + "; frame-ancestors 'none'"
    response.headers["Server"] = "arbitre"
    if "/saisie/" in request.path or "/pointage/" in request.path:
        response.headers["Cache-Control"] = "no-store"


async def _allowed_elsewhere(request: web.Request) -> list[str]:
    """The methods another route takes at this address (« POST » where a form posts):
    what a 405 lists in its « Allow »."""
    allowed: set[str] = set()
    for resource in request.app.router.resources():
        if resource.canonical == "/{tail}":
            continue
        match, methods = await resource.resolve(request)
        if match is None:
            allowed |= methods
    return sorted(allowed)


class Pages:
    """Rendered pages, kept until the file changes."""

    def __init__(self, path: str | Path) -> None:
        self.service = EventService(path, check=False)
        self.site = Site(self.service)
        self.reader = Reader(self.service)
        self._version = -1
        self._cache: dict[tuple[str, str, str], tuple[bytes, bytes, str]] = {}

    def get(self, path: str, lang: str = "fr", root: str = "") -> tuple[bytes, bytes, str]:
        """(body, gzipped body, etag) of the page in ``lang`` under the prefix ``root``;
        raises NotFound."""
        version = self.reader.data_version()
        if version != self._version:
            self._cache.clear()
            self._version = version
        hit = self._cache.get((lang, root, path))
        if hit is None:
            self.site.use(lang, root)
            body = self.site.render(path).encode("utf-8")
            etag = '"' + hashlib.sha256(body).hexdigest()[:20] + '"'
            hit = (body, gzip.compress(body, 6), etag)
            if len(self._cache) > 2000:
                self._cache.clear()
            self._cache[(lang, root, path)] = hit
        return hit


def language(request: web.Request) -> tuple[str, str, str]:
    """(language, its prefix, the path without it) of a request (publish.lang.choose)."""
    return choose(request.path, request.headers.get("Accept-Language", ""))


def _matches(if_none_match: str, etag: str) -> bool:
    """If-None-Match's weak comparison: a list of tags, « W/ » ones too, or « * »."""
    tags = [t.strip() for t in if_none_match.split(",")]
    return "*" in tags or etag in (t.removeprefix("W/") for t in tags)


def _why(exc: Exception) -> str:
    """What was wrong, in French and never the client's bytes (aiohttp's English message
    echoes up to a hundred of them): the console says why, the log holds no garbage."""
    from aiohttp import http_exceptions as h

    for kind, said in (
        (h.LineTooLong, "ligne ou en-tête trop long"),
        (h.BadStatusLine, "première ligne illisible (du TLS envoyé à http:// ?)"),
        (h.BadHttpMethod, "méthode inconnue"),
        (h.InvalidHeader, "en-tête invalide"),
        (h.TransferEncodingError, "corps mal découpé (chunked)"),
        (h.ContentLengthError, "longueur du corps invalide"),
        (h.InvalidURLError, "adresse invalide"),
    ):
        if isinstance(exc, kind):
            return said
    told = str(getattr(exc, "message", "") or "").lower()  # the C parser's one class
    for word, said in (
        ("content-length", "longueur du corps invalide"),
        ("chunk", "corps mal découpé (chunked)"),
        ("method", "méthode inconnue (du TLS envoyé à http:// ?)"),
        ("header", "en-tête invalide"),
        ("url", "adresse invalide"),
    ):
        if word in told:
            return said
    return "requête illisible"


class _BadRequestLine(logging.Filter):
    """A malformed request (a bad header, a line too long, TLS spoken to HTTP) is one
    French line on the console, never aiohttp's Python traceback; the client gets 400."""

    def filter(self, record: logging.LogRecord) -> bool:
        from aiohttp.http_exceptions import HttpProcessingError

        exc = record.exc_info[1] if record.exc_info else None
        if isinstance(exc, HttpProcessingError):
            who = str(record.args[0]) if isinstance(record.args, tuple) and record.args else ""
            record.msg, record.args = (
                "Requête mal formée refusée (400)%s : %s.",
                (f" de {who}" if who else "", _why(exc)),
            )
            record.exc_info = record.exc_text = None
        return True


def _quiet_bad_requests() -> None:
    log = logging.getLogger("aiohttp.server")
    if not any(isinstance(f, _BadRequestLine) for f in log.filters):
        log.addFilter(_BadRequestLine())


if TYPE_CHECKING:
    from .reporting import Reporting as _Reporting

REPORTING: web.AppKey[_Reporting] = web.AppKey("reporting")


def make_app(path: str | Path, reporting: bool = False) -> web.Application:
    """The site; with ``reporting``, the players' proposal routes too (faces/web/reporting.py:
    they answer only while the organiser has reporting on)."""
    _quiet_bad_requests()
    pages = Pages(path)
    # taking proposals, a player's page posts its form: « same-origin » lets the browser
    # send the form's true Origin, which the POST checks (« no-referrer » sends « null »)
    page_headers = {**_HEADERS, "Referrer-Policy": "same-origin"} if reporting else _HEADERS

    def not_found(path: str, lang: str = "fr", root: str = "") -> web.Response:
        """The site's « Page introuvable » in the phone's language, status 404 (never
        aiohttp's English)."""
        pages.site.use(lang, root)
        body = pages.site.not_found(path if path.startswith("/") else "/")
        return web.Response(status=404, text=body, content_type="text/html", charset="utf-8")

    async def handle(request: web.Request) -> web.StreamResponse:
        elsewhere = await _allowed_elsewhere(request)
        lang, root, target = language(request)
        if request.method not in ("GET", "HEAD") or elsewhere:
            allowed = sorted(set(elsewhere) or {"GET", "HEAD"})
            tr = words(lang)  # a phone's form posted with reporting off reads it (issue 55)
            said = tr("Méthode refusée ici : {methods}", methods=", ".join(allowed))
            raise web.HTTPMethodNotAllowed(request.method, allowed, text=said)
        raw = request.raw_path.split("?", 1)[0]
        if "%" in raw or "//" in raw or "/." in raw or "\\" in raw:
            return not_found("/", lang, root)
        if request.path in (f"/{x}" for x in LANGS):  # « /en »: its folder
            raise web.HTTPMovedPermanently(request.path.rsplit("/", 1)[-1] + "/")
        if not target.endswith("/"):
            try:
                pages.get(target + "/", lang, root)
            except NotFound:
                return not_found(target, lang, root)
            # relative (« classement/ »): behind a proxy's sub-folder the prefix is kept
            raise web.HTTPMovedPermanently(target.rsplit("/", 1)[-1] + "/")
        try:
            body, zipped, etag = pages.get(target, lang, root)
        except NotFound:
            return not_found(target, lang, root)
        gz = "gzip" in request.headers.get("Accept-Encoding", "")
        if gz:  # another representation, another tag (RFC 9110 8.8.3)
            etag = etag[:-1] + '-gz"'
        # the unprefixed pages change with the phone's language: caches keep one per language
        vary = "Accept-Encoding" if root else "Accept-Encoding, Accept-Language"
        headers = {**page_headers, "ETag": etag, "Vary": vary, "Content-Language": lang}
        if _matches(request.headers.get("If-None-Match", ""), etag):
            return web.Response(
                status=304, headers={"ETag": etag, "Cache-Control": "no-cache", "Vary": vary}
            )
        if gz:
            headers["Content-Encoding"] = "gzip"
            body = zipped
        return web.Response(body=body, headers=headers)

    if not reporting:
        app = web.Application()
    else:
        from .reporting import MAX_BODY, Reporting

        app = web.Application(client_max_size=MAX_BODY)
        pages.site.reporting = True
        writes = Reporting(path, pages.service, pages.site, pages.reader)
        writes.routes(app)
        app[REPORTING] = writes

        async def stop_writer(_app: web.Application) -> None:
            writes.close()

        app.on_cleanup.append(stop_writer)
    app.router.add_route("*", "/{tail:.*}", handle)
    app.on_response_prepare.append(_secured)
    return app


IDLE_SECONDS = 10.0  # no complete request for this long (idle, slow headers): closed
LINGER = 1.0  # after an early answer, the rest of a body is read this long at most


def connection_cap(soft_limit: int | None = None) -> int:
    """Connections kept at once: half the soft file-descriptor limit (the other half for
    the event file, its journal, the app), between 16 and 4 096."""
    if soft_limit is None:
        try:
            import resource

            soft_limit = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
            if soft_limit == resource.RLIM_INFINITY:
                soft_limit = 8192
        except (ImportError, OSError):  # not Unix: a Pi's default
            soft_limit = 1024
    return max(16, min(4096, soft_limit // 2))


class _CappedRunner(web.AppRunner):
    """An AppRunner whose server closes its oldest connections past ``cap``."""

    def __init__(self, app: web.Application, cap: int, idle: float) -> None:
        # a body left unread after an early answer (408, 413…) is drained this long at
        # most, then the connection is closed: a slow sender is not kept (issue 51.5)
        super().__init__(app, access_log=None, keepalive_timeout=idle, lingering_time=LINGER)
        self.cap = cap

    async def _make_server(self) -> web.Server:
        server = await super()._make_server()
        made = server.connection_made
        cap = self.cap

        def connection_made(handler: web.RequestHandler, transport: asyncio.Transport) -> None:
            made(handler, transport)
            live = [h for h in server.connections if h.transport is not None]
            for oldest in live[: max(0, len(live) - cap)]:  # in the order they came
                oldest.force_close()

        server.connection_made = connection_made  # type: ignore[method-assign]
        return server


async def start(
    path: str | Path,
    host: str,
    port: int,
    cap: int | None = None,
    idle: float = IDLE_SECONDS,
    reporting: bool = False,
) -> tuple[web.AppRunner, int]:
    """Listen; return the runner (``cleanup()`` stops it) and the port (0: one is chosen).
    ``cap`` and ``idle`` default to ``connection_cap()`` and ``IDLE_SECONDS``; ``reporting``:
    the players' proposals are taken (while the organiser has them on)."""
    runner = _CappedRunner(make_app(path, reporting), cap or connection_cap(), idle)
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    try:
        await site.start()
    except OSError:
        await runner.cleanup()
        raise
    server = getattr(site, "_server", None)
    sockets = getattr(server, "sockets", None) or []
    return runner, (sockets[0].getsockname()[1] if sockets else port)


def serve(
    path: str | Path,
    host: str = "0.0.0.0",
    port: int = DEFAULT_PORT,
    ready: Callable[[int], None] | None = None,
    reporting: bool = False,
) -> None:
    """Serve until interrupted (`arbitre serve`); ``ready`` gets the port listened on."""

    async def main() -> None:
        runner, actual = await start(path, host, port, reporting=reporting)
        if ready is not None:
            ready(actual)
        try:
            await asyncio.Event().wait()
        finally:
            await runner.cleanup()

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main())


def listen_refusal(exc: OSError, host: str, port: int, change: str, where: str) -> str:
    """Why the server cannot listen, in French and with what to do (Python's words are
    English: « [Errno 98] error while attempting to bind on address … »). ``change`` and
    ``where`` say how the face at hand changes the port and the host."""
    import errno
    import socket

    if isinstance(exc, socket.gaierror):
        return f"l'adresse {host} est inconnue (ni une adresse IP ni un nom de cette machine)"
    if exc.errno == errno.EADDRINUSE:
        return (
            f"le port {port} est déjà pris sur cette machine (un autre « arbitre serve », ou "
            f"le serveur démarré sur l'autre poste ?) : arrêtez-le, ou {change}"
        )
    if exc.errno == errno.EACCES:
        return f"le port {port} est réservé à l'administrateur (moins de 1024) : {change}"
    if exc.errno == errno.EADDRNOTAVAIL:
        return f"l'adresse {host} n'est pas une adresse de cette machine ({where})"
    name = errno.errorcode.get(exc.errno or 0, "inconnue")
    return f"écoute impossible sur {host}:{port} (erreur système {name})"


class ServerThread:
    """The server inside the app: its own thread, loop and SQLite connection."""

    def __init__(
        self,
        path: str | Path,
        host: str = "127.0.0.1",
        port: int = DEFAULT_PORT,
        cap: int | None = None,
        idle: float = IDLE_SECONDS,
        reporting: bool = False,
    ) -> None:
        self.path, self.host, self.port = path, host, port
        self.cap, self.idle, self.reporting = cap, idle, reporting
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._app: web.Application | None = None
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
        try:
            runner, self.port = loop.run_until_complete(
                start(self.path, self.host, self.port, self.cap, self.idle, self.reporting)
            )
        except OSError as exc:
            self.error = listen_refusal(
                exc,
                self.host,
                self.port,
                "changez le port dans l'adresse des QR codes (a)",
                "réglage serve_host",
            )
            self._ready.set()
            return
        self._ready.set()
        self._app = runner.app
        try:
            loop.run_forever()
        finally:
            loop.run_until_complete(runner.cleanup())
            loop.close()

    def unlock(self) -> bool:
        """Every lock-out of the phones lifted (the QR pane's key); False: this server
        takes no proposals. Done on the server's loop, waited for."""
        app, loop = getattr(self, "_app", None), self._loop
        if app is None or loop is None or not self.running or REPORTING not in app:
            return False
        writes = app[REPORTING]

        async def lift() -> None:
            writes.unlock()

        asyncio.run_coroutine_threadsafe(lift(), loop).result(10)
        return True

    def stop(self) -> None:
        if self._loop is not None and self.running:
            self._loop.call_soon_threadsafe(self._loop.stop)
            assert self._thread is not None
            self._thread.join(10)
        self._thread = None
