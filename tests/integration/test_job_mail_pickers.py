"""The task records' task filter and the mail history's mail filter pick their record by name: a scheduled task by
its name, a timed mail by its subject. Each answers the readers of the list that filters by it and of the record's
own screen, names picked ids again, and refuses a malformed request."""

from datetime import UTC, datetime

from domain.db import transaction
from domain.models.jobs import ScheduledJob
from domain.models.mail import MailTask
from tests.conftest import unique
from tests.integration.people import bearer, create_user, token_for


async def headers_of(*permissions: str) -> dict[str, str]:
    return bearer(await token_for(await create_user(*permissions)))


async def picked(client, path: str, headers: dict[str, str], **params) -> list[dict]:
    reply = await client.get(path, headers=headers, params=params)
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]


async def test_scheduled_tasks_are_picked_by_name(client):
    stem = unique("Pick job ")
    async with transaction() as db:
        jobs = [ScheduledJob(name=f"{stem} {n}", handler="console", method="ping", cron="0 3 * * *", time_zone="UTC",
                             params={}) for n in ("a", "b")]
        db.add_all(jobs)
    for screen in ("task-log", "task-schedule"):
        found = await picked(client, "/cms/job/options", await headers_of(screen), q=stem.lower())
        assert [job["name"] for job in found] == [f"{stem} a", f"{stem} b"]
    reader = await headers_of("task-log")
    assert [job["id"] for job in await picked(client, "/cms/job/options", reader, ids=[jobs[1].id])] == [jobs[1].id]
    assert (await client.get("/cms/job/options", headers=await headers_of("home"))).status_code == 403
    assert (await client.get("/cms/job/options", headers=reader, params={"q": "x" * 255})).status_code == 422
    assert (await client.get("/cms/job/options", headers=reader, params={"ids": "abc"})).status_code == 422


async def test_timed_mails_are_picked_by_subject(client):
    stem = unique("Pick mail ")
    async with transaction() as db:
        mails = [MailTask(recipients=["a@example.com"], subject=f"{stem} {n}", content="<p>x</p>", repeat="DAILY",
                          send_at=datetime.now(UTC), time_zone="UTC") for n in ("a", "b")]
        db.add_all(mails)
    for screen in ("mail-history", "timed-mail"):
        found = await picked(client, "/cms/mail/options", await headers_of(screen), q=stem.upper())
        assert [mail["subject"] for mail in found] == [f"{stem} a", f"{stem} b"]
    reader = await headers_of("mail-history")
    assert [m["id"] for m in await picked(client, "/cms/mail/options", reader, ids=[mails[0].id])] == [mails[0].id]
    assert (await client.get("/cms/mail/options", headers=await headers_of("home"))).status_code == 403
    assert (await client.get("/cms/mail/options", headers=reader, params={"ids": 0})).status_code == 422
