"""Queue alerts: read each watched Temporal task queue's backlog from the server (DescribeTaskQueue with
report_stats), open one alert per rule when it breaches, close it when back under, and mail the rule's people
about both. Run by the `queue-alerts` Schedule (workflows/queue_alerts.py, through activities/queue_alerts.py),
never by the API; the worker's start puts the Schedule (`ensure_queue_alert_schedule`)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import timedelta

from sqlalchemy import func, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.ext.asyncio import AsyncSession
from temporalio.api.enums.v1 import TaskQueueKind, TaskQueueType
from temporalio.api.taskqueue.v1 import TaskQueue
from temporalio.api.workflowservice.v1 import DescribeTaskQueueRequest
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
)
from temporalio.service import RPCError

from domain.db import transaction
from domain.enums import QueueAlertStatus, QueueKind
from domain.flows import queue_alerts as m
from domain.flows.jobs import task_name
from domain.i18n import t
from domain.models.queue_alerts import QueueAlert, QueueAlertMail, QueueAlertRule
from domain.models.users import User
from domain.rules import queue_alerts as rules
from domain.settings import get_settings
from domain.user_languages import languages_of
from services.mail.plain import mailed

log = logging.getLogger("omp.queue_alerts")
SCHEDULE_ID = m.SCHEDULE_ID
QUEUE_TYPES = {QueueKind.WORKFLOW: TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
               QueueKind.ACTIVITY: TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY}

# One mail out (to, subject, body, message id): the activity hands its SMTP sender in.
Send = Callable[[str, str, str, str], Awaitable[str | None]]  # None once sent, else why it was skipped


async def read_queue(client: Client, task_queue: str, kind: QueueKind) -> rules.Reading:
    reply = await client.workflow_service.describe_task_queue(DescribeTaskQueueRequest(
        namespace=client.namespace, task_queue=TaskQueue(name=task_queue, kind=TaskQueueKind.TASK_QUEUE_KIND_NORMAL),
        task_queue_type=QUEUE_TYPES[kind], report_stats=True), timeout=timedelta(seconds=10))
    stats = reply.stats
    return rules.Reading(backlog=int(stats.approximate_backlog_count),
                         age_seconds=stats.approximate_backlog_age.ToTimedelta().total_seconds())


async def recipients(db: AsyncSession, rule: QueueAlertRule) -> list[str]:
    owner = await db.scalar(select(User.email).where(User.id == rule.owner_id)) if rule.owner_id else None
    return list(dict.fromkeys(e for e in (owner, *rule.emails) if e))


async def apply(rule_id: int, reading: rules.Reading) -> rules.Step | None:
    """One rule's reading in one transaction; the rule row is locked, so two checks at once take turns."""
    async with transaction() as db:
        rule = await db.get(QueueAlertRule, rule_id, with_for_update=True)
        if rule is None or not rule.enabled:
            return None
        alert = await db.scalar(select(QueueAlert).where(QueueAlert.rule_id == rule.id,
                                                         QueueAlert.status == QueueAlertStatus.OPEN))
        limits = rules.Thresholds(rule.max_backlog, rule.max_age_seconds)
        step = rules.step(limits, reading, alert is not None)
        rule.checked_at, rule.backlog, rule.age_seconds = func.now(), reading.backlog, reading.age_seconds
        rule.alerting = step in (rules.Step.OPEN, rules.Step.KEEP)
        if step == rules.Step.OPEN:
            alert = QueueAlert(rule_id=rule.id, task_queue=rule.task_queue, reasons=rules.breaches(limits, reading),
                               backlog=reading.backlog, age_seconds=reading.age_seconds,
                               peak_backlog=reading.backlog, peak_age_seconds=reading.age_seconds)
            db.add(alert)
        elif step == rules.Step.KEEP and alert is not None:
            alert.peak_backlog = max(alert.peak_backlog, reading.backlog)
            alert.peak_age_seconds = max(alert.peak_age_seconds, reading.age_seconds)
        elif step == rules.Step.RECOVER and alert is not None:
            alert.status, alert.recovered_at = QueueAlertStatus.RECOVERED, func.now()
        await db.flush()
        if step in (rules.Step.OPEN, rules.Step.RECOVER) and alert is not None:
            kind = QueueAlertStatus.OPEN if step == rules.Step.OPEN else QueueAlertStatus.RECOVERED
            people = await recipients(db, rule)
            if people:
                await db.execute(pg_insert(QueueAlertMail).values(
                    [{"alert_id": alert.id, "kind": kind, "recipient": r} for r in people]).on_conflict_do_nothing())
        return step


