"""A 30 MB deploy log streamed to the browser (issue 13 item 8; docs/deployments.md, Logs).

On a fresh console: a project whose local deploy command prints `--megabytes` of coloured lines (awk, as
fast as it can) once the benchmark says go; a task approved by a second person; a run queued. Chromium
(bench/harness/cdp.py) opens the task's review page, whose log viewer follows the run live:
- live: time from "go" to the first line on the page, and to the last line with the viewer saying the run
  ended; the page's JS heap and DOM nodes then (CDP Performance.getMetrics after a garbage collection);
  how many line elements the page holds (the virtualised list keeps only those in view);
- scrolling: 120 frames, each jumping elsewhere in the whole log, frame times p50 / p95 / max;
- cold: a second tab opening the finished run's page: time from navigation to the first line (the tail first).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx

from bench.harness import cdp, stack, web_build
from bench.harness.figures import load_average, machine, verdict

PROJECT = "bench-logs"
# ~100 bytes a line, coloured as real deploy output is.
AWK = r'''BEGIN { pad = sprintf("%60s", ""); gsub(/ /, "x", pad);
  for (i = 1; i <= n; i++) printf "\033[36m[%07d]\033[0m deploy step \033[32mok\033[0m %s\n", i, pad }'''
LINE_BYTES = len(f"\x1b[36m[{1:07d}]\x1b[0m deploy step \x1b[32mok\x1b[0m {'x' * 60}\n")
# Targets: the first line within 2 s of the output starting; scrolling at 20 frames a second or better.
FIRST_LINE_TARGET_MS = 2000
FRAME_P95_TARGET_MS = 50
LINES_IN_VIEW = "document.querySelectorAll('[data-testid=deploy-log-line]').length"
STATE = "document.querySelector('[data-testid=deploy-log-state]')?.innerText"
SCROLL = """(async () => {
  const box = document.querySelector('[data-testid=deploy-log]').lastElementChild;
  const times = [];
  let last = performance.now();
  for (let i = 0; i < 120; i++) {
    box.scrollTop = box.scrollHeight * ((i * 37) % 120) / 120;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const now = performance.now();
    times.push(now - last);
    last = now;
  }
  times.sort((a, b) => a - b);
  return { p50: times[60], p95: times[114], max: times[119] };
})()"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--megabytes", type=int, default=30, help="logs: the size of the deploy log")


def prepare(args: Any) -> None:
    """The page measured is the console's built app: rebuilt first if a source changed since (one command)."""
    web_build.ensure_built()


def call(http: httpx.Client, token: str, method: str, path: str, body: Any = None) -> Any:
    reply = http.request(method, f"/cms/{path}", json=body, headers={"Authorization": f"Bearer {token}"})
    data = reply.json()
    if data.get("code") != "SUCCESS":
        raise SystemExit(f"{path}: {data.get('message')}")
    return data["data"]


def reviewer(http: httpx.Client, console: stack.Stack, admin: str) -> str:
    """A second person holding review#approve (the IT role), logged in."""
    role = next(r for r in call(http, admin, "GET", "role/options") if r["code"] == "it")
    account = {"username": "bench.reviewer", "password": "Bench-Review-2026!"}
    call(http, admin, "POST", "user/add", {**account, "realName": "Bench reviewer", "displayName": "Bench reviewer",
                                           "email": "bench.reviewer@omp.local", "roleIds": [role["id"]]})
    return console.login(account["username"], account["password"])


def queue_run(console: stack.Stack, work: Path, lines: int) -> tuple[int, int]:
    """A run of the log-printing project, waiting for `work/go`; returns (task id, run id)."""
    (work / "print.awk").write_text(AWK)
    command = f"while [ ! -f {work}/go ]; do sleep 0.05; done; awk -v n={lines} -f {work}/print.awk"
    admin = console.login()
    with httpx.Client(base_url=console.url, timeout=60) as http:
        second = reviewer(http, console, admin)
        project = call(http, admin, "POST", "deploy/project/add", {
            "code": PROJECT, "name": "Log benchmark", "deployCommand": command, "timeLimitMinutes": 30})
        task = call(http, admin, "POST", "deploy/task/add", {
            "name": "30 MB of log", "projectId": project["id"], "version": "1.0.0", "environment": "TEST",
            "serverIps": ["10.0.0.1"], "params": {}})
        call(http, second, "POST", f"deploy/task/{task['id']}/review", {"decision": "APPROVE"})
        run = call(http, admin, "POST", "deploy/run/add", {"taskId": task["id"]})
    return int(task["id"]), int(run["id"])


def run_detail(console: stack.Stack, run_id: int) -> dict[str, Any]:
    with httpx.Client(base_url=console.url, timeout=60) as http:
        detail: dict[str, Any] = call(http, console.login(), "GET", f"deploy/run/detail/{run_id}")
        page = call(http, console.login(), "GET", f"deploy/run/{run_id}/log?limit=1")
    return {**detail, "chunks": page["last"]}


