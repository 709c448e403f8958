"""Alarm mails are written in each recipient's language: a console user's own (kept from their login and their
language menu, users.language), found by their address whatever its case; any other address gets English."""

from __future__ import annotations

import email
from email.header import decode_header, make_header

from activities.jobs import send_job_alarm
from domain.db import transaction
from domain.flows.jobs import AlarmMail
from domain.models.jobs import ScheduledJob
from domain.models.queue_alerts import QueueAlertRule
from domain.models.users import User
from domain.rules.queue_alerts import Reading
from services import queue_alerts
from services.mail import plain
from tests.conftest import unique
from tests.integration import ticket_support
from tests.integration.people import PASSWORD, create_user, token_for

mail_sink = ticket_support.mail_sink  # fixture


def subjects_by_recipient(mails: list[str]) -> dict[str, str]:
    found = [email.message_from_string(m) for m in mails]
    return {m["X-Envelope-To"] or m["To"]: str(make_header(decode_header(m["Subject"]))) for m in found}


async def readers(client) -> tuple[User, User, str]:
    """One user who logged in with the console in Chinese, one who chose Indonesian in the language menu, and an
    address of nobody in the console."""
    chinese, indonesian = await create_user(prefix="zh"), await create_user(prefix="id")
    signed = await client.post("/cms/auth/login", json={"username": chinese.username, "password": PASSWORD},
                               headers={"Accept-Language": "zh-CN,zh;q=0.9"})
    assert signed.status_code == 200, signed.text
    chose = await client.post("/cms/user/language", json={"language": "id"},
                              headers={"Authorization": f"Bearer {await token_for(indonesian)}"})
    assert chose.status_code == 200, chose.text
    return chinese, indonesian, f"{unique('oncall')}@example.com"


async def test_a_failing_task_mails_each_person_in_their_language(client, mail_sink):
    chinese, indonesian, outsider = await readers(client)
    name = unique("Nightly ")
    async with transaction() as db:
        job = ScheduledJob(name=name, handler="console", method="ping", cron="0 3 * * *", time_zone="UTC",
                           params={}, owner_id=chinese.id, emails=[indonesian.email.upper(), outsider])
        db.add(job)
        await db.flush()
    sent = await send_job_alarm(AlarmMail(job_id=job.id, kind="FAILING", key=unique("k"), failures=1, error="x"))
    assert sent == 3
    assert subjects_by_recipient(mail_sink()) == {
        chinese.email: f"定时任务 {name} 执行失败",
        indonesian.email.upper(): f"Tugas terjadwal {name} gagal",
        outsider: f"Scheduled task {name} failed",
    }


async def test_a_queue_alert_mails_each_person_in_their_language(client, mail_sink):
    chinese, indonesian, outsider = await readers(client)
    queue = unique("queue")
    async with transaction() as db:
        rule = QueueAlertRule(task_queue=queue, max_backlog=0, owner_id=indonesian.id, emails=[chinese.email, outsider])
        db.add(rule)
        await db.flush()
    await queue_alerts.apply(rule.id, Reading(backlog=3, age_seconds=1.0))
    await queue_alerts.send_pending(plain.send)
    mine = {to: subject for to, subject in subjects_by_recipient(mail_sink()).items() if queue in subject}
    assert mine == {
        indonesian.email: f"Peringatan antrean: {queue} menumpuk",
        chinese.email: f"队列告警：{queue} 出现积压",
        outsider: f"Queue alert: {queue} is backed up",
    }


UNSENDABLE = "x@exämple..de"  # its domain has no IDNA form: no server can take it, no retry mends it


async def test_an_alarm_mail_that_cannot_go_is_recorded_as_skipped_with_the_reason(client, mail_sink):
    from sqlalchemy import select

    from domain.models.jobs import JobAlarmMail

    outsider = f"{unique('oncall')}@example.com"
    async with transaction() as db:
        job = ScheduledJob(name=unique("Nightly "), handler="console", method="ping", cron="0 3 * * *",
                           time_zone="UTC", params={}, emails=[UNSENDABLE, outsider])
        db.add(job)
        await db.flush()
    key = unique("k")
    assert await send_job_alarm(AlarmMail(job_id=job.id, kind="FAILING", key=key, failures=1, error="x")) == 1
    async with transaction() as db:
        rows = {r.recipient: (r.sent_at is not None, r.skipped) for r in await db.scalars(
            select(JobAlarmMail).where(JobAlarmMail.key == key))}
    assert rows == {outsider: (True, None),
                    UNSENDABLE: (False, "the domain of this address has no IDNA (ASCII) form")}
    # a retried alarm sends neither again
    assert await send_job_alarm(AlarmMail(job_id=job.id, kind="FAILING", key=key, failures=1, error="x")) == 0


async def test_a_queue_alert_mail_that_cannot_go_shows_as_skipped_in_the_alert_history(client, mail_sink, login_as):
    queue = unique("queue")
    outsider = f"{unique('oncall')}@example.com"
    async with transaction() as db:
        rule = QueueAlertRule(task_queue=queue, max_backlog=0, emails=[UNSENDABLE, outsider])
        db.add(rule)
        await db.flush()
    await queue_alerts.apply(rule.id, Reading(backlog=3, age_seconds=1.0))
    await queue_alerts.send_pending(plain.send)
    assert await queue_alerts.send_pending(plain.send) == 0  # a skipped mail is done, as a sent one is
    headers = await login_as("alter-mq")
    [alert] = (await client.post("/cms/queue-alert/alert/search", json={"taskQueue": queue}, headers=headers)
               ).json()["data"]["items"]
    mails = {mail["recipient"]: mail for mail in alert["mails"]}
    assert mails[outsider]["sentAt"] is not None and mails[outsider]["skipped"] is None
    assert mails[UNSENDABLE]["sentAt"] is None
    assert mails[UNSENDABLE]["skipped"] == "the domain of this address has no IDNA (ASCII) form"
