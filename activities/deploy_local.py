"""The local runner as the run's activity: spawn the deploy command's wrapper (services/deployments/local.py) unless
an earlier attempt did, follow the claimant to its exit status with heartbeats, its output into the run's log
chunks, and end it on a user's cancellation or the time limit (a worker asked to stop leaves it to the next).
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from temporalio import activity
from temporalio.exceptions import ApplicationError

from domain.enums import DeployRunner, DeployRunStatus
from domain.flows.deployments import RunOutcome
from services.deployments import store
from services.deployments.local import CLAIM_WAIT_SECONDS, alive, drain, drain_some, paths_of, spawn, stop_group
from services.deployments.log import LogWriter
from services.deployments.store import RunContext

POLL_SECONDS = 0.2


async def claimant(paths: dict[str, Path]) -> tuple[int, float]:
    """The pid and start of the wrapper holding the run's claim, once it has written them."""
    deadline = time.monotonic() + CLAIM_WAIT_SECONDS
    while not paths["pid"].exists():
        if time.monotonic() > deadline:
            raise ApplicationError("the deploy command's wrapper stopped before it started the command",
                                   type="DEPLOY_LOST", non_retryable=True)
        activity.heartbeat()
        await asyncio.sleep(POLL_SECONDS / 4)
    pid, started = paths["pid"].read_text().split()
    return int(pid), float(started)


async def run_local(ctx: RunContext) -> RunOutcome:
    paths = paths_of(ctx.run_id)
    await store.set_runner(ctx.run_id, DeployRunner.LOCAL, {})
    if not paths["pid"].exists():  # a first attempt, or one after a worker died before its wrapper wrote
        await asyncio.to_thread(spawn, ctx, paths)
    pid, started = await claimant(paths)
    writer = LogWriter(ctx.run_id, ctx.last_seq, ctx.offset)
    try:
        return await follow(ctx, paths, pid, started, writer)
    except asyncio.CancelledError:
        if activity.is_worker_shutdown():
            raise  # the command goes on; the next attempt follows it
        await asyncio.to_thread(stop_group, pid)
        await drain(paths, writer)
        await writer.line("cancelled")
        raise


async def follow(ctx: RunContext, paths: dict[str, Path], pid: int, started: float, writer: LogWriter) -> RunOutcome:
    while True:
        finished = paths["exit"].exists()
        await drain_some(paths, writer)
        activity.heartbeat(writer.offset)
        if finished:
            await drain(paths, writer)
            code = int(paths["exit"].read_text().strip() or "1")
            status = DeployRunStatus.SUCCEEDED if code == 0 else DeployRunStatus.FAILED
            return RunOutcome(status=status, exit_code=code, error=None if code == 0 else f"exit code {code}")
        if not alive(pid) and not paths["exit"].exists():
            await drain(paths, writer)
            await writer.line("the deploy command ended without an exit status")
            return RunOutcome(status=DeployRunStatus.FAILED, error="lost")
        if time.time() - started > ctx.time_limit:
            await asyncio.to_thread(stop_group, pid)
            await drain(paths, writer)
            await writer.line(f"time limit of {ctx.time_limit // 60} minutes reached; stopped")
            return RunOutcome(status=DeployRunStatus.FAILED, error="time limit")
        await asyncio.sleep(POLL_SECONDS)