def heap(figures: dict[str, float]) -> dict[str, float]:
    """Memory of the page, and how long its main thread has spent in tasks and in scripts so far (seconds of
    wall time: on a busy machine they include waiting for a core)."""
    return {"jsHeapMB": round(figures["JSHeapUsedSize"] / 2**20, 1), "nodes": int(figures["Nodes"]),
            "taskS": round(figures["TaskDuration"], 2), "scriptS": round(figures["ScriptDuration"], 2)}


def seconds_between(start: str, end: str) -> float:
    return round((datetime.fromisoformat(end) - datetime.fromisoformat(start)).total_seconds(), 2)


async def measure(console: stack.Stack, args: Any) -> dict[str, Any]:
    megabytes = int(args.megabytes)
    lines = megabytes * 2**20 // LINE_BYTES
    started = {"machine": machine(), "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    with tempfile.TemporaryDirectory(prefix="bench-logs-") as folder:
        work = Path(folder)
        task_id, run_id = queue_run(console, work, lines)
        page_url = f"{console.url}/review/{task_id}?token={console.login()}"
        async with cdp.chromium() as new_page:
            live = await new_page()
            await live.send("Page.navigate", url=page_url)
            await live.wait_for(f"{STATE} === 'Live'", timeout=120)
            go, go_at = time.perf_counter(), datetime.now(UTC).isoformat()
            (work / "go").write_text("go")
            _, first = await live.wait_for(f"{LINES_IN_VIEW} > 0", timeout=120)
            last_line = f"[{lines:07d}]"
            _, ended = await live.wait_for(
                f"{STATE} === 'Finished' && [...document.querySelectorAll('[data-testid=deploy-log-line]')]"
                f".some((e) => e.innerText.includes('{last_line}'))", timeout=900, every=0.1)
            live_figures = {"firstLineMs": round((first - go) * 1000), "lastLineS": round(ended - go, 2),
                            "lineElements": await live.evaluate(LINES_IN_VIEW),
                            **heap(await live.metrics())}
            frames = await live.evaluate(SCROLL)
            cold = await new_page()
            opened = time.perf_counter()
            await cold.send("Page.navigate", url=page_url)
            _, shown = await cold.wait_for(f"{LINES_IN_VIEW} > 0", timeout=120)
            cold_figures = {"firstLineMs": round((shown - opened) * 1000), **heap(await cold.metrics())}
    run = run_detail(console, run_id)
    return {**started, "megabytes": megabytes, "lines": lines, "run": {
        "status": run["status"], "logBytes": run["logBytes"], "chunks": run["chunks"],
        "serverSeconds": seconds_between(go_at, run["finishedAt"])},
        "live": live_figures, "scrollFrameMs": {k: round(v, 1) for k, v in frames.items()}, "cold": cold_figures,
        "loadAverageEnd": load_average()}


def report(results: dict[str, Any]) -> str:
    live, cold, frames = results["live"], results["cold"], results["scrollFrameMs"]
    rows = [
        ("log", f"{results['run']['logBytes'] / 2**20:.1f} MB, {results['lines']} lines, "
                f"{results['run']['chunks']} chunks, run {results['run']['status']} "
                f"(ended on the server {results['run']['serverSeconds']} s after the output started)", "", ""),
        ("live: first line after the output starts", f"{live['firstLineMs']} ms", f"< {FIRST_LINE_TARGET_MS} ms",
         verdict(live["firstLineMs"] < FIRST_LINE_TARGET_MS)),
        ("live: last line on the page", f"{live['lastLineS']} s", "", ""),
        ("live: page memory at the end", f"JS heap {live['jsHeapMB']} MB, {live['nodes']} DOM nodes, "
                                          f"{live['lineElements']} line elements", "", ""),
        ("live: the page's main thread busy (tasks / scripts)", f"{live['taskS']} s / {live['scriptS']} s", "", ""),
        ("scrolling the whole log, frame time", f"p50 {frames['p50']} ms, p95 {frames['p95']} ms, "
                                                f"max {frames['max']} ms", f"p95 < {FRAME_P95_TARGET_MS} ms",
         verdict(frames["p95"] < FRAME_P95_TARGET_MS)),
        ("cold open of the finished run: first line", f"{cold['firstLineMs']} ms", f"< {FIRST_LINE_TARGET_MS} ms",
         verdict(cold["firstLineMs"] < FIRST_LINE_TARGET_MS)),
        ("cold open: page memory", f"JS heap {cold['jsHeapMB']} MB, {cold['nodes']} DOM nodes", "", ""),
    ]
    head = (f"Run at {results['at']}: {results['machine']['cores']} cores ({results['machine']['cpu']}), load average "
            f"{results['machine']['loadAverage']} at the start, {results['loadAverageEnd']} at the end.\n\n"
            "| figure | measured | target | |\n| --- | --- | --- | --- |\n")
    return head + "\n".join(f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows)
