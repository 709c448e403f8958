"""The caller's real address and scheme: X-Forwarded-For/-Proto are believed only from OMP_TRUSTED_PROXIES, so a
client cannot pick its own address (and escape the per-address login throttle) by sending the header itself."""

from __future__ import annotations

from functools import lru_cache
from ipaddress import IPv4Network, IPv6Network, ip_address, ip_network

from starlette.types import Scope

from domain.settings import get_settings


@lru_cache(maxsize=8)
def networks(setting: str) -> tuple[IPv4Network | IPv6Network, ...]:
    return tuple(ip_network(part.strip(), strict=False) for part in setting.split(",") if part.strip())


def is_trusted(address: str, trusted: tuple[IPv4Network | IPv6Network, ...]) -> bool:
    try:
        ip = ip_address(address)
    except ValueError:
        return False
    return any(ip in net for net in trusted)


def forwarded_client(peer: str, forwarded_for: str, trusted: tuple[IPv4Network | IPv6Network, ...]) -> str:
    """The client behind a chain of trusted proxies: the right-most address no trusted proxy vouches for.
    Addresses further left were written by the client itself and prove nothing."""
    if not is_trusted(peer, trusted):
        return peer
    hops = [hop.strip() for hop in forwarded_for.split(",") if hop.strip()]
    for hop in reversed(hops):
        if not is_trusted(hop, trusted):
            return hop
    return hops[0] if hops else peer


def place_client(scope: Scope) -> None:
    """The scope's client and scheme as the trusted proxies tell them, rewritten before anything reads them
    (api/middleware.py). uvicorn runs without --proxy-headers: its default trusts 127.0.0.1, which made the header
    a way around the throttle."""
    if scope["type"] in ("http", "websocket") and scope.get("client"):
        trusted = networks(get_settings().trusted_proxies)
        peer, port = scope["client"]
        if trusted and is_trusted(peer, trusted):
            headers = dict(scope["headers"])
            scope["client"] = (forwarded_client(peer, headers.get(b"x-forwarded-for", b"").decode("latin-1"),
                                                trusted), port)
            proto = headers.get(b"x-forwarded-proto", b"").decode("latin-1").split(",")[0].strip().lower()
            if proto in ("http", "https"):
                scope["scheme"] = proto if scope["type"] == "http" else ("wss" if proto == "https" else "ws")
