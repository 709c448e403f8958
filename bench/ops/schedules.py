"""Part `schedules` of `python -m bench.ops`: N scheduled tasks (default 300) firing every minute for M minutes
(default 10) on a fresh console, created through the API like any task (console.ping, cron `* * * * *`).

Two lateness figures, each against the fire's nominal time (the Schedule's `TemporalScheduledStartTime`, the
task record's `nominal_at`), p50, p99 and max over every fire of the window, target p99 < 2 s (PEERS: Temporal
schedule actions "generally start within 1 second"):
- fire lateness: when Temporal started the run (the workflow execution's start time), i.e. the scheduler alone;
- start lateness: when the run's first step began on the worker (the task record's `started_at`, written by the
  worker's clock in the run's first workflow task): the scheduler, the queue and the worker together. This is
  the one the target is judged on: a fire is only on time if the task began.
Fires expected and recorded are counted too, so a skipped fire is not hidden; the drain of each minute's burst
(all N fire at second 0) as runs begun a second; and the console's CPU per run by part (API, worker, Temporal,
PostgreSQL), which does not depend on how busy the machine is with other work.
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
from domain.enums import JobTrigger
from domain.flows.jobs import SCHEDULED_START, WORKFLOW, JobRun
from domain.settings import get_settings
from domain.temporal import connect

TARGET_P99_MS = 2000
RECORDS = """select extract(epoch from started_at - nominal_at) * 1000, result, nominal_at, started_at
              from job_records
              where job_id = any(%s) and trigger = 'SCHEDULE' and nominal_at >= %s and nominal_at < %s"""
DONE = """select count(*) from job_records where job_id = any(%s) and trigger = 'SCHEDULE' and nominal_at >= %s
           and nominal_at < %s and result <> 'PROCESSING'"""
NAME = "Bench ping"  # the benchmark's tasks: the built-in tasks also fire in a window (every 5 minutes, hourly)
FIRES = (f"WorkflowType = 'scheduled-job' AND TaskName >= '{NAME} ' AND TaskName < '{NAME}~' AND "
         "TemporalScheduledStartTime >= '{0}' AND TemporalScheduledStartTime < '{1}'")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--tasks", type=int, default=300, help="schedules: tasks firing every minute")
    parser.add_argument("--minutes", type=int, default=10,
                        help="schedules: minutes measured (0: only the control burst, the cost of a run)")


async def create_tasks(console: stack.Stack, token: str, count: int) -> list[int]:
    headers = {"Authorization": f"Bearer {token}"}
    gate = asyncio.Semaphore(8)
    async with httpx.AsyncClient(base_url=console.url, headers=headers, timeout=60) as http:
        async def one(i: int) -> int:
            async with gate:
                reply = await http.post("/cms/job/add", json={
                    "name": f"{NAME} {i:04d}", "handler": "console", "method": "ping", "cron": "* * * * *",
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


async def fire_lateness(console: stack.Stack, start: datetime, end: datetime) -> list[float]:
    """Each run's start in Temporal (its execution's start time) against its scheduled time, in ms."""
    client = await connect(console.temporal)
    query = FIRES.format(start.isoformat().replace("+00:00", "Z"), end.isoformat().replace("+00:00", "Z"))
    late = []
    async for run in client.list_workflows(query):
        nominal = run.typed_search_attributes.get(SCHEDULED_START)
        if nominal is not None:
            late.append((run.start_time - nominal).total_seconds() * 1000)
    return late


def drains(rows: list[tuple[Any, ...]]) -> list[dict[str, Any]]:
    """Each minute's burst: how many runs began, the seconds from the nominal time to the last one's start,
    and so the runs begun a second."""
    minutes: dict[datetime, list[datetime]] = {}
    for _, _, nominal, started in rows:
        minutes.setdefault(nominal, []).append(started)
    out = []
    for nominal, starts in sorted(minutes.items()):
        seconds = max((max(starts) - nominal).total_seconds(), 0.001)
        out.append({"at": f"{nominal:%H:%M}", "runs": len(starts), "lastStartS": round(seconds, 1),
                    "runsPerSecond": round(len(starts) / seconds, 1)})
    return out


Cpu = tuple[dict[str, float], float]  # CPU seconds by part, and when (perf_counter)


def cpu_now(console: stack.Stack) -> Cpu:
    return console.cpu_by_part(), time.perf_counter()


async def idle_cpu(console: stack.Stack, seconds: float = 20) -> dict[str, float]:
    """CPU seconds a second each part uses with nothing to do (polls, heartbeats, the server's own timers)."""
    before, at = cpu_now(console)
    await asyncio.sleep(seconds)
    after, now = cpu_now(console)
    return {part: (after.get(part, 0) - before.get(part, 0)) / (now - at) for part in after}


def per_run_cpu(before: Cpu, after: Cpu, runs: int, idle: dict[str, float]) -> dict[str, float]:
    """CPU ms a run, by part: what the console used between `before` and `after` less what it uses idle over
    the same time."""
    elapsed = after[1] - before[1]
    return {part: round(max(0.0, used - before[0].get(part, 0) - idle.get(part, 0) * elapsed) * 1000
                        / max(runs, 1), 1) for part, used in sorted(after[0].items())}


async def drained(console: stack.Stack, ids: list[int], start: datetime, end: datetime,
                  limit: float = 900) -> float:
    """Waits until every run the window fired has finished its record (or `limit` seconds after the window), so
    the CPU measured is that of every fire and nothing else. Returns the seconds waited after the window."""
    client = await connect(console.temporal)
    query = FIRES.format(start.isoformat().replace("+00:00", "Z"), end.isoformat().replace("+00:00", "Z"))
    url = console.database_url.replace("postgresql+psycopg", "postgresql")
    while (waited := (datetime.now(UTC) - end).total_seconds()) < limit:
        fired = (await client.count_workflows(query)).count
        with psycopg.connect(url) as db:
            done = db.execute(DONE, (ids, start, end)).fetchone()
        if waited > 0 and done is not None and done[0] >= fired:
            break
        await asyncio.sleep(5)
    return round(max(waited, 0), 1)


async def direct_burst(console: stack.Stack, ids: list[int], idle: dict[str, float]) -> dict[str, Any]:
    """The control: the same run (`scheduled-job`, one per task) started by a client all at once, without the
    Schedules, to its end: what the runs cost without the scheduler, and how fast the console drains them."""
    client = await connect(console.temporal)
    stamp = f"{datetime.now(UTC):%H%M%S}"
    before = cpu_now(console)
    begun = before[1]
    gate = asyncio.Semaphore(16)  # as many starts in flight as the task creation has: none times out on a busy server

    async def start(job_id: int) -> Any:
        async with gate:
            return await client.start_workflow(
                WORKFLOW, JobRun(job_id=job_id, trigger=JobTrigger.MANUAL), id=f"bench-direct-{job_id}-{stamp}",
                task_queue=get_settings().task_queue, rpc_timeout=timedelta(seconds=60))

    handles = await asyncio.gather(*(start(i) for i in ids))
    started = time.perf_counter() - begun
    await asyncio.gather(*(h.result() for h in handles))
    seconds = time.perf_counter() - begun
    return {"runs": len(ids), "startSeconds": round(started, 1), "doneSeconds": round(seconds, 1),
            "runsPerSecond": round(len(ids) / seconds, 1),
            "cpuMsPerRun": per_run_cpu(before, cpu_now(console), len(ids), idle)}


def next_minute(after: datetime) -> datetime:
    return after.replace(second=0, microsecond=0) + timedelta(minutes=1)


async def measure(console: stack.Stack, args: argparse.Namespace) -> dict[str, Any]:
    tasks, minutes = getattr(args, "tasks", 300), getattr(args, "minutes", 10)
    results: dict[str, Any] = {"at": datetime.now(UTC).isoformat(), "tasks": tasks, "minutes": minutes,
                               "machine": machine(), "loadAverages": {}}
    await console.settle()
    idle = await idle_cpu(console)
    token = console.login()
    begun = time.perf_counter()
    ids = await create_tasks(console, token, tasks)
    results["createSeconds"] = round(time.perf_counter() - begun, 1)
    if minutes == 0:  # the control alone: what a run costs, in a minute or two
        await pause_tasks(console, token, ids)
        results |= {"direct": await direct_burst(console, ids, idle), "loadSamples": [load_average()]}
        results["loadAverages"]["end"] = load_average()
        return results
    # The window starts at the first whole minute after every schedule exists and is measured to its end.
    start = next_minute(datetime.now(UTC) + timedelta(seconds=5))
    end = start + timedelta(minutes=minutes)
    samples = []
    while datetime.now(UTC) < start:
        await asyncio.sleep(0.5)
    cpu_before = cpu_now(console)
    while datetime.now(UTC) < end - timedelta(seconds=15):  # the window's last fire is a minute before its end
        await asyncio.sleep(min(30.0, max(0.5, (end - timedelta(seconds=15) - datetime.now(UTC)).total_seconds())))
        samples.append(load_average())
        print(f"load {samples[-1]} at {datetime.now(UTC):%H:%M:%S}", flush=True)
    await pause_tasks(console, token, ids)  # before the fire at the window's end
    results["drainedSeconds"] = await drained(console, ids, start, end)
    cpu_after = cpu_now(console)
    with psycopg.connect(console.database_url.replace("postgresql+psycopg", "postgresql")) as db:
        rows = db.execute(RECORDS, (ids, start, end)).fetchall()
    results["direct"] = await direct_burst(console, ids, idle)
    lateness = [float(row[0]) for row in rows]
    fired = await fire_lateness(console, start, end)
    expected = tasks * minutes
    results |= {"lateness": summary(lateness, minutes * 60), "maxMs": round(max(lateness, default=0), 1),
                "fireLateness": summary(fired, minutes * 60), "fireMaxMs": round(max(fired, default=0), 1),
                "expected": expected, "recorded": len(rows), "fired": len(fired),
                "failed": sum(1 for row in rows if row[1] == "FAILED"),
                "processing": sum(1 for row in rows if row[1] == "PROCESSING"),
                "drains": drains(rows), "cpuMsPerRun": per_run_cpu(cpu_before, cpu_after, len(rows), idle),
                "idleCpuMsPerSecond": {part: round(v * 1000, 1) for part, v in idle.items()},
                "window": [start.isoformat(), end.isoformat()], "loadSamples": samples}
    results["loadAverages"]["end"] = load_average()
    return results


def control_report(results: dict[str, Any]) -> str:
    direct = results["direct"]
    return (f"Control only (--minutes 0): {direct['runs']} runs started at once by a client, no Schedule: "
            f"{direct['runsPerSecond']} runs/s ({direct['doneSeconds']} s to the last run's end); CPU per run, ms: "
            f"{cpu_text(direct['cpuMsPerRun'])}. Machine: {results['machine']}; load at the end "
            f"{results['loadAverages']['end']}\n")


def cpu_text(by_part: dict[str, float]) -> str:
    return ", ".join(f"{part} {ms}" for part, ms in by_part.items() if part != "other") + \
        f" (total {sum(by_part.values()):.0f})"


def report(results: dict[str, Any]) -> str:
    if results["minutes"] == 0:
        return control_report(results)
    late, fired = results["lateness"], results.get("fireLateness")
    drained = results.get("drains", [])
    rate = sorted(d["runsPerSecond"] for d in drained)
    rows = [
        "| measure | figure | target | verdict |", "| --- | --- | --- | --- |",
        f"| {results['tasks']} tasks every minute for {results['minutes']} min: fires recorded / expected "
        f"| {results['recorded']:,} / {results['expected']:,} (failed {results['failed']}, still processing "
        f"{results['processing']}) | all | {verdict(results['recorded'] >= results['expected'])} |",
    ]
    if fired is not None:
        rows += [f"| fire lateness (Temporal started the run) p50 / p99 / max | {fired['p50']:.0f} / "
                 f"{fired['p99']:.0f} / {results['fireMaxMs']:.0f} ms ({fired['count']:,} runs) | p99 < "
                 f"{TARGET_P99_MS} ms | {verdict(fired['count'] > 0 and fired['p99'] < TARGET_P99_MS)} |"]
    rows += [
        f"| start lateness p50 | {late['p50']:.0f} ms | | |",
        f"| start lateness p99 | {late['p99']:.0f} ms | < {TARGET_P99_MS} ms | "
        f"{verdict(late['p99'] < TARGET_P99_MS)} |",
        f"| start lateness max | {results['maxMs']:.0f} ms | | |",
    ]
    if rate:
        rows.append(f"| burst drain (runs begun a second, median minute / slowest minute) | {rate[len(rate) // 2]} / "
                    f"{rate[0]} | | |")
    if "cpuMsPerRun" in results:
        rows.append(f"| console CPU per run (ms, by part; idle use subtracted), every fire of the window to its end | "
                    f"{cpu_text(results['cpuMsPerRun'])} | | |")
    if "direct" in results:
        direct = results["direct"]
        rows.append(f"| control: {direct['runs']} runs started at once by a client, no Schedule: drain, CPU per run "
                    f"| {direct['runsPerSecond']} runs/s ({direct['doneSeconds']} s to the last run's end); "
                    f"{cpu_text(direct['cpuMsPerRun'])} | | |")
    samples = results["loadSamples"]
    busiest = max((s[0] for s in samples), default=0.0)
    return "\n".join(rows) + (f"\n\nMachine: {results['machine']}; 1-minute load average during the window: "
                              f"up to {busiest} (samples every 30 s), at the end {results['loadAverages']['end']}\n")
