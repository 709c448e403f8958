"""The local runner is idempotent per run (activities/deploy_local.py, services/deployments/local.py): however many
attempts spawn the command's wrapper — a worker that died right after spawning it, before anything was recorded,
and the attempt that takes over — the command runs once, and every attempt follows that one process to its exit
status."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path

from temporalio.testing import ActivityEnvironment

from activities.deployments import execute_deploy_run
from domain.db import transaction
from domain.models.deployments import DeployRun, DeployTask
from services.deployments import local as deploy_local
from services.deployments import store as deploy_store
from tests.integration.deploy_support import AUTHOR, log_text, project, run_row
from tests.integration.ticket_support import staff


async def running(command: str) -> int:
    """A run the queue has just begun (RUNNING), of a project whose local command is `command`."""
    p = await project(command)
    who = await staff(*AUTHOR)
    async with transaction() as db:
        task = DeployTask(name="Release", project_id=p.id, version="4.2.0", environment="TEST",
                          server_ips=["10.0.0.1"], params={}, author_id=who.id, review_due_at=datetime.now(UTC),
                          status="APPROVED")
        db.add(task)
        await db.flush()
        run = DeployRun(project_id=p.id, task_id=task.id, version="4.2.0", environment="TEST",
                        server_ips=["10.0.0.1"], params={}, status="RUNNING", external_ref={}, log_bytes=0,
                        started_at=datetime.now(UTC))
        db.add(run)
        await db.flush()
        return run.id


def counting(base: Path) -> str:
    return f'echo start >> {base}/starts; sleep 0.3; echo "deploying $DEPLOY_VERSION"'


async def test_wrappers_spawned_by_earlier_attempts_and_the_next_one_run_the_command_once(tmp_path):
    run_id = await running(counting(tmp_path))
    ctx = await deploy_store.load_context(run_id)
    paths = deploy_local.paths_of(run_id)
    # Attempts that each died right after spawning, before the wrapper wrote anything.
    for _ in range(3):
        deploy_local.spawn(ctx, paths)
    outcome = await ActivityEnvironment().run(execute_deploy_run, run_id)
    assert outcome.status == "SUCCEEDED" and outcome.exit_code == 0
    assert (tmp_path / "starts").read_text().splitlines() == ["start"]
    assert (await log_text(run_id)).count("deploying 4.2.0") == 1
    assert (await run_row(run_id)).runner == "LOCAL"


async def test_an_attempt_after_the_command_ended_reads_its_status_without_running_it_again(tmp_path):
    run_id = await running(f'{counting(tmp_path)}; exit 4')
    first = await ActivityEnvironment().run(execute_deploy_run, run_id)
    again = await ActivityEnvironment().run(execute_deploy_run, run_id)  # e.g. its result was lost with a worker
    assert first.status == again.status == "FAILED" and first.exit_code == again.exit_code == 4
    assert (tmp_path / "starts").read_text().splitlines() == ["start"]


async def test_attempts_at_the_same_time_run_the_command_once(tmp_path):
    run_id = await running(counting(tmp_path))
    outcomes = await asyncio.gather(*(ActivityEnvironment().run(execute_deploy_run, run_id) for _ in range(3)))
    assert {o.status for o in outcomes} == {"SUCCEEDED"}
    assert (tmp_path / "starts").read_text().splitlines() == ["start"]


async def test_the_command_does_not_inherit_the_consoles_settings(tmp_path, monkeypatch):
    """A command that prints its environment (`env`, `set -x`) puts it in a log every deploy reader sees: the
    console's own settings (its database URL, secret key, passwords) are not there, the run's variables are."""
    monkeypatch.setenv("OMP_SMTP_PASSWORD", "smtp-secret-of-the-console")
    run_id = await running("env")
    outcome = await ActivityEnvironment().run(execute_deploy_run, run_id)
    assert outcome.status == "SUCCEEDED"
    log = await log_text(run_id)
    assert "DEPLOY_VERSION=4.2.0" in log and "PATH=" in log
    assert "OMP_DATABASE_URL" not in log and "smtp-secret-of-the-console" not in log
