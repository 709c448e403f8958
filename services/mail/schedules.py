"""Each timed mail is one Temporal Schedule, `mail-task-{id}`, built from the task's row (domain/rules/mail.py
reads its repeat kind). The API puts it after every save; a task that pauses itself pauses it too; the schedule
reconciliation puts every one and starts the fires of mails sent once that a save could not start."""

from __future__ import annotations

from datetime import timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import exists, func, select
from temporalio.client import (
    Client,
    Schedule,
    ScheduleActionStartWorkflow,
    ScheduleCalendarSpec,
    ScheduleOverlapPolicy,
    SchedulePolicy,
    ScheduleRange,
    ScheduleSpec,
    ScheduleState,
)

from domain.db import transaction
from domain.enums import MailRepeat, MailTaskStatus
from domain.flows.mail import (
    WORKFLOW,
    MailFireStart,
    fire_workflow_prefix,
    flow_summary,
    search_attributes,
    task_schedule_id,
)
from domain.models.mail import MailOutbox, MailTask
from domain.rules import mail as rules
from domain.settings import get_settings
from services import schedules
from services.mail.flow import begin_fire

# A fire missed while the console was down is still sent if it comes back within the hour; an older one is
# skipped (a morning report at night helps nobody). Overlap SKIP: a fire still sending blocks the next one.
CATCH_UP = timedelta(hours=1)
# A mail sent once whose fire a save could not start is started by the reconciliation only within this span.
ONCE_WINDOW = timedelta(days=1)


def values(items: tuple[int, ...] | None) -> list[ScheduleRange] | None:
    return None if items is None else [ScheduleRange(start=v) for v in items]


def calendar_spec(entry: rules.Calendar) -> ScheduleCalendarSpec:
    every: dict[str, list[ScheduleRange]] = {}
    for name, found in (("day_of_month", values(entry.days)), ("month", values(entry.months)),
                        ("day_of_week", values(entry.weekdays))):
        if found is not None:
            every[name] = found
    if entry.years is not None:
        every["year"] = [ScheduleRange(start=s, end=e, step=st) for s, e, st in entry.years]
    return ScheduleCalendarSpec(second=[ScheduleRange(entry.second)], minute=[ScheduleRange(entry.minute)],
                                hour=[ScheduleRange(entry.hour)], **every)  # type: ignore[arg-type]  # each key is a field of the spec taking ranges


def schedule_of(task: MailTask, note: str = "") -> Schedule:
    first_local = task.send_at.astimezone(ZoneInfo(task.time_zone))
    entries = [calendar_spec(c) for c in rules.calendars(task.repeat, first_local)]
    return Schedule(
        action=ScheduleActionStartWorkflow(
            WORKFLOW, MailFireStart(task_id=task.id), id=fire_workflow_prefix(task.id),
            task_queue=get_settings().task_queue, typed_search_attributes=search_attributes(task.id),
            static_summary=f"{flow_summary(task.id)}: {task.subject}"[:200]),
        spec=ScheduleSpec(calendars=entries, time_zone_name=task.time_zone, start_at=task.send_at),
        policy=SchedulePolicy(overlap=ScheduleOverlapPolicy.SKIP, catchup_window=CATCH_UP),
        state=ScheduleState(paused=task.status == MailTaskStatus.PAUSED, note=note))


async def put_schedule(client: Client, task: MailTask, note: str = "") -> None:
    """Create the task's schedule, or bring an existing one to the task as saved."""
    await schedules.put(client, task_schedule_id(task.id), schedule_of(task, note))


async def pause_schedule(client: Client, task_id: int, note: str) -> None:
    """Its fires also check the row before every batch, so a schedule not reached now sends nothing more."""
    await schedules.pause(client, task_schedule_id(task_id), note)


async def drop_schedule(client: Client, task_id: int) -> None:
    await schedules.drop(client, task_schedule_id(task_id))


async def ensure_mail_schedules(client: Client) -> int:
    """At the worker's start: every task has its schedule, as its row says (demo data, a Temporal server whose
    data was lost, a save whose schedule call failed). Returns how many it put."""
    async with transaction() as db:
        tasks = (await db.scalars(select(MailTask))).all()
    for task in tasks:
        await put_schedule(client, task)
    return len(tasks)


async def start_once_fires(client: Client) -> int:
    """A mail sent once is sent by the fire its save starts, not by its schedule: the fire of one saved while
    Temporal was down, never begun (no recipient row written for it), is started now. Only for mails saved within
    ONCE_WINDOW, so a mail of long ago whose rows are gone is never sent again."""
    async with transaction() as db:
        waiting = (await db.execute(select(MailTask.id, MailTask.send_at).where(
            MailTask.repeat == MailRepeat.ONCE, MailTask.status == MailTaskStatus.IN_USE,
            MailTask.created_at >= func.now() - ONCE_WINDOW,
            ~exists().where(MailOutbox.task_id == MailTask.id, MailOutbox.fire_time == MailTask.send_at)))).all()
    for task_id, send_at in waiting:
        await begin_fire(client, task_id, send_at)
    return len(waiting)
