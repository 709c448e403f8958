"""`make run` supervises: a killed worker or API is restarted with backoff while the rest keeps
serving, /cms/health shows the restart, and no acknowledged ticket loses its flow."""

from __future__ import annotations

import asyncio
import io
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from temporalio.client import Client
from temporalio.contrib.pydantic import pydantic_data_converter

from domain import processes
from launcher.process import Child
from launcher.supervisor import BACKOFF_MAX, STABLE_AFTER, Supervisor, backoff
from tests.integration.launched import launched_stack
from tests.integration.ticket_support import new_ticket_body
from workflows.tickets import TicketWorkflow

WAIT = 120.0  # a busy 2-core machine restarts a Python process in seconds; this only bounds a failure


def _until(check: Any, what: str, timeout: float = WAIT) -> Any:
    """Poll `check` (which may sleep briefly itself, e.g. on an HTTP call) until it returns something truthy."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.2)  # the polling interval, not a synchronisation
    raise AssertionError(f"{what}: not within {timeout:.0f} s")


def test_backoff_doubles_up_to_a_cap() -> None:
    assert [backoff(n) for n in (1, 2, 3, 4)] == [1, 2, 4, 8]
    assert backoff(20) == BACKOFF_MAX


def _sleeper(name: str, tmp: Path) -> Child:
    return Child(name, [sys.executable, "-c", "import time; time.sleep(600)"], log_path=tmp / f"{name}.log").start()


def _kill(child: Child) -> None:
    assert child.pid is not None
    os.kill(child.pid, signal.SIGKILL)
    _until(lambda: not child.running(), f"{child.name} to die")


def test_the_supervisor_restarts_only_the_dead_part_with_growing_backoff(tmp_path: Path) -> None:
    worker, api = _sleeper("worker", tmp_path), _sleeper("api", tmp_path)
    try:
        supervisor = Supervisor([worker, api], tmp_path, io.StringIO())
        api_pid, first_pid, t0 = api.pid, worker.pid, 1000.0
        _kill(worker)
        supervisor.tick(now=t0)
        state = processes.read(tmp_path)
        assert state is not None
        assert (state["worker"]["status"], state["worker"]["lastExit"]) == ("RESTARTING", "signal SIGKILL")
        supervisor.tick(now=t0 + 0.5)  # still waiting out the first second
        assert not worker.running()
        supervisor.tick(now=t0 + 1)
        assert worker.running() and worker.pid != first_pid
        state = processes.read(tmp_path)
        assert state is not None
        assert (state["worker"]["status"], state["worker"]["restarts"], state["worker"]["pid"]) == ("UP", 1, worker.pid)
        assert state["worker"]["lastRestart"]
        assert (state["api"]["restarts"], state["api"]["pid"]) == (0, api_pid)

        _kill(worker)  # dies again at once: the next wait doubles
        supervisor.tick(now=t0 + 1.5)
        supervisor.tick(now=t0 + 3)
        assert not worker.running()
        supervisor.tick(now=t0 + 3.5)
        assert worker.running()

        _kill(worker)  # after a long stable run the backoff starts afresh
        later = t0 + 3.5 + STABLE_AFTER
        supervisor.tick(now=later)
        supervisor.tick(now=later + 1)
        assert worker.running()
        assert processes.read(tmp_path)["worker"]["restarts"] == 3  # type: ignore[index]
        assert api.running() and api.pid == api_pid
    finally:
        worker.stop(5)
        api.stop(5)


# -- the whole console, as `make run` starts it --------------------------------------------------


@pytest.fixture(scope="module")
def stack() -> Iterator[dict[str, Any]]:
    with launched_stack() as info, httpx.Client(base_url=info["url"], timeout=30) as http:
        info["http"] = http
        yield info


def _processes(stack: dict[str, Any]) -> dict[str, Any]:
    state = processes.read(Path(stack["varDir"]))
    assert state is not None, "the launcher records the parts it supervises"
    return state


def _health_processes(http: httpx.Client, headers: dict[str, str]) -> dict[str, Any] | None:
    """What /cms/health shows an operator (the public sees only UP or DOWN)."""
    try:
        reply = http.get("/cms/health", headers=headers)
    except httpx.TransportError:
        return None
    return reply.json()["data"].get("processes")


def test_a_killed_worker_comes_back_while_the_api_keeps_answering(stack: dict[str, Any]) -> None:
    http, headers = stack["http"], stack["headers"]
    before = _processes(stack)
    os.kill(before["worker"]["pid"], signal.SIGKILL)

    def worker_back() -> dict[str, Any] | None:
        # The API answers a signed-in call all along: it does not go down with the worker.
        assert http.get("/cms/user/info", headers=headers).status_code == 200
        shown = _health_processes(http, headers)
        assert shown is not None
        worker = shown["worker"]
        return shown if worker["restarts"] == before["worker"]["restarts"] + 1 and worker["status"] == "UP" else None

    shown = _until(worker_back, "the worker restarted and shown by /cms/health")
    assert shown["worker"]["pid"] != before["worker"]["pid"]
    assert shown["worker"]["lastExit"] == "signal SIGKILL" and shown["worker"]["lastRestart"]
    assert (shown["api"]["pid"], shown["api"]["restarts"]) == (before["api"]["pid"], before["api"]["restarts"])


def test_every_acknowledged_ticket_has_its_flow_after_the_worker_dies_mid_burst(stack: dict[str, Any]) -> None:
    http, headers = stack["http"], stack["headers"]
    before = _processes(stack)["worker"]
    acknowledged: list[int] = []
    killed, lock = threading.Event(), threading.Lock()

    def create(_: int) -> None:
        with httpx.Client(base_url=stack["url"], headers=headers, timeout=60) as own:
            reply = own.post("/cms/ticket/add", json=new_ticket_body())
        with lock:
            if reply.status_code == 200:
                acknowledged.append(reply.json()["data"]["id"])
            if len(acknowledged) >= 8 and not killed.is_set():
                killed.set()
                os.kill(before["pid"], signal.SIGKILL)

    with ThreadPoolExecutor(4) as pool:
        list(pool.map(create, range(40)))
    assert killed.is_set() and len(acknowledged) >= 8
    _until(lambda: _processes(stack)["worker"]["restarts"] == before["restarts"] + 1, "the worker restarted")

    async def flows() -> dict[int, str]:
        client = await Client.connect(stack["temporal"], namespace=stack["namespace"],
                                      data_converter=pydantic_data_converter)
        seen = {}
        for ticket_id in acknowledged:
            handle = client.get_workflow_handle_for(TicketWorkflow.run, f"ticket-{ticket_id}")
            seen[ticket_id] = (await handle.query(TicketWorkflow.current)).status  # answered by the new worker
        return seen

    assert asyncio.run(flows()) == dict.fromkeys(acknowledged, "NEW")
    for ticket_id in acknowledged:
        detail = http.get(f"/cms/ticket/detail/{ticket_id}", headers=headers)
        assert detail.status_code == 200 and detail.json()["data"]["flowPending"] is False, detail.text


def test_a_killed_api_comes_back_and_the_worker_keeps_running(stack: dict[str, Any]) -> None:
    http, headers = stack["http"], stack["headers"]
    before = _processes(stack)
    os.kill(before["api"]["pid"], signal.SIGKILL)

    def api_back() -> dict[str, Any] | None:
        shown = _health_processes(http, headers)
        return shown if shown and shown["api"]["restarts"] == before["api"]["restarts"] + 1 else None

    shown = _until(api_back, "the API restarted")
    assert shown["api"]["pid"] != before["api"]["pid"]
    worker = before["worker"]
    assert (shown["worker"]["pid"], shown["worker"]["restarts"]) == (worker["pid"], worker["restarts"])
    assert http.get("/cms/user/info", headers=headers).status_code == 200  # sessions live in PostgreSQL
