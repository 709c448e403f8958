"""Part `schedules` of `python -m bench.ops`: N scheduled tasks (default 300) firing every minute for M minutes
(default 10) on a fresh console, created through the API like any task (console.ping, cron `* * * * *`).

Start lateness is each run's actual start (the worker's clock as the run's first activity begins, the task
record's `started_at`) against its nominal time (the Schedule's `TemporalScheduledStartTime`, `nominal_at`):
p50, p99 and max over every fire of the window, target p99 < 2 s (PEERS: Temporal schedule actions "generally
start within 1 second"). Fires expected and recorded are counted too, so a skipped fire is not hidden.
"""

from __future__ import annotations

import argparse
import asyncio
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import psycopg

from bench.harness import stack
from bench.harness.figures import load_average, machine, summary, verdict

TARGET_P99_MS = 2000
RECORDS = """select extract(epoch from started_at - nominal_at) * 1000, result from job_records
              where job_id = any(%s) and trigger = 'SCHEDULE' and nominal_at >= %s and nominal_at < %s"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--tasks", type=int, default=300, help="schedules: tasks firing every minute")
    parser.add_argument("--minutes", type=int, default=10, help="schedules: minutes measured")


async def create_tasks(console: stack.Stack, token: str, count: int) -> list[int]:
    headers = {"Authorization": f"Bearer {token}"}
    gate = asyncio.Semaphore(8)
    async with httpx.AsyncClient(base_url=console.url, headers=headers, timeout=60) as http:
        async def one(i: int) -> int:
            async with gate:
                reply = await http.post("/cms/job/add", json={
                    "name": f"Bench ping {i:04d}", "handler": "console", "method": "ping", "cron": "* * * * *",
                    "timeZone": "UTC", "params": {"note": f"bench {i}"}})
                reply.raise_for_status()
                return int(reply.json()["data"]["id"])

        return list(await asyncio.gather(*(one(i) for i in range(count))))


async def pause_tasks(console: stack.Stack, token: str, ids: list[int]) -> None:
    headers = {"Authorization": f"Bearer {token}"}
    gate = asyncio.Semaphore(8)
    async with httpx.AsyncClient(base_url=console.url, headers=headers, timeout=60) as http:
        async def one(job_id: int) -> None:
            async with gate:
                await http.post(f"/cms/job/{job_id}/pause", json={"reason": "benchmark over"})

        await asyncio.gather(*(one(i) for i in ids))


def next_minute(after: datetime) -> datetime:
    return after.replace(second=0, microsecond=0) + timedelta(minutes=1)


async def measure(console: stack.Stack, args: argparse.Namespace) -> dict[str, Any]:
    tasks, minutes = getattr(args, "tasks", 300), getattr(args, "minutes", 10)
    results: dict[str, Any] = {"at": datetime.now(UTC).isoformat(), "tasks": tasks, "minutes": minutes,
                               "machine": machine(), "loadAverages": {}}
    token = console.login()
    begun = time.perf_counter()
    ids = await create_tasks(console, token, tasks)
    results["createSeconds"] = round(time.perf_counter() - begun, 1)
    # The window starts at the first whole minute after every schedule exists and is measured to its end.
    start = next_minute(datetime.now(UTC) + timedelta(seconds=5))
    end = start + timedelta(minutes=minutes)
    samples = []
    while datetime.now(UTC) < end + timedelta(seconds=45):  # the last minute's runs finish
        await asyncio.sleep(30)
        samples.append(load_average())
        print(f"load {samples[-1]} at {datetime.now(UTC):%H:%M:%S}", flush=True)
    await pause_tasks(console, token, ids)
    with psycopg.connect(console.database_url.replace("postgresql+psycopg", "postgresql")) as db:
        rows = db.execute(RECORDS, (ids, start, end)).fetchall()
    lateness = [float(ms) for ms, _ in rows]
    expected = tasks * minutes
    results |= {"lateness": summary(lateness, minutes * 60), "maxMs": round(max(lateness, default=0), 1),
                "expected": expected, "recorded": len(rows),
                "failed": sum(1 for _, result in rows if result == "FAILED"),
                "processing": sum(1 for _, result in rows if result == "PROCESSING"),
                "window": [start.isoformat(), end.isoformat()], "loadSamples": samples}
    results["loadAverages"]["end"] = load_average()
    return results


def report(results: dict[str, Any]) -> str:
    late = results["lateness"]
    rows = [
        "| measure | figure | target | verdict |", "| --- | --- | --- | --- |",
        f"| {results['tasks']} tasks every minute for {results['minutes']} min: fires recorded / expected "
        f"| {results['recorded']:,} / {results['expected']:,} (failed {results['failed']}, still processing "
        f"{results['processing']}) | all | {verdict(results['recorded'] >= results['expected'])} |",
        f"| start lateness p50 | {late['p50']:.0f} ms | | |",
        f"| start lateness p99 | {late['p99']:.0f} ms | < {TARGET_P99_MS} ms | "
        f"{verdict(late['p99'] < TARGET_P99_MS)} |",
        f"| start lateness max | {results['maxMs']:.0f} ms | | |",
    ]
    samples = results["loadSamples"]
    busiest = max((s[0] for s in samples), default=0.0)
    return "\n".join(rows) + (f"\n\nMachine: {results['machine']}; 1-minute load average during the window: "
                              f"up to {busiest} (samples every 30 s), at the end {results['loadAverages']['end']}\n")
