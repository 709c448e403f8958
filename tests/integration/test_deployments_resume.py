"""A worker killed (SIGKILL) in the middle of a deploy: another worker takes the run over when the heartbeat
stops, follows the same command to its end and finishes the run; the command is never started twice."""

from __future__ import annotations

import asyncio
import os
import signal

from domain.settings import get_settings
from tests.integration.deploy_support import (
    approved_task,
    blocking_command,
    deploy_worker,
    log_text,
    post,
    project,
    queue_done,
    release,
    run_row,
    starts,
    until_status,
)
from tests.integration.ticket_support import eventually, register_search_attributes
from tests.integration.worker_process import spawn_worker


async def test_a_worker_killed_mid_deploy_is_taken_over_without_a_second_deploy(client, own_time_skipping_env, app,
                                                                                  tmp_path):
    env = own_time_skipping_env
    await register_search_attributes(env.client)
    previous, app.state.flows._client = app.state.flows._client, env.client
    address = env.client.service_client.config.target_host
    first = await spawn_worker(address, get_settings().deploy_task_queue)
    try:
        p = await project(blocking_command(tmp_path))
        task, author, _ = await approved_task(client, p.id, version="3.1.0")
        run = (await post(client, author, "run/add", {"taskId": task}))["data"]
        await until_status(run["id"], "RUNNING")
        await eventually(lambda: _contains(log_text(run["id"]), "deploying 3.1.0"), timeout=30)
        os.killpg(first.pid, signal.SIGKILL)  # the worker dies; the deploy command, in its own session, goes on
        await asyncio.to_thread(first.wait)
        async with deploy_worker(env.client):
            release(tmp_path)
            # The heartbeat time-out (30 s) passes on the wall clock: the started attempt holds the server's clock.
            await until_status(run["id"], "SUCCEEDED", "FAILED", timeout=120)
            await queue_done(env, p.code)
        row = await run_row(run["id"])
        assert row.status == "SUCCEEDED" and row.exit_code == 0
        assert starts(tmp_path) == ["start 3.1.0"]
        text = await log_text(run["id"])
        assert text.count("deploying 3.1.0") == 1 and text.count("done") == 1
    finally:
        if first.poll() is None:
            os.killpg(first.pid, signal.SIGKILL)
        app.state.flows._client = previous


async def _contains(text_of, needle):
    return needle in await text_of
