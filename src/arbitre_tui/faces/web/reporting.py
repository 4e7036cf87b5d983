"""The results server's one write path: players propose a result (or their check-in)
from their phone; nothing is recorded until the arbiter confirms (issue 36).

Why it cannot be abused:
- off unless the server was started with it (``arbitre serve --saisie-joueurs``, the app's
  own server) *and* the organiser turned it on in the event (``arbitre phones on``);
- a code is one player's (issue 51): it says who proposes, for his own board of the open
  round; it is checked by a read alone (constant time) before any write, so a wrong code
  never takes the write lock; wrong codes shut out an address *for the board or player
  they aimed at* (a shared router is not locked out by one cheater), and a flood of them
  the address; the app's QR pane lifts every lock-out (``unlock``);
- token buckets per player (no one uses up another's), a body of at most ``MAX_BODY``
  bytes, form fields only, the same origin only (``Origin``/``Sec-Fetch-Site``); the one
  cookie, a random device mark (``SameSite=Strict``), only tells the arbiter that a
  board's two proposals came from one phone;
- one writer thread with its own connection that never waits for the lock (a station
  writing: « réessayez »), and at most ``MAX_WAITING`` proposals queued: a flood gets 429
  or 503 at once, the stations and the read-only pages never wait for it;
- every proposal is journaled with its time and address (operations/reporting.py).
"""

from __future__ import annotations

import asyncio
import logging
import re
import threading
import time
import urllib.parse
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from aiohttp import web

from ...publish.lang import LANGS

if TYPE_CHECKING:
    from ...operations.event import EventService
    from ...publish.html.site import Site
    from ...views.reader import Reader

log = logging.getLogger("arbitre.saisie")

MAX_BODY = 1024  # a form of three short fields: 1 KiB is ten times what it needs
MAX_WAITING = 8  # proposals queued for the writer; past it: 503 at once
BODY_SECONDS = 10.0  # a form's body must arrive within this; slower: 408, closed
CODE = re.compile(r"^[a-z2-7]{10}$")
DEVICE = "appareil"  # the cookie: a random mark per phone, nothing else
DEVICE_VALUE = re.compile(r"^[0-9a-f]{16}$")


@dataclass
class _Bucket:
    tokens: float
    at: float


class Limiter:
    """Token buckets by key (an address, a board): ``burst`` at once, then one every
    ``every`` seconds. At most ``keys`` keys are remembered (the oldest forgotten)."""

    def __init__(self, burst: int, every: float, keys: int = 10_000) -> None:
        self.burst, self.every, self.keys = burst, every, keys
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()

    def _bucket(self, key: str, now: float) -> _Bucket:
        b = self._buckets.get(key)
        if b is None:
            b = self._buckets[key] = _Bucket(float(self.burst), now)
            while len(self._buckets) > self.keys:
                self._buckets.popitem(last=False)
        else:
            b.tokens = min(float(self.burst), b.tokens + (now - b.at) / self.every)
            b.at = now
            self._buckets.move_to_end(key)
        return b

    def allow(self, key: str, now: float | None = None) -> bool:
        """Take one token if there is one."""
        b = self._bucket(key, time.monotonic() if now is None else now)
        if b.tokens < 1:
            return False
        b.tokens -= 1
        return True

    def empty(self, key: str, now: float | None = None) -> bool:
        """No token left (without taking one)."""
        return self._bucket(key, time.monotonic() if now is None else now).tokens < 1

    def clear(self) -> None:
        """Every key full again (the arbiter lifted the lock-outs)."""
        self._buckets.clear()


HEADERS = {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",  # the board's page carries its code
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; "
    "img-src data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    # « same-origin »: the browser then sends the form's true Origin (« no-referrer »
    # makes it « null »), which the POST checks
    "Referrer-Policy": "same-origin",
}


