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
