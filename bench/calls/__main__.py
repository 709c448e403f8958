"""`python -m bench.calls [--calls 3000]`: the CPU one API call costs the API process, by kind of call.

One API process on a fresh console (`launcher --ephemeral`, demo data); for each kind of call, `--clients` callers
send `--calls` calls through the lean load client while the API process's CPU time (from /proc) is read before and
after: milliseconds of API CPU a call, whatever else the machine runs (the figure the HTTP stack's changes are
judged by; docs/decisions/route-index.md). `--rounds` repeats the kinds in turn, so a busy spell weighs on all.
"""

from __future__ import annotations

import argparse
import os
import statistics
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.harness import http_load, stack
from bench.harness.figures import load_average, machine

# method, path, body: a lean list, a route FastAPI answers with the ORM and one without the database, an unknown path
CALLS: dict[str, tuple[str, str, dict[str, Any] | None]] = {
    "lean merchant search": ("POST", "/cms/merchant/search", {}),
    "ORM merchant detail": ("GET", "/cms/merchant/detail/{merchant}", None),
    "enum options (no SQL but the caller)": ("GET", "/cms/common/enums/Country", None),
    "unknown path (404)": ("GET", "/cms/no-such-thing", None),
}


def cpu_of(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def measure(console: stack.Stack, token: str, method: str, path: str, body: dict[str, Any] | None,
                  calls: int, clients: int) -> float:
    pid = console.pid_running("api")
    assert pid is not None, "no API process"
    request = http_load.request_bytes(console.url, method, path, token, body)
    warm_up = http_load.request_bytes(console.url, "GET", "/cms/info", token, None)  # a 200, whatever the kind
    before = cpu_of(pid)
    load = await http_load.run(console.url, request, clients, count=calls, strict=False, warm_up=warm_up)
    assert set(load.statuses) <= {200, 404}, load.statuses
    return (cpu_of(pid) - before) * 1000 / (calls + clients)  # the warm-up calls too


async def run(args: argparse.Namespace, console: stack.Stack) -> dict[str, Any]:
    await console.settle()
    token = console.login()
    import psycopg

    with psycopg.connect(console.database_url) as conn:
        row = conn.execute("SELECT min(id) FROM merchants").fetchone()
    merchant = row[0] if row else 1
    figures: dict[str, list[float]] = {name: [] for name in CALLS}
    for _ in range(args.rounds):
        for name, (method, path, body) in CALLS.items():
            figures[name].append(await measure(console, token, method, path.format(merchant=merchant), body,
                                               args.calls, args.clients))
            print(f"{name}: {figures[name][-1]:.3f} ms", flush=True)
    result = {name: {"apiCpuMsPerCall": round(statistics.median(v), 3), "rounds": [round(x, 3) for x in v]}
              for name, v in figures.items()}
    for name, v in result.items():
        print(f"{name}: {v['apiCpuMsPerCall']} ms of API CPU a call (rounds {v['rounds']})", flush=True)
    return {"at": datetime.now(UTC).isoformat(), "args": vars(args), "machine": machine(), "calls": result,
            "loadAverageAtEnd": load_average()}


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.calls", description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=int, default=3000, help="calls of each kind a round")
    parser.add_argument("--clients", type=int, default=4, help="concurrent callers")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of every kind, in turn")
    args = parser.parse_args()
    stack.run_once("calls", 1, lambda console: run(args, console))


if __name__ == "__main__":
    main()
