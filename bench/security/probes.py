"""The probes: each sends what an attacker or a careless client sends and times how the console answers."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import Awaitable
from typing import Any

import httpx
import psycopg

from bench.harness import http_load
from bench.harness.figures import summary, tally
from bench.harness.stack import ADMIN_PASSWORD, Stack

LOGIN_PASSWORD = "Bench-Login-2026!"
PATIENCE = 120.0  # seconds a probe waits for any reply; a hang shows as this long and status 0
TICKET = {"title": "Security probe", "description": "Created by the security benchmark", "category": "ERP",
          "application": "SYS_ERP", "issueType": "ORDER_SYNC", "issueLevel": "MODERATE"}


def admin_password() -> str:
    return os.environ.get("OMP_ADMIN_PASSWORD", ADMIN_PASSWORD)


def client(console: Stack, token: str | None = None, source: str | None = None) -> httpx.AsyncClient:
    """An HTTP client from `source` (any 127.x.y.z is this machine: a second address without a proxy)."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.AsyncClient(base_url=console.url, headers=headers, timeout=PATIENCE,
                             transport=httpx.AsyncHTTPTransport(local_address=source) if source else None)


async def timed(call: Awaitable[httpx.Response]) -> dict[str, Any]:
    """Status, milliseconds and reply code of one call; a call with no reply in PATIENCE is status 0."""
    started = time.perf_counter()
    try:
        reply = await call
    except httpx.HTTPError as error:
        return {"status": 0, "ms": round((time.perf_counter() - started) * 1000, 1), "code": type(error).__name__}
    try:
        content = reply.json()
    except ValueError:
        content = {}
    found = {"status": reply.status_code, "ms": round((time.perf_counter() - started) * 1000, 1),
             "code": content.get("code")}
    if isinstance(content.get("data"), dict) and "flowPending" in content["data"]:
        found["flowPending"] = content["data"]["flowPending"]  # a new ticket saved without its flow yet
    if "retry-after" in reply.headers:
        found["retryAfter"] = reply.headers["retry-after"]
    return found


async def latency(console: Stack, token: str, method: str, path: str, body: dict[str, Any] | None,
                  seconds: float) -> dict[str, Any]:
    """One caller in a loop through the lean client (its CPU stays out of the figure); every reply is timed."""
    request = http_load.request_bytes(console.url, method, path, token, body)
    load = await http_load.run(console.url, request, 1, seconds=seconds, strict=False)
    return {**summary(load.latencies_ms, load.seconds), "machineBusy": round(load.machine_busy, 2),
            "statuses": {str(s): n for s, n in sorted(load.statuses.items())}}


async def ordinary_calls(console: Stack, token: str, seconds: float) -> dict[str, Any]:
    """Two ordinary authenticated calls side by side: the ticket search (on the plain connection, its own
    pool) and user/info (through FastAPI and the ORM's pool, like most calls)."""
    search, info = await asyncio.gather(
        latency(console, token, "POST", "/cms/ticket/search", {"page": 1, "pageSize": 20}, seconds),
        latency(console, token, "GET", "/cms/user/info", None, seconds))
    return {"search": search, "userInfo": info}


def login_accounts(console: Stack, prefix: str, count: int) -> list[str]:
    """`count` users who may log in with LOGIN_PASSWORD (hashed once, written straight into the database)."""
    from domain.passwords import hash_password

    with psycopg.connect(console.database_url, autocommit=True) as conn:
        conn.execute("insert into users (username, real_name, display_name, email, password_hash, status) "
                     "select %(p)s || i, 'Login bench', %(p)s || i, %(p)s || i || '@bench.local', %(h)s, 'ENABLED' "
                     "from generate_series(1, %(n)s) i",
                     {"p": prefix, "h": hash_password(LOGIN_PASSWORD), "n": count})
    return [f"{prefix}{i}" for i in range(1, count + 1)]


