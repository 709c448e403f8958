"""Run every queue of worker.registry in one process until SIGINT/SIGTERM, then drain and stop."""

from __future__ import annotations

import asyncio
import logging
import signal
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

from temporalio.client import Client
from temporalio.worker import Worker

from domain.enums import AppKind
from domain.heartbeats import beating
from domain.logging import configure_logging
from domain.settings import get_settings
from domain.temporal import connect
from worker.collector import Collector
from worker.interceptors import ActivityFailures
from worker.registry import QueueSpec, queues, schedules

log = logging.getLogger("omp.worker")
# Long-lived flows (one per open ticket) sleep on timers for days; keeping them cached costs little memory,
# while replaying each evicted one when its timer fires costs CPU exactly when deadlines bunch up.
CACHED_FLOWS = 20000
# Workflow activations are Python under one GIL, each in its own thread, and each must yield within 2 s of being
# handed over or the SDK calls it a deadlock (TMPRL1101). Hundreds at once (the SDK's default) share the
# interpreter so thinly on 2 cores that a burst of flows (a first start's demo plans, timers that fire
# together) fails and retries; a few at a time finish each one quickly and get through the burst sooner.
ACTIVATION_THREADS = 4


def build_workers(client: Client, specs: list[QueueSpec] | None = None) -> list[Worker]:
    """One worker a queue. Its workflow task slots (`workflow_task_slots`) may outnumber the activation threads:
    a task whose local activity runs holds a slot but no thread."""
    slots = get_settings().workflow_task_slots
    return [
        Worker(client, task_queue=s.task_queue, workflows=list(s.workflows), activities=list(s.activities),
               graceful_shutdown_timeout=timedelta(seconds=10), max_cached_workflows=CACHED_FLOWS,
               max_concurrent_workflow_tasks=slots,
               workflow_task_executor=ThreadPoolExecutor(min(slots, ACTIVATION_THREADS)),
               interceptors=[ActivityFailures()])
        for s in (specs if specs is not None else queues())
    ]


async def connect_with_retry(attempts: int = 60) -> Client:
    for attempt in range(1, attempts + 1):
        try:
            return await connect()
        except Exception as exc:  # the server may still be starting
            if attempt == attempts:
                raise
            log.warning("Temporal not reachable yet (%s); retrying", exc)
            await asyncio.sleep(1)
    raise RuntimeError("unreachable")


async def run() -> None:
    settings = get_settings()
    configure_logging(settings.log_level, settings.log_json)
    client = await connect_with_retry()
    try:
        for ensure in schedules():
            await ensure(client)
    except Exception as exc:  # the flows still run; the next start tries again
        log.warning("schedules not ensured: %s", exc)
    workers = build_workers(client)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    log.info("worker started", extra={"queues": [w.task_queue for w in workers]})
    tasks = [asyncio.create_task(w.run()) for w in workers]
    collecting = asyncio.create_task(Collector().run())  # full garbage collections kept rare (worker/collector.py)
    stopping = asyncio.create_task(stop.wait())
    async with beating(AppKind.WORKER):
        done, _ = await asyncio.wait([stopping, *tasks], return_when=asyncio.FIRST_COMPLETED)
    failed = [t for t in done if t is not stopping]  # a worker ended on its own: a fatal error
    log.info("worker stopping", extra={"reason": "error" if failed else "signal"})
    collecting.cancel()
    await asyncio.gather(*(w.shutdown() for w in workers))
    results = await asyncio.gather(*tasks, return_exceptions=True)
    errors = [r for r in results if isinstance(r, BaseException)]
    log.info("worker stopped")
    if failed or errors:
        raise SystemExit(f"worker failed: {errors[0] if errors else 'a queue stopped'}")
