"""A deploy task written while Temporal was down has no review flow to expire it: the built-in sweep job
(deployReviews.expireSweep) expires every overdue unreviewed task, each exactly once, even with two sweeps at
once, and leaves decided or not yet due tasks alone."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime, timedelta

from sqlalchemy import func, select, update

from activities.job_code import CODE
from domain.db import transaction
from domain.models.audit import EntityChange
from domain.models.deployments import DeployTask
from domain.models.jobs import ScheduledJob
from services.flows import breaker
from tests.integration.deploy_support import AUTHOR, REVIEWER, post, project
from tests.integration.test_deployments_review import body
from tests.integration.ticket_support import staff

SWEEP = CODE["deployReviews.expireSweep"]


async def test_tasks_saved_while_temporal_was_down_expire_once_when_their_deadline_passes(client):
    p = await project("echo ok")
    author, reviewer = await staff(*AUTHOR), await staff(*REVIEWER)
    breaker.open_until = time.monotonic() + 600  # Temporal down: the API saves the tasks, starts no review flow
    overdue = (await post(client, author, "task/add", body(p.id)))["data"]
    decided = (await post(client, author, "task/add", body(p.id)))["data"]
    fresh = (await post(client, author, "task/add", body(p.id)))["data"]
    await post(client, reviewer, f"task/{decided['id']}/review", {"decision": "APPROVE"})
    past = datetime.now(UTC) - timedelta(minutes=1)
    async with transaction() as db:
        await db.execute(update(DeployTask).where(DeployTask.id.in_([overdue["id"], decided["id"]]))
                         .values(review_due_at=past))

    await asyncio.gather(SWEEP({"limit": 5000}), SWEEP({"limit": 5000}))
    assert "0 of 0" in await SWEEP({"limit": 5000})  # nothing left overdue

    assert await statuses(overdue, decided, fresh) == ["EXPIRED", "APPROVED", "PENDING_REVIEW"]
    async with transaction() as db:
        changes = await db.scalar(select(func.count()).select_from(EntityChange).where(
            EntityChange.entity == "DeployTask", EntityChange.entity_id == str(overdue["id"]),
            EntityChange.changes["status"]["after"].astext == "EXPIRED"))
    assert changes == 1


async def test_the_sweep_is_a_built_in_scheduled_task():
    async with transaction() as db:
        job = await db.scalar(select(ScheduledJob).where(ScheduledJob.builtin, ScheduledJob.handler == "deployReviews",
                                                         ScheduledJob.method == "expireSweep"))
    assert job is not None and job.cron == "*/15 * * * *"


async def statuses(*tasks):
    async with transaction() as db:
        rows = {t.id: t.status for t in await db.scalars(select(DeployTask).where(
            DeployTask.id.in_([t["id"] for t in tasks])))}
    return [rows[t["id"]] for t in tasks]
