"""The console's own outbound calls to addresses its users choose (domain/rules/outbound.py): the host is
resolved once, refused when any address lands on the console's own network unless allowed, and the call connects
to exactly the addresses checked. Resolving the name again to connect would let a name that answers a public
address to the check and an internal one to the call (DNS rebinding) reach what the check refused."""

from __future__ import annotations

import asyncio
import socket
from ipaddress import ip_address
from typing import Any

import httpcore

from domain.rules import outbound as rules
from domain.rules.jobs import Job
from domain.settings import get_settings

RESOLVE_SECONDS = 5.0


async def addresses_of(host: str) -> list[rules.Address]:
    """Every address the host resolves to now; none when it does not resolve (the call itself will fail)."""
    literal = rules.literal_address(host)
    if literal is not None:
        return [literal]
    try:
        found = await asyncio.wait_for(asyncio.get_running_loop().getaddrinfo(host, None, type=socket.SOCK_STREAM),
                                       RESOLVE_SECONDS)
    except (OSError, TimeoutError):
        return []
    return [ip_address(str(info[4][0]).split("%")[0]) for info in found]


async def checked_addresses(url: str, field: str) -> list[rules.Address]:
    """The addresses the URL's host resolves to now, every one of them allowed; Invalid naming `field` if not."""
    host = rules.target_host(url, field)
    addresses = await addresses_of(host)
    rules.check_target(host, addresses, rules.AllowList.parse(get_settings().job_probe_allow), field)
    return addresses


async def check_url(url: str, field: str) -> None:
    await checked_addresses(url, field)


class PinnedBackend(httpcore.AsyncNetworkBackend):
    """Connects to the addresses checked for the one origin of a call, in the resolver's order, and never
    resolves its name again. The name still goes in the Host header and the TLS server name (SNI): httpcore
    takes both from the URL, not from where the socket connects."""

    def __init__(self, addresses: list[rules.Address]) -> None:
        self.addresses = addresses
        self.inner = httpcore.AnyIOBackend()

    async def connect_tcp(self, host: str, port: int, timeout: float | None = None, local_address: str | None = None,
                          socket_options: Any = None) -> httpcore.AsyncNetworkStream:
        failure: Exception = httpcore.ConnectError(f"{host} resolves to no address")
        for address in self.addresses:
            try:
                return await self.inner.connect_tcp(str(address), port, timeout, local_address, socket_options)
            except (httpcore.ConnectError, httpcore.ConnectTimeout) as exc:
                failure = exc
        raise failure

    async def connect_unix_socket(self, path: str, timeout: float | None = None,
                                  socket_options: Any = None) -> httpcore.AsyncNetworkStream:
        raise httpcore.ConnectError("no unix sockets for outbound calls")

    async def sleep(self, seconds: float) -> None:
        await self.inner.sleep(seconds)


async def get_status(url: str, field: str, timeout_seconds: float) -> int:
    """GET a URL users chose, checked and connected as above; the answer's status. Redirects are not followed
    and no proxy of the environment is taken, so nothing sends the call on to an address the check refused."""
    addresses = await checked_addresses(url, field)
    timeouts = dict.fromkeys(("connect", "read", "write", "pool"), timeout_seconds)
    async with httpcore.AsyncConnectionPool(network_backend=PinnedBackend(addresses)) as pool, \
            pool.stream("GET", url.strip(), extensions={"timeout": timeouts}) as reply:
        return reply.status


async def check_job_urls(job: Job, params: dict[str, Any]) -> None:
    """Every URL parameter of a job's (checked) parameters: refused naming `params.<name>`."""
    for param in job.params:
        if param.kind == "url" and params.get(param.name):
            await check_url(params[param.name], f"params.{param.name}")
