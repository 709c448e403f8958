"""Order sync ingest from the demo marketplace (`python -m bench.orders.ingest`, or a part of `bench.orders`).

Two new shops of a demo merchant, each given `--orders` new orders at the console's own demo marketplace
(launcher/marketplace.py `POST /control/orders`), each synced once from the console (`POST /cms/order-sync/sync`,
the flow and activities `make run` runs):
1. a clean run: orders stored a second, from the call to the run's end;
2. the same with the worker killed (SIGKILL) `--kills` times while pages are being stored; the launcher starts it
   again and Temporal retries what was cut. Then, after one more run (as the shop's Schedule makes: it takes an
   order the channel's ticker moved on past the run's window), every order the channel held for the shop is
   compared with the console's: duplicates (an order number stored twice) and missing ones must both be 0.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import psycopg

from bench.harness import stack
from bench.harness.figures import load_average

PER_SECOND = 100
SHOP = """
INSERT INTO shops (merchant_id, name, channel, country, external_shop_id, merchant_email, connection_status, bound)
SELECT id, %(name)s, 'SHOPEE_ID', 'ID', %(external)s, email, 'CONNECTED', true FROM merchants ORDER BY id LIMIT 1
RETURNING id
"""
STORED = "SELECT count(*) FROM order_keys WHERE shop_id = %s"
DUPLICATES = """
SELECT coalesce(sum(n - 1), 0) FROM (
    SELECT count(*) AS n FROM orders WHERE shop_id = %s GROUP BY channel_order_no HAVING count(*) > 1) d
