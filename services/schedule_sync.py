"""The schedule reconciliation (the scheduled task "Schedule reconciliation", activities/job_code.py): every scheduled
task's and timed mail's Temporal Schedule as its row says, the fires of mails sent once that a save could not start
(services/mail/schedules.py), and no schedule left of a row deleted. The API commits a save before it asks Temporal,
so a save that found Temporal down or hung leaves its schedule behind the row until this runs
(docs/decisions/schedules-follow-rows.md)."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import select
from temporalio.client import Client
from temporalio.service import RPCError, RPCStatusCode

from domain.db import transaction
from domain.models.jobs import ScheduledJob
from domain.models.mail import MailTask
from services import schedules
from services.jobs import schedules as job_schedules
from services.mail import schedules as mail_schedules
from services.order_sync_schedules import ensure_shop_sync_schedules

# The schedules rows own, by the id the rules give them (domain/rules/jobs.py, domain/flows/mail.py).
OWNED: tuple[tuple[re.Pattern[str], Any], ...] = (
    (re.compile(r"job-(\d+)"), ScheduledJob), (re.compile(r"mail-task-(\d+)"), MailTask))


async def put_each(client: Client, model: Any, put: Callable[[Client, Any], Awaitable[None]],
                   refused: list[str]) -> int:
    """Each row read just before its schedule is put, so a save in between is overtaken by at most one put (and
    that one is put right by the next run). A schedule Temporal refuses is listed in `refused`; the rest go on."""
    async with transaction() as db:
        ids = (await db.scalars(select(model.id).order_by(model.id))).all()
    done = 0
    for row_id in ids:
        async with transaction() as db:
            row = await db.get(model, row_id)
        if row is None:
            continue
        try:
            await put(client, row)
        except RPCError as exc:
            if exc.status != RPCStatusCode.INVALID_ARGUMENT:
                raise  # Temporal is away: the run fails and the next one tries again
            refused.append(f"{model.__tablename__} {row_id}: {exc.message}")
        else:
            done += 1
    return done


async def drop_orphans(client: Client) -> int:
    """Drop the schedules of rows that are gone (a delete that found Temporal down). Listed before the rows are
    read: a row saved meanwhile is read too, so its fresh schedule is never taken for an orphan."""
    found: list[tuple[str, Any, int]] = []
    async for entry in await client.list_schedules():
        for pattern, model in OWNED:
            if matched := pattern.fullmatch(entry.id):
                found.append((entry.id, model, int(matched[1])))
    dropped = 0
    async with transaction() as db:
        alive = {model: set((await db.scalars(select(model.id))).all()) for _, model in OWNED}
    for schedule_id, model, row_id in found:
        if row_id not in alive[model]:
            await schedules.drop(client, schedule_id)
            dropped += 1
    return dropped


async def reconcile(client: Client) -> str:
    """A schedule Temporal refuses fails the run (its people are told), after every other one is put."""
    refused: list[str] = []
    tasks = await put_each(client, ScheduledJob, job_schedules.put_schedule, refused)
    mails = await put_each(client, MailTask, mail_schedules.put_schedule, refused)
    started = await mail_schedules.start_once_fires(client)
    dropped = await drop_orphans(client)
    shops = await ensure_shop_sync_schedules(client)
    if refused:
        raise RuntimeError(f"Temporal refused {len(refused)} schedule(s): {'; '.join(refused)}")
    return (f"{tasks} task and {mails} mail schedules put, {started} mail(s) sent once started, "
            f"{dropped} left by deleted rows dropped; {shops}")
