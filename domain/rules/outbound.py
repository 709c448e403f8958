"""Where the console's own outbound calls may go (the http.probe job, docs/jobs.md): anyone who may add or edit a
scheduled task chooses its URL, so an address of the console's own network (loopback, private, link-local such as
a cloud's metadata service, and the other special ranges) is refused unless the `OMP_JOB_PROBE_ALLOW` setting
names it: a host (`status.corp.example`), a domain with its subdomains (`.corp.example`), an address or a
network (`10.20.0.0/16`), comma-separated."""

from __future__ import annotations

import socket
from dataclasses import dataclass
from ipaddress import IPv4Address, IPv4Network, IPv6Address, IPv6Network, ip_address, ip_network
from urllib.parse import urlsplit

from domain.errors import Invalid

Address = IPv4Address | IPv6Address


@dataclass(frozen=True)
class AllowList:
    hosts: frozenset[str]
    domains: tuple[str, ...]  # ".corp.example": the domain and every name under it
    networks: tuple[IPv4Network | IPv6Network, ...]

    @classmethod
    def parse(cls, setting: str) -> AllowList:
        hosts: set[str] = set()
        domains: list[str] = []
        networks: list[IPv4Network | IPv6Network] = []
        for part in (p.strip().lower() for p in setting.split(",")):
            if not part:
                continue
            try:
                networks.append(ip_network(part, strict=False))
            except ValueError:
                (domains.append(part) if part.startswith(".") else hosts.add(part.rstrip(".")))
        return cls(frozenset(hosts), tuple(domains), tuple(networks))

    def names(self, host: str) -> bool:
        return host in self.hosts or any(host == d[1:] or host.endswith(d) for d in self.domains)

    def holds(self, address: Address) -> bool:
        return any(address in network for network in self.networks)


def internal(address: Address) -> bool:
    """An address of the console's own network or no public one: loopback, private, link-local, shared (CGNAT),
    multicast, reserved, unspecified (an IPv4 address mapped into IPv6 counts as itself)."""
    if isinstance(address, IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return not address.is_global or address.is_multicast


def target_host(url: str, field: str) -> str:
    """The host of an http(s) URL, lower case, or Invalid naming `field`."""
    try:
        parts = urlsplit(url.strip())
        host = (parts.hostname or "").rstrip(".")
        parts.port  # noqa: B018  (a bad port raises here)
    except ValueError:
        raise Invalid(field, "url_form") from None
    if parts.scheme not in ("http", "https") or not host:
        raise Invalid(field, "url_form")
    return host


def literal_address(host: str) -> Address | None:
    """The address a host names by itself: dotted or bracketed forms, and the short and numeric IPv4 forms that
    URL parsers and resolvers also read (`127.1`, `2130706433`, `0x7f.1`)."""
    try:
        return ip_address(host)
    except ValueError:
        pass
    try:  # inet_aton reads the legacy forms exactly as the resolver does
        return IPv4Address(socket.inet_aton(host))
    except OSError:
        return None


def check_target(host: str, addresses: list[Address], allow: AllowList, field: str) -> None:
    """Refuses a host (or any address it resolves to) on the console's own network unless the allow-list names
    the host or holds the address."""
    if allow.names(host):
        return
    if host == "localhost" or host.endswith(".localhost"):
        raise Invalid(field, "url_internal", host=host)
    for address in addresses:
        if internal(address) and not allow.holds(address):
            raise Invalid(field, "url_internal", host=host)
