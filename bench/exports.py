"""Export tasks' writing step at 10,000 and 1,000,000 rows: time and peak memory (docs/exports.md).

    python -m bench.exports [--rows 10000 1000000]

Each size runs in a fresh process: rows shaped as the courier list shows them (a kit resource's public schema,
validated row by row as `write_rows` does) go into the kit's constant-memory workbook (domain/xlsx.py). Measured: the
seconds, the traced peak of Python allocations during the writing (tracemalloc) and the process's peak RSS. The
rows come from a generator standing in for the server-side cursor (`yield_per` 2,000): the database's side is the
same at every size, and is not what grows with the file. Target: the 1,000,000-row peak within 1.5x of the
10,000-row peak.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
import tracemalloc
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from bench.harness.figures import machine, verdict


def one(rows: int) -> dict[str, float]:
    from api.schemas.couriers import CourierPublic
    from domain.xlsx import XlsxExport

    columns = [(name, info.alias or name) for name, info in CourierPublic.model_fields.items()]
    start_at = datetime(2026, 1, 1, tzinfo=UTC)
    tracemalloc.start()
    began = time.perf_counter()
    book = XlsxExport([alias for _, alias in columns], ZoneInfo("Asia/Jakarta"), sheet="Courier")
    for i in range(rows):
        shown = CourierPublic.model_validate({
            "id": i + 1, "name": f"Courier {i:07d}", "channel": "SHOPEE_ID", "shipping_method": "PICK_UP",
            "logo_url": None, "status": "LIVE", "country": "ID", "created_at": start_at + timedelta(seconds=i),
            "updated_at": start_at + timedelta(seconds=i)})
        book.add([getattr(shown, attr, None) for attr, _ in columns])
    path = book.close()
    seconds = time.perf_counter() - began
    _, peak = tracemalloc.get_traced_memory()
    size = path.stat().st_size
    path.unlink()
    return {"rows": rows, "seconds": round(seconds, 1), "tracedPeakMB": round(peak / 2**20, 2),
            "rssPeakMB": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
            "fileMB": round(size / 2**20, 1)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, nargs="+", default=[10_000, 1_000_000])
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(one(args.one)))
        return
    figures = [json.loads(subprocess.run([sys.executable, "-m", "bench.exports", "--one", str(n)], check=True,
                                         capture_output=True, text=True).stdout) for n in args.rows]
    small, large = figures[0], figures[-1]
    ratio = large["tracedPeakMB"] / small["tracedPeakMB"]
    rss = large["rssPeakMB"] / small["rssPeakMB"]
    print(json.dumps({"machine": machine(), "figures": figures, "tracedPeakRatio": round(ratio, 2),
                      "rssPeakRatio": round(rss, 2), "verdict": verdict(ratio <= 1.5 and rss <= 1.5)}, indent=2))


if __name__ == "__main__":
    main()
