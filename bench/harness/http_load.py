"""A lean HTTP/1.1 load client: keep-alive connections, one prebuilt request, replies framed by
Content-Length. It spends a fraction of the CPU a general client (httpx) spends per call, so on a shared
2-core machine the server, not the load generator, sets the pace (the same footing pgbench, a C program,
gives the database). Reports its own CPU use beside the figures."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import orjson


def request_bytes(url: str, method: str, path: str, token: str, body: dict[str, Any] | None,
                  headers: dict[str, str] | None = None) -> bytes:
    payload = orjson.dumps(body) if body is not None else b""
    extra = "".join(f"{name}: {value}\r\n" for name, value in (headers or {}).items())
    head = (f"{method} {path} HTTP/1.1\r\nHost: {host_of(url)}\r\nAuthorization: Bearer {token}\r\n{extra}"
            f"Content-Type: application/json\r\nContent-Length: {len(payload)}\r\n\r\n")
    return head.encode() + payload


@lru_cache(maxsize=16)  # a write's requests are made one a call: the URL is parsed once
def host_of(url: str) -> str:
    return urlparse(url).netloc


class ClosedWhileIdle(ConnectionError):
    """The server closed the connection between calls (its keep-alive timeout): nothing was sent on it."""


class Connection(asyncio.Protocol):
    """One keep-alive connection; `call()` sends the request and waits for one whole reply."""

    def __init__(self) -> None:
        self.transport: Any = None
        self.buffer = bytearray()
        self.waiter: asyncio.Future[tuple[int, bytes]] | None = None
        self.closed: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport

    def connection_lost(self, exc: Exception | None) -> None:
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_exception(exc or ConnectionError("the server closed the connection"))
        if not self.closed.done():
            self.closed.set_result(None)

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        end = self.buffer.find(b"\r\n\r\n")
        if end < 0 or self.waiter is None:
            return
        head = bytes(self.buffer[:end + 2]).lower()
        at = head.find(b"\r\ncontent-length:")
        length = int(head[at + 17:head.index(b"\r\n", at + 2)]) if at >= 0 else 0
        if len(self.buffer) < end + 4 + length:
            return
        body = bytes(self.buffer[end + 4:end + 4 + length])
        del self.buffer[:end + 4 + length]
        status = int(head.split(b" ", 2)[1])
        waiter, self.waiter = self.waiter, None
        if not waiter.done():
            waiter.set_result((status, body))

    async def call(self, request: bytes) -> tuple[int, bytes]:
        if self.closed.done():
            raise ClosedWhileIdle()
        self.waiter = asyncio.get_running_loop().create_future()
        self.transport.write(request)
        return await self.waiter

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()


async def connect(url: str) -> Connection:
    parsed = urlparse(url)
    loop = asyncio.get_running_loop()
    _, protocol = await loop.create_connection(Connection, parsed.hostname or "127.0.0.1", parsed.port or 80)
    return protocol


async def run(url: str, request: bytes | Callable[[], bytes], clients: int, *, seconds: float | None = None,
              count: int | None = None, check: Callable[[bytes], None] | None = None, warm_up: bytes | None = None,
              strict: bool = True) -> Load:
    """`clients` connections calling in a loop, for `seconds` or until `count` calls are done; `request` is
    the same bytes every call or a callable making each call's (built before its clock starts). Any reply
    but 200 stops the run unless not `strict` (then replies are counted by status, every one timed);
    `check` may refuse a reply's body too. Each connection first sends `warm_up` (by default the request
    itself), not counted."""
    connections: list[Connection] = []
    try:
        for _ in range(clients):
            # One at a time, each used once before the next: connections opened in a burst all queue before
            # any API process wakes, and the first to wake accepts every one of them, leaving the other
            # processes idle for the whole run.
            connections.append(await connect(url))
            status, body = await connections[-1].call(warm_up or next_request(request))
            if status != 200:
                raise RuntimeError(f"HTTP {status}: {body[:200]!r}")
            await asyncio.sleep(0.02)
        latencies: list[float] = []
        statuses: dict[int, int] = {}
        left = [count if count is not None else -1]
        cpu_begun, machine_begun, begun = time.process_time(), machine_busy(), time.perf_counter()
        end = begun + (seconds if seconds is not None else float("inf"))

        async def caller(conn: Connection) -> None:
            while time.perf_counter() < end and left[0] != 0:
                left[0] -= 1
                sent = next_request(request)
                started = time.perf_counter()
                try:
                    status, body = await conn.call(sent)
                except ClosedWhileIdle:  # e.g. idle past the keep-alive timeout while the others warmed up
                    conn = await connect(url)
                    connections.append(conn)
                    status, body = await conn.call(sent)
                statuses[status] = statuses.get(status, 0) + 1
                if status != 200 and strict:
                    raise RuntimeError(f"HTTP {status}: {body[:200]!r}")
                if check is not None:
                    check(body)
                latencies.append((time.perf_counter() - started) * 1000)

        await asyncio.gather(*(caller(c) for c in connections))
        wall = time.perf_counter() - begun
        busy, total = (b - a for a, b in zip(machine_begun, machine_busy(), strict=True))
        return Load(latencies, wall, (time.process_time() - cpu_begun) / wall, busy / total if total else 0.0,
                    statuses)
    finally:
        for conn in connections:
            conn.close()


def next_request(request: bytes | Callable[[], bytes]) -> bytes:
    return request if isinstance(request, bytes) else request()


@dataclass
class Load:
    latencies_ms: list[float]
    seconds: float
    client_cores: float  # this process's CPU use meanwhile, in cores
    machine_busy: float  # share of all the machine's CPU time that was busy meanwhile (0..1)
    statuses: dict[int, int]  # replies by HTTP status


def machine_busy() -> tuple[int, int]:
    """(busy, total) CPU ticks of the whole machine so far, from /proc/stat (Linux)."""
    fields = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:9]]  # guest is in user
    idle = fields[3] + fields[4]  # idle + iowait
    return sum(fields) - idle, sum(fields)
