"""`python -m bench.stock.report bench/out/stock-<time>.json`: one run's figures as Markdown against the targets
(the tables of bench/stock/HISTORY.md)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from bench.harness import tables
from bench.harness.figures import verdict

SEARCH_P95_MS = 50
RATIO = 0.5  # the API's rate at least half of pgbench's on the same SQL


def render(results: dict[str, Any]) -> str:
    data, drift = results["data"], results["drift"]
    lines = [
        f"Run at {results['at']}, arguments {json.dumps(results['args'])}.",
        f"Machine: {json.dumps(results.get('machine', {}))}; load average at the end "
        f"{results.get('loadAverageAtEnd', '?')}.",
        f"Data: {data['changes']:,} change records, {data['skus']:,} SKUs, {data['balances']:,} balances in "
        f"{data['warehouses']} warehouses; seconds per step {json.dumps(data['seconds'])}.",
        "",
        "Searches: " + "; ".join(f"{name}: `POST {path}`" for name, path in results["searchRoutes"].items()) + ".",
        "",
        *tables.beside_pgbench(results["search"], SEARCH_P95_MS, RATIO),
        "",
        *tables.beside_pgbench({"movement (outbound of 1, guarded)": results["movements"]}, None, RATIO),
        "",
        f"Drift after the run: {drift['drifted']} of {drift['balances']:,} balances "
        f"({verdict(drift['drifted'] == 0)}).",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    print(render(json.loads(Path(sys.argv[1]).read_text())))
