"""/cms/health probes every part for real: PostgreSQL, Temporal, the worker's queue and SMTP."""

import asyncio
import socket
import uuid

import pytest
from aiosmtpd.controller import Controller

from api.flows import Flows
from api.health import RANK, check
from domain.settings import get_settings
from tests.integration.temporal_support import workers_running


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Sink:
    async def handle_DATA(self, server, session, envelope):
        return "250 OK"


@pytest.fixture
def smtp(monkeypatch):
    port = free_port()
    controller = Controller(Sink(), hostname="127.0.0.1", port=port)
    controller.start()
    monkeypatch.setenv("OMP_SMTP_HOST", "127.0.0.1")
    monkeypatch.setenv("OMP_SMTP_PORT", str(port))
    get_settings.cache_clear()
    yield port
    controller.stop()
    monkeypatch.undo()
    get_settings.cache_clear()


# The parts this test brings up. The others report the whole run's state, shared with the tests beside it: the
# breaker (this process's Temporal calls), the pools (their connections) and the activities (failing ones).
OWN = ("postgres", "temporal", "smtp", "worker")


async def test_all_parts_up_then_worker_down(dev_server_env, smtp, monkeypatch):
    # A queue of this test's own: workers other tests stopped on the shared server stay listed (silent) for minutes.
    monkeypatch.setenv("OMP_TASK_QUEUE", f"health-{uuid.uuid4().hex[:8]}")
    get_settings.cache_clear()
    flows = Flows()
    flows._client = dev_server_env.client
    async with workers_running(dev_server_env.client):
        for _ in range(150):  # the poller shows up once the worker has polled (later on a busy machine)
            report = await check(flows)
            if all(report["components"][name]["status"] == "UP" for name in OWN):
                break
            await asyncio.sleep(0.2)
    statuses = {name: part["status"] for name, part in report["components"].items()}
    assert all(statuses[name] == "UP" for name in OWN), statuses
    assert report["status"] == max(statuses.values(), key=RANK.__getitem__)  # the whole is the worst of its parts
    assert set(report["components"]) == {"postgres", "temporal", "breaker", "smtp", "worker", "pools", "activities"}
    assert report["components"]["postgres"]["detail"].startswith("PostgreSQL 18")


async def test_unreachable_smtp_is_reported_down(client, monkeypatch, login_as):
    operator = await login_as("system-health")  # the public sees only UP or DOWN
    monkeypatch.setenv("OMP_SMTP_PORT", str(free_port()))
    get_settings.cache_clear()
    try:
        reply = await client.get("/cms/health", headers=operator)
    finally:
        monkeypatch.undo()
        get_settings.cache_clear()
    assert reply.status_code == 503
    body = reply.json()
    assert body["data"]["status"] == "DOWN"
    assert body["data"]["components"]["smtp"]["status"] == "DOWN"
    assert body["data"]["components"]["postgres"]["status"] == "UP"
