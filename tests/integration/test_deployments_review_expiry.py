"""An unreviewed deploy task expires after the review deadline, a durable timer (in its own module: it moves
the test server's clock three days ahead of the wall clock, and wakes every flow on it)."""

from __future__ import annotations

from datetime import timedelta

from domain.db import transaction
from domain.models.deployments import DeployTask
from domain.rules.deployments import REVIEW_WINDOW
from tests.integration import deploy_support
from tests.integration.deploy_support import AUTHOR, REVIEWER, post, project
from tests.integration.test_deployments_review import body
from tests.integration.ticket_support import eventually, staff

deploy_env = deploy_support.deploy_env  # fixture


async def test_an_unreviewed_task_expires_after_the_deadline(client, deploy_env):
    p = await project("echo ok")
    author, reviewer = await staff(*AUTHOR), await staff(*REVIEWER)
    task = (await post(client, author, "task/add", body(p.id)))["data"]
    reviewed = (await post(client, author, "task/add", body(p.id)))["data"]
    await post(client, reviewer, f"task/{reviewed['id']}/review", {"decision": "APPROVE"})
    await deploy_env.sleep(REVIEW_WINDOW + timedelta(minutes=1))
    expired = await eventually(lambda: _status(task["id"], "EXPIRED"))
    assert expired.revision == 1
    assert (await _status(reviewed["id"], "APPROVED")) is not None  # a decided task does not expire



async def _status(task_id, status):
    async with transaction() as db:
        task = await db.get(DeployTask, task_id, populate_existing=True)
    return task if task.status == status else None
