"""The Jenkins runner against a Jenkins speaking the remote API over a socket (tests/integration/jenkins_fake.py):
crumb, buildWithParameters, queue item to build number, progressive console text, result, stop; a Jenkins
that answers 503 once is retried without a second build; an attempt after a worker died between the trigger
and recording it follows that build (found by OMP_RUN_ID) instead of triggering another."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import httpx
import pytest
from temporalio.testing import ActivityEnvironment

from activities import deploy_jenkins
from activities.deployments import execute_deploy_run
from domain.db import transaction
from domain.models.deployments import DeployRun, DeployTask
from domain.settings import get_settings
from services.deployments import jenkins as jenkins_api
from services.deployments import store as deploy_store
from tests.integration import deploy_support
from tests.integration.deploy_support import AUTHOR, approved_task, log_text, post, project, queue_done, run_row
from tests.integration.jenkins_fake import FakeJenkins, Job, serving
from tests.integration.ticket_support import eventually, staff

deploy_env = deploy_support.deploy_env  # fixture
JOB = "web/shop-front"
LINES = ["Started by remote host", "\x1b[34m[INFO]\x1b[0m Building shop-front", "rsync to servers",
         "\x1b[32mDeployed\x1b[0m"]


@pytest.fixture
async def jenkins(monkeypatch):
    fake = FakeJenkins(user="deployer", token="11aa22bb", jobs={JOB: Job(lines=LINES)})
    async with serving(fake):
        settings = get_settings()
        monkeypatch.setattr(settings, "jenkins_url", fake.url)
        monkeypatch.setattr(settings, "jenkins_user", fake.user)
        monkeypatch.setattr(settings, "jenkins_token", fake.token)
        monkeypatch.setattr(deploy_jenkins, "POLL_SECONDS", 0.02)
        yield fake


async def test_a_deploy_goes_through_jenkins_and_a_restarting_jenkins_is_retried_without_a_second_build(
        client, deploy_env, jenkins):
    jenkins.fail_triggers = 1
    p = await project("exit 99", jenkins_job=JOB)  # the local command is not used when Jenkins is configured
    task, author, _ = await approved_task(client, p.id, "STAGING", "5.0.1", serverIps=["10.0.0.1", "10.0.0.2"])
    run = (await post(client, author, "run/add", {"taskId": task}))["data"]
    await queue_done(deploy_env, p.code)
    row = await run_row(run["id"])
    assert row.status == "SUCCEEDED" and row.runner == "JENKINS" and row.external_ref["build"] == 1
    assert len(jenkins.all_builds(JOB)) == 1 and jenkins.refused_without_crumb == 0
    assert jenkins.triggers == [{"VERSION": "5.0.1", "ENVIRONMENT": "STAGING", "SERVERS": "10.0.0.1,10.0.0.2",
                                 "REGION": "ID", "OMP_RUN_ID": str(run["id"])}]
    assert await log_text(run["id"]) == "".join(f"{line}\n" for line in LINES) + "Finished: SUCCESS\n"


async def running(job: str) -> int:
    p = await project("exit 99", jenkins_job=job)
    who = await staff(*AUTHOR)
    async with transaction() as db:
        task = DeployTask(name="Release", project_id=p.id, version="5.0.2", environment="TEST",
                          server_ips=["10.0.0.1"], params={}, author_id=who.id, review_due_at=datetime.now(UTC),
                          status="APPROVED")
        db.add(task)
        await db.flush()
        run = DeployRun(project_id=p.id, task_id=task.id, version="5.0.2", environment="TEST",
                        server_ips=["10.0.0.1"], params={}, status="RUNNING", external_ref={}, log_bytes=0,
                        started_at=datetime.now(UTC))
        db.add(run)
        await db.flush()
        return run.id


async def test_a_failed_build_is_a_failed_run_with_its_console(jenkins):
    jenkins.jobs["broken"] = Job(lines=["\x1b[31mnpm ERR! missing script: build\x1b[0m"], result="FAILURE")
    run_id = await running("broken")
    outcome = await ActivityEnvironment().run(execute_deploy_run, run_id)
    assert outcome.status == "FAILED" and outcome.error == "Jenkins: FAILURE"
    assert "npm ERR! missing script" in await log_text(run_id)


@pytest.mark.parametrize("started", [False, True], ids=["still-queued", "building"])
async def test_an_attempt_after_a_worker_died_between_trigger_and_record_follows_that_build(jenkins, started):
    run_id = await running(JOB)
    ctx = await deploy_store.load_context(run_id)
    async with jenkins_api.client() as http:  # what the dead worker did before it could record the item
        other = jenkins_api.Jenkins(http, JOB)
        queue = await other.trigger(jenkins_api.build_params(ctx))
        while started and await other.build_of(queue) is None:
            pass
    outcome = await ActivityEnvironment().run(execute_deploy_run, run_id)
    assert outcome.status == "SUCCEEDED"
    assert len(jenkins.triggers) == 1 and len(jenkins.all_builds(JOB)) == 1
    assert (await log_text(run_id)).count("Deployed") == 1
    assert (await run_row(run_id)).external_ref["build"] == 1


async def test_cancelling_asks_jenkins_to_stop_the_build(jenkins):
    jenkins.jobs["long"] = Job(lines=["migrating"], hold=asyncio.Event())
    run_id = await running("long")
    env = ActivityEnvironment()
    attempt = asyncio.create_task(env.run(execute_deploy_run, run_id))
    await eventually(lambda: _contains(log_text(run_id), "migrating"))
    env.cancel()
    with pytest.raises(asyncio.CancelledError):
        await attempt
    build = jenkins.all_builds("long")[0]
    assert build.aborted and "[console] cancelled; Jenkins was asked to stop the build" in await log_text(run_id)


async def test_a_wrong_token_is_an_error_of_the_runner_not_a_build(jenkins, monkeypatch):
    monkeypatch.setattr(get_settings(), "jenkins_token", "wrong")
    run_id = await running(JOB)
    with pytest.raises(httpx.HTTPStatusError):
        await ActivityEnvironment().run(execute_deploy_run, run_id)
    assert jenkins.triggers == []


async def _contains(text_of, needle):
    return needle in await text_of
