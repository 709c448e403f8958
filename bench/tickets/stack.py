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
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Stack:
    process: subprocess.Popen[str]
    url: str
    temporal: str
    database_url: str
    log: Path

    def cpu_seconds(self) -> float:
        """CPU time used so far by the console's processes (the launcher and all it started)."""
        ticks, pending = 0, [self.process.pid]
        while pending:
            pid = pending.pop()
            try:
                ticks += sum(int(v) for v in Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[11:13])
                for task in Path(f"/proc/{pid}/task").iterdir():
                    pending.extend(int(c) for c in (task / "children").read_text().split())
            except OSError:  # the process ended meanwhile
                continue
        return ticks / os.sysconf("SC_CLK_TCK")

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


def start(log: Path, api_workers: int) -> Stack:
    log.parent.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "OMP_LOG_LEVEL": "WARNING", "OMP_WORKERS": str(api_workers)}
    with log.open("w") as err:
        process = subprocess.Popen([sys.executable, "-m", "launcher", "--ephemeral"], cwd=ROOT, env=env,
                                   stdout=subprocess.PIPE, stderr=err, text=True)
    assert process.stdout is not None
    line = process.stdout.readline()
    if not line:
        raise SystemExit(f"the console did not start; see {log}")
    ready = json.loads(line)
    return Stack(process, ready["url"], ready["temporal"], ready["databaseUrl"], log)
