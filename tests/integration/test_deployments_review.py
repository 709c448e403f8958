"""Deploy tasks and their review (docs/deployments.md): no self-approval, only holders of review#approve
decide, a modification is a new revision reviewed again with its diff, an unreviewed task expires after the
deadline (a durable timer), auto deploy on approval; bad input is a 422 naming the field and changes nothing."""

from __future__ import annotations

from sqlalchemy import func, select

from domain.db import transaction
from domain.models.deployments import DeployTask
from tests.integration import deploy_support
from tests.integration.deploy_support import AUTHOR, REVIEWER, post, project, queue_done, run_row
from tests.integration.ticket_support import staff

deploy_env = deploy_support.deploy_env  # fixture


def body(project_id, **fields):
    return {"name": "Release", "projectId": project_id, "version": "2.4.0", "environment": "STAGING",
            "serverIps": ["10.1.0.5", "10.1.0.6"], "params": {"WORKERS": 4, "REGION": "ID"}, **fields}


async def test_a_task_is_reviewed_by_someone_else_with_the_permission_and_modifying_it_asks_again(client, deploy_env):
    p = await project("echo ok")
    author, reviewer, reader = await staff(*AUTHOR), await staff(*REVIEWER), await staff("review-detail")
    task = (await post(client, author, "task/add", body(p.id)))["data"]
    assert task["status"] == "PENDING_REVIEW" and task["revision"] == 1 and task["projectCode"] == p.code
    self_review = await post(client, author, f"task/{task['id']}/review", {"decision": "APPROVE"}, status=403)
    assert self_review["code"] == "NO_PERMISSION"  # the author holds no review#approve here
    both = await staff(*AUTHOR, *REVIEWER)
    mine = (await post(client, both, "task/add", body(p.id)))["data"]
    refused = await post(client, both, f"task/{mine['id']}/review", {"decision": "APPROVE"}, status=409)
    assert refused["code"] == "DEPLOY_SELF_REVIEW"
    await post(client, reader, f"task/{task['id']}/review", {"decision": "APPROVE"}, status=403)
    await post(client, reader, f"task/{task['id']}/review", {"decision": "COMMENT", "comment": "Is 4 enough?"})
    rejected = await post(client, reviewer, f"task/{task['id']}/review", {"decision": "REJECT"}, status=422)
    assert rejected["data"]["errors"][0]["rule"] == "comment_required"
    await post(client, reviewer, f"task/{task['id']}/review", {"decision": "REJECT", "comment": "Use 8 workers"})
    await post(client, author, "run/add", {"taskId": task["id"]}, status=409)  # not approved
    changed = (await post(client, author, "task/modify", {**body(p.id, params={"WORKERS": 8, "REGION": "ID"}),
                                                          "id": task["id"]}))["data"]
    assert changed["revision"] == 2 and changed["status"] == "PENDING_REVIEW" and changed["reviewerId"] is None
    same = await post(client, author, "task/modify", {**body(p.id, params={"WORKERS": 8, "REGION": "ID"}),
                                                      "id": task["id"]}, status=409)
    assert same["code"] == "DEPLOY_NOTHING_CHANGED"
    reply = await client.get(f"/cms/deploy/task/{task['id']}/diff?from=1&to=2", headers=reviewer.headers)
    assert reply.json()["data"] == [{"field": "params", "before": {"WORKERS": 4, "REGION": "ID"},
                                     "after": {"WORKERS": 8, "REGION": "ID"}}]
    approved = (await post(client, reviewer, f"task/{task['id']}/review", {"decision": "APPROVE"}))["data"]
    assert approved["status"] == "APPROVED" and approved["reviewerName"]
    detail = (await client.get(f"/cms/deploy/task/detail/{task['id']}", headers=author.headers)).json()["data"]
    assert [r["decision"] for r in detail["reviews"]] == ["COMMENT", "REJECT", "APPROVE"]
    assert [r["revision"] for r in detail["revisions"]] == [1, 2] and detail["canReview"] is False
    listed = (await post(client, author, "task/search", {"projectId": p.id, "sort": "id"}))["data"]
    assert ([t["id"] for t in listed["items"]], listed["total"]) == ([task["id"], mine["id"]], 2)
    assert listed["items"][0]["projectCode"] == p.code and listed["totalCapped"] is False


