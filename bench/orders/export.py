"""The order list's export end to end, the database's server-side cursor and the writing together: time and peak
memory of a one-day export (about 10,000 rows at 1,000,000 orders) against all 1,000,000 orders.

Each export runs in a fresh process (`python -m bench.orders.export --one '<filters>'`) through the kit's one writer
(`Exportable.write`, as the export task's activity calls it) as a super user, so the process's peak RSS is the
export's own. Untraced: tracemalloc would triple a million rows' time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import subprocess
import sys
import time
from typing import Any
from zoneinfo import ZoneInfo


def rss_mb() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


async def one(filters: dict[str, Any]) -> dict[str, Any]:
    from api.resource.export_tasks import exportable_named
    from api.resource.xlsx import XlsxExport
    from api.routers.orders import orders
    from bench.harness.sql import super_principal

    ex = exportable_named(orders.name)
    assert ex is not None
    params = ex.filters.model_validate(filters)
    book = XlsxExport(ex.headers(), ZoneInfo("Asia/Jakarta"), sheet=ex.name)
    before = rss_mb()
    began = time.perf_counter()
    rows = await ex.write(params, super_principal(), book, None)
    path = book.close()
    seconds = time.perf_counter() - began
    size = path.stat().st_size
    path.unlink()
    return {"rows": rows, "seconds": round(seconds, 1), "rowsPerSecond": round(rows / seconds),
            "rssBeforeMB": before, "rssPeakMB": rss_mb(), "fileMB": round(size / 2**20, 1)}


def measure(filters: dict[str, Any]) -> dict[str, Any]:
    """One export in a fresh process (the caller's environment names the database)."""
    done = subprocess.run([sys.executable, "-m", "bench.orders.export", "--one", json.dumps(filters)],
                          check=True, capture_output=True, text=True)
    return dict(json.loads(done.stdout.strip().splitlines()[-1]), filters=filters)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--one", required=True, help="the order list's filters, as JSON")
    print(json.dumps(asyncio.run(one(json.loads(parser.parse_args().one)))))


if __name__ == "__main__":
    main()
