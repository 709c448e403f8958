"""Markdown tables of an API route beside pgbench (`measure.beside_pgbench`'s figures), as the
bench/<module>/HISTORY.md files show them, each figure against its target."""

from __future__ import annotations

from typing import Any

from bench.harness.figures import verdict


def beside_pgbench(rows: dict[str, dict[str, Any]], p95_ms: float | None, ratio: float) -> list[str]:
    """One line per measured call: latency with one caller (against `p95_ms` when given), the rates with many,
    their ratio (against `ratio`; with each round's when measured in rounds: the median round's counts), and the
    console's CPU per call for each and the ratio of those."""
    lines = ["| call | API p50 / p95 ms, 1 caller | SQL p50 / p95 ms, 1 caller | API / pgbench per s, many callers "
             "| ratio | console CPU ms a call: API / pgbench | ratio of CPU (pgbench / API) "
             "| API call's CPU ms by part |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for name, f in rows.items():
        api_t, sql_t = f["apiThroughput"], f["sqlThroughput"]
        latency = sql_latency = "-"
        if "apiLatency" in f:
            api, sql = f["apiLatency"], f["sqlLatency"]
            met = f" ({verdict(api['p95'] < p95_ms)})" if p95_ms is not None else ""
            latency, sql_latency = f"{api['p50']} / {api['p95']}{met}", f"{sql['p50']} / {sql['p95']}"
        rounds = f" (rounds {', '.join(str(r['throughputRatio']) for r in f['rounds'])})" if "rounds" in f else ""
        lines.append(
            f"| {name} | {latency} | {sql_latency} | {api_t['perSecond']} / {sql_t['perSecond']} "
            f"| {f['throughputRatio']} ({verdict(f['throughputRatio'] >= ratio)}){rounds} "
            f"| {api_t['consoleCpuMs']} / {sql_t['consoleCpuMs']} "
            f"| {f['cpuRatio']} ({verdict(f['cpuRatio'] >= ratio)}) | {by_part(api_t.get('cpuMsByPart', {}))} |")
    return lines


def by_part(parts: dict[str, float]) -> str:
    """e.g. "api 3.1, postgres 1.2, worker 0.3" (largest first)."""
    return ", ".join(f"{part} {ms}" for part, ms in sorted(parts.items(), key=lambda p: -p[1])) or "-"
