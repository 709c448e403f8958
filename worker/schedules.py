"""Schedules the worker makes sure exist when it starts (never `cron_schedule`, DESIGN.md Temporal rules)."""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import timedelta
from functools import partial

from temporalio.client import (
    Client,
    Schedule,
    ScheduleActionStartWorkflow,
    ScheduleAlreadyRunningError,
    ScheduleIntervalSpec,
    ScheduleOverlapPolicy,
    SchedulePolicy,
    ScheduleSpec,
    ScheduleUpdate,
    ScheduleUpdateInput,
)
from temporalio.common import SearchAttributeKey, SearchAttributePair, TypedSearchAttributes

from domain.settings import get_settings
from workflows.notices import NoticeReconcileWorkflow
from workflows.ticket_reconcile import TicketReconcileWorkflow

log = logging.getLogger("omp.schedules")
TASK_NAME = SearchAttributeKey.for_keyword("TaskName")


# The reconciler only backs up the API, which starts every flow itself (docs/decisions/ticket-creation.md):
# every five minutes keeps its runs from filling the Temporal Web UI's list (288 a day, not 1,440).
RECONCILE_EVERY = timedelta(minutes=5)


def schedules() -> dict[str, Schedule]:
    """Each run carries the TaskName search attribute and a summary, so operators can tell scheduled runs from
    business flows in the Web UI, and filter them out (`TaskName IS NULL`)."""
    queue = get_settings().task_queue
    return {
        "ticket-reconciler": Schedule(
            action=ScheduleActionStartWorkflow(
                TicketReconcileWorkflow.run, id="ticket-reconcile", task_queue=queue,
                typed_search_attributes=TypedSearchAttributes([SearchAttributePair(TASK_NAME, "ticket-reconciler")]),
                static_summary="Scheduled: start the flows of tickets left pending"),
            spec=ScheduleSpec(intervals=[ScheduleIntervalSpec(every=RECONCILE_EVERY)]),
            policy=SchedulePolicy(overlap=ScheduleOverlapPolicy.SKIP)),
        "notice-reconciler": Schedule(
            action=ScheduleActionStartWorkflow(
                NoticeReconcileWorkflow.run, id="notice-reconcile", task_queue=queue,
                typed_search_attributes=TypedSearchAttributes([SearchAttributePair(TASK_NAME, "notice-reconciler")]),
                static_summary="Scheduled: start the release flows of notices saved while Temporal was down"),
            spec=ScheduleSpec(intervals=[ScheduleIntervalSpec(every=RECONCILE_EVERY)]),
            policy=SchedulePolicy(overlap=ScheduleOverlapPolicy.SKIP)),
    }


def keep_state(wanted: Schedule, current: ScheduleUpdateInput) -> ScheduleUpdate:
    """The wanted definition with the schedule's state as it is (paused by an operator, say)."""
    return ScheduleUpdate(schedule=replace(wanted, state=current.description.schedule.state))


async def ensure_schedules(client: Client) -> list[str]:
    """Create the schedules that do not exist yet and bring existing ones to this definition (a new release may
    change it); returns the ids it created."""
    created = []
    for schedule_id, schedule in schedules().items():
        try:
            await client.create_schedule(schedule_id, schedule)
            created.append(schedule_id)
        except ScheduleAlreadyRunningError:
            await client.get_schedule_handle(schedule_id).update(partial(keep_state, schedule))
    if created:
        log.info("schedules created: %s", ", ".join(created))
    return created
