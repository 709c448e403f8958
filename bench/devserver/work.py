"""The operations measured on the dev server, each the smallest of its kind: a workflow of one workflow task, an
Update (one workflow task), a signal-with-start (one task: the start and the signal together), a Schedule's fire
(a run of the one-task workflow)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import datetime, timedelta
from typing import Any

from temporalio import activity, workflow
from temporalio.client import (
    Client,
    Schedule,
    ScheduleActionStartWorkflow,
    ScheduleIntervalSpec,
    ScheduleOverlapPolicy,
    SchedulePolicy,
    ScheduleSpec,
)
from temporalio.worker import UnsandboxedWorkflowRunner, Worker

QUEUE = "bench-devserver"
CONCURRENCY = 4  # callers at once, about what the console's API processes and worker send
RUNS: dict[str, float] = {}  # workflow id -> when its (only) task ran (written from the worker's threads)


@workflow.defn(name="BenchOnce", sandboxed=False)
class Once:
    @workflow.run
    async def run(self) -> None:
        RUNS.setdefault(workflow.info().workflow_id, time.time())


@activity.defn(name="bench_step")
async def step() -> None:
    return None


@workflow.defn(name="BenchOneStep", sandboxed=False)
class OneStep:
    """Two workflow tasks and an activity task between them, as a scheduled task's run."""

    @workflow.run
    async def run(self) -> None:
        await workflow.execute_activity(step, start_to_close_timeout=timedelta(seconds=30))


@workflow.defn(name="BenchInbox", sandboxed=False)
class Inbox:
    def __init__(self) -> None:
        self.total = 0
        self.closed = False

    @workflow.run
    async def run(self) -> int:
        await workflow.wait_condition(lambda: self.closed)
        return self.total

    @workflow.update
    def add(self, amount: int) -> int:
        self.total += amount
        return self.total

    @workflow.signal
    def close(self) -> None:
        self.closed = True


@contextlib.asynccontextmanager
async def worker(client: Client) -> AsyncIterator[None]:
    async with Worker(client, task_queue=QUEUE, workflows=[Once, OneStep, Inbox], activities=[step],
                      workflow_runner=UnsandboxedWorkflowRunner()):
        yield


class Window:
    """The span a part is measured over: the whole part unless it marks its own with `begin` and `end`."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.marks: dict[str, tuple[float, float]] = {}

    def begin(self) -> None:
        self.marks["begin"] = (self.clock(), time.perf_counter())

    def end(self) -> None:
        self.marks["end"] = (self.clock(), time.perf_counter())


async def in_parallel(count: int, call: Callable[[int], Awaitable[Any]]) -> None:
    gate = asyncio.Semaphore(CONCURRENCY)

    async def one(index: int) -> None:
        async with gate:
            await call(index)

    await asyncio.gather(*(one(i) for i in range(count)))


async def starts(client: Client, args: argparse.Namespace, window: Window) -> int:
    prefix = uuid.uuid4().hex[:8]

    async def start(index: int) -> None:
        handle = await client.start_workflow(Once.run, id=f"once-{prefix}-{index}", task_queue=QUEUE)
        await handle.result()

    await in_parallel(args.ops, start)
    return int(args.ops)


async def activity_runs(client: Client, args: argparse.Namespace, window: Window) -> int:
    prefix = uuid.uuid4().hex[:8]

    async def run(index: int) -> None:
        await client.execute_workflow(OneStep.run, id=f"step-{prefix}-{index}", task_queue=QUEUE)

    await in_parallel(args.ops, run)
    return int(args.ops)


async def updates(client: Client, args: argparse.Namespace, window: Window) -> int:
    prefix = uuid.uuid4().hex[:8]
    handles = [await client.start_workflow(Inbox.run, id=f"inbox-{prefix}-{i}", task_queue=QUEUE)
               for i in range(CONCURRENCY * 2)]
    await asyncio.gather(*(h.execute_update(Inbox.add, 0) for h in handles))  # each has run its first task
    window.begin()
    await in_parallel(args.ops, lambda i: handles[i % len(handles)].execute_update(Inbox.add, 1))
    window.end()
    await asyncio.gather(*(h.signal(Inbox.close) for h in handles))
    await asyncio.gather(*(h.result() for h in handles))
    return int(args.ops)


async def signal_with_starts(client: Client, args: argparse.Namespace, window: Window) -> int:
    prefix = uuid.uuid4().hex[:8]

    async def signal_with_start(index: int) -> None:
        handle = await client.start_workflow(Inbox.run, id=f"sws-{prefix}-{index}", task_queue=QUEUE,
                                             start_signal="close")
        await handle.result()

    await in_parallel(args.ops, signal_with_start)
    return int(args.ops)


async def schedules(client: Client, args: argparse.Namespace, window: Window, overlap: ScheduleOverlapPolicy) -> int:
    """`args.schedules` Schedules every `args.period` s (fires at whole multiples of the period since the epoch).
    After one fire to warm up, one fire is measured: from half a period before it until every run of it has run
    and the server is idle again (the Schedules' work after the run, such as SKIP's watch of its close, too)."""
    prefix, period = uuid.uuid4().hex[:8], int(args.period)
    ids = [f"sched-{prefix}-{i}" for i in range(args.schedules)]
    spec = ScheduleSpec(intervals=[ScheduleIntervalSpec(every=timedelta(seconds=period))])
    handles = [await client.create_schedule(i, Schedule(
        action=ScheduleActionStartWorkflow(Once.run, id=f"{i}-run", task_queue=QUEUE), spec=spec,
        policy=SchedulePolicy(overlap=overlap))) for i in ids]
    fire = (time.time() // period + 2) * period
    await asyncio.sleep(fire - period / 2 - time.time())
    window.begin()
    deadline = fire + period - 1  # before the next fire

    def ran() -> int:
        return sum(1 for wid in list(RUNS) if wid.startswith(f"sched-{prefix}-") and nominal(wid) == fire)

    while ran() < len(ids) and time.time() < deadline:
        await asyncio.sleep(0.2)
    while time.time() < deadline:  # the server settles: under a twentieth of a core for a second
        used = window.clock()
        await asyncio.sleep(1)
        if window.clock() - used < 0.05:
            break
    window.end()
    if ran() < len(ids):
        print(f"  {overlap.name}: {ran()} of {len(ids)} runs of the fire ran before the next", flush=True)
    for handle in handles:
        await handle.delete()
    return len(ids)


def nominal(workflow_id: str) -> float:
    """A Schedule's run is named `<action id>-<nominal time>` (`sched-x-0-run-2026-11-25T12:00:20Z`)."""
    stamp = workflow_id.rsplit("-run-", 1)[1]
    return datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()


Part = Callable[[Client, argparse.Namespace, Window], Awaitable[int]]
PARTS: dict[str, Part] = {
    "starts": starts,
    "activityRuns": activity_runs,
    "updates": updates,
    "signalWithStarts": signal_with_starts,
    "schedulesAllowAll": lambda c, a, w: schedules(c, a, w, ScheduleOverlapPolicy.ALLOW_ALL),
    "schedulesSkip": lambda c, a, w: schedules(c, a, w, ScheduleOverlapPolicy.SKIP),
}