class _Writer:
    """One thread, one connection of its own that never waits for the write lock."""

    def __init__(self, path: str | Path) -> None:
        self.path = path
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="arbitre-saisie")
        self.waiting = 0
        self._local = threading.local()

    def service(self) -> EventService:
        from ...operations.event import EventService

        service = getattr(self._local, "service", None)
        if service is None:
            service = EventService(self.path, check=False, terminal="téléphones", wait=False)
            self._local.service = service
        return service


class Reporting:
    """The proposal routes of one server."""

    def __init__(self, path: str | Path, service: EventService, site: Site, reader: Reader) -> None:
        """``service``, ``site``, ``reader``: the read-only pages' own (their loop's thread)."""
        self.service, self.site, self.reader = service, site, reader
        self.writer = _Writer(path)
        self.by_player = Limiter(burst=6, every=10.0)  # one player changing his mind
        self.wrong = Limiter(burst=5, every=60.0)  # wrong codes at one target: 5, then 1/min
        self.flood = Limiter(burst=60, every=2.0)  # wrong codes from one address, any target

    def unlock(self) -> None:
        """Every lock-out lifted (the arbiter's key in the QR pane): on the server's loop."""
        for limiter in (self.by_player, self.wrong, self.flood):
            limiter.clear()
        log.info("verrous de la saisie levés par l'arbitre")

    def routes(self, app: web.Application) -> None:
        r = app.router
        for lang in ("", *(f"/{x}" for x in LANGS)):  # each language's prefix (issue 55)
            board = lang + r"/{key}/saisie/{round:\d{1,4}}/{board:\d{1,4}}/"
            r.add_get(board, self.board_entrance)
            r.add_post(board + "acces/", self.board_access)
            r.add_get(board + "{code:[a-z2-7]{10}}/", self.board_page)
            r.add_post(board, self.propose)
            r.add_get(lang + r"/{key}/pointage/", self.entrance)
            r.add_post(lang + r"/{key}/pointage/", self.entrance_sent)
            r.add_get(lang + r"/{key}/pointage/{player:\d{1,9}}/{code}/", self.checkin_page)
            r.add_post(lang + r"/{key}/pointage/{player:\d{1,9}}/", self.checkin)

    def _site(self, request: web.Request) -> Site:
        """The site, about to render a page in the phone's language (its prefix, else
        its Accept-Language): set just before each page, as requests interleave."""
        from ...publish.lang import choose

        lang, root, _ = choose(request.path, request.headers.get("Accept-Language", ""))
        self.site.use(lang, root)
        return self.site

    # -- answers --------------------------------------------------------------------------
    def _page(self, body: str, status: int = 200) -> web.Response:
        return web.Response(status=status, body=body.encode("utf-8"), headers=HEADERS)

    def _refuse(self, request: web.Request, status: int, why: str) -> web.Response:
        from ...publish.html.reporting import refusal_page

        log.info("proposition refusée (%s) de %s : %s", status, request.remote, why)
        title = "Proposition refusée" if status != 503 else "Réessayez dans un instant"
        site = self._site(request)
        body = refusal_page(site, request.path.removeprefix(site.root), title, why)
        response = self._page(body, status)
        if status in (429, 503):
            response.headers["Retry-After"] = "10"
        return response

    @staticmethod
    def _target(request: web.Request) -> str:
        """What a code aims at: one board of one round, or one player's check-in."""
        m = request.match_info
        if "board" in m:
            return f"{m['key']}/{m['round']}/{m['board']}"
        return f"{m['key']}/pointage/{m.get('player', '')}"

    def _closed(self, request: web.Request) -> web.Response | None:
        from ...operations.reporting import is_open

        address = request.remote or ""
        if self.wrong.empty(f"{address}|{self._target(request)}") or self.flood.empty(address):
            return self._refuse(
                request,
                429,
                "Trop de codes faux depuis ce téléphone : attendez une minute, ou voyez l'arbitre.",
            )
        if not is_open(self.service):
            return self._refuse(
                request,
                403,
                "La saisie par les joueurs est fermée : donnez votre résultat à l'arbitre.",
            )
        return None

    def _wrong_code(self, request: web.Request, what: str) -> web.Response:
        address = request.remote or ""
        self.wrong.allow(f"{address}|{self._target(request)}")
        self.flood.allow(address)
        return self._refuse(request, 403, what)

    @staticmethod
    def _device(request: web.Request) -> str | None:
        """This phone's mark, if it has one (a cookie the server set)."""
        value = request.cookies.get(DEVICE, "")
        return value if DEVICE_VALUE.match(value) else None

    def _marked(self, request: web.Request, response: web.StreamResponse) -> None:
        """A phone without a mark gets one: random, for this server only, a week."""
        if self._device(request) is None:
            import secrets

            response.set_cookie(
                DEVICE,
                secrets.token_hex(8),
                max_age=7 * 24 * 3600,
                path="/",
                httponly=True,
                samesite="Strict",
            )

    # -- the board's pages and its proposal -------------------------------------------------
    def _board_of(self, request: web.Request) -> tuple[str, int, int]:
        m = request.match_info
        return m["key"], int(m["round"]), int(m["board"])

    async def board_entrance(self, request: web.Request) -> web.StreamResponse:
        """The table card's QR code: the board's two players, each opens his own page with
        his own code (on paper); nothing secret here, nothing for the opponent."""
        from ...operations.event import OperationError
        from ...publish.html.reporting import board_entrance

        refused = self._closed(request)
        if refused is not None:
            return refused
        key, number, board = self._board_of(request)
        try:
            t = self.service.tournament(key)
            self.service.game(key, number, board)
        except OperationError:
            return self._refuse(request, 404, "Échiquier inconnu.")
        return self._page(board_entrance(self._site(request), t, number, board))

    async def board_access(self, request: web.Request) -> web.StreamResponse:
        """A player's number and own code: to his page of this board for this round."""
        from ...operations.reporting import seat_for_player

        sent = await self._number_and_code(
            request, "Choisissez votre nom.", "Ce code personnel ne vaut pas pour vous."
        )
        if not isinstance(sent, tuple):
            return sent
        player, code = sent
        key, number, board = self._board_of(request)
        seat = seat_for_player(self.service, key, number, board, player, code)
        if seat is None:
            return self._wrong_code(
                request,
                "Ce code personnel ne vaut pas pour vous à cet échiquier, ou la ronde est close.",
            )
        raise web.HTTPSeeOther(f"../{seat}/")

    async def board_page(self, request: web.Request) -> web.StreamResponse:
        """A player's own page of his board for the round (his code in its address)."""
        from ...operations.event import OperationError
        from ...operations.reporting import board_state, seat_of
        from ...publish.html.reporting import board_page

        refused = self._closed(request)
        if refused is not None:
            return refused
        key, number, board = self._board_of(request)
        code = request.match_info["code"]
        service = self.service
        seat = seat_of(service, key, number, board, code) if CODE.match(code) else None
        if seat is None:
            return self._wrong_code(
                request, "Ce code ne vaut pas (plus) pour cet échiquier : voyez l'arbitre."
            )
        try:
            t = service.tournament(key)
            state = board_state(service, t, number, board)
        except OperationError:
            return self._wrong_code(request, "Ce code ne vaut pas pour cet échiquier.")
        said = "Proposition notée, merci." if "fait" in request.query else ""
        body = board_page(self._site(request), t, number, board, code, state, seat.side, said)
        response = self._page(body)
        self._marked(request, response)
        return response

    async def _form(self, request: web.Request) -> dict[str, str] | web.Response:
        """The form's fields, or the refusal: another site, not a form, too big, garbled."""
        origin = request.headers.get("Origin")
        fetch_site = request.headers.get("Sec-Fetch-Site", "same-origin")
        if (
            origin is not None and urllib.parse.urlsplit(origin).netloc != request.host
        ) or fetch_site not in ("same-origin", "none"):
            return self._refuse(request, 403, "Ce formulaire ne s'envoie que depuis sa page.")
        if request.content_type != "application/x-www-form-urlencoded":
            return self._refuse(request, 415, "Envoyez le formulaire de la page.")
        if (request.content_length or 0) > MAX_BODY:
            return self._refuse(request, 413, "Demande trop longue.")
        try:
            raw = await asyncio.wait_for(request.read(), BODY_SECONDS)
            text = raw.decode("ascii")
            fields = urllib.parse.parse_qs(text, max_num_fields=8, strict_parsing=True)
        except web.HTTPRequestEntityTooLarge:
            return self._refuse(request, 413, "Demande trop longue.")
        except (ValueError, UnicodeDecodeError):
            return self._refuse(request, 400, "Formulaire illisible.")
        except TimeoutError:  # a body trickling in: one line, and the connection closed
            response = self._refuse(request, 408, "Demande trop lente.")
            response.force_close()
            return response
        except ConnectionError:  # the phone went away mid-body: one line, no traceback
            log.info("demande interrompue de %s : corps incomplet", request.remote)
            return web.Response(status=400)
        return {k: v[-1] for k, v in fields.items()}

    async def _write(self, request: web.Request, action: str, *args: object) -> object:
        """Run ``operations.reporting.<action>`` on the writer thread; the refusal, or
        what it returned."""
        from ...operations import StoreBusy, reporting
        from ...operations.event import OperationError

        w = self.writer
        device = self._device(request)
        origin = f"{request.remote or ''} #{device}" if device else request.remote or ""
        if w.waiting >= MAX_WAITING:
            return self._refuse(request, 503, "Beaucoup de propositions à la fois : réessayez.")
        w.waiting += 1

        def run() -> object:
            # a station writing holds the lock a few ms: asked again a few times on this
            # thread (never inside the lock, never on the pages' loop), then « réessayez »
            for pause in (0.02, 0.05, 0.1, 0.2, 0.0):
                try:
                    return getattr(reporting, action)(w.service(), *args, origin)
                except StoreBusy:
                    if not pause:
                        raise
                    time.sleep(pause)
            raise AssertionError("unreachable")

        try:
            return await asyncio.get_running_loop().run_in_executor(w.pool, run)
        except StoreBusy:
            return self._refuse(
                request, 503, "L'arbitre enregistre en ce moment : réessayez dans un instant."
            )
        except OperationError as exc:
            return self._refuse(request, 409, str(exc))
        finally:
            w.waiting -= 1

    async def propose(self, request: web.Request) -> web.StreamResponse:
        from ...operations.reporting import seat_of

        address = request.remote or ""
        refused = self._closed(request)
        if refused is not None:
            return refused
        form = await self._form(request)  # cheap refusals first, no token taken
        if isinstance(form, web.Response):
            return form
        key, number, board = self._board_of(request)
        code = form.get("code", "").strip().lower()
        result = form.get("result", "")
        seat = seat_of(self.service, key, number, board, code) if CODE.match(code) else None
        if seat is None:
            return self._wrong_code(
                request, "Ce code ne vaut pas (plus) pour cet échiquier : voyez l'arbitre."
            )
        if not self.by_player.allow(f"{key}/{number}/{board}/{seat.side}"):
            return self._refuse(request, 429, "Trop de propositions de votre part : attendez.")
        done = await self._write(request, "propose_result", key, number, board, code, result)
        if isinstance(done, web.Response):
            return done
        log.info("proposition de %s : %s échiquier %s, %s", address, key, board, result)
        raise web.HTTPSeeOther(f"{code}/?fait")

    # -- check-in ------------------------------------------------------------------------
    async def entrance(self, request: web.Request) -> web.StreamResponse:
        """The entrance's QR code (« arbitre qr --page pointage/ »): a player types his
        number and the code he was given on paper."""
        from ...operations.event import OperationError
        from ...publish.html.reporting import entrance_page

        refused = self._closed(request)
        if refused is not None:
            return refused
        try:
            t = self.service.tournament(request.match_info["key"])
        except OperationError:
            return self._refuse(request, 404, "Tournoi inconnu.")
        return self._page(entrance_page(self._site(request), t))

    async def entrance_sent(self, request: web.Request) -> web.StreamResponse:
        """The entrance's form: the N° on the player's paper (his pairing number in this
        section, the one the lists show) and his code, to his own check-in page."""
        sent = await self._number_and_code(
            request, "Tapez votre N° (chiffres seulement).", "Ce code de pointage ne vaut pas."
        )
        if not isinstance(sent, tuple):
            return sent
        number, code = sent
        pid = self._numbered(request.match_info["key"], number, code)
        if pid is None:
            return self._wrong_code(request, "Ce N° et ce code ne vont pas ensemble.")
        raise web.HTTPSeeOther(f"{pid}/{code}/")

    def _numbered(self, key: str, number: int, code: str) -> int | None:
        """Whose N° and code these are in section ``key``. Before round 1 the N° is the
        provisional initial order, which a late entry may shift after the paper was
        printed: then the code alone (one player's) still finds its owner (issue 49.5)."""
        from ...operations.event import OperationError
        from ...operations.reporting import checkin_matches

        reader = self.reader
        try:
            with reader.consistent():
                t = reader.tournament(key)
                numbers = reader.numbers(t)
        except OperationError:
            return None
        first = [pid for pid, n in numbers.items() if n == number]
        for pid in first + [pid for pid in numbers if pid not in first]:
            if checkin_matches(self.service, pid, code):
                return pid
        return None

    async def _number_and_code(
        self, request: web.Request, no_number: str, bad_code: str
    ) -> tuple[int, str] | web.StreamResponse:
        """A form's player number and personal code, each checked for its shape (the
        board's entrance and the check-in entrance alike), or the answer that refuses it."""
        refused = self._closed(request)
        if refused is not None:
            return refused
        form = await self._form(request)
        if isinstance(form, web.Response):
            return form
        number = form.get("player", "").strip()
        code = form.get("code", "").strip().lower()
        if not number.isascii() or not number.isdigit() or len(number) > 9:
            return self._refuse(request, 400, no_number)
        if not CODE.match(code):
            return self._wrong_code(request, bad_code)
        return int(number), code

    async def checkin_page(self, request: web.Request) -> web.StreamResponse:
        from ...operations.reporting import checkin_matches
        from ...publish.html.reporting import checkin_page

        refused = self._closed(request)
        if refused is not None:
            return refused
        pid, code = int(request.match_info["player"]), request.match_info["code"]
        service = self.service
        if not checkin_matches(service, pid, code):
            return self._wrong_code(request, "Ce code de pointage ne vaut pas.")
        player = service.player(pid)
        said = "Pointage proposé, merci : l'arbitre le confirme." if "fait" in request.query else ""
        t = next((x for x in self.reader.tournaments() if x.id == player.tournament_id), None)
        if t is None or t.key != request.match_info["key"]:
            return self._wrong_code(request, "Ce code de pointage ne vaut pas.")
        return self._page(checkin_page(self._site(request), t, player, code, said))

    async def checkin(self, request: web.Request) -> web.StreamResponse:
        from ...operations.reporting import checkin_matches

        refused = self._closed(request)
        if refused is not None:
            return refused
        form = await self._form(request)
        if isinstance(form, web.Response):
            return form
        pid = int(request.match_info["player"])
        code = form.get("code", "").strip().lower()
        if not CODE.match(code) or not checkin_matches(self.service, pid, code):
            return self._wrong_code(request, "Ce code de pointage ne vaut pas.")
        if not self.by_player.allow(f"pointage/{pid}"):  # after the code: his own quota
            return self._refuse(request, 429, "Trop de demandes de votre part : attendez.")
        done = await self._write(request, "propose_checkin", pid, code)
        if isinstance(done, web.Response):
            return done
        raise web.HTTPSeeOther(f"{code}/?fait")

    def close(self) -> None:
        """The writer's connection closed on its own thread, then the thread ended."""
        w = self.writer

        def close() -> None:
            service = getattr(w._local, "service", None)
            if service is not None:
                service.close()

        w.pool.submit(close)
        w.pool.shutdown(wait=True)
