"""Fixtures and helpers of the deployment tests: the deploy queue's worker on a time-skipping server, the API
wired to it, projects whose local deploy command is a small shell script, tasks approved by a second person."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import delete, select
from temporalio.client import WorkflowExecutionStatus
from temporalio.worker import Worker

from domain.db import transaction
from domain.flows import deployments as m
from domain.models.deployments import DeployFreezeWindow, DeployLogChunk, DeployProject, DeployRun
from domain.settings import get_settings
from tests.conftest import unique
from tests.integration.ticket_support import eventually, register_search_attributes, staff
from worker.registry import queues

AUTHOR = ("jenkins-deploy", "deploy#add", "deploy#edit", "deploy#run", "deploy#cancel", "review-detail",
          "audit-ci", "audit-cd")
REVIEWER = ("review-management", "review-detail", "review#approve")


def deploy_spec() -> Any:
    return next(q for q in queues() if q.task_queue == get_settings().deploy_task_queue)


def deploy_worker(client: Any) -> Worker:
    spec = deploy_spec()
    return Worker(client, task_queue=spec.task_queue, workflows=list(spec.workflows),
                  activities=list(spec.activities), graceful_shutdown_timeout=timedelta(seconds=1))


@pytest.fixture
async def deploy_env(own_time_skipping_env: Any, app: Any) -> AsyncIterator[Any]:
    """The deploy queue's worker on this module's time-skipping server, and the API's client pointed at it."""
    env = own_time_skipping_env
    await register_search_attributes(env.client)
    previous = app.state.flows._client
    app.state.flows._client = env.client
    async with deploy_worker(env.client):
        yield env
    app.state.flows._client = previous


@pytest.fixture
async def freeze() -> AsyncIterator[Any]:
    """`await freeze("PRODUCTION", start, end, reason)`: a freeze window removed after the test, since a window
    holds for every project of its environment."""
    ids: list[int] = []

    async def make(environment: str, starts_at: Any, ends_at: Any, reason: str) -> None:
        async with transaction() as db:
            row = DeployFreezeWindow(environment=environment, starts_at=starts_at, ends_at=ends_at, reason=reason)
            db.add(row)
            await db.flush()
            ids.append(row.id)

    yield make
    async with transaction() as db:
        await db.execute(delete(DeployFreezeWindow).where(DeployFreezeWindow.id.in_(ids)))


async def project(command: str, **fields: Any) -> DeployProject:
    async with transaction() as db:
        row = DeployProject(code=unique("p"), name="Shop front", deploy_command=command, time_limit_minutes=20,
                            **fields)
        db.add(row)
        await db.flush()
        return row


async def post(client: Any, who: Any, path: str, body: Any = None, status: int = 200) -> Any:
    reply = await client.post(f"/cms/deploy/{path}", json=body or {}, headers=who.headers)
    assert reply.status_code == status, reply.text
    return reply.json()


async def approved_task(client: Any, project_id: int, environment: str = "TEST", version: str = "1.0.0",
                        **fields: Any) -> tuple[int, Any, Any]:
    """A task written by one person and approved by another; returns (task id, author, reviewer)."""
    author, reviewer = await staff(*AUTHOR), await staff(*REVIEWER)
    body = {"name": "Release", "projectId": project_id, "version": version, "environment": environment,
            "serverIps": ["10.0.0.1"], "params": {"REGION": "ID"}, **fields}
    task = (await post(client, author, "task/add", body))["data"]
    await post(client, reviewer, f"task/{task['id']}/review", {"decision": "APPROVE"})
    return task["id"], author, reviewer


async def run_row(run_id: int) -> DeployRun:
    async with transaction() as db:
        return await db.get_one(DeployRun, run_id)


async def log_text(run_id: int) -> str:
    async with transaction() as db:
        rows = (await db.scalars(select(DeployLogChunk.content).where(DeployLogChunk.run_id == run_id)
                                 .order_by(DeployLogChunk.seq))).all()
    return "".join(rows)


async def until_status(run_id: int, *statuses: str, timeout: float = 30) -> DeployRun:
    async def check() -> DeployRun | None:
        run = await run_row(run_id)
        return run if run.status in statuses else None

    return await eventually(check, timeout=timeout)


async def queue_done(env: Any, code: str, timeout: float = 60) -> None:
    """Wait for the project's queue to end (it does after some idle minutes), skipping the server's time
    meanwhile: the gap and idle timers pass at once, a running deploy holds the clock while it runs."""
    handle = env.client.get_workflow_handle(m.queue_id(code))
    async with asyncio.timeout(timeout):
        while (await handle.describe()).status == WorkflowExecutionStatus.RUNNING:
            await env.sleep(timedelta(seconds=30))


def blocking_command(base: Path) -> str:
    """A deploy that notes each start and waits until the test releases it."""
    return (f'echo "start $DEPLOY_VERSION" >> {base}/starts; echo "deploying $DEPLOY_VERSION to $DEPLOY_SERVERS"; '
            f'while [ ! -f {base}/release ]; do sleep 0.05; done; echo "\033[32mdone\033[0m"')


def release(base: Path) -> None:
    (base / "release").write_text("go")


def starts(base: Path) -> list[str]:
    with contextlib.suppress(FileNotFoundError):
        return (base / "starts").read_text().splitlines()
    return []
