"""The http.probe job connects to exactly the addresses its check resolved (domain/outbound.py): a name whose
resolver answers an allowed address to the check and an internal one afterwards (DNS rebinding) is still called
on the allowed one, with its own name in the Host header and the TLS server name."""

import asyncio
import socket
from collections.abc import AsyncIterator
from typing import Any

import pytest

from activities.job_code import http_probe
from domain.errors import Invalid
from domain.settings import get_settings

NAME = "probe.rebinding.example"
ALLOWED, REFUSED = "127.0.0.2", "127.0.0.1"  # both on this machine: the allow-list holds only the first


class Resolver:
    """Answers NAME with the next of `answers` each time it is asked (the last one from then on)."""

    def __init__(self, *answers: list[str]) -> None:
        self.answers = list(answers)
        self.asked = 0
        self.real = socket.getaddrinfo

    def __call__(self, host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
        if host != NAME:
            return self.real(host, port, *args, **kwargs)
        answer = self.answers[min(self.asked, len(self.answers) - 1)]
        self.asked += 1
        return [info for address in answer for info in self.real(address, port, *args, **kwargs)]


class Site:
    """A listener on one address that keeps the first bytes of each connection and answers 200."""

    def __init__(self) -> None:
        self.seen: list[bytes] = []

    async def answer(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.seen.append(await reader.read(4096))
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        await writer.drain()
        writer.close()


def one_port_on_both() -> tuple[socket.socket, socket.socket]:
    """Sockets bound to the same free port on both addresses (a rebinding keeps the URL's port)."""
    for _ in range(20):
        first = socket.socket()
        first.bind((ALLOWED, 0))
        second = socket.socket()
        try:
            second.bind((REFUSED, first.getsockname()[1]))
            return first, second
        except OSError:
            first.close()
            second.close()
    raise RuntimeError("no port free on both addresses")


@pytest.fixture
async def sites(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[tuple[int, Site, Site]]:
    monkeypatch.setattr(get_settings(), "job_probe_allow", f"{ALLOWED}/32")
    allowed, refused = Site(), Site()
    first, second = one_port_on_both()
    servers = [await asyncio.start_server(allowed.answer, sock=first),
               await asyncio.start_server(refused.answer, sock=second)]
    yield first.getsockname()[1], allowed, refused
    for server in servers:
        server.close()
        await server.wait_closed()


async def test_the_call_goes_to_the_address_checked_not_to_a_second_answer(sites, monkeypatch):
    port, allowed, refused = sites
    resolver = Resolver([ALLOWED], [REFUSED])  # public-looking to the check, internal to anyone asking again
    monkeypatch.setattr(socket, "getaddrinfo", resolver)
    line = await http_probe({"url": f"http://{NAME}:{port}/health", "timeoutSeconds": 5})
    assert line.endswith("answered 200")
    assert resolver.asked == 1 and refused.seen == []
    assert len(allowed.seen) == 1 and f"Host: {NAME}:{port}".encode() in allowed.seen[0]


async def test_any_refused_address_among_the_answers_refuses_the_call(sites, monkeypatch):
    port, allowed, refused = sites
    monkeypatch.setattr(socket, "getaddrinfo", Resolver([ALLOWED, REFUSED]))
    with pytest.raises(Invalid) as refusal:
        await http_probe({"url": f"http://{NAME}:{port}/health", "timeoutSeconds": 5})
    assert (refusal.value.field, refusal.value.params["rule"]) == ("params.url", "url_internal")
    assert allowed.seen == [] and refused.seen == []


async def test_https_keeps_the_name_as_the_tls_server_name(sites, monkeypatch):
    port, allowed, refused = sites
    monkeypatch.setattr(socket, "getaddrinfo", Resolver([ALLOWED], [REFUSED]))
    with pytest.raises(Exception):  # noqa: B017 - the site speaks no TLS: only its ClientHello matters here
        await http_probe({"url": f"https://{NAME}:{port}/health", "timeoutSeconds": 5})
    assert len(allowed.seen) == 1 and NAME.encode() in allowed.seen[0]  # the SNI of the ClientHello
    assert refused.seen == []
