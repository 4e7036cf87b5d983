"""QR code: the address of the section's results page, and the results server."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from ....rules.models import Tournament
from .base import Pane

if TYPE_CHECKING:
    from ....operations import EventService


class QRPane(Pane, can_focus=True):
    TITLE = "QR code"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("w", "toggle_server", "Serveur web", id="web-server"),
    ]

    def body(self) -> ComposeResult:
        with VerticalScroll():
            yield Static("", id="qr-url")
            yield Static("", id="qr-code")

    def load(self, service: EventService, t: Tournament | None) -> None:
        from ....publish.qr import base_url, page_url

        self._service = service
        url = page_url(base_url(service), t.key if t else None)
        self.url = url
        server = getattr(self.app, "web_server", None)
        state = " — serveur web en marche" if server is not None and server.running else ""
        self.set_title(f"QR code — {t.name if t else ''}{state}")
        self.query_one("#qr-url", Static).update(Text(url))
        from ..qr import qr_text  # qrcode is imported when the pane is first shown

        self.query_one("#qr-code", Static).update(qr_text(url))

    def action_toggle_server(self) -> None:
        """Start or stop the results server (all addresses, the base URL's port)."""
        from urllib.parse import urlparse

        from ...web.server import ServerThread

        server = getattr(self.app, "web_server", None)
        if server is not None and server.running:
            server.stop()
            self.say("Serveur web arrêté.")
        else:
            port = urlparse(self.url).port or 80
            from ....views.reader import Reader

            settings = Reader(self._service).event()["settings"]
            host = str(settings.get("serve_host", "0.0.0.0"))
            server = ServerThread(self._service.path, host, port)
            try:
                server.start()
            except OSError as exc:
                self.say(f"Serveur web impossible : {exc}", error=True)
                return
            setattr(self.app, "web_server", server)  # noqa: B010 - the app keeps it
            self.say(f"Serveur web en marche : {self.url} (w l'arrête)")
        self.load(self._service, getattr(self.app, "tournament", None))
