"""Reachability of every part the console needs, each probed with a short time-out, all at once; and
whether the console copes: its connection pools not exhausted, no activity failing for long.

A component is UP, DEGRADED (serving, but an operator should look) or DOWN; the whole is the worst of them.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any

from sqlalchemy import select, text
from temporalio.api.enums.v1 import TaskQueueType
from temporalio.api.taskqueue.v1 import TaskQueue
from temporalio.api.workflowservice.v1 import DescribeTaskQueueRequest

from api.flows import Flows
from domain import processes
from domain.db import get_engine, pool_use
from domain.models.health import ActivityFailure
from domain.settings import get_settings

PROBE_TIMEOUT = 3.0
RANK = {"UP": 0, "DEGRADED": 1, "DOWN": 2}
# A failure row not refreshed for this long is stale (its worker stopped before clearing it): a failing
# activity is retried within a minute, and a failing due event every five.
STALE = timedelta(minutes=15)


class Degraded(Exception):
    """Raised by a probe whose part works but not well; `failing` lists what fails, for operators."""

    def __init__(self, detail: str, failing: list[dict[str, Any]] | None = None) -> None:
        super().__init__(detail)
        self.failing = failing


async def probe_postgres(_: Flows) -> str:
    async with get_engine().connect() as conn:
        version = await conn.scalar(text("show server_version"))
    return f"PostgreSQL {version}"


async def probe_temporal(flows: Flows) -> str:
    client = await flows.client()
    await client.service_client.check_health()
    return client.service_client.config.target_host


async def probe_worker(flows: Flows) -> str:
    """Up when a worker polled our task queue recently (Temporal keeps pollers for about a minute)."""
    client = await flows.client()
    queue = get_settings().task_queue
    reply = await client.workflow_service.describe_task_queue(DescribeTaskQueueRequest(
        namespace=client.namespace, task_queue=TaskQueue(name=queue),
        task_queue_type=TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
    ))
    if not reply.pollers:
        raise RuntimeError(f"no worker polls task queue {queue}")
    return f"{len(reply.pollers)} poller(s) on {queue}"


async def probe_smtp(_: Flows) -> str:
    host, port = get_settings().smtp_target
    reader, writer = await asyncio.open_connection(host, port)
    try:
        banner = (await reader.readline()).decode(errors="replace").strip()
        if not banner.startswith("220"):
            raise RuntimeError(f"unexpected greeting: {banner}")
        writer.write(b"QUIT\r\n")
        await writer.drain()
    finally:
        writer.close()
    return f"{host}:{port}"


async def probe_pools(_: Flows) -> str:
    """DOWN when calls queue for a database connection, DEGRADED when every one is in use."""
    pools = pool_use()
    summary = "; ".join(f"{name}: {p['inUse']} of {p['capacity']} in use, {p['waiting']} waiting"
                      for name, p in pools.items())
    if any(p["waiting"] for p in pools.values()):
        raise RuntimeError(f"exhausted ({summary})")
    if any(p["inUse"] >= p["capacity"] for p in pools.values()):
        raise Degraded(f"every connection in use ({summary})")
    return summary


async def probe_activities(_: Flows) -> str:
    """DEGRADED while an activity type has been failing (and retried) for longer than the threshold."""
    threshold = timedelta(seconds=get_settings().activity_failing_seconds)
    async with get_engine().connect() as conn:
        rows = (await conn.execute(select(ActivityFailure).order_by(ActivityFailure.since))).all()
        now = await conn.scalar(text("select now()"))
    current = [r for r in rows if r.last_at >= now - max(threshold, STALE)]
    failing = [{"activity": r.activity, "since": r.since, "failures": r.failures, "error": r.error}
               for r in current if r.since <= now - threshold]
    if failing:
        names = ", ".join(f["activity"] for f in failing)
        raise Degraded(f"failing for more than {threshold.total_seconds():.0f} s: {names}", failing)
    return f"{len(current)} failing for less than {threshold.total_seconds():.0f} s" if current else "none failing"


PROBES: dict[str, Callable[[Flows], Awaitable[str]]] = {
    "postgres": probe_postgres, "temporal": probe_temporal, "smtp": probe_smtp, "worker": probe_worker,
    "pools": probe_pools, "activities": probe_activities,
}


async def _run(probe: Callable[[Flows], Awaitable[str]], flows: Flows) -> dict[str, Any]:
    started = time.perf_counter()
    failing = None
    try:
        detail = await asyncio.wait_for(probe(flows), PROBE_TIMEOUT)
        status = "UP"
    except Degraded as exc:
        detail, status, failing = str(exc), "DEGRADED", exc.failing
    except Exception as exc:
        detail, status = (str(exc) or type(exc).__name__), "DOWN"
    result = {"status": status, "latencyMs": round((time.perf_counter() - started) * 1000, 1), "detail": detail}
    return result | ({"failing": failing} if failing else {})


async def check(flows: Flows) -> dict[str, Any]:
    results = await asyncio.gather(*(_run(p, flows) for p in PROBES.values()))
    components = dict(zip(PROBES, results, strict=True))
    status = max((c["status"] for c in components.values()), key=RANK.__getitem__)
    report: dict[str, Any] = {"status": status, "components": components}
    supervised = processes.read(get_settings().var_dir)
    if supervised is not None:  # started by the launcher: its restarts, for operators
        report["processes"] = supervised
    return report
