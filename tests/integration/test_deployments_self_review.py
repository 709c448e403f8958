"""No self-approval by way of an edit (docs/deployments.md): whoever wrote any revision of a deploy task does not
decide on it. A reviewer who also holds `deploy#edit` could modify someone else's approved task (a new revision
of their own, reviewed again) and then approve that revision, since only the task's first author was refused."""

from __future__ import annotations

from tests.integration import deploy_support
from tests.integration.deploy_support import AUTHOR, REVIEWER, post, project
from tests.integration.ticket_support import staff

deploy_env = deploy_support.deploy_env  # fixture


def body(project_id: int, **fields: object) -> dict[str, object]:
    return {"name": "Release", "projectId": project_id, "version": "3.0.0", "environment": "PRODUCTION",
            "serverIps": ["10.2.0.5"], "params": {"REGION": "ID"}, **fields}


async def test_the_author_of_a_revision_cannot_approve_the_task(client, deploy_env):
    p = await project("echo ok")
    author, editor, reviewer = await staff(*AUTHOR), await staff(*AUTHOR, *REVIEWER), await staff(*REVIEWER)
    task = (await post(client, author, "task/add", body(p.id)))["data"]
    await post(client, reviewer, f"task/{task['id']}/review", {"decision": "APPROVE"})
    # the editor changes what goes out, then approves its own change
    changed = (await post(client, editor, "task/modify", {**body(p.id, version="3.0.1-evil"), "id": task["id"]}))
    assert changed["data"]["status"] == "PENDING_REVIEW"
    detail = (await client.get(f"/cms/deploy/task/detail/{task['id']}", headers=editor.headers)).json()["data"]
    assert detail["canReview"] is False
    refused = await post(client, editor, f"task/{task['id']}/review", {"decision": "APPROVE"}, status=409)
    assert refused["code"] == "DEPLOY_SELF_REVIEW"
    still = (await client.get(f"/cms/deploy/task/detail/{task['id']}", headers=editor.headers)).json()["data"]
    assert still["task"]["status"] == "PENDING_REVIEW"
    await post(client, editor, "run/add", {"taskId": task["id"]}, status=409)  # nothing approved to deploy
    # a comment stays open to them, and someone who wrote no revision decides
    await post(client, editor, f"task/{task['id']}/review", {"decision": "COMMENT", "comment": "Looks fine"})
    approved = (await post(client, reviewer, f"task/{task['id']}/review", {"decision": "APPROVE"}))["data"]
    assert approved["status"] == "APPROVED"
