"""Reachability of every part the console needs, each probed with a short time-out, all at once."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import text
from temporalio.api.enums.v1 import TaskQueueType
from temporalio.api.taskqueue.v1 import TaskQueue
from temporalio.api.workflowservice.v1 import DescribeTaskQueueRequest

from api.flows import Flows
from domain import processes
from domain.db import get_engine
from domain.settings import get_settings

PROBE_TIMEOUT = 3.0


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


PROBES: dict[str, Callable[[Flows], Awaitable[str]]] = {
    "postgres": probe_postgres, "temporal": probe_temporal, "smtp": probe_smtp, "worker": probe_worker,
}


async def _run(probe: Callable[[Flows], Awaitable[str]], flows: Flows) -> dict[str, Any]:
    started = time.perf_counter()
    try:
        detail = await asyncio.wait_for(probe(flows), PROBE_TIMEOUT)
        status = "UP"
    except Exception as exc:
        detail, status = (str(exc) or type(exc).__name__), "DOWN"
    return {"status": status, "latencyMs": round((time.perf_counter() - started) * 1000, 1), "detail": detail}


async def check(flows: Flows) -> dict[str, Any]:
    results = await asyncio.gather(*(_run(p, flows) for p in PROBES.values()))
    components = dict(zip(PROBES, results, strict=True))
    status = "UP" if all(c["status"] == "UP" for c in components.values()) else "DOWN"
    report: dict[str, Any] = {"status": status, "components": components}
    supervised = processes.read(get_settings().var_dir)
    if supervised is not None:  # started by the launcher: its restarts, for operators
        report["processes"] = supervised
    return report
