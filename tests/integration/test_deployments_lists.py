"""The deploy screens beyond their newest rows (docs/deployments.md): deploy tasks, reviews, CI, CD and the
release log page on the server with their total and filter there; a withdrawn run is retried; a failed run's
detail says its exit status and the last lines of its log; a review without the comment it needs is a 422 on
the comment field, in the reader's language."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from domain.db import transaction
from domain.models.deployments import DeployRun, DeployTask
from tests.integration import deploy_support
from tests.integration.deploy_support import (
    AUTHOR,
    REVIEWER,
    approved_task,
    blocking_command,
    post,
    project,
    queue_done,
    release,
    until_status,
)
from tests.integration.ticket_support import staff

deploy_env = deploy_support.deploy_env  # fixture
ENVIRONMENTS = ("DEV", "TEST", "STAGING", "PRODUCTION")


async def many_tasks(project_id: int, author_id: int, count: int) -> list[int]:
    """`count` tasks of one project; every third one approved, the environments in turn."""
    due = datetime.now(UTC) + timedelta(days=3)
    async with transaction() as db:
        rows = [DeployTask(name=f"Release {n}", project_id=project_id, version=f"1.{n}.0",
                           environment=ENVIRONMENTS[n % 4], server_ips=["10.0.0.1"], params={},
                           status="APPROVED" if n % 3 == 0 else "PENDING_REVIEW", revision=1, author_id=author_id,
                           review_due_at=due) for n in range(count)]
        db.add_all(rows)
        await db.flush()
        return [row.id for row in rows]


async def many_runs(project_id: int, task_id: int, count: int) -> list[int]:
    """`count` finished runs of one task; the environments in turn, every fifth one failed."""
    async with transaction() as db:
        rows = [DeployRun(project_id=project_id, task_id=task_id, kind="DEPLOY", version=f"2.{n}.0",
                          environment=ENVIRONMENTS[n % 4], server_ips=["10.0.0.1"], params={},
                          status="FAILED" if n % 5 == 0 else "SUCCEEDED", external_ref={}, log_bytes=0)
                for n in range(count)]
        db.add_all(rows)
        await db.flush()
        return [row.id for row in rows]


async def test_deploy_tasks_and_reviews_page_and_filter_beyond_the_newest_fifty(client):
    p = await project("echo ok")
    reader = await staff("review-management")
    ids = await many_tasks(p.id, reader.id, 65)
    newest_first = sorted(ids, reverse=True)
    page = (await post(client, reader, "task/search", {"projectId": p.id, "page": 2, "pageSize": 20}))["data"]
    assert page["total"] == 65 and (page["page"], page["pageSize"]) == (2, 20)
    assert [t["id"] for t in page["items"]] == newest_first[20:40]
    last = (await post(client, reader, "task/search", {"projectId": p.id, "page": 4, "pageSize": 20}))["data"]
    assert [t["id"] for t in last["items"]] == newest_first[60:]
    # the review screen's two tabs: waiting for review, and decided
    waiting = (await post(client, reader, "task/search", {"projectId": p.id, "status": ["PENDING_REVIEW"],
                                                          "page": 2, "pageSize": 20}))["data"]
    assert waiting["total"] == 43 and all(t["status"] == "PENDING_REVIEW" for t in waiting["items"])
    production = (await post(client, reader, "task/search", {"projectId": p.id, "environment": ["PRODUCTION"],
                                                             "name": "1.63"}))["data"]
    assert [t["version"] for t in production["items"]] == ["1.63.0"]


async def test_ci_cd_and_the_release_log_page_and_filter_beyond_the_newest_fifty(client):
    p = await project("echo ok")
    reader = await staff("audit-ci", "audit-cd", "jenkins-deploy")
    task = (await many_tasks(p.id, reader.id, 1))[0]
    ids = await many_runs(p.id, task, 70)
    newest_first = sorted(ids, reverse=True)
    release_log = (await post(client, reader, "run/search", {"projectId": p.id, "page": 2, "pageSize": 50}))["data"]
    assert release_log["total"] == 70 and [r["id"] for r in release_log["items"]] == newest_first[50:]
    ci = (await post(client, reader, "run/search", {"projectId": p.id, "environment": ["DEV", "TEST"],
                                                    "page": 2, "pageSize": 20}))["data"]
    assert ci["total"] == 36 and len(ci["items"]) == 16
    assert {r["environment"] for r in ci["items"]} == {"DEV", "TEST"}
    failed_cd = (await post(client, reader, "run/search", {"projectId": p.id, "environment": ["STAGING", "PRODUCTION"],
                                                           "status": ["FAILED"]}))["data"]
    assert failed_cd["total"] == 6 and {r["status"] for r in failed_cd["items"]} == {"FAILED"}
    one = (await post(client, reader, "run/search", {"projectId": p.id, "version": "2.69"}))["data"]
    assert [r["version"] for r in one["items"]] == ["2.69.0"]


async def test_a_review_without_the_comment_it_needs_names_the_comment_field(client):
    p = await project("echo ok")
    author, reviewer = await staff(*AUTHOR), await staff(*REVIEWER)
    task = (await post(client, author, "task/add", {"name": "Release", "projectId": p.id, "version": "1.0.0",
                                                    "environment": "TEST", "serverIps": ["10.0.0.1"]}))["data"]
    for decision, comment in (("REJECT", None), ("COMMENT", "   ")):
        body = {"decision": decision, **({"comment": comment} if comment is not None else {})}
        refused = await post(client, reviewer, f"task/{task['id']}/review", body, status=422)
        assert refused["code"] == "VALIDATION_FAILED"
        assert [(e["field"], e["rule"]) for e in refused["data"]["errors"]] == [("comment", "comment_required")]
        assert refused["data"]["errors"][0]["message"].startswith("Comment:")
    chinese = await client.post(f"/cms/deploy/task/{task['id']}/review", json={"decision": "REJECT"},
                                headers={**reviewer.headers, "Accept-Language": "zh-CN"})
    assert chinese.status_code == 422 and chinese.json()["data"]["errors"][0]["message"].startswith("评论")
    approved = await post(client, reviewer, f"task/{task['id']}/review", {"decision": "APPROVE"})
    assert approved["data"]["status"] == "APPROVED"  # an approval needs no comment


async def test_a_withdrawn_run_is_retried_as_a_new_run(client, deploy_env, tmp_path):
    p = await project(blocking_command(tmp_path))
    first, author, _ = await approved_task(client, p.id, "TEST")
    running = (await post(client, author, "run/add", {"taskId": first}))["data"]
    await until_status(running["id"], "RUNNING")
    other, _, _ = await approved_task(client, p.id, "DEV", version="1.1.0")
    waiting = (await post(client, author, "run/add", {"taskId": other}))["data"]
    assert (await post(client, author, f"run/{waiting['id']}/cancel"))["data"]["status"] == "WITHDRAWN"
    again = (await post(client, author, f"run/{waiting['id']}/retry"))["data"]
    assert (again["kind"], again["retryOfId"], again["version"], again["status"]) == (
        "RETRY", waiting["id"], "1.1.0", "QUEUED")
    release(tmp_path)
    await queue_done(deploy_env, p.code)
    assert (await until_status(again["id"], "SUCCEEDED")).environment == "DEV"


async def test_a_failed_run_shows_its_exit_status_and_the_last_lines_of_its_log(client, deploy_env):
    p = await project('for n in $(seq 1 40); do echo "step $n"; done; echo "migration failed" >&2; exit 7')
    task, author, _ = await approved_task(client, p.id)
    run = (await post(client, author, "run/add", {"taskId": task}))["data"]
    await queue_done(deploy_env, p.code)
    reply = await client.get(f"/cms/deploy/run/detail/{run['id']}", headers=author.headers)
    detail = reply.json()["data"]
    assert (detail["status"], detail["exitCode"]) == ("FAILED", 7)
    assert len(detail["logTail"]) == 20 and "migration failed" in detail["logTail"][-1]
    assert detail["logTail"][0] != "step 1" and "step 40" in detail["logTail"]


async def test_a_rollback_says_what_it_would_put_back_before_it_is_confirmed(client):
    p = await project("echo ok")
    author = await staff(*AUTHOR)
    query = f"/cms/deploy/run/rollback-target?projectId={p.id}&environment=TEST"
    none = await client.get(query, headers=author.headers)
    assert (none.status_code, none.json()["code"]) == (409, "DEPLOY_NO_ROLLBACK_TARGET")
    task = (await many_tasks(p.id, author.id, 1))[0]
    async with transaction() as db:
        db.add_all([DeployRun(project_id=p.id, task_id=task, kind="DEPLOY", version=version, environment=env,
                              server_ips=[], params={}, status=status, external_ref={}, log_bytes=0)
                    for version, env, status in (("1.0.0", "TEST", "SUCCEEDED"), ("1.1.0", "TEST", "SUCCEEDED"),
                                                 ("1.2.0", "TEST", "FAILED"), ("9.0.0", "PRODUCTION", "SUCCEEDED"))])
    target = (await client.get(query, headers=author.headers)).json()["data"]
    assert target == {"projectCode": p.code, "environment": "TEST", "currentVersion": "1.1.0",
                      "targetVersion": "1.0.0"}
    reader = await staff("audit-ci")
    assert (await client.get(query, headers=reader.headers)).status_code == 403


async def test_whoever_reads_a_deploy_list_may_use_its_project_filter(client):
    p = await project("echo ok")
    for screen in ("audit-ci", "audit-cd", "jenkins-deploy", "review-management"):
        reader = await staff(screen)
        reply = await client.get("/cms/deploy/project/options", headers=reader.headers)
        assert reply.status_code == 200, screen
        assert p.code in [option["code"] for option in reply.json()["data"]]
