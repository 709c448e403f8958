"""The whole console as `make run` starts it (`python -m launcher --ephemeral`), signed in as the demo admin:
for tests that kill its processes or walk every route over real HTTP."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx

from domain.settings import ROOT, get_settings

START_TIMEOUT = 180.0


def read_line(proc: subprocess.Popen[str], timeout: float) -> str:
    result: list[str] = []
    reader = threading.Thread(target=lambda: result.append(proc.stdout.readline() if proc.stdout else ""))
    reader.daemon = True
    reader.start()
    reader.join(timeout)
    return result[0].strip() if result else ""


@contextmanager
def launched_stack() -> Iterator[dict[str, Any]]:
    """The launcher's ready line (url, temporal, varDir, ...) plus `headers` of a signed-in super user."""
    # The test session's own OMP_* (its database) must not leak into the launched stack.
    env = {k: v for k, v in os.environ.items() if not k.startswith("OMP_")}
    proc = subprocess.Popen([sys.executable, "-m", "launcher", "--ephemeral"], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    errors: list[str] = []
    threading.Thread(target=lambda: errors.extend(proc.stderr or []), daemon=True).start()
    try:
        line = read_line(proc, timeout=START_TIMEOUT)
        assert line, f"no JSON line; launcher said:\n{''.join(errors[-40:])}"
        info = json.loads(line)
        reply = httpx.post(info["url"] + "/cms/auth/login", timeout=30,
                           json={"username": "admin", "password": get_settings().admin_password})
        assert reply.status_code == 200, reply.text
        info["headers"] = {"Authorization": f"Bearer {reply.json()['data']['token']}"}
        yield info
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=90)
    assert proc.returncode == 0, "".join(errors[-40:])
