"""The deploy queue on the time-skipping server (SPEC §5, §9: one minute gap between deployments): one run at
a time, the gap as a durable timer, supersede and withdraw, freeze windows and their audited override, retry
after a failure, cancel, roll back; the API drives it as the console does."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select

from domain.db import transaction
from domain.models.audit import EntityChange
from tests.integration import deploy_support, ticket_support
from tests.integration.deploy_support import (
    AUTHOR,
    approved_task,
    blocking_command,
    log_text,
    post,
    project,
    queue_done,
    release,
    run_row,
    starts,
    until_status,
)
from tests.integration.ticket_support import staff

deploy_env, freeze = deploy_support.deploy_env, deploy_support.freeze


async def test_runs_go_one_at_a_time_with_at_least_a_minute_between_them(client, deploy_env, tmp_path):
    """SPEC §9: deploy 15 to 20 minutes, 1 minute minimum gap — from the end of one to the start of the next."""
    p = await project('echo "deploying $DEPLOY_VERSION"')
    first, author, _ = await approved_task(client, p.id, "TEST")
    second, _, _ = await approved_task(client, p.id, "STAGING")
    a = (await post(client, author, "run/add", {"taskId": first}))["data"]
    b = (await post(client, author, "run/add", {"taskId": second}))["data"]
    await queue_done(deploy_env, p.code)
    run_a, run_b = await run_row(a["id"]), await run_row(b["id"])
    assert run_a.status == run_b.status == "SUCCEEDED"
    assert run_b.started_at - run_a.finished_at >= timedelta(minutes=1)
    assert "deploying 1.0.0" in await log_text(a["id"])


async def test_a_newer_run_supersedes_the_one_waiting_and_a_waiting_run_can_be_withdrawn(client, deploy_env, tmp_path):
    p = await project(blocking_command(tmp_path))
    task, author, _ = await approved_task(client, p.id, "TEST")
    running = (await post(client, author, "run/add", {"taskId": task}))["data"]
    await until_status(running["id"], "RUNNING")
    waiting = (await post(client, author, "run/add", {"taskId": task}))["data"]
    newer = (await post(client, author, "run/add", {"taskId": task}))["data"]
    old = await run_row(waiting["id"])
    assert old.status == "SUPERSEDED" and old.superseded_by_id == newer["id"]
    other, _, _ = await approved_task(client, p.id, "DEV")
    withdrawn = (await post(client, author, "run/add", {"taskId": other}))["data"]
    assert (await post(client, author, f"run/{withdrawn['id']}/cancel"))["data"]["status"] == "WITHDRAWN"
    await post(client, author, f"run/{withdrawn['id']}/cancel", status=409)
    release(tmp_path)
    await queue_done(deploy_env, p.code)
    assert (await run_row(newer["id"])).status == "SUCCEEDED"
    assert (await run_row(withdrawn["id"])).status == "WITHDRAWN"
    assert starts(tmp_path) == ["start 1.0.0", "start 1.0.0"]  # the running one and the newer one, nothing else
    assert await log_text(waiting["id"]) == ""


async def test_a_freeze_refuses_a_deploy_unless_an_override_holder_says_so_with_a_reason(client, deploy_env, freeze):
    p = await project('echo ok')
    task, author, _ = await approved_task(client, p.id, "PRODUCTION")
    now = await deploy_env.get_current_time()
    await freeze("PRODUCTION", now - timedelta(days=400), now + timedelta(hours=2), "Harbolnas sale")
    refused = await post(client, author, "run/add", {"taskId": task}, status=409)
    assert refused["code"] == "DEPLOY_FROZEN" and "Harbolnas sale" in refused["message"]
    await post(client, author, "run/add", {"taskId": task, "overrideFreeze": True, "overrideReason": "hotfix"},
               status=403)
    lead = await staff(*AUTHOR, "deploy#override-freeze")
    missing = await post(client, lead, "run/add", {"taskId": task, "overrideFreeze": True}, status=422)
    assert missing["data"]["errors"][0]["field"] == "overrideReason"
    run = (await post(client, lead, "run/add", {"taskId": task, "overrideFreeze": True,
                                                "overrideReason": "payment hotfix"}))["data"]
    await queue_done(deploy_env, p.code)
    row = await run_row(run["id"])
    assert row.status == "SUCCEEDED" and row.freeze_override_by == lead.id
    async with transaction() as db:
        audited = (await db.scalars(select(EntityChange).where(
            EntityChange.entity == "DeployRun", EntityChange.entity_id == str(run["id"]),
            EntityChange.action == "create"))).one()
    assert audited.operator_id == lead.id
    assert audited.changes["freeze_override_reason"]["after"] == "payment hotfix"


async def test_a_freeze_that_begins_while_a_run_waits_for_its_turn_refuses_it(client, deploy_env, freeze):
    p = await project('echo ok')
    first, author, _ = await approved_task(client, p.id, "TEST")
    second, _, _ = await approved_task(client, p.id, "STAGING")
    now = await deploy_env.get_current_time()
    # begins within the gap after the first run
    await freeze("STAGING", now + timedelta(seconds=30), now + timedelta(hours=3), "Month-end close")
    await post(client, author, "run/add", {"taskId": first})
    waiting = (await post(client, author, "run/add", {"taskId": second}))["data"]
    await queue_done(deploy_env, p.code)
    row = await run_row(waiting["id"])
    assert row.status == "FROZEN" and row.error == "Month-end close" and row.started_at is None
    assert await log_text(waiting["id"]) == ""


async def test_a_failed_run_is_retried_from_the_console_as_a_new_run(client, deploy_env, tmp_path):
    marker = tmp_path / "ready"
    p = await project(f'test -f {marker} || {{ echo "\033[31mdatabase migration failed\033[0m"; exit 3; }}; echo ok')
    task, author, _ = await approved_task(client, p.id)
    failed = (await post(client, author, "run/add", {"taskId": task}))["data"]
    await queue_done(deploy_env, p.code)
    row = await run_row(failed["id"])
    assert row.status == "FAILED" and row.exit_code == 3
    assert "database migration failed" in await log_text(failed["id"])
    marker.write_text("the database is ready")
    await post(client, author, f"run/{failed['id']}/retry")
    runs = (await post(client, author, "run/search", {"taskId": task, "sort": "-id"}))["data"]["items"]
    retry = runs[0]
    assert retry["kind"] == "RETRY" and retry["retryOfId"] == failed["id"] and retry["workflowId"] != ""
    await queue_done(deploy_env, p.code)
    assert (await run_row(retry["id"])).status == "SUCCEEDED"
    await post(client, author, f"run/{retry['id']}/retry", status=409)  # a success is not retried


async def test_cancelling_a_running_deploy_stops_its_command(client, deploy_env, tmp_path):
    p = await project(blocking_command(tmp_path))
    task, author, _ = await approved_task(client, p.id)
    run = (await post(client, author, "run/add", {"taskId": task}))["data"]
    await until_status(run["id"], "RUNNING")
    await ticket_support.eventually(lambda: _has(tmp_path / "starts"))
    await post(client, author, f"run/{run['id']}/cancel")
    await queue_done(deploy_env, p.code)
    assert (await run_row(run["id"])).status == "CANCELLED"
    release(tmp_path)  # too late: the command was stopped, so "done" never reaches the log
    assert "done" not in await log_text(run["id"]) and "[console] cancelled" in await log_text(run["id"])


async def test_rollback_deploys_the_previous_good_version(client, deploy_env):
    p = await project('echo "now at $DEPLOY_VERSION"')
    v1, author, _ = await approved_task(client, p.id, "STAGING", "1.0.0")
    v2, _, _ = await approved_task(client, p.id, "STAGING", "2.0.0")
    await post(client, author, "run/rollback", {"projectId": p.id, "environment": "STAGING"}, status=409)
    await post(client, author, "run/add", {"taskId": v1})
    await queue_done(deploy_env, p.code)
    await post(client, author, "run/add", {"taskId": v2})
    await queue_done(deploy_env, p.code)
    back = (await post(client, author, "run/rollback", {"projectId": p.id, "environment": "STAGING"}))["data"]
    assert back["kind"] == "ROLLBACK" and back["version"] == "1.0.0" and back["taskId"] == v1
    await queue_done(deploy_env, p.code)
    assert "now at 1.0.0" in await log_text(back["id"])


async def _has(path):
    return path.exists()
