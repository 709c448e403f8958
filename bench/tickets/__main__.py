"""`python -m bench.tickets [--closed 1000000] [--open 10000] [--due 1000]`: one run on a fresh console.

1. Start the console (`launcher --ephemeral`), log in as admin.
2. COPY `--closed` historic closed tickets (no flows); VACUUM ANALYZE, as autovacuum leaves a table at rest.
3. COPY `--open` minus `--created` open tickets flow-pending, start their flows with the reconciler's code and
   wait until the console is idle again (the worker has run every new flow's first task).
4. Create `--created` tickets through `POST /cms/ticket/add` (each starts its flow): creation rate. Now
   `--open` tickets have live workflows.
5. Search: each common filter through the API and the same SQL through pgbench, one caller at a time
   (latency) and `--clients` callers (throughput).
6. COPY `--due` more open tickets whose first-response deadlines fall within the next minutes, start
   their flows, wait, and read how late the breached flags landed, and where the time went (timeline.py).
Results go to bench/out/tickets-<time>.json and are printed as a table.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import psycopg

from bench.harness import stack
from bench.harness.figures import load_average, machine
from bench.tickets import generate, measure, timeline

PATH = "/cms/ticket/search"
SEARCHES: dict[str, dict[str, Any]] = {
    "newest first (no filter)": {},
    "status = WORK_IN_PROCESS": {"status": ["WORK_IN_PROCESS"]},
    "assignee = one person": {"assigneeId": None},  # filled with a bench user
    "category + level + last 30 days": {"category": ["Category 03"], "level": ["P1"], "createdAt": None},
    "SLA breached": {"breached": True},
}


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.tickets", description=__doc__.split("\n")[0])
    parser.add_argument("--closed", type=int, default=1_000_000)
    parser.add_argument("--open", type=int, default=10_000, help="open tickets with live flows (created included)")
    parser.add_argument("--created", type=int, default=1000, help="of the open ones, created through the API")
    parser.add_argument("--due", type=int, default=1000, help="extra open tickets breaching during the run")
    parser.add_argument("--due-window", type=float, default=180.0, help="seconds their deadlines spread over")
    parser.add_argument("--seconds", type=int, default=15, help="duration of each search measurement")
    parser.add_argument("--clients", type=int, default=8, help="concurrent callers for throughput")
    parser.add_argument("--create-clients", type=int, default=8, help="concurrent callers creating tickets")
    parser.add_argument("--api-workers", type=int, default=os.cpu_count() or 1,
                        help="API processes (OMP_WORKERS), one a core as deployed")
    return parser.parse_args()


def search_sql(body: dict[str, Any]) -> list[str]:
    """The SQL statement the API runs for this search body (the page with its total), with literal values."""
    from api.routers.tickets import page_query
    from api.schemas.tickets import TicketFilters
    from bench.harness.sql import literal_sql, super_principal

    return literal_sql(page_query(TicketFilters.model_validate(body), super_principal()))


async def start_pending(client: Any) -> tuple[int, float]:
    from services.tickets.flow import reconcile

    started, begun = 0, time.perf_counter()
    while True:
        count = await reconcile(client, older_than=timedelta(0), limit=500)
        started += count
        if count == 0:
            return started, time.perf_counter() - begun


async def run(args: argparse.Namespace, console: stack.Stack) -> dict[str, Any]:
    os.environ["OMP_DATABASE_URL"] = console.database_url
    os.environ["OMP_TEMPORAL_ADDRESS"] = console.temporal
    from domain.temporal import connect

    results: dict[str, Any] = {"at": datetime.now(UTC).isoformat(), "args": vars(args), "machine": machine()}
    rng = random.Random(20261122)
    with psycopg.connect(console.database_url, autocommit=True) as conn:
        people = generate.users(conn, 50)
        generate.listed(conn)
        begun = time.perf_counter()
        generate.copy(conn, generate.closed_rows(args.closed, people, generate.now(), rng))
        conn.execute("vacuum analyze tickets")  # as autovacuum leaves a table at rest: statistics, visibility map
        results["closedTickets"] = {"rows": args.closed, "seconds": round(time.perf_counter() - begun, 1)}
        print(f"{args.closed} closed tickets in {results['closedTickets']['seconds']} s", flush=True)

        client = await connect(console.temporal)
        generate.copy(conn, generate.open_rows(max(0, args.open - args.created), people, generate.now(), rng))
        started, seconds = await start_pending(client)
        results["openFlows"] = {"started": started, "seconds": round(seconds, 1),
                                "perSecond": round(started / seconds, 1) if seconds else 0}
        results["openFlows"]["settledSeconds"] = round(await console.settle(), 1)
        print(f"open flows: {results['openFlows']}", flush=True)

        token = console.login()
        results["creation"] = await measure.create_tickets(console.url, token, args.created, args.create_clients)
        print(f"creation: {results['creation']}", flush=True)
        conn.execute("vacuum analyze tickets")
        await console.settle()

        SEARCHES["assignee = one person"]["assigneeId"] = people[0]
        SEARCHES["category + level + last 30 days"]["createdAt"] = [
            (datetime.now(UTC) - timedelta(days=30)).isoformat(), None]
        results["search"] = {}
        for name, body in SEARCHES.items():
            statements = search_sql(body)
            figures = {
                "apiLatency": await measure.api_load(console.url, token, PATH, body, args.seconds, 1),
                "sqlLatency": measure.pgbench(console.database_url, statements, args.seconds, 1),
                "apiThroughput": await measure.api_load(console.url, token, PATH, body, args.seconds, args.clients),
                "sqlThroughput": measure.pgbench(console.database_url, statements, args.seconds, args.clients),
                "sql": statements,
            }
            sql_rate = figures["sqlThroughput"]["perSecond"]
            figures["throughputRatio"] = round(figures["apiThroughput"]["perSecond"] / sql_rate, 3) if sql_rate else 0
            results["search"][name] = figures
            print(f"search {name}: " + ", ".join(f"{k} {v}" for k, v in figures.items() if k != "sql"), flush=True)

        due_from = generate.now() + timedelta(seconds=45)
        generate.copy(conn, generate.open_rows(args.due, people, generate.now(), rng, due_from=due_from,
                                               due_window=args.due_window, tag="due"))
        started, seconds = await start_pending(client)
        wait = (due_from + timedelta(seconds=args.due_window + 20) - generate.now()).total_seconds()
        print(f"{started} due flows started in {seconds:.1f} s; waiting {wait:.0f} s for their deadlines", flush=True)
        await asyncio.sleep(max(0.0, wait))
        results["breachLateness"] = measure.lateness(conn, "due")
        print(f"breach lateness: {results['breachLateness']}", flush=True)
        results["breachPhases"] = await timeline.breakdown(client, conn, "due")
        print("breach phases (p50 / p95 / p99 / max ms): " + ", ".join(
            f"{phase} {f['p50']} / {f['p95']} / {f['p99']} / {f['max']}"
            for phase, f in results["breachPhases"].items() if isinstance(f, dict)), flush=True)
        results["loadAverageAtEnd"] = load_average()
    return results


def main() -> None:
    args = parse()
    stack.run_once("tickets", args.api_workers, lambda console: run(args, console))


if __name__ == "__main__":
    main()
