"""`python -m bench.calls [--calls 3000]`: the CPU one API call costs the API process, by kind of call.

One API process on a fresh console (`launcher --ephemeral`, demo data); for each kind of call, `--clients` callers
send `--calls` calls through the lean load client while the CPU time (from /proc) of the API process and of
PostgreSQL is read before and after: milliseconds of CPU a call, whatever else the machine runs (the figure the
HTTP stack's changes are judged by; docs/decisions/one-dispatch-path.md). `--rounds`
repeats the kinds in turn, so a busy spell weighs on all. `--only` picks kinds by a part of their name;
`--py-spy DIR` samples the API process over each kind's calls and writes a flame graph's input per kind there.
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import subprocess
import sys
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.harness import http_load, stack
from bench.harness.figures import load_average, machine

Request = tuple[str, str, dict[str, Any] | None]
# method, path, body: plain lists and a plain write, a route FastAPI answers with the ORM and one without the
# database, an unknown path. {merchant}, {warehouse} and {sku} are the demo data's.
CALLS: dict[str, Request] = {
    "plain merchant search": ("POST", "/cms/merchant/search", {}),
    "plain stock search": ("POST", "/cms/stock-sync/stock/search", {"warehouseId": ["{warehouse}"]}),
    "plain stock movement": ("POST", "/cms/stock/movement", {
        "warehouseId": "{warehouse}", "sku": "{sku}", "movementType": "manual_inbound", "quantity": 1,
        "reason": "Bench"}),
    "ORM merchant detail": ("GET", "/cms/merchant/detail/{merchant}", None),
    "enum options (no SQL but the caller)": ("GET", "/cms/common/enums/Country", None),
    "unknown path (404)": ("GET", "/cms/no-such-thing", None),
}
WRITES = {"plain stock movement"}  # a new Idempotency-Key each call, so each call moves stock


def cpu_of(pid: int) -> tuple[float, float]:
    """(user, system) CPU seconds of the process so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) / os.sysconf("SC_CLK_TCK"), int(fields[12]) / os.sysconf("SC_CLK_TCK")


def filled(value: Any, demo: dict[str, Any]) -> Any:
    """The request's value with the demo data's ids in place of "{warehouse}" and the like."""
    if isinstance(value, dict):
        return {k: filled(v, demo) for k, v in value.items()}
    if isinstance(value, list):
        return [filled(v, demo) for v in value]
    if isinstance(value, str) and value.startswith("{") and value.endswith("}"):
        return demo[value[1:-1]]
    return value


def requests_of(console: stack.Stack, token: str, name: str, demo: dict[str, Any]) -> bytes | Callable[[], bytes]:
    method, path, body = CALLS[name]
    path, body = path.format(**demo), filled(body, demo)
    if name not in WRITES:
        return http_load.request_bytes(console.url, method, path, token, body)
    run, numbers = uuid.uuid4().hex[:8], itertools.count()
    return lambda: http_load.request_bytes(console.url, method, path, token, body,
                                           {"Idempotency-Key": f"calls-{run}-{next(numbers)}"})


async def measure(console: stack.Stack, token: str, request: bytes | Callable[[], bytes], calls: int, clients: int,
                  profile: Path | None) -> tuple[float, float, float]:
    """(API process, PostgreSQL) CPU ms a call, and the API process's share of it in the kernel."""
    pid = console.pid_running("api")
    assert pid is not None, "no API process"
    warm_up = http_load.request_bytes(console.url, "GET", "/cms/info", token, None)  # a 200, whatever the kind
    spy = None if profile is None else subprocess.Popen(  # py-spy: installed by hand, for local use only
        [str(Path(sys.executable).parent / "py-spy"), "record", "-p", str(pid), "-r", "250", "-f", "raw",
         "-o", str(profile), "--nonblocking"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    before, postgres = cpu_of(pid), console.cpu_by_part().get("postgres", 0.0)
    load = await http_load.run(console.url, request, clients, count=calls, strict=False, warm_up=warm_up)
    (user, system), postgres = cpu_of(pid), console.cpu_by_part().get("postgres", 0.0) - postgres
    user, system = user - before[0], system - before[1]
    if spy is not None:
        spy.send_signal(2)
        spy.wait()
    assert set(load.statuses) <= {200, 404}, load.statuses
    per_call = 1000 / (calls + clients)  # the warm-up calls too
    return (user + system) * per_call, postgres * per_call, system / (user + system) if user + system else 0.0


def demo_data(console: stack.Stack) -> dict[str, Any]:
    import psycopg

    with psycopg.connect(console.database_url) as conn:
        merchant = conn.execute("SELECT min(id) FROM merchants").fetchone()
        balance = conn.execute("SELECT warehouse_id, sku FROM stock_balances ORDER BY warehouse_id, sku LIMIT 1"
                               ).fetchone()
    assert balance is not None, "no stock in the demo data"
    return {"merchant": merchant[0] if merchant else 1, "warehouse": balance[0], "sku": balance[1]}


async def run(args: argparse.Namespace, console: stack.Stack) -> dict[str, Any]:
    await console.settle()
    token = console.login()
    demo = demo_data(console)
    kinds = [name for name in CALLS if not args.only or any(part in name for part in args.only)]
    figures: dict[str, list[tuple[float, float, float]]] = {name: [] for name in kinds}
    load_at_start = load_average()
    for round_ in range(args.rounds):
        for name in kinds:
            profile = args.py_spy / f"{name.replace(' ', '-')}-{round_}.txt" if args.py_spy else None
            figures[name].append(await measure(console, token, requests_of(console, token, name, demo), args.calls,
                                               args.clients, profile))
            api, postgres, system = figures[name][-1]
            print(f"{name}: API {api:.3f} ms ({system:.0%} in the kernel), PostgreSQL {postgres:.3f} ms", flush=True)
    result = {name: {"apiCpuMsPerCall": round(statistics.median(a for a, _, _ in v), 3),
                     "postgresCpuMsPerCall": round(statistics.median(p for _, p, _ in v), 3),
                     "apiKernelShare": round(statistics.median(k for _, _, k in v), 2),
                     "rounds": [[round(a, 3), round(p, 3)] for a, p, _ in v]} for name, v in figures.items()}
    for name, v in result.items():
        print(f"{name}: {v['apiCpuMsPerCall']} ms of API CPU, {v['postgresCpuMsPerCall']} ms of PostgreSQL CPU a call"
              f" (rounds {v['rounds']})", flush=True)
    return {"at": datetime.now(UTC).isoformat(), "args": {**vars(args), "py_spy": str(args.py_spy or "")},
            "machine": machine(), "calls": result, "loadAverageAtStart": load_at_start,
            "loadAverageAtEnd": load_average()}


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.calls", description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=int, default=3000, help="calls of each kind a round")
    parser.add_argument("--clients", type=int, default=4, help="concurrent callers")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of every kind, in turn")
    parser.add_argument("--only", nargs="*", help="only the kinds whose name holds one of these words")
    parser.add_argument("--py-spy", type=Path, help="sample the API process with py-spy into this folder")
    args = parser.parse_args()
    if args.py_spy:
        args.py_spy.mkdir(parents=True, exist_ok=True)
    stack.run_once("calls", 1, lambda console: run(args, console))


if __name__ == "__main__":
    main()
