"""QR code: the address of the section's results page, and the results server.

The code on the left, as large as the pane allows (never cut: see ``..qr.QRCode``); on
the right the address, where it comes from (detected on the machine's interfaces, or
set with ``a``), in red why phones would not reach it, and how many other addresses
the machine has, listed on demand (``A``) to try when it does not answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from ....rules.models import StoredTournament
from ..qr import QRCode
from .base import Pane

if TYPE_CHECKING:
    from ....operations import EventService


class QRPane(Pane, can_focus=True):
    TITLE = "QR code"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "set_address", "Adresse", id="set-address"),
        Binding("w", "toggle_server", "Serveur web", id="web-server"),
        Binding("o", "toggle_phones", "Saisie joueurs", id="phone-reporting"),
        Binding("L", "unlock_phones", "Débloquer", id="phone-unlock"),
        Binding("A", "other_addresses", "Autres adresses", show=False, id="other-addresses"),
    ]
    show_others = False  # the machine's other addresses: on demand (A), issue 49.10

    def body(self) -> ComposeResult:
        with Horizontal(id="qr-body"):
            yield QRCode(id="qr-code")
            with Vertical(id="qr-side"):
                yield Static("", id="qr-url")
                yield Static("", id="qr-where")
                yield Static("", id="qr-warning")
                yield Static("", id="qr-others")
                yield Static("", id="qr-phones")
                yield Static(
                    Text("a : changer l'adresse · w : serveur web · o : saisie joueurs"),
                    id="qr-keys",
                )

    def load(self, service: EventService, t: StoredTournament | None) -> None:
        from ....publish.address import base_url, is_detected, other_addresses, warning
        from ....publish.qr import page_url

        self._service = service
        base = base_url(service)
        url = page_url(base, t.key if t else None)
        self.url = url
        server = getattr(self.app, "web_server", None)
        running = server is not None and server.running
        state = " — serveur web en marche" if running else ""
        self.set_title(f"QR code — {t.name if t else ''}{state}")
        self.query_one("#qr-url", Static).update(Text(url))
        where = "Adresse détectée sur le réseau" if is_detected(service) else "Adresse réglée"
        self.query_one("#qr-where", Static).update(Text(where + " (réglage base_url)"))
        problem = warning(base)
        shown = self.query_one("#qr-warning", Static)
        shown.update(Text(f"⚠ {problem}." if problem else ""))
        shown.display = problem is not None
        # the QR's address first (detected: the LAN one a phone on the venue Wi-Fi
        # reaches); the others, to try when it does not answer (31.9), on demand (49.10)
        others = other_addresses(base)
        listed = self.query_one("#qr-others", Static)
        if self.show_others:
            listed.update(Text(f"Autres adresses de cette machine : {', '.join(others)}"))
        else:
            n = len(others)
            listed.update(Text(f"{n} autre{'s' if n > 1 else ''} adresse{'s' if n > 1 else ''}"
                               " de cette machine : A pour les voir"))  # fmt: skip
        listed.display = bool(others)
        self.query_one(QRCode).show_data(url)
        from ....operations.reporting import is_open

        self.phones = is_open(service)
        self.query_one("#qr-phones", Static).update(
            Text(
                "Saisie par les joueurs : ouverte (à confirmer dans Ronde)"
                if self.phones
                else "Saisie par les joueurs : fermée (serveur en lecture seule)"
            )
        )

    def action_other_addresses(self) -> None:
        """`A`: the machine's other addresses shown, or hidden again."""
        self.show_others = not self.show_others
        self.load(self._service, getattr(self.app, "tournament", None))

    def action_toggle_phones(self) -> None:
        """Open or close the players' proposals from their phones (one journaled change);
        the server started here takes them while it is open (issue 36)."""
        from ....operations import reporting

        wanted = not getattr(self, "phones", False)
        self.run(
            lambda s: reporting.set_enabled(s, wanted),
            done="Saisie par les joueurs ouverte : chevalets avec QR (impression « chevalets »)"
            if wanted
            else "Saisie par les joueurs fermée : le serveur reste en lecture seule",
        )

    def action_unlock_phones(self) -> None:
        """`L`: every lock-out of the phones lifted on the server started here (codes
        faux, quotas de débit), e.g. a hall behind one router (issue 51.4)."""
        server = getattr(self.app, "web_server", None)
        if server is None or not server.unlock():
            self.say("Aucun serveur lancé ici (w le lance) : rien à débloquer.", error=True)
            return
        self.say("Téléphones débloqués : codes faux et quotas de débit remis à zéro.")

    def action_set_address(self) -> None:
        """Change the address of every QR code (one journaled change, ctrl+z undoes it)."""
        from ....publish.address import base_url, is_detected
        from ....rules.settings import EVENT_SETTINGS, parse
        from ..prompts import AddressPrompt

        service = self._service
        detected = is_detected(service)
        current = base_url(service)

        def store(text: str) -> None:
            value = parse("base_url", text, EVENT_SETTINGS)
            if detected and value == current:
                value = None  # Entrée on the detected address: it stays detected
            said = value or "détectée automatiquement"
            self.run(
                lambda s: s.update_event_settings({"base_url": value}),
                done=f"Adresse des QR codes : {said} — enregistrée (ctrl+z annule)",
            )

        self.ask(AddressPrompt(current, store, on_cancel=self.cancelled))

    def action_toggle_server(self) -> None:
        """Start or stop the results server (host and port as `arbitre serve`)."""
        from ....publish.address import listen
        from ...web.server import ServerThread

        server = getattr(self.app, "web_server", None)
        if server is not None and server.running:
            server.stop()
            self.say("Serveur web arrêté.")
        else:
            host, port = listen(self._service)
            # the players' proposals while the event has them on (o), else read-only
            server = ServerThread(self._service.path, host, port, reporting=True)
            try:
                server.start()
            except OSError as exc:
                self.say(f"Serveur web impossible : {exc}", error=True)
                return
            setattr(self.app, "web_server", server)  # noqa: B010 - the app keeps it
            self.say(f"Serveur web en marche : {self.url} (w l'arrête)")
        self.load(self._service, getattr(self.app, "tournament", None))
