"""The address the players' phones reach this machine at, on the venue network.

One function, ``base_url``, gives the address every QR code, poster, table card, wall
screen and results server uses. The event setting ``base_url`` wins when written; when
empty (the default) the address is detected each time: the machine's interfaces are
enumerated (``ifaddr``, which reads the kernel's table with getifaddrs: no packet is
sent, no name looked up) and the one a phone on the same Wi-Fi can reach is chosen —
a private IPv4 address of a real interface first, never loopback.

``arbitre serve`` and the app's server (``w`` in the QR pane) take their defaults from
``listen`` here: they listen on every interface (``serve_host``), on the port of the
address the QR codes give.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from ..rules.settings import event_settings

if TYPE_CHECKING:
    from ..operations.event import EventService

DEFAULT_PORT = 8080
# Interfaces no phone is on: containers, VPNs, bridges to virtual machines.
# br* (br0, br-…: bridges), vboxnet* (VirtualBox host-only), usb* (a phone's USB tethering
# seen from the machine: no other phone is on it).
_VIRTUAL = (
    "docker", "br", "veth", "virbr", "lxc", "lxd", "tun", "tap", "wg", "tailscale", "zt",
    "vboxnet", "usb",
)  # fmt: skip


@dataclass(frozen=True)
class Interface:
    """One address of one interface of this machine."""

    name: str
    address: str


def machine_addresses() -> list[Interface]:
    """Every address of every interface (IPv6 link-local left out: a URL cannot use it)."""
    import ifaddr

    found: list[Interface] = []
    try:
        adapters = ifaddr.get_adapters()
    except OSError:  # no interface table readable: loopback it is (and the red warning)
        return found
    for adapter in adapters:
        for ip in adapter.ips:
            text = ip.ip if isinstance(ip.ip, str) else ip.ip[0]
            try:
                parsed = ipaddress.ip_address(text)
            except ValueError:
                continue
            if not parsed.is_link_local or parsed.version == 4:
                found.append(Interface(str(adapter.nice_name), str(parsed)))
    return found


def _rank(i: Interface) -> tuple[int, int]:
    """Lower is better: a private IPv4 of a real interface (the venue Wi-Fi, the hotspot)
    first, then a public IPv4, link-local IPv4 (169.254), IPv6; loopback last of all."""
    ip = ipaddress.ip_address(i.address)
    virtual = int(i.name.lower().startswith(_VIRTUAL))
    if ip.is_loopback or ip.is_unspecified:
        return (9, virtual)
    kind = (2 if ip.is_link_local else 0 if ip.is_private else 1) if ip.version == 4 else 3
    return (virtual * 4 + kind, 0)


def reachable_address(interfaces: list[Interface] | None = None) -> str | None:
    """The address a phone on the venue network reaches; None when only loopback."""
    candidates = sorted(
        (i for i in (machine_addresses() if interfaces is None else interfaces)),
        key=_rank,
    )
    best = candidates[0] if candidates else None
    if best is None or _rank(best)[0] == 9:
        return None
    return best.address


def detected_url(interfaces: list[Interface] | None = None, port: int = DEFAULT_PORT) -> str:
    """``http://ADDRESS:PORT`` with the detected address (loopback when there is none)."""
    address = reachable_address(interfaces) or "127.0.0.1"
    host = f"[{address}]" if ":" in address else address
    return f"http://{host}:{port}"


def base_url(service: EventService, override: str | None = None) -> str:
    """The address players' phones reach the results at — the one used everywhere:
    ``override`` (a command's --base-url), else the event setting, else detected."""
    from ..views.reader import Reader

    url = override or event_settings(Reader(service).event()).base_url or detected_url()
    return str(url).rstrip("/")


def is_detected(service: EventService) -> bool:
    """True when no address is written: the one shown is detected."""
    from ..views.reader import Reader

    return not event_settings(Reader(service).event()).base_url


def loopback(url: str) -> bool:
    """True when ``url`` names this machine only (localhost, 127.x, ::1, 0.0.0.0): a QR
    code of it is dead on every phone, so paper refuses it unless forced."""
    host = urlsplit(url).hostname or ""
    if host == "localhost":
        return True
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    return ip.is_loopback or ip.is_unspecified


def warning(url: str, interfaces: list[Interface] | None = None) -> str | None:
    """Why phones will not reach ``url``, in French; None when nothing is known wrong.

    A name (arbitre.local) is not looked up (no packet is sent): it is trusted."""
    host = urlsplit(url).hostname or ""
    if host == "localhost":
        return "« localhost » : aucun téléphone n'atteint cette adresse"
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return None
    if ip.is_loopback or ip.is_unspecified:
        return f"{host} est l'adresse de bouclage : aucun téléphone ne l'atteint"
    mine = machine_addresses() if interfaces is None else interfaces
    if str(ip) not in {i.address for i in mine}:
        own = ", ".join(i.address for i in sorted(mine, key=_rank) if _rank(i)[0] != 9)
        return f"{host} n'est pas une adresse de cette machine (les siennes : {own or 'aucune'})"
    return None


def answers_on(address: str, host: str | None) -> bool:
    """Whether a server listening on ``host`` answers at ``address``: 0.0.0.0 (the
    default) takes every IPv4 address and no IPv6 one, « :: » every address, an address
    itself only; a name, or None (not known), is not judged."""
    try:
        listening = ipaddress.ip_address(host or "")
        ip = ipaddress.ip_address(address)
    except ValueError:
        return True
    if listening.is_unspecified:
        return listening.version == 6 or ip.version == 4
    return ip == listening


def other_addresses(
    url: str, interfaces: list[Interface] | None = None, host: str | None = None
) -> list[str]:
    """This machine's other addresses a phone might reach, best first (loopback and the
    address of ``url`` left out): what to try when the QR's does not work. ``host``: where
    the server listens — only the addresses it answers on are listed (issue 49.10)."""
    url_host = urlsplit(url).hostname or ""
    mine = machine_addresses() if interfaces is None else interfaces
    out: list[str] = []
    for i in sorted(mine, key=_rank):
        if _rank(i)[0] == 9 or i.address == url_host or i.address in out:
            continue
        if answers_on(i.address, host):
            out.append(i.address)
    return out


def listen(service: EventService) -> tuple[str, int]:
    """(host, port) the results server listens on by default — `serve` and `w` alike:
    ``serve_host`` (every interface), and the port of the address the QR codes give."""
    from ..views.reader import Reader

    host = event_settings(Reader(service).event()).serve_host
    parts = urlsplit(base_url(service))
    return host, parts.port or (443 if parts.scheme == "https" else 80)
