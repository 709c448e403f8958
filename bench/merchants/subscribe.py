"""Subscription requests from submit to applied through the real API and worker: each request is the dialog as
the screen sends it, quoted (`subscription/preview`, read only) and then submitted with its second confirmation
(`subscription/submit`, which writes the request confirmed and starts its flow awaiting approval), and the
approval by another person (an Update whose apply activity writes the record, periods, payment and merchant
plan in one transaction, then signals the merchant's plan flow). The approval's reply comes once the request is
applied."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime
from typing import Any

import httpx
import psycopg

from bench.harness.figures import summary
from domain.passwords import hash_password

APPROVER, APPROVER_PASSWORD = "bench-approver", "Bench-Approver-2026!"


def approver(conn: psycopg.Connection) -> str:
    """A second person allowed to approve (a super role: never the requester, who is the admin)."""
    user_id = conn.execute(
        "insert into users (username, real_name, display_name, email, password_hash, status, created_at, updated_at) "
        "values (%s, 'Bench approver', 'Bench approver', 'approver@bench.local', %s, 'ENABLED', now(), now()) "
        "on conflict (username) do update set status = 'ENABLED' returning id",
        (APPROVER, hash_password(APPROVER_PASSWORD))).fetchone()[0]  # type: ignore[index]
    role_id = conn.execute(
        "insert into roles (name, role_type, status, is_super, created_at, updated_at) "
        "values ('Bench approvers', 'CUSTOM', 'ENABLED', true, now(), now()) "
        "on conflict (name) do update set status = 'ENABLED' returning id").fetchone()[0]  # type: ignore[index]
    conn.execute("insert into user_roles (user_id, role_id) values (%s, %s) on conflict do nothing", (user_id, role_id))
    return APPROVER


def merchants_and_packages(conn: psycopg.Connection, count: int) -> list[tuple[int, int]]:
    """(merchant, its country's bench package) for `count` paying merchants, each once."""
    return [(r[0], r[1]) for r in conn.execute(
        "select m.id, p.id from merchants m join packages p on p.country = m.country and p.name = 'Bench Basic' "
        "where m.email like 'merchant%%@bench%%' and m.package_state <> 'EXPIRED' order by m.id limit %s",
        (count,)).fetchall()]


async def start_plan_flows(conn: psycopg.Connection, pairs: list[tuple[int, int]]) -> int:
    """The merchants' plan flows running, as in a console whose merchants subscribed through it (the generated
    rows have none, so each request would start one): each started as an apply step starts it."""
    from domain.flows.plans import PlanRenewal
    from domain.temporal import connect
    from services.plans import ensure_plan_flow

    client = await connect()
    rows = conn.execute("select id, plan_name, expire_at from merchants where id = any(%s) and expire_at is not null",
                        ([merchant_id for merchant_id, _ in pairs],)).fetchall()
    now = datetime.now(UTC)
    await asyncio.gather(*(ensure_plan_flow(client, PlanRenewal(merchant_id=r[0], plan_name=r[1], expire_at=r[2]),
                                            now) for r in rows))
    return len(rows)


STEPS = ("preview", "submit", "approve")


async def one(client: httpx.AsyncClient, requester: dict[str, str], approver: dict[str, str], merchant_id: int,
              package_id: int, key: str, steps: dict[str, list[float]]) -> float:
    begun = time.perf_counter()
    body = {"kind": "SUBSCRIBE", "merchantId": merchant_id, "packages": [{"packageId": package_id, "count": 1}],
            "receiptNumber": f"BENCH-{key}", "paymentSerial": f"BENCHSN-{key}",
            "paymentAt": datetime.now(UTC).isoformat()}
    quote = await call(client, "subscription/preview", body, requester, steps["preview"])
    lines = [{"packageId": q["packageId"], "versionId": q["versionId"], "count": q["count"]}
             for q in quote["packages"]]
    submitted = await call(client, "subscription/submit", {**body, "confirmation": {"packages": lines, "freeDays": 0}},
                           requester, steps["submit"])
    applied = await call(client, f"subscription/{submitted['id']}/approve", {}, approver, steps["approve"])
    if applied["state"] != "APPLIED":
        raise RuntimeError(f"request {submitted['id']} ended {applied['state']}")
    return (time.perf_counter() - begun) * 1000


async def call(client: httpx.AsyncClient, path: str, body: dict[str, Any], headers: dict[str, str],
               latencies: list[float]) -> Any:
    begun = time.perf_counter()
    reply = await client.post(f"/cms/{path}", json=body, headers=headers)
    if reply.status_code != 200:
        raise RuntimeError(f"{path}: {reply.status_code} {reply.text[:300]}")
    latencies.append((time.perf_counter() - begun) * 1000)
    return reply.json()["data"]


async def measure(url: str, requester_token: str, approver_token: str, pairs: list[tuple[int, int]],
                  clients: int) -> dict[str, Any]:
    """Every pair's request from submit to applied, `clients` of them in flight at once."""
    requester = {"Authorization": f"Bearer {requester_token}"}
    approver_headers = {"Authorization": f"Bearer {approver_token}"}
    latencies: list[float] = []
    steps: dict[str, list[float]] = {step: [] for step in STEPS}  # each call's own latency
    queue: asyncio.Queue[tuple[int, int]] = asyncio.Queue()
    for pair in pairs:
        queue.put_nowait(pair)
    run = f"{int(time.time())}"

    async def worker(client: httpx.AsyncClient) -> None:
        while not queue.empty():
            merchant_id, package_id = queue.get_nowait()
            latencies.append(await one(client, requester, approver_headers, merchant_id, package_id,
                                       f"{run}-{merchant_id}", steps))

    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx.AsyncClient(base_url=url, timeout=120, limits=limits) as client:
        begun = time.perf_counter()
        await asyncio.gather(*(worker(client) for _ in range(clients)))
        seconds = time.perf_counter() - begun
    return {**summary(latencies, seconds), "requests": len(latencies), "clients": clients,
            "callMs": {step: {k: v for k, v in summary(ms, seconds).items() if k in ("p50", "p95")}
                       for step, ms in steps.items()}}