"""
NUMBERS = "SELECT channel_order_no FROM orders WHERE shop_id = %s"
RUN = "SELECT status, pages, fetched, created_count, failed_count FROM order_sync_runs WHERE workflow_id = %s"


def new_shop(console: stack.Stack, tag: str) -> tuple[int, str]:
    external = f"bench-ingest-{tag}-{int(time.time())}"
    with psycopg.connect(console.database_url, autocommit=True) as conn:
        row = conn.execute(SHOP, {"name": f"Bench ingest {tag}", "external": external}).fetchone()
    assert row is not None, "the demo data has no merchant"
    return int(row[0]), external


def channel_numbers(market: str, external: str) -> set[str]:
    """Every order number the channel holds for the shop, read through its own paged API."""
    numbers: set[str] = set()
    token: str | None = None
    while True:
        params = {"updatedFrom": "2000-01-01T00:00:00Z", "pageSize": "200", **({"pageToken": token} if token else {})}
        reply = httpx.get(f"{market}/shops/{external}/orders", params=params, timeout=30)
        if reply.status_code == 429:
            time.sleep(0.2)
            continue
        reply.raise_for_status()
        body = reply.json()
        numbers.update(order["orderNo"] for order in body["orders"])
        token = body.get("nextPageToken")
        if not token:
            return numbers


def run_row(console: stack.Stack, workflow_id: str) -> tuple[Any, ...] | None:
    with psycopg.connect(console.database_url, autocommit=True) as conn:
        return conn.execute(RUN, (workflow_id,)).fetchone()


def stored(console: stack.Stack, shop_id: int) -> int:
    with psycopg.connect(console.database_url, autocommit=True) as conn:
        row = conn.execute(STORED, (shop_id,)).fetchone()
    return int(row[0]) if row else 0


async def kill_worker_while_storing(console: stack.Stack, shop_id: int, workflow_id: str, kills: int) -> int:
    """Each kill after the running worker has stored more orders of the shop: pages are being written."""
    done = 0
    while done < kills:
        pid = console.pid_running("worker")
        before = stored(console, shop_id)
        while pid is not None and stored(console, shop_id) == before:
            row = run_row(console, workflow_id)
            if row is not None and row[0] != "RUNNING":
                return done  # the run ended before all kills
            await asyncio.sleep(0.05)
        if pid is None:
            await asyncio.sleep(0.2)
            continue
        try:
            os.kill(pid, signal.SIGKILL)
            done += 1
        except ProcessLookupError:
            continue
        while console.pid_running("worker") in (None, pid):
            await asyncio.sleep(0.2)
    return done


async def one_sync(console: stack.Stack, token: str, market: str, tag: str, orders: int, kills: int,
                   timeout: float) -> dict[str, Any]:
    shop_id, external = new_shop(console, tag)
    # A second apiece for each hundred orders: the channel's order numbers carry the second and 4 random digits
    now = datetime.now(UTC)
    for second in range(0, orders, PER_SECOND):
        at = (now - timedelta(seconds=orders // PER_SECOND - second // PER_SECOND)).isoformat()
        httpx.post(f"{market}/control/orders", json={"shop": external, "count": min(PER_SECOND, orders - second),
                                                     "at": at}, timeout=60).raise_for_status()
    wanted = channel_numbers(market, external)
    begun = time.perf_counter()
    workflow_id = await sync_now(console, token, shop_id)
    killed = await kill_worker_while_storing(console, shop_id, workflow_id, kills) if kills else 0
    row = await ended(console, workflow_id, begun + timeout)
    seconds = time.perf_counter() - begun
    stored_by_run = len(numbers_of(console, shop_id))
    # The channel's ticker may move an order on (a new updatedAt, past the run's window) while pages are read:
    # the next run takes it, as the shop's Schedule would. Missing is what is still missing after that run.
    await ended(console, await sync_now(console, token, shop_id), time.perf_counter() + timeout)
    with psycopg.connect(console.database_url, autocommit=True) as conn:
        duplicates = int(conn.execute(DUPLICATES, (shop_id,)).fetchone()[0])  # type: ignore[index]  # one row
    have = numbers_of(console, shop_id)
    status, pages, fetched, created, failed = row if row else ("TIMED_OUT", 0, 0, 0, 0)
    return {"orders": len(wanted), "status": status, "pages": pages, "fetched": fetched, "created": created,
            "failed": failed, "stored": stored_by_run, "kills": killed, "duplicates": duplicates,
            "missing": len(wanted - have), "takenByNextRun": len(have) - stored_by_run, "seconds": round(seconds, 2),
            "ordersPerSecond": round(stored_by_run / seconds, 1) if seconds else None, "load": load_average()}


async def sync_now(console: stack.Stack, token: str, shop_id: int) -> str:
    async with httpx.AsyncClient(base_url=console.url, headers={"Authorization": f"Bearer {token}"},
                                 timeout=60) as api:
        reply = await api.post("/cms/order-sync/sync", json={"shopId": shop_id})
    reply.raise_for_status()
    workflow_id: str = reply.json()["data"]["workflowId"]
    return workflow_id


async def ended(console: stack.Stack, workflow_id: str, deadline: float) -> tuple[Any, ...] | None:
    row = run_row(console, workflow_id)
    while (row is None or row[0] == "RUNNING") and time.perf_counter() < deadline:
        await asyncio.sleep(0.1)
        row = run_row(console, workflow_id)
    return row


def numbers_of(console: stack.Stack, shop_id: int) -> set[str]:
    with psycopg.connect(console.database_url, autocommit=True) as conn:
        return {r[0] for r in conn.execute(NUMBERS, (shop_id,)).fetchall()}


async def measure(console: stack.Stack, token: str, orders: int, kills: int,
                  timeout: float = 3600) -> dict[str, Any]:
    market = console.marketplace_url
    assert market, "the console runs no demo marketplace (OMP_MARKETPLACE_URL points elsewhere)"
    clean = await one_sync(console, token, market, "clean", orders, 0, timeout)
    print(f"ingest: {clean}", flush=True)
    killed = await one_sync(console, token, market, "kills", orders, kills, timeout)
    print(f"ingest with worker kills: {killed}", flush=True)
    return {"clean": clean, "kills": killed}


def render(ingest: dict[str, Any]) -> str:
    clean, killed = ingest["clean"], ingest["kills"]
    return "\n".join([
        "| sync ingest | stored by the run | seconds | orders a second | duplicates | missing | next run | kills |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
        *(f"| {name} | {r['stored']:,} of {r['orders']:,} ({r['status']}) | {r['seconds']} "
          f"| {r['ordersPerSecond']} | {r['duplicates']} | {r['missing']} | {r['takenByNextRun']} | {r['kills']} |"
          for name, r in (("clean", clean), ("kills", killed)))])


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.orders.ingest", description=__doc__.split("\n")[0])
    parser.add_argument("--orders", type=int, default=20_000, help="new orders at the channel for each shop")
    parser.add_argument("--kills", type=int, default=5, help="worker kills during the second sync")
    parser.add_argument("--api-workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()

    async def run(console: stack.Stack) -> dict[str, Any]:
        return {"args": vars(args), "ingest": await measure(console, console.login(), args.orders, args.kills)}

    _, results = stack.run_once("orders-ingest", args.api_workers, run)
    print(render(results["ingest"]))


if __name__ == "__main__":
    main()
