"""/cms/health says more than "reachable": DEGRADED while an activity keeps failing (listing it) or calls queue
for a database connection, DOWN when they stay queued (a wedged pool). Nine wedged calls once exhausted the pool
while health said UP; a burst of calls on a busy machine once made it DOWN for a moment."""

import asyncio
import contextlib
from datetime import timedelta

import pytest
from temporalio import activity, workflow
from temporalio.client import WorkflowFailureError
from temporalio.common import RetryPolicy

from api.flows import Flows
from api.health import check
from domain.db import get_plain_pool, plain_connection
from domain.settings import get_settings
from tests.conftest import unique
from tests.integration.test_health import smtp  # noqa: F401  (fixture)
from worker.main import build_workers
from worker.registry import QueueSpec

BROKEN = {"now": True}


@activity.defn(name="health-test-flaky")
async def flaky(text: str) -> str:
    if BROKEN["now"]:
        raise RuntimeError("the mail server said no")
    return text


@workflow.defn(name="health-test-flow", sandboxed=False)
class FlakyFlow:
    @workflow.run
    async def run(self, text: str) -> str:
        return await workflow.execute_activity(
            flaky, text, start_to_close_timeout=timedelta(seconds=10),
            retry_policy=RetryPolicy(initial_interval=timedelta(milliseconds=50), maximum_attempts=2))


async def report_until(flows, wanted, component="activities"):
    for _ in range(100):  # the worker's poller shows up once it has polled
        report = await check(flows)
        if report["components"][component]["status"] == wanted and report["components"]["worker"]["status"] == "UP":
            return report
        await asyncio.sleep(0.2)
    return report


async def test_an_activity_failing_for_long_degrades_health_until_it_succeeds(
        client, app, dev_server_env, smtp, monkeypatch):  # noqa: F811
    env = dev_server_env
    monkeypatch.setattr(get_settings(), "activity_failing_seconds", 0)  # any failure counts as long here
    flows = Flows()
    flows._client = env.client
    workers = build_workers(env.client) + build_workers(env.client, [QueueSpec(
        unique("health-q"), workflows=[FlakyFlow], activities=[flaky])])
    async with contextlib.AsyncExitStack() as stack:
        for worker in workers:
            await stack.enter_async_context(worker)
        BROKEN["now"] = True
        with pytest.raises(WorkflowFailureError):
            await env.client.execute_workflow(FlakyFlow.run, "hi", id=unique("flaky"),
                                              task_queue=workers[-1].task_queue)
        report = await report_until(flows, "DEGRADED")
        activities = report["components"]["activities"]
        assert activities["status"] == "DEGRADED", report
        failing = {f["activity"]: f for f in activities["failing"]}
        assert failing["health-test-flaky"]["failures"] == 2
        assert "the mail server said no" in failing["health-test-flaky"]["error"]
        assert report["status"] == "DEGRADED"  # everything else is up: the console serves, an operator looks
        BROKEN["now"] = False
        assert await env.client.execute_workflow(FlakyFlow.run, "hi", id=unique("flaky"),
                                                 task_queue=workers[-1].task_queue) == "hi"
        report = await check(flows)
        still = report["components"]["activities"].get("failing") or []
        assert "health-test-flaky" not in {f["activity"] for f in still}


async def test_calls_queueing_for_a_connection_degrade_health_then_a_wedged_pool_is_down(client, app, monkeypatch):
    monkeypatch.setattr(get_settings(), "pool_waiting_seconds", 0.5)
    async with plain_connection():
        pool = get_plain_pool()
        held = [await pool.getconn() for _ in range(pool.max_size - 1)]  # with the one above: every connection
        waiter = asyncio.create_task(pool.getconn())
        try:
            for _ in range(1000):  # until the waiter has asked (it cannot be served before we give one back)
                if pool.get_stats().get("requests_waiting"):
                    break
                await asyncio.sleep(0.01)
            report = await check(app.state.flows)
            pools = report["components"]["pools"]
            assert pools["status"] == "DEGRADED", report  # a burst, so far
            assert "1 waiting" in pools["detail"]
            await asyncio.sleep(0.6)  # still queued at the next check, past pool_waiting_seconds: wedged
            report = await check(app.state.flows)
            pools = report["components"]["pools"]
            assert (pools["status"], report["status"]) == ("DOWN", "DOWN"), report
            assert "1 waiting" in pools["detail"]
        finally:
            for conn in held:
                await pool.putconn(conn)
            await pool.putconn(await waiter)
    report = await check(app.state.flows)
    assert report["components"]["pools"]["status"] == "UP", report


async def test_a_call_finding_no_free_connection_answers_503_not_500(client, monkeypatch):
    """Nine wedged calls once left login and the lists answering 500 after 30 s."""
    from tests.integration.ticket_support import staff

    me = await staff("ticket-list")
    await client.post("/cms/ticket/search", json={}, headers=me.headers)  # the caller is known: it is kept
    monkeypatch.setattr(get_settings(), "db_pool_timeout", 0.2)
    async with plain_connection():
        pool = get_plain_pool()
        held = [await pool.getconn() for _ in range(pool.max_size - 1)]
        try:
            reply = await client.post("/cms/ticket/search", json={}, headers=me.headers)
        finally:
            for conn in held:
                await pool.putconn(conn)
    assert (reply.status_code, reply.json()["code"]) == (503, "SERVICE_UNAVAILABLE"), reply.text
