"""`python -m bench.orders [--sizes 1e6,1e7]`: one run on a fresh console (bench/harness).

1. Start the console (`launcher --ephemeral`), log in as admin; 100,000 merchants with 3 shops each
   (bench/merchants/generate.py).
2. For each size in turn, grow the orders to it (bench/orders/generate.py: generate_series into the month
   partitions, lines, keys, counts folded) and measure the order list with its tab counts through the kit's
   ordinary route `POST /cms/order/search` beside pgbench on the same SQL (the list statement and the counts
   statement): p95 of one caller, and the throughput ratio of `--clients` callers (`--rounds` rounds).
3. The rollup of one hour holding 50,000 orders (services/orders/stats.py roll, the hourly job's code path).
4. At 1,000,000 orders, the order list's export end to end (cursor and writing, bench/orders/export.py): one day's
   orders (about 10,000) against all of them, time and peak memory.
Sync ingest from the demo marketplace with a worker kill is its own command (`python -m bench.orders.ingest`).
Results go to bench/out/orders-<time>.json and are printed as bench/orders/HISTORY.md shows them.
"""

from __future__ import annotations

import argparse
import os
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import psycopg

from bench.harness import stack
from bench.harness.figures import load_average, machine
from bench.harness.measure import beside_pgbench, script_of
from bench.merchants import generate as merchants
from bench.orders import export, generate

ONE_MERCHANT = 1234


def bodies(conn: psycopg.Connection) -> dict[str, dict[str, Any]]:
    """The questions asked of the list: all orders, the pending tab, the WEEK preset in GMT+07:00, one merchant,
    one of its shops, one channel, and three order numbers (as a person pastes them)."""
    shop = conn.execute("select id from shops where merchant_id = %s and bound order by id limit 1",
                        (ONE_MERCHANT,)).fetchone()
    numbers = [r[0] for r in conn.execute(
        "select channel_order_no from order_keys where order_id in (select order_id from order_keys "
        "order by order_id desc limit 3)").fetchall()]
    return {
        "all": {},
        "pendingTab": {"orderTab": "PENDING"},
        "lastWeekGmt7": {"preset": "WEEK", "gmtOffset": "GMT+07:00"},
        "oneMerchant": {"merchantId": ONE_MERCHANT},
        "oneShop": {"shopId": shop[0] if shop else 0},
        "oneChannel": {"channel": ["TOKOPEDIA_ID"]},
        "orderNumbers": {"orderNo": " ".join(numbers)},
    }
ROLLUP_ORDERS = 50_000


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.orders", description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="1e6", help="order counts to measure at, in turn (e.g. 1e6,1e7)")
    parser.add_argument("--export-at", default="1e6", help="the size at which the export is measured")
    parser.add_argument("--merchants", type=int, default=100_000)
    parser.add_argument("--seconds", type=int, default=10, help="duration of each measurement")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--api-workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--questions", help="only these questions, comma-separated (e.g. all,pendingTab)")
    return parser.parse_args()


def list_sql(body: dict[str, Any]) -> list[str]:
    """What the route runs for `body`, as the super user: the tab counts, then the page (its total is its tab's
    count: the page's statement counts nothing)."""
    from api.resource.page import PlainPage
    from api.routers.orders import orders, tab_statement
    from bench.harness.sql import literal_sql, super_principal

    plain = PlainPage.of(orders)
    assert plain is not None
    params: Any = orders.filters.model_validate(body)
    _, _, counts, _ = tab_statement(params, super_principal())
    return literal_sql(counts(), plain.statement(params, super_principal(), counted=False))


async def rollup(console: stack.Stack) -> dict[str, Any]:
    """50,000 orders in one hour long past, then the hour rolled as the hourly job rolls it."""
    hour = (datetime.now(UTC) - timedelta(days=125)).replace(minute=0, second=0, microsecond=0)
    with psycopg.connect(console.database_url, autocommit=True) as conn:
        generate.load(conn, ROLLUP_ORDERS, at=f"'{hour.isoformat()}'", tag="R")
    from domain.db import transaction
    from services.orders import stats

    begun = time.perf_counter()
    async with transaction() as db:
        rolled = await stats.roll(db, hour, hour + timedelta(hours=1))
    return {"orders": rolled, "seconds": round(time.perf_counter() - begun, 2)}


def exports() -> dict[str, Any]:
    """One day's orders, 60 days back in GMT+08:00 (the list's default offset), then every order."""
    day = (datetime.now(UTC) + timedelta(hours=8) - timedelta(days=60)).date().isoformat()
    small = export.measure({"orderedOn": [day, day]})
    print(f"export one day: {small}", flush=True)
    large = export.measure({})
    print(f"export all: {large}", flush=True)
    return {"small": small, "large": large, "rssPeakRatio": round(large["rssPeakMB"] / small["rssPeakMB"], 2),
            "secondsPerRowRatio": round(large["seconds"] / large["rows"] / (small["seconds"] / small["rows"]), 2)}


async def run(args: argparse.Namespace, console: stack.Stack) -> dict[str, Any]:
    os.environ["OMP_DATABASE_URL"] = console.database_url
    os.environ["OMP_TEMPORAL_ADDRESS"] = console.temporal
    results: dict[str, Any] = {"at": datetime.now(UTC).isoformat(), "args": vars(args), "machine": machine(),
                               "sizes": {}}
    with psycopg.connect(console.database_url, autocommit=True) as conn:
        people = merchants.users(conn, 50)
        results["merchants"] = merchants.load(conn, args.merchants, people, merchants.packages(conn, people[0]))
        # The list reads orders only: its 300,000 shops are not connected to a channel, else the schedule
        # reconciliation would put a sync schedule for each (the console's Temporal's whole work during the run)
        conn.execute("update shops set connection_status = 'EXPIRED' where external_shop_id like 'bench-%'")
        print(f"merchants: {results['merchants']}", flush=True)
    token = console.login()
    loaded = 0
    for size in sorted(int(float(s)) for s in args.sizes.split(",")):
        with psycopg.connect(console.database_url, autocommit=True) as conn:
            data = generate.load(conn, size - loaded)
        loaded = size
        print(f"orders {size}: {data}", flush=True)
        await console.settle()
        figures: dict[str, Any] = {"data": data, "search": {}}
        with psycopg.connect(console.database_url, autocommit=True) as conn:
            asked = bodies(conn)
        chosen = args.questions.split(",") if args.questions else list(asked)
        for name, body in ((n, asked[n]) for n in chosen):
            found = await beside_pgbench(console, token, "/cms/order/search", body, script_of(list_sql(body)),
                                         args.seconds, args.clients, rounds=args.rounds)
            figures["search"][name] = found
            print(f"{size} {name}: " + ", ".join(f"{k} {v}" for k, v in found.items()
                                                 if k not in ("script", "rounds")), flush=True)
        if size == int(float(args.export_at)):
            figures["export"] = exports()
        results["sizes"][str(size)] = figures
    results["rollup"] = await rollup(console)
    print(f"rollup: {results['rollup']}", flush=True)
    results["loadAverageAtEnd"] = load_average()
    return results


def main() -> None:
    args = parse()
    stack.run_once("orders", args.api_workers, lambda console: run(args, console))


if __name__ == "__main__":
    main()