def argon2_ms(times: int = 3) -> float:
    """How long one password check takes in this process now, as a measure of how much CPU a login gets on
    this machine at this moment (about 100 ms on an idle core)."""
    from domain.passwords import hash_password, verify_password

    stored, spent = hash_password(LOGIN_PASSWORD), []
    for _ in range(times):
        started = time.perf_counter()
        verify_password(stored, LOGIN_PASSWORD)
        spent.append((time.perf_counter() - started) * 1000)
    return round(sorted(spent)[times // 2], 1)


async def beside_logins(console: Stack, token: str, seconds: float, rate: float, accounts: list[str],
                        source: str) -> dict[str, Any]:
    """The ordinary calls while `rate` logins a second run beside them over `accounts` from `source` (an address
    of its own, whose failures no other probe counts), each account's right and wrong password in turn (a
    success after each failure keeps the throttle out: every login pays for its hash)."""
    outcomes: list[dict[str, Any]] = []
    async with client(console, source=source) as http:
        async def login(n: int) -> None:
            body = {"username": accounts[n // 2 % len(accounts)], "password": LOGIN_PASSWORD if n % 2 else "wrong"}
            outcomes.append(await timed(http.post("/cms/auth/login", json=body)))

        async def logins() -> None:
            tasks, begun, n = [], time.perf_counter(), 0
            while time.perf_counter() - begun < seconds:
                tasks.append(asyncio.create_task(login(n)))
                n += 1
                await asyncio.sleep(max(0.0, begun + n / rate - time.perf_counter()))
            await asyncio.gather(*tasks)

        check_ms = argon2_ms()
        calls, _ = await asyncio.gather(ordinary_calls(console, token, seconds), logins())
    figures = {**summary([o["ms"] for o in outcomes], seconds), "statuses": tally([o["status"] for o in outcomes]),
               "failures": sorted({f"{o['status']} {o['code']}" for o in outcomes if not 0 < o["status"] < 500})}
    return {**calls, "accounts": len(accounts), "argon2Ms": check_ms, "logins": figures}


async def log_rows(console: Stack, path: str, since: float) -> int:
    """Operation-log rows for `path` written since `since` (epoch seconds); the row is written just after the
    reply, so wait a moment for it."""
    async with await psycopg.AsyncConnection.connect(console.database_url, autocommit=True) as conn:
        for _ in range(20):
            row = await (await conn.execute("select count(*) from operation_logs where url = %s "
                                            "and at >= to_timestamp(%s)", (path, since))).fetchone()
            if row and row[0]:
                return int(row[0])
            await asyncio.sleep(0.1)
    return 0


async def refusal(console: Stack, token: str, path: str, body: bytes) -> dict[str, Any]:
    """How long the console takes to refuse `body` at `path`, and whether the operation log kept the call."""
    since = time.time() - 1  # the database's clock is this machine's; a second's slack for rounding
    async with client(console, token) as http:
        found = await timed(http.post(path, content=body, headers={"Content-Type": "application/json"}))
    return {**found, "bytes": len(body), "logRows": await log_rows(console, path, since)}


def nested(depth: int) -> bytes:
    return ('{"title":' * depth + '"x"' + "}" * depth).encode()


async def wedge(console: Stack, token: str, calls: int) -> dict[str, Any]:
    """`calls` comments with a NUL byte at once on one ticket (PostgreSQL refuses NUL in text), then what
    everyone else meets right after: login, user/info, a new ticket; connections left idle in transaction."""
    async with client(console, token) as http:
        ticket = (await http.post("/cms/ticket/add", json=TICKET)).json()["data"]["id"]
        comment = f"/cms/ticket/{ticket}/comment"
        bad = await asyncio.gather(*(timed(http.post(comment, json={"content": "hi\u0000"})) for _ in range(calls)))
        after = {
            "login": await timed(http.post("/cms/auth/login",
                                           json={"username": "admin", "password": admin_password()})),
            "userInfo": await timed(http.get("/cms/user/info")),
            "ticketAdd": await timed(http.post("/cms/ticket/add", json=TICKET)),
            "commentAfter": await timed(http.post(comment, json={"content": "still usable"})),
        }
    async with await psycopg.AsyncConnection.connect(console.database_url, autocommit=True) as conn:
        row = await (await conn.execute(
            "select count(*) from pg_stat_activity where state = 'idle in transaction' and pid <> pg_backend_pid()"
        )).fetchone()
    return {"bad": {**summary([b["ms"] for b in bad], 1), "statuses": tally([b["status"] for b in bad]),
                    "codes": sorted({str(b["code"]) for b in bad})},
            "after": after, "idleInTransaction": int(row[0]) if row else -1}


async def paused_temporal(console: Stack, token: str, pause: float) -> dict[str, Any]:
    """SIGSTOP the Temporal server for `pause` seconds; meanwhile create a ticket and comment on another."""
    async with client(console, token) as http:
        ticket = (await http.post("/cms/ticket/add", json=TICKET)).json()["data"]["id"]
        pid = console.pid_of("temporal")
        os.kill(pid, signal.SIGSTOP)
        try:
            resume = asyncio.create_task(asyncio.sleep(pause))
            add = await timed(http.post("/cms/ticket/add", json=TICKET))
            action = await timed(http.post(f"/cms/ticket/{ticket}/comment", json={"content": "while paused"}))
            await resume
        finally:
            os.kill(pid, signal.SIGCONT)
        after = await timed(http.post("/cms/ticket/add", json=TICKET))
    return {"pauseSeconds": pause, "ticketAdd": add, "comment": action, "ticketAddAfter": after}


async def throttling(console: Stack, tries: int) -> dict[str, Any]:
    """`tries` wrong passwords for admin from one address (127.0.0.66), then the right one from the admin's usual
    address (127.0.0.1, where the benchmark logged in) and from an address it never used (127.0.0.77)."""
    body = {"username": "admin", "password": "wrong-password"}
    right = {"username": "admin", "password": admin_password()}
    async with client(console, source="127.0.0.66") as attacker:
        wrong = [await timed(attacker.post("/cms/auth/login", json=body)) for _ in range(tries)]
    results: dict[str, Any] = {"wrong": wrong}
    for name, source in (("usualAddress", "127.0.0.1"), ("newAddress", "127.0.0.77")):
        async with client(console, source=source) as http:
            results[name] = await timed(http.post("/cms/auth/login", json=right))
    return results

