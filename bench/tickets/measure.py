"""Measurements: the search API beside pgbench on the same SQL, ticket creation through the API, and how
late breached flags land after their deadlines."""

from __future__ import annotations

import json

import psycopg

from bench.harness import http_load
from bench.harness.figures import summary
from bench.harness.measure import api_load, pgbench

__all__ = ["api_load", "create_tickets", "lateness", "pgbench"]


async def create_tickets(url: str, token: str, count: int, clients: int) -> dict[str, float]:
    """POST /cms/ticket/add `count` times from `clients` callers; every reply must have its flow running."""
    body = {"title": "Bench ticket", "description": "Created by the benchmark", "category": "ERP",
            "application": "SYS_ERP", "issueType": "ORDER_SYNC", "issueLevel": "MODERATE", "tags": ["created"]}

    def flow_running(reply: bytes) -> None:
        if json.loads(reply)["data"]["flowPending"]:
            raise RuntimeError(f"creation answered without a running flow: {reply[:200]!r}")

    request = http_load.request_bytes(url, "POST", "/cms/ticket/add", token, body)
    health = http_load.request_bytes(url, "GET", "/cms/health", token, None)  # warms up without creating
    load = await http_load.run(url, request, clients, count=count, check=flow_running, warm_up=health)
    return {**summary(load.latencies_ms, load.seconds), "clients": clients,
            "clientCores": round(load.client_cores, 2), "machineBusy": round(load.machine_busy, 2)}


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
