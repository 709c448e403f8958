"""Reachability of every part the console needs, each probed with a short time-out, all at once; and
whether the console copes: its connection pools not exhausted, no activity failing for long.

A component is UP, DEGRADED (serving, but an operator should look) or DOWN; the whole is the worst of them.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
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
from services.flows import breaker

PROBE_TIMEOUT = 3.0
RANK = {"UP": 0, "DEGRADED": 1, "DOWN": 2}
# A failure row not refreshed for this long is stale (its worker stopped before clearing it): a failing
# activity is retried within a minute, and a failing due event every five.
STALE = timedelta(minutes=15)


class Degraded(Exception):
    """Raised by a probe whose part works but not well; `facts` (e.g. `failing`: what fails) go to operators."""

    def __init__(self, detail: str, **facts: Any) -> None:
        super().__init__(detail)
        self.facts = facts


@dataclass
class Finding:
    """What a probe of a working part found: its detail, and facts for operators beside it."""

    detail: str
    facts: dict[str, Any] = field(default_factory=dict)


async def probe_postgres(_: Flows) -> str:
    async with get_engine().connect() as conn:
        version = await conn.scalar(text("show server_version"))
    return f"PostgreSQL {version}"


async def probe_temporal(flows: Flows) -> str:
    client = await flows.client()
    await client.service_client.check_health()
    return client.service_client.config.target_host


async def probe_breaker(_: Flows) -> Finding:
    """Whether this API process asks Temporal: DEGRADED while its breaker answers 503 at once (services/flows.py)."""
    state, until = breaker.state()
    facts = {"breaker": {"state": state, "until": until}}
    if state == "CLOSED":
        return Finding("closed: Temporal actions are asked", facts)
    if state == "OPEN":
        raise Degraded(f"open: Temporal actions answer 503 until {until:%H:%M:%S} UTC", **facts)
    trial = f"a trial call runs until {until:%H:%M:%S} UTC" if until else "the next Temporal action tries"
    raise Degraded(f"half open: {trial}", **facts)


async def probe_worker(flows: Flows) -> str:
    """UP while every worker of our task queue asks it for tasks. Temporal lists each worker with the last
    time it polled (a poll lasts up to a minute and stamps its start and end); a worker silent for longer
    than `worker_silent_seconds` is frozen, stuck or gone, though Temporal still lists it for minutes."""
    client = await flows.client()
    queue, limit = get_settings().task_queue, get_settings().worker_silent_seconds
    reply = await client.workflow_service.describe_task_queue(DescribeTaskQueueRequest(
        namespace=client.namespace, task_queue=TaskQueue(name=queue),
        task_queue_type=TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
    ))
    if not reply.pollers:
        raise RuntimeError(f"no worker polls task queue {queue}")
    now = datetime.now(UTC)
    silence = {p.identity: (now - p.last_access_time.ToDatetime(tzinfo=UTC)).total_seconds() for p in reply.pollers}
    silent = sorted(name for name, seconds in silence.items() if seconds > limit)
    if len(silent) == len(silence):
        raise RuntimeError(f"no worker has polled {queue} for {min(silence.values()):.0f} s (limit {limit:.0f} s)")
    if silent:
        raise Degraded(f"silent for more than {limit:.0f} s on {queue}: {', '.join(silent)}")
    return f"{len(silence)} worker(s) polling {queue}, the last {min(silence.values()):.0f} s ago"


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


@dataclass
class Queueing:
    """Since when every check has found calls queueing for a connection (None: the last one found none)."""

    since: float | None = None


QUEUEING = Queueing()


async def probe_pools(_: Flows) -> str:
    """DEGRADED when every connection is in use or calls queue for one; DOWN when they have queued at every check
    for `pool_waiting_seconds` (a wedged pool, not a burst)."""
    pools = pool_use()
    summary = "; ".join(f"{name}: {p['inUse']} of {p['capacity']} in use, {p['waiting']} waiting"
                      for name, p in pools.items())
    if not any(p["waiting"] for p in pools.values()):
        QUEUEING.since = None
    else:
        now = time.monotonic()
        QUEUEING.since = QUEUEING.since if QUEUEING.since is not None else now
        queued = now - QUEUEING.since
        if queued >= get_settings().pool_waiting_seconds:
            raise RuntimeError(f"exhausted: calls queued for {queued:.0f} s ({summary})")
        raise Degraded(f"calls queue for a connection ({summary})")
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
        raise Degraded(f"failing for more than {threshold.total_seconds():.0f} s: {names}", failing=failing)
    return f"{len(current)} failing for less than {threshold.total_seconds():.0f} s" if current else "none failing"


Probe = Callable[[Flows], Awaitable[str | Finding]]
PROBES: dict[str, Probe] = {
    "postgres": probe_postgres, "temporal": probe_temporal, "breaker": probe_breaker, "smtp": probe_smtp,
    "worker": probe_worker, "pools": probe_pools, "activities": probe_activities,
}


async def _run(probe: Probe, flows: Flows) -> dict[str, Any]:
    started = time.perf_counter()
    facts: dict[str, Any] = {}
    try:
        found = await asyncio.wait_for(probe(flows), PROBE_TIMEOUT)
        detail, facts = (found.detail, found.facts) if isinstance(found, Finding) else (found, {})
        status = "UP"
    except Degraded as exc:
        detail, status, facts = str(exc), "DEGRADED", exc.facts
    except Exception as exc:
        detail, status = (str(exc) or type(exc).__name__), "DOWN"
    result = {"status": status, "latencyMs": round((time.perf_counter() - started) * 1000, 1), "detail": detail}
    return result | facts


async def check(flows: Flows) -> dict[str, Any]:
    results = await asyncio.gather(*(_run(p, flows) for p in PROBES.values()))
    components = dict(zip(PROBES, results, strict=True))
    status = max((c["status"] for c in components.values()), key=RANK.__getitem__)
    report: dict[str, Any] = {"status": status, "components": components}
    supervised = processes.read(get_settings().var_dir)
    if supervised is not None:  # started by the launcher: its restarts, for operators
        report["processes"] = supervised
    return report
