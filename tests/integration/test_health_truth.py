"""/cms/health tells the truth: a part down while an activity is listed failing answers 503 with the list, not
500; a worker frozen (SIGSTOP) is DOWN once it has not polled its queue for `worker_silent_seconds`, though
its process lives and Temporal still lists it, and UP again once it runs on."""

import asyncio
import os
import signal
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import delete

from api.flows import Flows
from api.health import check
from domain.db import transaction
from domain.models.health import ActivityFailure
from domain.settings import get_settings
from tests.conftest import unique
from tests.integration.stoppable_temporal import StoppableTemporal, free_port
from tests.integration.worker_process import spawn_worker

GUARD = 120  # seconds: a deadline for a busy machine, below the minutes Temporal keeps listing a silent poller
# A poll that waits 1 s for a task (not a minute): a live idle worker polls again every second.
SHORT_POLL = ["--dynamic-config-value", 'matching.longPollExpirationInterval="1s"']


@pytest.fixture
async def failing_activity():
    name = unique("health-failing")
    now = datetime.now(UTC)
    async with transaction() as db:
        db.add(ActivityFailure(activity=name, since=now - timedelta(hours=1), last_at=now, failures=7,
                               error="the relay said no"))
    yield name
    async with transaction() as db:
        await db.execute(delete(ActivityFailure).where(ActivityFailure.activity == name))


async def test_a_part_down_with_an_activity_failing_answers_503_with_the_list(client, login_as, monkeypatch,
                                                                            failing_activity):
    operator = await login_as("system-health")
    monkeypatch.setattr(get_settings(), "smtp_host", "127.0.0.1")
    monkeypatch.setattr(get_settings(), "smtp_port", free_port())  # nothing listens: SMTP is DOWN
    reply = await client.get("/cms/health", headers=operator)
    assert reply.status_code == 503, reply.text
    data = reply.json()["data"]
    assert (data["status"], data["components"]["smtp"]["status"]) == ("DOWN", "DOWN")
    failing = {f["activity"]: f for f in data["components"]["activities"]["failing"]}
    assert failing[failing_activity]["failures"] == 7
    assert datetime.fromisoformat(failing[failing_activity]["since"]) < datetime.now(UTC) - timedelta(minutes=59)


@pytest.fixture
async def temporal(tmp_path):
    server = StoppableTemporal(tmp_path / "temporal.db", SHORT_POLL)
    await server.start()
    yield server
    await server.stop()


async def worker_status_until(flows: Flows, wanted: str) -> dict:
    loop = asyncio.get_running_loop()
    started = loop.time()
    while True:
        worker = (await check(flows))["components"]["worker"]
        if worker["status"] == wanted or loop.time() - started > GUARD:
            return worker
        await asyncio.sleep(0.5)


async def test_a_frozen_worker_is_down_though_its_process_lives(temporal, monkeypatch):
    monkeypatch.setattr(get_settings(), "worker_silent_seconds", 5.0)
    flows = Flows()
    flows._client = await temporal.client()
    process = await spawn_worker(temporal.address, get_settings().task_queue)
    try:
        assert (await worker_status_until(flows, "UP"))["status"] == "UP"
        os.killpg(process.pid, signal.SIGSTOP)
        frozen = await worker_status_until(flows, "DOWN")
        assert frozen["status"] == "DOWN", frozen
        assert process.poll() is None  # the process lives: only its silence tells
        assert "no worker has polled" in frozen["detail"]
        os.killpg(process.pid, signal.SIGCONT)
        assert (await worker_status_until(flows, "UP"))["status"] == "UP"
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        await asyncio.to_thread(process.wait)
