"""`python -m bench.devserver`: the embedded Temporal dev server's CPU and wall time per operation, under each
server configuration (SQLite pragmas, dynamic config), the configurations interleaved and repeated.

Each run starts the server alone (launcher/temporal.py, the console's own argv with other settings) and a worker
in this process (its CPU is not counted), then measures the server process's CPU (/proc/<pid>/stat) over:
`--ops` starts of a one-task workflow (each waited for), Updates to running workflows,
signal-with-starts (one task each), workflows of one activity (two workflow tasks, one activity task), and
`--schedules` Schedules firing every `--period` seconds, overlap ALLOW_ALL and SKIP (one fire measured, after
one). The server's idle CPU (its own timers and the worker's polls), measured for 6 s first, is subtracted.
Raw results go to bench/out/devserver-<time>.json.

    .venv/bin/python -m bench.devserver                           # every configuration, twice
    .venv/bin/python -m bench.devserver --configs before all --repeat 3 --parts starts updates
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.devserver import work
from bench.harness.figures import OUT, load_average, machine
from launcher.temporal import FILE_PRAGMAS, serve_on_free_ports


def flags(config: dict[str, object], pragmas: dict[str, str] | None = None) -> list[str]:
    dynamic = [f for k, v in config.items() for f in ("--dynamic-config-value", f"{k}={json.dumps(v)}")]
    return dynamic + [f for k, v in (pragmas or {}).items() for f in ("--sqlite-pragma", f"{k}={v}")]


# Dynamic config tried (names and defaults from the server's common/dynamicconfig/constants.go, 1.32): one
# partition a task queue instead of 4 (nothing forwarded between partitions on one node), activity tasks handed to
# the worker in the reply to its workflow task (no trip through matching), Schedules as the history service's own
# state machines (CHASM) instead of a workflow each on the server's internal worker.
ONE_NODE_CONFIG: dict[str, object] = {
    "matching.numTaskqueueReadPartitions": 1,
    "matching.numTaskqueueWritePartitions": 1,
}
CHASM_SCHEDULES: dict[str, object] = {"history.enableCHASMSchedulerCreation": True}
# Schedules' starts of runs: 30 a second for the namespace by default; a burst past it sleeps in the scheduler
SCHEDULE_RPS: dict[str, object] = {"worker.schedulerNamespaceStartWorkflowRPS": 1000}
EAGER: dict[str, object] = {"system.enableActivityEagerExecution": True}
GOGC = {"GOGC": "400"}  # the Go collector runs when the heap has grown 400% since the last (default 100%)
# name: (history in a file?, the server's extra flags, its extra environment)
CONFIGS: dict[str, tuple[bool, list[str], dict[str, str]]] = {
    "before": (False, [], {}),
    "partitions1": (False, flags(ONE_NODE_CONFIG), {}),
    "eager": (False, flags(EAGER), {}),
    "gogc400": (False, [], GOGC),
    "all": (False, flags({**ONE_NODE_CONFIG, **EAGER}), GOGC),
    "chasmSchedules": (False, flags(CHASM_SCHEDULES), {}),
    "scheduleRps": (False, flags(SCHEDULE_RPS), {}),
    "file-before": (True, [], {}),
    "file-wal": (True, flags({}, FILE_PRAGMAS), {}),
    "file-sync-off": (True, flags({}, {"journal_mode": "wal", "synchronous": "off"}), {}),
}
IDLE_SECONDS = 6
PARTS = ["starts", "activityRuns", "updates", "signalWithStarts", "schedulesAllowAll", "schedulesSkip"]


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.devserver", description=__doc__.split("\n")[0])
    parser.add_argument("--configs", nargs="+", choices=list(CONFIGS), default=list(CONFIGS))
    parser.add_argument("--parts", nargs="+", choices=PARTS, default=PARTS)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--ops", type=int, default=200, help="starts, Updates and signal-with-starts a part")
    parser.add_argument("--schedules", type=int, default=50)
    parser.add_argument("--period", type=int, default=30, help="seconds between a Schedule's fires")
    return parser.parse_args()


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(v) for v in fields[11:15]) / os.sysconf("SC_CLK_TCK")


async def one_run(name: str, args: argparse.Namespace) -> dict[str, Any]:
    in_file, tuning, env = CONFIGS[name]  # `tuning` replaces the launcher's own (tuning_flags)
    with tempfile.TemporaryDirectory() as scratch:
        server = await serve_on_free_ports(db_file=Path(scratch, "t.db") if in_file else None,
                                           log_path=Path(scratch, "temporal.log"), search_attributes={},
                                           tuning=tuning, env={**os.environ, **env})
        try:
            assert server.child.pid is not None
            pid = server.child.pid
            async with work.worker(server.client):
                await asyncio.sleep(3)  # the worker's pollers reach the server
                before = cpu_seconds(pid)
                await asyncio.sleep(IDLE_SECONDS)
                idle = (cpu_seconds(pid) - before) / IDLE_SECONDS
                figures: dict[str, Any] = {"idleCores": round(idle, 4), "loadAverage": load_average()}
                for part in args.parts:
                    window = work.Window(lambda: cpu_seconds(pid))
                    window.begin()
                    count = await work.PARTS[part](server.client, args, window)
                    if "end" not in window.marks:
                        window.end()
                    (used, begun), (spent_to, ended) = window.marks["begin"], window.marks["end"]
                    spent, elapsed = spent_to - used, ended - begun
                    figures[part] = {"count": count, "seconds": round(elapsed, 2),
                                     "cpuMs": round(spent * 1000 / count, 2),
                                     "cpuMsLessIdle": round((spent - idle * elapsed) * 1000 / count, 2),
                                     "wallMs": round(elapsed * 1000 / count, 2)}
                return figures
        finally:
            server.child.stop(timeout=20)


def report(runs: list[dict[str, Any]], parts: list[str]) -> str:
    lines = ["| configuration | " + " | ".join(parts) + " |", "| --- |" + " --- |" * len(parts)]
    for name in dict.fromkeys(r["config"] for r in runs):
        cells = []
        for part in parts:
            values = [r["figures"][part]["cpuMsLessIdle"] for r in runs if r["config"] == name]
            walls = [r["figures"][part]["wallMs"] for r in runs if r["config"] == name]
            cells.append(f"{statistics.median(values):.1f} ({min(values):.1f}-{max(values):.1f}); "
                         f"wall {statistics.median(walls):.0f}")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    args = parse()
    runs: list[dict[str, Any]] = []
    out = OUT / f"devserver-{datetime.now(UTC):%Y%m%dT%H%M%S}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    header = {"machine": machine(), "args": vars(args), "flags": {n: CONFIGS[n][1:] for n in args.configs}}
    for round_ in range(args.repeat):
        for name in args.configs:  # interleaved: the machine's other work falls on every configuration alike
            figures = asyncio.run(one_run(name, args))
            runs.append({"config": name, "round": round_, "at": datetime.now(UTC).isoformat(timespec="seconds"),
                         "figures": figures})
            print(name, json.dumps(figures), flush=True)
            out.write_text(json.dumps({**header, "runs": runs}, indent=1))
    print(f"\nserver CPU ms per operation, less idle: median (min-max) of {args.repeat}; wall ms per operation\n")
    print(report(runs, args.parts))


if __name__ == "__main__":
    main()
