"""Schedules the worker makes sure exist when it starts (never `cron_schedule`, DESIGN.md Temporal rules)."""

from __future__ import annotations

import logging
from datetime import timedelta

from temporalio.client import (
    Client,
    Schedule,
    ScheduleActionStartWorkflow,
    ScheduleAlreadyRunningError,
    ScheduleIntervalSpec,
    ScheduleOverlapPolicy,
    SchedulePolicy,
    ScheduleSpec,
)
from temporalio.common import SearchAttributeKey, SearchAttributePair, TypedSearchAttributes

from domain.settings import get_settings
from workflows.ticket_reconcile import TicketReconcileWorkflow

log = logging.getLogger("omp.schedules")
TASK_NAME = SearchAttributeKey.for_keyword("TaskName")


def schedules() -> dict[str, Schedule]:
    queue = get_settings().task_queue
    return {
        "ticket-reconciler": Schedule(
            action=ScheduleActionStartWorkflow(
                TicketReconcileWorkflow.run, id="ticket-reconcile", task_queue=queue,
                typed_search_attributes=TypedSearchAttributes([SearchAttributePair(TASK_NAME, "ticket-reconciler")])),
            spec=ScheduleSpec(intervals=[ScheduleIntervalSpec(every=timedelta(minutes=1))]),
            policy=SchedulePolicy(overlap=ScheduleOverlapPolicy.SKIP)),
    }


async def ensure_schedules(client: Client) -> list[str]:
    """Create the schedules that do not exist yet; returns the ids it created."""
    created = []
    for schedule_id, schedule in schedules().items():
        try:
            await client.create_schedule(schedule_id, schedule)
            created.append(schedule_id)
        except ScheduleAlreadyRunningError:
            continue
    if created:
        log.info("schedules created: %s", ", ".join(created))
    return created
