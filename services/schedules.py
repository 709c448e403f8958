"""Putting, pausing and dropping one Temporal Schedule by its id: what the scheduled tasks and the timed mails
(services/jobs/schedules.py, services/mail/schedules.py) each do with the schedule they build from a row."""

from __future__ import annotations

import logging

from temporalio.client import Client, Schedule, ScheduleAlreadyRunningError, ScheduleUpdate, ScheduleUpdateInput
from temporalio.service import RPCError, RPCStatusCode

log = logging.getLogger("omp.schedules")


async def put(client: Client, schedule_id: str, wanted: Schedule) -> None:
    """Create the schedule, or bring an existing one to `wanted` (its row as saved)."""
    try:
        await client.create_schedule(schedule_id, wanted)
    except ScheduleAlreadyRunningError:
        async def replace(_: ScheduleUpdateInput) -> ScheduleUpdate:
            return ScheduleUpdate(schedule=wanted)

        await client.get_schedule_handle(schedule_id).update(replace)


async def pause(client: Client, schedule_id: str, note: str) -> None:
    """The row says PAUSED already (the truth); a schedule that cannot be reached now is put right by the next
    save, resume or worker start."""
    try:
        await client.get_schedule_handle(schedule_id).pause(note=note)
    except RPCError as exc:
        log.warning("schedule %s not paused: %s", schedule_id, exc)


async def drop(client: Client, schedule_id: str) -> None:
    """Delete the schedule; one already gone is fine."""
    try:
        await client.get_schedule_handle(schedule_id).delete()
    except RPCError as exc:
        if exc.status != RPCStatusCode.NOT_FOUND:
            raise
