"""The worker wiring: every registered queue runs, workflows reach their activities."""

import uuid

from domain.flows.system import EchoRequest
from worker.main import build_workers
from worker.registry import queues
from workflows.system import EchoWorkflow


async def test_registered_workflow_runs_through_the_worker(time_skipping_env):
    client = time_skipping_env.client
    workers = build_workers(client)
    assert [w.task_queue for w in workers] == [q.task_queue for q in queues()]
    async with workers[0]:
        result = await client.execute_workflow(
            EchoWorkflow.run, EchoRequest(text="ping"), id=f"echo-{uuid.uuid4()}", task_queue=workers[0].task_queue)
    assert result == "ping"
