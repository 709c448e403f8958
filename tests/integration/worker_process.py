"""A worker of one task queue in its own process, as `make run` starts one, for tests that kill it (SIGKILL)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Without a cache: the test server does not move a dead worker's sticky workflow tasks back to the shared queue
# (a real server does after 5 s).
SCRIPT = """
import asyncio, sys
from temporalio.worker import Worker
from domain.temporal import connect
from worker.interceptors import ActivityFailures
from worker.registry import queues

async def main():
    client = await connect(sys.argv[1])
    spec = next(q for q in queues() if q.task_queue == sys.argv[2])
    async with Worker(client, task_queue=spec.task_queue, workflows=list(spec.workflows),
                      activities=list(spec.activities), max_cached_workflows=0, interceptors=[ActivityFailures()]):
        print("ready", flush=True)
        await asyncio.Event().wait()

asyncio.run(main())
"""


async def spawn_worker(address: str, task_queue: str, prelude: str = "") -> subprocess.Popen[bytes]:
    """The worker, once it polls; in its own session, so `os.killpg` ends it and nothing else. `prelude`: code
    run before it starts (a test's fault)."""
    process = subprocess.Popen([sys.executable, "-c", prelude + SCRIPT, address, task_queue], cwd=ROOT,
                               stdout=subprocess.PIPE, start_new_session=True)
    assert process.stdout is not None
    assert (await asyncio.to_thread(process.stdout.readline)).strip() == b"ready"
    return process
