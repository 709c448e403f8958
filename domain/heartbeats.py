"""Every console process (API and worker) reports a heartbeat: one row a process in `app_instances`, one row a
beat in `heartbeat_beats`, both stamped by PostgreSQL's clock. Beats older than the retention are removed as new
ones arrive, and so are processes silent for that long (docs/operations-tools.md)."""

from __future__ import annotations

import asyncio
import logging
import os
import resource
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from datetime import datetime

from sqlalchemy import ColumnElement, delete, func, insert, literal_column, update

from domain.build import release
from domain.db import transaction
from domain.enums import AppKind
from domain.models.heartbeats import AppInstance, HeartbeatBeat
from domain.settings import get_settings

log = logging.getLogger("omp.heartbeat")
PRUNE_EVERY = 20  # beats between two sweeps of processes silent beyond the retention


def memory_kb() -> int | None:
    """The process's resident memory now (Linux: /proc), or None elsewhere."""
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024
    except (OSError, ValueError, IndexError):
        return None


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return round(usage.ru_utime + usage.ru_stime, 3)


def retention() -> ColumnElement[datetime]:
    return func.now() - literal_column("interval '1 hour'") * get_settings().heartbeat_retention_hours


class Heartbeat:
    """The beats of this process: `register` once, then `beat` every interval (`run` does both)."""

    def __init__(self, kind: AppKind, interval: float | None = None) -> None:
        self.kind = kind
        self.interval = interval or get_settings().heartbeat_interval_seconds
        self.instance_id: int | None = None
        self.count = 0

    async def register(self) -> int:
        async with transaction() as db:
            self.instance_id = await db.scalar(insert(AppInstance).values(
                kind=self.kind, host=socket.gethostname()[:255], pid=os.getpid(), version=release()[:64],
                interval_seconds=self.interval, beats=1).returning(AppInstance.id))
            await db.execute(insert(HeartbeatBeat).values(instance_id=self.instance_id, memory_kb=memory_kb(),
                                                          cpu_seconds=cpu_seconds()))
            await db.execute(delete(AppInstance).where(AppInstance.last_beat_at < retention()))
        log.info("heartbeat registered", extra={"instance": self.instance_id, "kind": self.kind.value})
        # set just above from the INSERT's RETURNING, never None here
        return self.instance_id  # type: ignore[return-value]

    async def beat(self) -> None:
        """One beat in one transaction; a process whose row was swept (silent beyond the retention while the
        database was away) registers again."""
        if self.instance_id is None:
            await self.register()
            return
        self.count += 1
        async with transaction() as db:
            found = await db.scalar(update(AppInstance).where(AppInstance.id == self.instance_id).values(
                last_beat_at=func.now(), beats=AppInstance.beats + 1).returning(AppInstance.id))
            if found is None:
                self.instance_id = None
            else:
                await db.execute(insert(HeartbeatBeat).values(instance_id=found, memory_kb=memory_kb(),
                                                              cpu_seconds=cpu_seconds()))
                await db.execute(delete(HeartbeatBeat).where(HeartbeatBeat.instance_id == found,
                                                             HeartbeatBeat.at < retention()))
                if self.count % PRUNE_EVERY == 0:
                    await db.execute(delete(AppInstance).where(AppInstance.last_beat_at < retention()))
        if self.instance_id is None:
            await self.register()

    async def run(self) -> None:
        """Beats until cancelled; a failed beat (database away) is logged and the next one tried on time."""
        while True:
            try:
                await self.beat()
            except Exception as exc:
                log.warning("heartbeat not recorded: %s", exc)
            await asyncio.sleep(self.interval)


@asynccontextmanager
async def beating(kind: AppKind) -> AsyncIterator[Heartbeat]:
    """Heartbeats of this process for as long as the block runs (the API's lifespan, the worker's run)."""
    heart = Heartbeat(kind)
    task = asyncio.create_task(heart.run(), name="heartbeat")
    try:
        yield heart
    finally:
        task.cancel()
        with suppress(asyncio.CancelledError):
            await task
