"""Demo queue alert rules on the console's own task queues, so a fresh `make run` shows the alter-MQ screen
with live readings (and an alert, in the local mail sink, if a queue backs up because the worker is stopped)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from domain.enums import QueueKind
from domain.models.queue_alerts import QueueAlertRule
from domain.settings import get_settings

ON_CALL = ["ops-oncall@example.com"]


async def create(db: AsyncSession) -> None:
    main = get_settings().task_queue
    deploy = get_settings().deploy_task_queue
    db.add_all([
        QueueAlertRule(task_queue=main, queue_kind=QueueKind.WORKFLOW, max_backlog=200, max_age_seconds=300,
                       emails=ON_CALL, description="Ticket, plan and mail flows waiting for a worker"),
        QueueAlertRule(task_queue=main, queue_kind=QueueKind.ACTIVITY, max_backlog=500, max_age_seconds=600,
                       emails=ON_CALL, description="Database and mail work waiting for a worker"),
        QueueAlertRule(task_queue=deploy, queue_kind=QueueKind.ACTIVITY, max_age_seconds=1800, emails=ON_CALL,
                       description="A deploy waiting more than 30 minutes for a runner"),
    ])
    await db.flush()
