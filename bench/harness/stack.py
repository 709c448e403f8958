"""The console started for a benchmark: `python -m launcher --ephemeral` (temporary var dir, free ports,
Temporal history in memory), stopped and deleted afterwards."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Coroutine, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import httpx

from bench.harness.figures import OUT

ROOT = Path(__file__).resolve().parents[2]
ADMIN_PASSWORD = "Omp-Admin-2026!"  # the ephemeral console's admin unless OMP_ADMIN_PASSWORD says otherwise


@dataclass
class Stack:
    process: subprocess.Popen[str]
    url: str
    temporal: str
    database_url: str
    log: Path
    mail_dir: Path | None = None  # the local SMTP sink's .eml files (None with an external relay)
    smtp_port: int = 0
    marketplace_url: str | None = None  # the local demo marketplace the order sync pulls from

    def processes(self) -> Iterator[int]:
        """The launcher and every process it started, as they are now (from /proc, Linux), PostgreSQL's too
        (pg_ctl starts the server detached from the launcher)."""
        pending = [self.process.pid, *self.postmaster()]
        while pending:
            pid = pending.pop()
            try:
                children = [int(c) for task in Path(f"/proc/{pid}/task").iterdir()
                            for c in (task / "children").read_text().split()]
            except OSError:  # the process ended meanwhile
                continue
            yield pid
            pending.extend(children)

    def postmaster(self) -> list[int]:
        """The PostgreSQL server's process: the first line of its socket's lock file."""
        query = parse_qs(urlparse(self.database_url).query)
        port = urlparse(self.database_url).port or 5432
        try:
            return [int(Path(query["host"][0], f".s.PGSQL.{port}.lock").read_text().split()[0])]
        except (KeyError, OSError, ValueError, IndexError):
            return []

    def cpu_seconds(self) -> float:
        """CPU time used so far by the console's processes (the launcher and all it started), with that of the
        children they have reaped (PostgreSQL's backends of closed connections)."""
        return sum(self.cpu_by_part().values())

    def cpu_by_part(self) -> dict[str, float]:
        """`cpu_seconds` by part of the console: "api", "worker", "temporal", "postgres" and "other" (a process
        started by a part, such as an API worker process, belongs to it)."""
        ticks: dict[str, int] = {}
        pending = [(pid, "other") for pid in (self.process.pid, *self.postmaster())]
        while pending:
            pid, parent = pending.pop()
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                part = part_of(Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0"), parent)
                children = [int(c) for task in Path(f"/proc/{pid}/task").iterdir()
                            for c in (task / "children").read_text().split()]
            except OSError:  # the process ended meanwhile
                continue
            ticks[part] = ticks.get(part, 0) + sum(int(v) for v in fields[11:15])
            pending.extend((child, part) for child in children)
        return {part: t / os.sysconf("SC_CLK_TCK") for part, t in ticks.items()}

    def pid_running(self, module: str) -> int | None:
        """The console's Python process started as `-m module` (e.g. "worker"), if one runs now."""
        for pid in self.processes():
            try:
                argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if b"-m" in argv and module.encode() in argv:
                return pid
        return None

    def pid_of(self, program: str) -> int:
        """The console's process whose command line starts with `program` (e.g. "temporal")."""
        for pid in self.processes():
            try:
                first = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0", 1)[0].decode()
            except OSError:
                continue
            if Path(first).name == program:
                return pid
        raise LookupError(f"no {program} process in the console")

    def login(self, username: str = "admin", password: str | None = None) -> str:
        """A session token for the user (the admin by default)."""
        password = password or os.environ.get("OMP_ADMIN_PASSWORD", ADMIN_PASSWORD)
        reply = httpx.post(f"{self.url}/cms/auth/login", json={"username": username, "password": password})
        reply.raise_for_status()
        return str(reply.json()["data"]["token"])

    async def settle(self, below_cores: float = 0.3, window: float = 2.0, timeout: float = 300.0) -> float:
        """Wait until the console is nearly idle (e.g. the worker has run the first task of every flow just
        started), so one measurement does not pay for the previous one's backlog. Returns the seconds waited."""
        begun = time.perf_counter()
        while time.perf_counter() - begun < timeout:
            used = self.cpu_seconds()
            await asyncio.sleep(window)
            if (self.cpu_seconds() - used) / window < below_cores:
                break
        return time.perf_counter() - begun

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()


def part_of(argv: list[bytes], parent: str) -> str:
    """Which part of the console a process is, from its command line, else its parent's."""
    program = Path(argv[0].decode(errors="replace")).name
    if program.startswith("postgres"):
        return "postgres"
    if program == "temporal":
        return "temporal"
    for module in ("api", "worker"):
        if b"-m" in argv and module.encode() in argv:
            return module
    return parent


def start(log: Path, api_workers: int, settings: dict[str, str] | None = None) -> Stack:
    """`settings`: extra OMP_* environment for the console."""
    log.parent.mkdir(parents=True, exist_ok=True)
    # The demo's few hundred shops each sync their orders every 5 minutes by default: about a third of a core of
    # background work on 2 cores. Hourly, as the browser tests have it, unless a benchmark says otherwise.
    env = {**os.environ, "OMP_LOG_LEVEL": "WARNING", "OMP_WORKERS": str(api_workers),
           "OMP_ORDER_SYNC_MINUTES": os.environ.get("OMP_ORDER_SYNC_MINUTES", "60"), **(settings or {})}
    with log.open("w") as err:
        process = subprocess.Popen([sys.executable, "-m", "launcher", "--ephemeral"], cwd=ROOT, env=env,
                                   stdout=subprocess.PIPE, stderr=err, text=True)
    assert process.stdout is not None
    line = process.stdout.readline()
    if not line:
        raise SystemExit(f"the console did not start; see {log}")
    ready = json.loads(line)
    return Stack(process, ready["url"], ready["temporal"], ready["databaseUrl"], log,
                 Path(ready["mailDir"]) if ready.get("mailDir") else None, int(ready.get("smtpPort") or 0),
                 ready.get("marketplaceUrl"))


def run_once(name: str, api_workers: int, measure: Callable[[Stack], Coroutine[Any, Any, dict[str, Any]]],
             settings: dict[str, str] | None = None) -> tuple[Path, dict[str, Any]]:
    """One benchmark run: a fresh console, `measure` on it, the console deleted, the results saved to
    bench/out/<name>-<time>.json (returned with its path)."""
    OUT.mkdir(exist_ok=True)
    console = start(OUT / f"{name}-console.log", api_workers, settings)
    try:
        results = asyncio.run(measure(console))
    finally:
        console.stop()
    path = OUT / f"{name}-{datetime.now(UTC):%Y%m%dT%H%M%S}.json"
    path.write_text(json.dumps(results, indent=2))
    print(f"results: {path}")
    return path, results
