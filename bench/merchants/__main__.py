"""`python -m bench.merchants [--merchants 100000] [--requests 600]`: one run on a fresh console.

1. Start the console (`launcher --ephemeral`), log in as admin.
2. Generate `--merchants` merchants with 3 shops, 3 accounts and 10 subscription records each (requests, base
   periods and payments too) inside PostgreSQL (generate_series), indexes built after the load.
3. Search: three common filters of the merchant list through the API and the same SQL through pgbench, one
   caller at a time (latency) and `--clients` callers (throughput).
4. Subscription requests from submit to applied through the API and the worker (`--requests` of them).
Results go to bench/out/merchants-<time>.json and are printed as a table.
"""

from __future__ import annotations

import argparse
import os
from datetime import UTC, datetime, timedelta
from typing import Any

import psycopg

from bench.harness import stack
from bench.harness.figures import load_average, machine
from bench.harness.measure import beside_pgbench, costed, script_of
from bench.merchants import generate, subscribe

PATH = "/cms/merchant/search"


def searches(people: list[int]) -> dict[str, dict[str, Any]]:
    """The list's common questions: whose plan ends soon, one merchant by part of its email, a sales person's
    merchants in one country."""
    now = datetime.now(UTC).replace(microsecond=0)
    return {
        "plan PRO ending in 30 days": {"planName": ["PRO"],
                                       "expireAt": [now.isoformat(), (now + timedelta(days=30)).isoformat()]},
        "email contains": {"email": "merchant4242"},
        "country + sales person": {"country": ["PH"], "salesId": people[3]},
    }


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.merchants", description=__doc__.split("\n")[0])
    parser.add_argument("--merchants", type=int, default=100_000, help="with 3 shops and 10 subscriptions each")
    parser.add_argument("--seconds", type=int, default=15, help="duration of each search measurement")
    parser.add_argument("--clients", type=int, default=8, help="concurrent callers for throughput")
    parser.add_argument("--requests", type=int, default=600, help="subscription requests submitted to applied")
    parser.add_argument("--only", choices=("search", "subscriptions"),
                        help="measure only the searches, or only the subscription requests")
    parser.add_argument("--plan-flows", action="store_true",
                        help="start the merchants' plan flows before the requests (renewals of running plans)")
    parser.add_argument("--request-clients", type=int, default=16, help="requests in flight at once")
    parser.add_argument("--api-workers", type=int, default=os.cpu_count() or 1,
                        help="API processes (OMP_WORKERS), one a core as deployed")
    return parser.parse_args()


def search_sql(body: dict[str, Any]) -> list[str]:
    """The statement the API runs for this search (the page with its capped total), with literal values."""
    from api.resource.page import PlainPage
    from api.routers.merchants import merchants
    from api.schemas.merchants import MerchantFilters
    from bench.harness.sql import literal_sql, super_principal

    plain = PlainPage.of(merchants)
    assert plain is not None, "the merchant list reads plain rows"
    return literal_sql(plain.statement(MerchantFilters.model_validate(body), super_principal()))


async def run(args: argparse.Namespace, console: stack.Stack) -> dict[str, Any]:
    os.environ["OMP_DATABASE_URL"] = console.database_url
    os.environ["OMP_TEMPORAL_ADDRESS"] = console.temporal
    results: dict[str, Any] = {"at": datetime.now(UTC).isoformat(), "args": vars(args), "machine": machine()}
    with psycopg.connect(console.database_url, autocommit=True) as conn:
        people = generate.users(conn, 50)
        versions = generate.packages(conn, people[0])
        results["data"] = generate.load(conn, args.merchants, people, versions)
        print(f"data: {results['data']}", flush=True)
    await console.settle()
    token = console.login()
    results["search"] = {}
    for name, body in searches(people).items() if args.only != "subscriptions" else ():
        figures = await beside_pgbench(console, token, PATH, body, script_of(search_sql(body)), args.seconds,
                                       args.clients)
        results["search"][name] = figures
        print(f"search {name}: " + ", ".join(f"{k} {v}" for k, v in figures.items() if k != "script"), flush=True)
    if args.only == "search":
        return results
    with psycopg.connect(console.database_url, autocommit=True) as conn:
        approver = console.login(subscribe.approver(conn), subscribe.APPROVER_PASSWORD)
        pairs = subscribe.merchants_and_packages(conn, args.requests)
        if args.plan_flows:
            results["planFlowsStarted"] = await subscribe.start_plan_flows(conn, pairs)
    await console.settle()
    results["subscriptions"] = await costed(console, subscribe.measure(console.url, token, approver, pairs,
                                                                       args.request_clients), idle_seconds=10)
    print(f"subscription requests submit to applied: {results['subscriptions']}", flush=True)
    results["loadAverageAtEnd"] = load_average()
    return results


def main() -> None:
    args = parse()
    stack.run_once("merchants", args.api_workers, lambda console: run(args, console))


if __name__ == "__main__":
    main()
