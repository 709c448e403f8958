"""Figures every benchmark reports the same way: latency percentiles, the machine they were measured on and how
busy it was with other work (the load average), and the verdict against a target."""

from __future__ import annotations

import os
import statistics
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parents[1] / "out"  # raw results of every run (not committed)


def summary(latencies_ms: list[float], seconds: float) -> dict[str, float]:
    ordered = sorted(latencies_ms)
    if not ordered:
        return {"count": 0, "p50": 0.0, "p95": 0.0, "p99": 0.0, "perSecond": 0.0}

    def pick(q: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)

    return {"count": len(ordered), "p50": round(statistics.median(ordered), 2), "p95": pick(0.95),
            "p99": pick(0.99), "perSecond": round(len(ordered) / seconds, 1)}


def load_average() -> list[float]:
    """The 1, 5 and 15 minute load averages, rounded: how busy the machine was, this benchmark included."""
    return [round(v, 2) for v in os.getloadavg()]


def machine() -> dict[str, Any]:
    """What the figures were measured on, and how busy it was with other work at the start."""
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), "?")
    return {"cores": os.cpu_count(), "cpu": cpu, "loadAverage": load_average(),
            "memoryGB": round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30, 1)}


def verdict(ok: bool) -> str:
    return "met" if ok else "**short**"



def tally(statuses: list[int]) -> dict[str, int]:
    """How many replies had each status, e.g. {"200": 40, "429": 2}."""
    return {str(s): statuses.count(s) for s in sorted(set(statuses))}