async def send_pending(send: Send) -> int:
    """Every alert mail not sent yet (this check's, or one a killed check left), each once: marked as sent
    right after it goes out (or as skipped, with the reason), and its Message-ID derived from its row."""
    async with transaction() as db:
        pending = (await db.execute(
            select(QueueAlertMail, QueueAlert, QueueAlertRule)
            .join(QueueAlert, QueueAlert.id == QueueAlertMail.alert_id)
            .join(QueueAlertRule, QueueAlertRule.id == QueueAlert.rule_id)
            .where(QueueAlertMail.sent_at.is_(None), QueueAlertMail.skipped.is_(None))
            .order_by(QueueAlertMail.id))).all()
        languages = await languages_of(db, [message.recipient for message, _, _ in pending])
    link = f"{get_settings().console_web}/system/task/alter-mq"
    for message, alert, rule in pending:
        values = {"queue": rule.task_queue, "kind": rule.queue_kind, "backlog": alert.peak_backlog,
                  "age": round(alert.peak_age_seconds), "maxBacklog": rule.max_backlog if rule.max_backlog is not None
                  else "-", "maxAge": rule.max_age_seconds if rule.max_age_seconds is not None else "-",
                  "opened": alert.opened_at.isoformat(timespec="seconds"), "link": link}
        lang = languages[message.recipient]
        subject = t(f"queueAlerts.mail.{message.kind}.title", lang, **values)
        body = t(f"queueAlerts.mail.{message.kind}.body", lang, **values)
        skipped = await send(message.recipient, subject, body, f"queue-alert-{alert.id}-{message.kind}-{message.id}")
        async with transaction() as db:
            await db.execute(update(QueueAlertMail).where(QueueAlertMail.id == message.id).values(mailed(skipped)))
    return len(pending)


async def check(client: Client, send: Send) -> m.CheckResult:
    """Every enabled rule's queue read and its reading applied, then the alert mails sent."""
    async with transaction() as db:
        watched = (await db.execute(select(QueueAlertRule.id, QueueAlertRule.task_queue, QueueAlertRule.queue_kind)
                                    .where(QueueAlertRule.enabled).order_by(QueueAlertRule.id))).all()
    opened, recovered = [], []
    for rule_id, task_queue, kind in watched:
        try:
            reading = await read_queue(client, task_queue, QueueKind(kind))
        except RPCError as exc:  # one queue the server cannot describe does not stop the others
            log.warning("queue %s not described: %s", task_queue, exc)
            continue
        step = await apply(rule_id, reading)
        if step == rules.Step.OPEN:
            opened.append(rule_id)
        elif step == rules.Step.RECOVER:
            recovered.append(rule_id)
    return m.CheckResult(checked=len(watched), opened=opened, recovered=recovered, mailed=await send_pending(send))


def schedule() -> Schedule:
    return Schedule(
        action=ScheduleActionStartWorkflow(
            m.WORKFLOW, id=m.WORKFLOW_ID, task_queue=get_settings().task_queue,
            typed_search_attributes=task_name(SCHEDULE_ID),
            static_summary="Scheduled: check the queue alert rules against the task queues' backlogs"),
        spec=ScheduleSpec(intervals=[ScheduleIntervalSpec(every=timedelta(
            seconds=get_settings().queue_alert_check_seconds))]),
        policy=SchedulePolicy(overlap=ScheduleOverlapPolicy.SKIP))


async def ensure_queue_alert_schedule(client: Client) -> None:
    """At the worker's start: the schedule exists with this release's definition (a paused one stays paused)."""
    wanted = schedule()
    try:
        await client.create_schedule(SCHEDULE_ID, wanted)
    except ScheduleAlreadyRunningError:
        await client.get_schedule_handle(SCHEDULE_ID).update(
            lambda current: ScheduleUpdate(schedule=Schedule(action=wanted.action, spec=wanted.spec,
                                                             policy=wanted.policy,
                                                             state=current.description.schedule.state)))
