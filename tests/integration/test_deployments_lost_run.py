"""A deploy run whose flow was terminated in the Temporal Web UI (on a real Temporal dev server: the test server does
not tell a parent of its child's termination): the project's queue records it FAILED, saying how its flow ended,
instead of leaving it RUNNING for ever, and it can be retried from the console."""

from __future__ import annotations

from domain.flows.deployments import run_id as run_workflow_id
from tests.integration.deploy_support import (
    approved_task,
    blocking_command,
    deploy_worker,
    post,
    project,
    release,
    starts,
    until_status,
)
from tests.integration.temporal_support import api_pointed_at
from tests.integration.ticket_support import eventually


async def test_a_run_whose_flow_was_terminated_is_recorded_failed_saying_so_and_can_be_retried(
        client, app, dev_server_env, tmp_path):
    async def command_started() -> list[str]:
        return starts(tmp_path)

    with api_pointed_at(app, dev_server_env.client):
        async with deploy_worker(dev_server_env.client):
            p = await project(blocking_command(tmp_path))
            task, author, _ = await approved_task(client, p.id)
            run = (await post(client, author, "run/add", {"taskId": task}))["data"]
            await until_status(run["id"], "RUNNING")
            # the run is marked RUNNING before its flow starts: terminate the flow once its command runs
            await eventually(command_started, timeout=60)
            await dev_server_env.client.get_workflow_handle(run_workflow_id(run["id"])).terminate(reason="stuck")
            try:
                failed = await until_status(run["id"], "FAILED")
            finally:
                release(tmp_path)  # the command the terminated flow left behind ends
            assert failed.error == "the flow ended without finishing its run (Temporal: TERMINATED)"
            assert failed.finished_at is not None
            retried = (await post(client, author, f"run/{run['id']}/retry"))["data"]
            assert retried["kind"] == "RETRY" and retried["retryOfId"] == run["id"]
