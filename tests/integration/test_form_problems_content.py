"""Notices, scheduled tasks, timed mail and the subscribe dialog learn every problem of a save at once: a body
breaking its schema hears in the same 422 what the module's rules find in the fields it got right, a valid body
hears every rule it breaks and every record it names that is not there, each field named with its rule, and nothing
is saved."""

from datetime import UTC, datetime, timedelta

from sqlalchemy import func, select

from domain.db import transaction
from domain.models.jobs import ScheduledJob
from domain.models.mail import MailTask
from domain.models.notices import Notice
from tests.conftest import unique
from tests.integration.subscription_support import SELLER, dialog, merchant, package, requests_of
from tests.integration.test_form_problems import rules_of

NOW = datetime.now(UTC)
NOTICES = ("notices-faq-manage", "notice#add", "notice#edit")
JOBS = ("task-schedule", "job#add", "job#edit", "job#run")
MAIL = ("timed-mail", "mail#add", "mail#edit")


def listed(reply) -> list[tuple[str, str]]:
    rules_of(reply)  # a 422 whose every entry has its translated message, all in the reply's message
    return [(e["field"], e["rule"]) for e in reply.json()["data"]["errors"]]


async def count(model, *where) -> int:
    async with transaction() as db:
        return await db.scalar(select(func.count()).select_from(model).where(*where)) or 0


def notice(**fields):
    return {"kind": "NOTICE", "title": unique("Notice "), "language": "en", "startAt": NOW.isoformat(),
            "endAt": (NOW + timedelta(days=3)).isoformat(), "releaseAt": NOW.isoformat(), "state": "ONLINE",
            "pinned": False, "text": "<p>Maintenance on Sunday</p>", **fields}


async def test_a_notice_names_its_state_text_times_and_links_together(client, login_as):
    staff = await login_as(*NOTICES)
    wrong = {"state": "DELETE", "text": f"<p>{'x' * 301}</p>", "startAt": (NOW + timedelta(days=4)).isoformat(),
             "releaseAt": (NOW + timedelta(days=3)).isoformat()}  # the end is 3 days on: released as it ends
    title = unique("Notice ")
    reply = await client.post("/cms/notice/add", headers=staff, json=notice(
        title=title, ticketId=987654321, faqId=987654320, **wrong))
    assert sorted(listed(reply)) == sorted([
        ("state", "notice_state"), ("text", "notice_text_max"), ("endAt", "notice_endAt"),
        ("releaseAt", "notice_releaseAt"), ("ticketId", "notice_ticket"), ("faqId", "notice_faq")])
    # a body breaking its schema (no title, no language) hears the notice's rules on the fields it got right
    broken = {k: v for k, v in notice(**wrong).items() if k != "language"}
    reply = await client.post("/cms/notice/add", headers=staff, json={**broken, "title": ""})
    assert sorted(listed(reply)) == sorted([
        ("title", "min_length"), ("language", "required"), ("state", "notice_state"), ("text", "notice_text_max"),
        ("endAt", "notice_endAt"), ("releaseAt", "notice_releaseAt")])
    assert await count(Notice, Notice.title == title) == 0


def task(**fields):
    return {"name": unique("Console ping "), "handler": "console", "method": "ping", "cron": "0 3 * * *",
            "timeZone": "Asia/Jakarta", "params": {}, "emails": [], "pauseAfterFailures": 0, **fields}


async def test_a_task_names_its_job_cron_parameters_and_addresses_together(client, login_as):
    staff = await login_as(*JOBS)
    before = await count(ScheduledJob)
    reply = await client.post("/cms/job/add", headers=staff, json=task(
        handler="operationLog", method="purge", cron="0 3 * *", params={"keepDays": 3, "table": "users"},
        ownerId=987654321))
    assert sorted(listed(reply)) == sorted([
        ("cron", "cron_fields"), ("params.table", "param_unknown"), ("params.keepDays", "param_range"),
        ("ownerId", "not_found")])
    # the schema's refusals (a negative count, two wrong addresses) beside the job's rules
    reply = await client.post("/cms/job/add", headers=staff, json=task(
        method="shutdown", cron="0 25 * * *", pauseAfterFailures=-1, emails=["ops@example.com", "x", "y@"]))
    assert sorted(listed(reply)) == sorted([
        ("pauseAfterFailures", "ge"), ("emails[1]", "email_address"), ("emails[2]", "email_address"),
        ("method", "job_method"), ("cron", "cron_range")])
    assert await count(ScheduledJob) == before


