"""`python -m bench.stock [--scale 1.0]`: one run on a fresh console (bench/harness).

1. Start the console (`launcher --ephemeral`), log in as admin.
2. Generate 5,000,000 change records over 200,000 SKUs in 20 warehouses (800,000 balances, each the sum of its
   records) inside PostgreSQL, indexes built after the load (`--scale 0.01`: 50,000 records over 2,000 SKUs).
3. Search: the common questions of the warehouse stock search and of the change record list through the API and
   the same SQL (the kit's statement) through pgbench, one caller at a time (latency) and `--clients` callers
   (throughput; after a pass of each not counted, `--rounds` times, the two in turn, the median round's ratio counting).
4. Movements: `POST /cms/stock/movement` (an outbound of 1 unit of a random balance, a new idempotency key each)
   beside pgbench sending the lean movement's own message on the same balances: the auth check, then one
   statement (guarded UPDATE + change record + the call's operation log row), one transaction.
5. Drift: the stock reconciliation's own proof over every balance afterwards (must be 0).
Results go to bench/out/stock-<time>.json and are printed as bench/stock/HISTORY.md shows them.
"""

from __future__ import annotations

import argparse
import os
from datetime import UTC, datetime
from typing import Any

import psycopg

from api.principals import EPOCH
from bench.harness import stack
from bench.harness.figures import load_average, machine
from bench.harness.measure import beside_pgbench, script_of
from bench.stock import generate, ledger, report


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.stock", description=__doc__.split("\n")[0])
    parser.add_argument("--scale", type=float, default=1.0,
                        help="share of the full size (5,000,000 records, 200,000 SKUs); 0.01 for a quick run")
    parser.add_argument("--seconds", type=int, default=10, help="duration of each measurement")
    parser.add_argument("--rounds", type=int, default=3,
                        help="throughputs measured this many times, API and pgbench in turn (the median round counts)")
    parser.add_argument("--clients", type=int, default=8, help="concurrent callers for throughput")
    parser.add_argument("--api-workers", type=int, default=os.cpu_count() or 1,
                        help="API processes (OMP_WORKERS), one a core as deployed")
    return parser.parse_args()


async def run(args: argparse.Namespace, console: stack.Stack) -> dict[str, Any]:
    os.environ["OMP_DATABASE_URL"] = console.database_url
    os.environ["OMP_TEMPORAL_ADDRESS"] = console.temporal
    results: dict[str, Any] = {"at": datetime.now(UTC).isoformat(), "args": vars(args), "machine": machine()}
    with psycopg.connect(console.database_url, autocommit=True) as conn:
        layout, results["data"] = generate.load(conn, round(generate.SKUS * args.scale),
                                                round(generate.CHANGES * args.scale))
        print(f"data: {results['data']}", flush=True)
    await console.settle()
    token = console.login()
    results["search"], results["searchRoutes"] = {}, {}
    for route in ledger.searched(layout):
        for name, body in route.bodies.items():
            figures = await beside_pgbench(console, token, route.path, body, script_of(route.sql(body)),
                                           args.seconds, args.clients, rounds=args.rounds)
            results["search"][name], results["searchRoutes"][name] = figures, route.path
            print(f"search {name}: " + ", ".join(f"{k} {v}" for k, v in figures.items() if k != "script"),
                  flush=True)
    await console.settle()
    with psycopg.connect(console.database_url, autocommit=True) as conn:
        epoch = conn.execute(EPOCH).fetchone()
    results["movements"] = await beside_pgbench(console, token, ledger.MOVEMENT_PATH, ledger.movements(layout),
                                                ledger.movement_script(layout, epoch[0] if epoch else 0),
                                                args.seconds, args.clients, rounds=args.rounds)
    print("movements: " + ", ".join(f"{k} {v}" for k, v in results["movements"].items() if k != "script"),
          flush=True)
    results["drift"] = await ledger.drift()
    print(f"drift: {results['drift']}", flush=True)
    results["loadAverageAtEnd"] = load_average()
    return results


def main() -> None:
    args = parse()
    _, results = stack.run_once("stock", args.api_workers, lambda console: run(args, console))
    print(report.render(results))


if __name__ == "__main__":
    main()
