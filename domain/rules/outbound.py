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


# IPv6 spellings that reach an IPv4 address: NAT64's well-known prefix (RFC 6052, the address in the last 32
# bits) and the deprecated IPv4-compatible form (::a.b.c.d); 6to4, Teredo and IPv4-mapped the ipaddress module reads.
NAT64 = IPv6Network("64:ff9b::/96")
IPV4_COMPATIBLE = IPv6Network("::/96")
# RFC 8215's local-use NAT64 prefix: a translator of the operator's own network, the address placed by its prefix
# length, which the console cannot know; refused as a whole.
LOCAL_NAT64 = IPv6Network("64:ff9b:1::/48")


def embedded_ipv4(address: IPv6Address) -> list[IPv4Address]:
    """The IPv4 addresses an IPv6 address carries (6to4, Teredo's server and client, NAT64, IPv4-compatible)."""
    found: list[IPv4Address] = []
    if address.sixtofour is not None:
        found.append(address.sixtofour)
    if address.teredo is not None:
        found.extend(address.teredo)
    if address in NAT64 or address in IPV4_COMPATIBLE:
        found.append(IPv4Address(int(address) & 0xFFFFFFFF))
    return found


def internal(address: Address) -> bool:
    """An address of the console's own network or no public one: loopback, private, link-local, shared (CGNAT),
    multicast, reserved, unspecified. An IPv4 address mapped into IPv6 counts as itself; an IPv6 address that
    carries an IPv4 address (NAT64, 6to4, Teredo, IPv4-compatible) is internal when that address is."""
    if isinstance(address, IPv6Address):
        if address.ipv4_mapped is not None:
            return internal(address.ipv4_mapped)
        if address in LOCAL_NAT64 or any(internal(v4) for v4 in embedded_ipv4(address)):
            return True
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