async def test_a_backfill_names_its_end_and_its_length_together(client, login_as):
    staff = await login_as(*JOBS)
    async with transaction() as db:
        job = ScheduledJob(name=unique("Console ping "), handler="console", method="ping", cron="0 3 * * *",
                           time_zone="UTC", params={}, emails=[])
        db.add(job)
        await db.flush()
        job_id = job.id
    start, end = NOW - timedelta(days=8), NOW + timedelta(days=1)
    reply = await client.post(f"/cms/job/{job_id}/backfill", headers=staff,
                              json={"startAt": start.isoformat(), "endAt": end.isoformat()})
    assert sorted(listed(reply)) == [("endAt", "le"), ("startAt", "backfill_window")]
    reply = await client.post(f"/cms/job/{job_id}/backfill", headers=staff,
                              json={"startAt": NOW.isoformat(), "endAt": (NOW - timedelta(hours=1)).isoformat()})
    assert listed(reply)[0] == ("endAt", "end_after_start")


def mail(**fields):
    return {"recipients": [f"{unique('r')}@example.com"], "cc": [], "subject": unique("Weekly figures "),
            "kind": "COMMON", "content": "<p>Hello</p>", "attachmentIds": [], "repeat": "DAILY",
            "sendAt": "2030-01-31T09:00:00", "timeZone": "Asia/Jakarta", **fields}


async def test_a_timed_mail_names_every_wrong_address_its_subject_and_its_send_time_together(client, login_as):
    staff = await login_as(*MAIL)
    before = await count(MailTask)
    reply = await client.post("/cms/mail/add", headers=staff, json=mail(
        recipients=["ops@example.com", "not an address", "boss@@example.com"], cc=["x@"], subject="",
        repeat="ONCE_LATER", sendAt="2020-01-01T09:00:00"))
    assert sorted(listed(reply)) == sorted([
        ("recipients[1]", "email_address"), ("recipients[2]", "email_address"), ("cc[0]", "email_address"),
        ("subject", "min_length"), ("sendAt", "in_future")])
    reply = await client.post("/cms/mail/add", headers=staff, json=mail(attachmentIds=[987654321], sendAt=None))
    assert sorted(listed(reply)) == [("attachmentIds", "attachment_uploading"), ("sendAt", "required")]
    assert await count(MailTask) == before


async def test_the_subscribe_dialog_names_its_numbers_screenshot_and_free_days_together(client, login_as):
    seller = await login_as(*SELLER)
    merchant_id, pro = await merchant(), await package(free_days=14)
    body = dialog(merchant_id, pro, receiptNumber="INV#1", paymentSerial=" ", screenshotFileId=987654321,
                  freeDays=200)
    reply = await client.post("/cms/subscription/preview", headers=seller, json=body)
    assert sorted(listed(reply)) == sorted([
        ("receiptNumber", "receipt_chars"), ("paymentSerial", "required"), ("screenshotFileId", "not_found"),
        ("freeDays", "free_days_beyond_offer")])
    # the schema's refusal of a negative count beside the dialog's own rules
    reply = await client.post("/cms/subscription/preview", headers=seller, json=dialog(
        merchant_id, pro, pro, receiptNumber=None, paymentSerial=None, freeDays=-1))
    assert sorted(listed(reply)) == sorted([
        ("freeDays", "ge"), ("receiptNumber", "required"), ("paymentSerial", "required"),
        ("packages", "packages_inconsistent")])
    reply = await client.post("/cms/subscription/submit", headers=seller, json=body)
    assert ("receiptNumber", "receipt_chars") in listed(reply)
    assert await requests_of(merchant_id) == 0
