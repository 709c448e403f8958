"""`python -m bench.tickets.report bench/out/tickets-<time>.json`: the figures of one run as Markdown tables
against the targets (the tables of bench/tickets/HISTORY.md)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from bench.harness.figures import verdict

SEARCH_P95_MS = 50
THROUGHPUT_RATIO = 0.4
BREACH_P99_MS = 2000
CREATION_PER_SECOND = 50


def search_table(search: dict[str, Any]) -> list[str]:
    lines = ["| filter | API p50 / p95 ms (1 caller) | SQL p50 / p95 ms (1 caller) | API req/s | pgbench tx/s | ratio "
             "| API p95 ms under load | client CPU (cores) API / pgbench |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for name, f in search.items():
        api, sql, api_t, sql_t = f["apiLatency"], f["sqlLatency"], f["apiThroughput"], f["sqlThroughput"]
        lines.append(
            f"| {name} | {api['p50']} / {api['p95']} ({verdict(api['p95'] < SEARCH_P95_MS)}) "
            f"| {sql['p50']} / {sql['p95']} | {api_t['perSecond']} | {sql_t['perSecond']} "
            f"| {f['throughputRatio']} ({verdict(f['throughputRatio'] >= THROUGHPUT_RATIO)}) | {api_t['p95']} "
            f"| {api_t.get('clientCores', '?')} / {sql_t.get('clientCores', '?')} |")
    return lines


def render(results: dict[str, Any]) -> str:
    creation, breach, flows = results["creation"], results["breachLateness"], results["openFlows"]
    lines = [
        f"Run at {results['at']}, arguments {json.dumps(results['args'])}.",
        f"Machine: {json.dumps(results.get('machine', {}))}; load average at the end "
        f"{results.get('loadAverageAtEnd', '?')}.",
        "",
        "| figure | measured | target | |",
        "| --- | --- | --- | --- |",
        f"| creation rate ({creation.get('clients', '?')} callers) | {creation['perSecond']} tickets/s "
        f"(p50 {creation['p50']} ms, p95 {creation['p95']} ms) | >= {CREATION_PER_SECOND}/s "
        f"| {verdict(creation['perSecond'] >= CREATION_PER_SECOND)} |",
        f"| breach lateness, {breach['tickets']} due tickets | p50 {breach['p50']} ms, p99 {breach['p99']} ms, "
        f"max {breach['max']} ms, {breach['notBreached']} not breached | p99 < {BREACH_P99_MS} ms "
        f"| {verdict(breach['p99'] < BREACH_P99_MS and breach['notBreached'] == 0)} |",
        f"| open flows started by the reconciler | {flows['started']} in {flows['seconds']} s "
        f"({flows['perSecond']}/s) | | |",
        "",
        *search_table(results["search"]),
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    print(render(json.loads(Path(sys.argv[1]).read_text())))
