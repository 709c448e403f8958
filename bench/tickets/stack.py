"""The console started for a benchmark: `python -m launcher --ephemeral` (temporary var dir, free ports,
Temporal history in memory), stopped and deleted afterwards."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
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