async def test_auto_deploy_queues_the_version_as_soon_as_its_review_passes(client, deploy_env):
    p = await project('echo "auto $DEPLOY_VERSION"', auto_deploy=True)
    author, reviewer = await staff(*AUTHOR), await staff(*REVIEWER)
    task = (await post(client, author, "task/add", body(p.id)))["data"]
    await post(client, reviewer, f"task/{task['id']}/review", {"decision": "APPROVE"})
    runs = (await post(client, author, "run/search", {"taskId": task["id"]}))["data"]["items"]
    assert [r["kind"] for r in runs] == ["AUTO"]
    await queue_done(deploy_env, p.code)
    assert (await run_row(runs[0]["id"])).status == "SUCCEEDED"


async def test_bad_input_names_the_field_and_rule_and_saves_nothing(client):
    p = await project("echo ok")
    author = await staff(*AUTHOR)
    before = await _count()
    cases = [({"serverIps": ["10.0.0.300"]}, "serverIps", "ip_address"),
             ({"serverIps": []}, "serverIps", "required"),
             ({"params": {"1BAD": "x"}}, "params", "param_name"),
             ({"params": {"LIST": [1, 2]}}, "params", "param_value"),
             ({"version": "1.0 beta"}, "version", "pattern"),
             ({"name": ""}, "name", "min_length"),
             ({"name": "   "}, "name", "required"),  # SPEC §5: task name required
             ({"environment": "MARS"}, "environment", "enum"),
             ({"projectId": 999999}, "projectId", "not_found")]
    for fields, field, rule in cases:
        reply = await client.post("/cms/deploy/task/add", json=body(p.id, **fields),
                                  headers={**author.headers, "Accept-Language": "id"})
        assert reply.status_code == 422, (fields, reply.text)
        error = reply.json()["data"]["errors"][0]
        assert (error["field"].split("[")[0], error["rule"]) == (field, rule), fields
    assert await _count() == before
    ip = await client.post("/cms/deploy/task/add", json=body(p.id, serverIps=["300.1.1.1"]),
                           headers={**author.headers, "Accept-Language": "zh-CN"})
    assert "不是有效的 IP 地址" in ip.json()["message"]


async def test_bad_parameters_and_bad_addresses_are_named_together(client):
    """A form with a wrong parameter, a wrong address, a wrong version and a blank name learns all four at once."""
    p = await project("echo ok")
    author = await staff(*AUTHOR)
    before = await _count()
    reply = await client.post("/cms/deploy/task/add", headers=author.headers, json=body(
        p.id, name="   ", version="1.0 beta", serverIps=["10.0.0.300"], params={"1BAD": "x"}))
    assert reply.status_code == 422, reply.text
    assert {e["field"].split("[")[0]: e["rule"] for e in reply.json()["data"]["errors"]} == {
        "name": "required", "version": "pattern", "serverIps": "ip_address", "params": "param_name"}
    assert await _count() == before


async def _status(task_id, status):
    async with transaction() as db:
        task = await db.get(DeployTask, task_id, populate_existing=True)
    return task if task.status == status else None


async def _count():
    async with transaction() as db:
        return await db.scalar(select(func.count()).select_from(DeployTask))


async def test_a_decision_after_the_deadline_is_refused_even_before_the_clock_marks_the_task(client):
    """The row holds the deadline: a console whose review clock never started (Temporal down) still refuses."""
    p = await project("echo ok")
    author, reviewer = await staff(*AUTHOR), await staff(*REVIEWER)
    task = (await post(client, author, "task/add", body(p.id)))["data"]
    async with transaction() as db:
        row = await db.get_one(DeployTask, task["id"])
        row.review_due_at = row.created_at
    late = await post(client, reviewer, f"task/{task['id']}/review", {"decision": "APPROVE"}, status=409)
    assert late["code"] == "DEPLOY_REVIEW_EXPIRED"
    assert await _status(task["id"], "PENDING_REVIEW") is not None
